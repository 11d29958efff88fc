import torch
from framework.utils import check_precision

# Per-dtype error bounds: an element fails only when both its absolute and relative error exceed
# them. The kernel may scale by a reciprocal where torch divides and round its float32 scalars
# differently; a float16 param_out adds one rounding step. The float32 moments are held to 1e-4.
TOLERANCE = {"float16": 2e-3, "float32": 1e-4}


def get_inputs(param, device=None):
    shape = [int(d) for d in eval(param.get("shape", "[1]"))]
    dtype = getattr(torch, param.get("dtype", "float32"))
    weights = torch.randn(shape, dtype=torch.float32, device=device)
    grad = torch.randn(shape, dtype=torch.float32, device=device) * 0.1
    # Moments as after some training: m of the gradients' scale, v about their square.
    m = torch.randn(shape, dtype=torch.float32, device=device) * 0.05
    v = torch.randn(shape, dtype=torch.float32, device=device).square() * 0.01
    return (weights.to(dtype), grad.to(dtype), m, v, float(param.get("lr", 0.001)), float(param.get("beta1", 0.9)),
            float(param.get("beta2", 0.999)), float(param.get("eps", 1e-8)), int(param.get("step", 1)))


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Each output at its own dtype's bound: param_out at param's, m_out and v_out at float32's."""
    results = []
    for golden, candidate in zip(outputs, outputs_new):
        tolerance = TOLERANCE[str(golden.dtype).replace("torch.", "")]
        results.append(check_precision([golden.float()], [candidate.float()], tolerance, tolerance))
    passed = all(result[0] for result in results)
    return ((1 if passed else 0), torch.cat([result[1] for result in results]),
            torch.cat([result[2] for result in results]))
