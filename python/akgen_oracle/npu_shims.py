"""Makes the NPU-only imports of NPUKernelBench validation files succeed on a CPU-only machine.

Task files do `import torch_npu`, `from torch_npu.contrib import transfer_to_npu`,
`import kernel_gen_ops` and `from framework.utils import check_precision`. Device helpers become CPU
no-ops; `kernel_gen_ops` is the task's pybind.cpp built with our recording helper when the caller
has one (pybind_module), else a stand-in that refuses to run.
"""
import sys
import types

import torch

from akgen_oracle import framework_utils


def _npu_device_namespace():
    npu = types.ModuleType("torch_npu.npu")
    npu.is_available = lambda: False
    npu.device_count = lambda: 0
    npu.current_device = lambda: 0
    npu.set_device = lambda device: None
    npu.synchronize = lambda device=None: None
    npu.empty_cache = lambda: None
    npu.manual_seed = torch.manual_seed
    npu.manual_seed_all = torch.manual_seed
    return npu


def _refusing_kernel_gen_ops():
    ops = types.ModuleType("kernel_gen_ops")

    def candidate_op(name):
        def refuse(*args, **kwargs):
            raise RuntimeError(f"kernel_gen_ops.{name} is the candidate kernel; it does not run here")
        return refuse

    ops.__getattr__ = candidate_op
    return ops


def _package(name, **attributes):
    module = types.ModuleType(name)
    module.__path__ = []  # a package, so `from name import submodule` works
    module.__dict__.update(attributes)
    return module


def install(kernel_gen_ops=None):
    """Registers the fake modules in sys.modules and maps `.npu()` / `torch.npu` to the CPU."""
    npu = _npu_device_namespace()
    transfer_to_npu = types.ModuleType("torch_npu.contrib.transfer_to_npu")
    contrib = _package("torch_npu.contrib", transfer_to_npu=transfer_to_npu)
    torch_npu = _package("torch_npu", npu=npu, contrib=contrib, __version__=torch.__version__)
    framework = _package("framework", utils=framework_utils)
    sys.modules.update({
        "torch_npu": torch_npu,
        "torch_npu.npu": npu,
        "torch_npu.contrib": contrib,
        "torch_npu.contrib.transfer_to_npu": transfer_to_npu,
        "kernel_gen_ops": kernel_gen_ops or _refusing_kernel_gen_ops(),
        "framework": framework,
        "framework.utils": framework_utils,
    })
    torch.npu = npu
    torch.Tensor.npu = lambda self, *args, **kwargs: self
