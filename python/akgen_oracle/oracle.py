"""Writes one test case's inputs and golden outputs, computed by the task's CPU reference Model.

    python3 -m akgen_oracle.oracle --validation-dir TASK/validation --case '{"case_id": "0", ...}'
                                   --seed 0 --op-name Op --snake-name op --pybind-cache DIR2 --out DIR
    python3 -m akgen_oracle.oracle --reference-file reference/CATEGORY/TASK.py --case '{"case_id": "0"}'
                                   --seed 0 [--max-elements N] [--shapes task|paper] --out DIR

--validation-dir is an NPUKernelBench task; --reference-file a MultiKernelBench one (mkb_task), whose
op call is the candidate's and is not recorded here.

--case is the test_cases.csv row as raw strings. DIR receives manifest.json and one .bin file per
tensor (see value_files); with --timing-only (production shapes: timing runs that compute no data)
the tensors are meta tensors and DIR receives the manifest and only small tensors' contents. The manifest's `eager_ops` are the aten ops Model ran (eager_ops), which
the harness costs as the PyTorch-eager baseline. The manifest's `call` is how ModelNew calls the
op, recorded through the task's pybind.cpp (candidate_call), which is built once per task into DIR2. As in NPUKernelBench,
inputs come from get_inputs(param, device) and the constructor arguments from get_init_inputs(param, device); the model runs on a copy of the inputs, so
the stored inputs are those before any in-place update. Autograd stays enabled because some
references (e.g. gradient ops) call torch.autograd.grad inside forward.
"""
import argparse
import copy
import json
import os
import sys

import torch

if __package__ in (None, ""):  # run by path rather than with -m: make the package importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from akgen_oracle import npu_shims, pybind_module
from akgen_oracle.candidate_call import record_call
from akgen_oracle.case_row import CaseRow, make_case_row
from akgen_oracle.eager_ops import EagerOpRecorder
from akgen_oracle.mkb_task import MkbTaskScripts
from akgen_oracle.narrow_float_fallback import NarrowFloatFallback, missing_narrow_dtype
from akgen_oracle.npu_random import npu_random_fills
from akgen_oracle.seeding import seed_everything
from akgen_oracle.task_files import CaseCannotRun, TaskError, TaskScripts, exit_status
from akgen_oracle.value_files import UnstorableValue, encode_outputs, encode_value


def _arguments(argv):
    parser = argparse.ArgumentParser(prog="akgen_oracle.oracle", description=__doc__.splitlines()[0])
    task = parser.add_mutually_exclusive_group(required=True)
    task.add_argument("--validation-dir", help="an NPUKernelBench task's validation/ folder")
    task.add_argument("--reference-file", help="a MultiKernelBench task file, reference/<category>/<task>.py")
    parser.add_argument("--max-elements", type=int, default=0,
                        help="MultiKernelBench: run a task whose inputs hold more elements at smaller shapes")
    parser.add_argument("--shapes", choices=("task", "paper"), default="task",
                        help="MultiKernelBench: the file's shapes, or the paper's where the file still has their "
                             "constants")
    parser.add_argument("--case", required=True, help="the test_cases.csv row as a JSON object of strings")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--op-name", help="the op's CamelCase name (aclnn<Op>); needed with --validation-dir")
    parser.add_argument("--snake-name", help="the op's snake_case name (kernel_gen_ops.<name>); needed with "
                        "--validation-dir")
    parser.add_argument("--pybind-cache", help="directory for compiled pybind.cpp modules; needed with "
                        "--validation-dir")
    parser.add_argument("--out", required=True, help="directory for manifest.json and the .bin files")
    parser.add_argument("--timing-only", action="store_true",
                        help="describe dtypes, shapes and the op call without computing or storing any data")
    return parser.parse_args(argv)


def _encode_all(prefix, values, directory, source, timing_only):
    try:
        return [encode_value(f"{prefix}{i}", value, directory, timing_only) for i, value in enumerate(values)]
    except UnstorableValue as error:
        raise TaskError(f"{source}: {error}") from error


_NARROW_FLOATS = (torch.float16, torch.bfloat16)


def _convert_floats(value, source_dtypes, target):
    """value with its tensors of source_dtypes converted to target (lists and tuples too)."""
    if isinstance(value, torch.Tensor):
        return value.to(target) if value.dtype in source_dtypes else value
    if isinstance(value, (list, tuple)):
        return type(value)(_convert_floats(item, source_dtypes, target) for item in value)
    return value


def _narrow_dtype(value):
    if isinstance(value, torch.Tensor):
        return value.dtype if value.dtype in _NARROW_FLOATS else None
    if isinstance(value, (list, tuple)):
        return next((dtype for dtype in map(_narrow_dtype, value) if dtype is not None), None)
    return None


def _forward(scripts, action, model, arguments, element_size=None):
    """Model(*arguments) and the aten ops it ran (eager_ops)."""
    recorder = EagerOpRecorder(element_size)
    with recorder:
        output = scripts.call(action, lambda: model(*arguments))
    return output, recorder.ops


def generate_inputs(scripts, row, seed, device, npu_fills=None, fallbacks=None):
    """(init_inputs, inputs) of one case as NPUKernelBench makes them on the NPU: seeded, constructor
    arguments first, integer random fills as the NPU computes them (npu_random; the set `npu_fills`
    receives what was emulated), float16/bfloat16 ops this CPU torch lacks in float32 (the set
    `fallbacks` says which). A generator that fails even so fails for every candidate: CaseCannotRun."""
    seed_everything(seed)
    fallback = NarrowFloatFallback()
    try:
        with npu_random_fills(set() if npu_fills is None else npu_fills), fallback:
            init_inputs = scripts.call("get_init_inputs", lambda: scripts.get_init_inputs(row, device=device))
            inputs = scripts.call("get_inputs", lambda: scripts.get_inputs(row, device=device))
    except TaskError as error:
        if missing_narrow_dtype(error.__cause__) is not None:  # a gap of this CPU torch, not of the task
            raise
        raise CaseCannotRun(str(error)) from error
    if fallback.used and fallbacks is not None:
        fallbacks.add(f"{', '.join(sorted(fallback.used))} computed in float32 and rounded back (no half-precision "
                  f"CPU kernel in this torch)")
    return init_inputs, inputs


def build_model(scripts, init_inputs, device):
    return scripts.call("Model(*get_init_inputs)", lambda: scripts.model_class(*copy.deepcopy(init_inputs)).to(device))


def run_model(scripts, model, inputs):
    """(Model's output, its eager ops, a note or ""). Debian's torch 1.13 lacks some float16/bfloat16
    CPU kernels (sqrt, sin, lerp, ...) that newer torch computes in float32 and rounds once; when one
    is missing the model runs on float32 copies and its float32 outputs are rounded back, which is
    the same. Its eager ops are then costed at the narrow dtype's size, as the NPU would run them."""
    arguments = copy.deepcopy(inputs)
    try:
        return (*_forward(scripts, "Model.forward", model, arguments), "")
    except TaskError as error:
        narrow = _narrow_dtype(list(inputs))
        if narrow is None or "not implemented for" not in str(error.__cause__):
            raise
    wide_inputs = _convert_floats(copy.deepcopy(list(inputs)), _NARROW_FLOATS, torch.float32)
    narrow_size = torch.empty(0, dtype=narrow).element_size()
    output, eager_ops = _forward(scripts, "Model.forward in float32", model, wide_inputs,
                                 lambda t: narrow_size if t.dtype == torch.float32 else t.element_size())
    return (_convert_floats(output, (torch.float32,), narrow), eager_ops,
            f"{narrow} kernels missing from this torch: computed in float32 and rounded to {narrow}; "
            f"eager ops costed at {narrow} sizes")


def _describe_case(scripts, raw_case, row, seed, recorder, out_dir, device, timing_only):
    """The manifest of one case run on `device`; a timing-only one keeps only small tensors' contents."""
    source = os.path.join(scripts.validation_dir, scripts.inputs_file)
    input_notes = set()
    init_inputs, inputs = generate_inputs(scripts, row, seed, device, input_notes, input_notes)
    manifest = {
        "validation_dir": scripts.validation_dir,
        "case": raw_case,
        "seed": seed,
        "timing_only": timing_only,
        "custom_check_precision": scripts.custom_check_precision is not None,
        "init_inputs": _encode_all("init_input", init_inputs, out_dir, f"{source}: get_init_inputs", timing_only),
        "inputs": _encode_all("input", inputs, out_dir, f"{source}: get_inputs", timing_only),
    }
    model = build_model(scripts, init_inputs, device)
    output, manifest["eager_ops"], manifest["golden_note"] = run_model(scripts, model, inputs)
    manifest["input_notes"] = sorted(input_notes)
    try:
        manifest["output_structure"], manifest["outputs"] = encode_outputs(output, out_dir, timing_only)
    except UnstorableValue as error:
        raise TaskError(f"{os.path.join(scripts.validation_dir, scripts.model_file)}: Model.forward output {error}") from error
    if recorder is None:  # MultiKernelBench: the op call is the candidate's own (mkb_task)
        manifest["scaled_constants"] = scripts.scaled_constants
        manifest["golden_note"] = "; ".join(filter(None, [manifest["golden_note"], scripts.note()]))
        return manifest
    manifest["call"] = record_call(scripts, recorder, init_inputs, inputs, out_dir, timing_only)
    results = manifest["call"]["results"]
    if not timing_only and results is not None and len(results) != len(manifest["outputs"]):
        # NPUKernelBench's check_precision zips the two lists, so only the first min(n, m) pairs count.
        compared = min(len(results), len(manifest["outputs"]))
        if compared == 0:
            raise TaskError(f"{os.path.join(scripts.validation_dir, 'module.py')}: ModelNew.forward returns "
                            f"{len(results)} values, Model.forward {len(manifest['outputs'])}: nothing to compare")
        note = (f"ModelNew returns {len(results)} values, Model {len(manifest['outputs'])}: the first {compared} "
                f"are compared pairwise, as NPUKernelBench's check_precision zips them")
        manifest["golden_note"] = "; ".join(filter(None, [manifest["golden_note"], note]))
    return manifest


def _describe_shapes(scripts, raw_case, row, seed, recorder, out_dir):
    """A timing-only manifest: dtypes, shapes, scalars, the op call and the eager ops, without data.
    Meta tensors compute no data at any size; a task whose code needs values (.item(), data-dependent
    ops, CPU constants mixed in) runs on the CPU instead, and the manifest's `golden_note` says so."""
    try:
        return _describe_case(scripts, raw_case, row, seed, recorder, out_dir, torch.device("meta"), True)
    except TaskError as meta_failure:
        manifest = _describe_case(scripts, raw_case, row, seed, recorder, out_dir, torch.device("cpu"), True)
        note = f"shapes from a CPU run (meta tensors failed: {meta_failure})"
        manifest["golden_note"] = "; ".join(filter(None, [manifest["golden_note"], note]))
        return manifest


def produce_golden(validation_dir, raw_case, seed, recorder, out_dir, timing_only=False):
    """Runs the case and writes out_dir/manifest.json plus the tensor files it names (none when
    timing-only)."""
    row = make_case_row(raw_case, os.path.join(validation_dir, "test_cases.csv"))
    write_golden(TaskScripts(validation_dir), raw_case, row, seed, recorder, out_dir, timing_only)


def write_golden(scripts, raw_case, row, seed, recorder, out_dir, timing_only):
    """produce_golden for any task scripts; recorder None records no op call."""
    os.makedirs(out_dir, exist_ok=True)
    if timing_only:
        manifest = _describe_shapes(scripts, raw_case, row, seed, recorder, out_dir)
    else:
        manifest = _describe_case(scripts, raw_case, row, seed, recorder, out_dir, torch.device("cpu"), False)
    with open(os.path.join(out_dir, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=1, allow_nan=False)


def main(argv=None):
    arguments = _arguments(argv)
    if arguments.validation_dir and not (arguments.op_name and arguments.snake_name and arguments.pybind_cache):
        raise SystemExit("akgen_oracle.oracle: --validation-dir needs --op-name, --snake-name and --pybind-cache")

    raw_case = json.loads(arguments.case)

    def run_npukernelbench():
        validation_dir = os.path.abspath(arguments.validation_dir)
        kernel_gen_ops, recorder = pybind_module.load(validation_dir, arguments.snake_name, arguments.op_name,
                                                      arguments.pybind_cache)
        npu_shims.install(kernel_gen_ops)
        produce_golden(validation_dir, raw_case, arguments.seed, recorder, arguments.out, arguments.timing_only)

    def run_multikernelbench():
        npu_shims.install()
        max_elements = 0 if arguments.timing_only else arguments.max_elements
        scripts = MkbTaskScripts(arguments.reference_file, arguments.seed, max_elements, arguments.shapes)
        write_golden(scripts, raw_case, CaseRow({"case_id": int(raw_case["case_id"])}), arguments.seed, None,
                     arguments.out, arguments.timing_only)
    return exit_status(run_multikernelbench if arguments.reference_file else run_npukernelbench)


if __name__ == "__main__":
    sys.exit(main())
