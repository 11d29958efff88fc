"""Runs a MultiKernelBench direct-launch candidate's ModelNew on one case. Runs in the sandbox: the
code is the candidate's.

    python3 -m akgen_oracle.mkb_direct --sources DIR --entry ModelNew.py --module benchmark_ops
                                       --module-dir kernel/build --inputs DIR --out DIR [--sync strict]

DIR (--sources) holds the candidate's files at their own paths, with the module the harness built
(bench/builder/direct_launch_build) at --module-dir below it, where the backend's build leaves it.
The module carries the simulator: its `<<<>>>` launches run the kernel there, in this process, on
tensors that live in simulated global memory from the moment the module loads (so the inputs are
read only after loading it). As MultiKernelBench does, ModelNew is built after seeding 1024 and
called on the case's inputs; OUT/manifest.json receives what it returns and, as `model_new_ops`,
the aten ops its forward ran (eager_ops' format: torch work around or instead of the kernels,
charged at eager time and shown), OUT/profiles.jsonl each launch's simulated time and OUT/diagnostics.jsonl
the simulator's diagnostics. The golden outputs are never in the sandbox.

Exit status: 0 ran; 1 ModelNew failed (the message names the file and line), or the simulator
stopped a launch (diagnostics.jsonl says why); 4 torch does not import in the sandbox (the
machine's fault); 5 the module or ModelNew.py does not load, which MultiKernelBench counts as a
compile failure.
"""
import argparse
import importlib
import json
import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# First: exits with the machine-fault status, before any candidate code, when torch does not import.
from akgen_oracle.mkb_record import CandidateModel, ModelDoesNotLoad, candidate_exit_status

import torch  # noqa: E402

from akgen_oracle.candidate_call import write_replayed_outputs  # noqa: E402
from akgen_oracle.eager_ops import EagerOpRecorder  # noqa: E402
from akgen_oracle.mkb_task import MKB_SEED  # noqa: E402
from akgen_oracle.seeding import seed_everything  # noqa: E402
from akgen_oracle.task_files import TaskError  # noqa: E402
from akgen_oracle.value_files import decode_value  # noqa: E402

PROFILES_FILE = "profiles.jsonl"
DIAGNOSTICS_FILE = "diagnostics.jsonl"


def _in_global_memory(value):
    """The value with each tensor copied by the module's allocator, i.e. into global memory."""
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, list):
        return [_in_global_memory(item) for item in value]
    return value


def run(arguments):
    os.makedirs(arguments.out, exist_ok=True)
    # Read by the simulator inside the module at its first launch and diagnostic.
    os.environ["AKGEN_SIM_PROFILE_JSON"] = os.path.join(arguments.out, PROFILES_FILE)
    os.environ["AKGEN_SIM_DIAG_JSON"] = os.path.join(arguments.out, DIAGNOSTICS_FILE)
    os.environ["AKGEN_SIM_SYNC"] = arguments.sync
    torch.set_num_threads(1)  # the kernels run on the simulator's cores; torch needs no threads of its own
    sys.path.insert(0, os.path.join(arguments.sources, arguments.module_dir))
    try:
        importlib.import_module(arguments.module)
    except ImportError as error:
        raise ModelDoesNotLoad(f"the module {arguments.module} built from the answer does not load: {error}") from error
    with open(os.path.join(arguments.inputs, "manifest.json"), encoding="utf-8") as source:
        case = json.load(source)
    init_inputs = [decode_value(entry, arguments.inputs) for entry in case["init_inputs"]]
    inputs = [_in_global_memory(decode_value(entry, arguments.inputs)) for entry in case["inputs"]]
    model_file = os.path.join(arguments.sources, arguments.entry)
    candidate = CandidateModel(model_file)
    model_new = getattr(candidate.module, "ModelNew", None)
    if model_new is None:
        raise TaskError(f"{arguments.entry}: does not define ModelNew")
    seed_everything(MKB_SEED)
    model = candidate.call("ModelNew(*get_init_inputs())", lambda: model_new(*init_inputs))
    recorder = EagerOpRecorder()
    with recorder:
        returned = candidate.call("ModelNew.forward", lambda: model(*inputs))
    write_replayed_outputs(returned, arguments.out, arguments.entry)
    manifest_path = os.path.join(arguments.out, "manifest.json")
    with open(manifest_path, encoding="utf-8") as source:
        manifest = json.load(source)
    manifest["model_new_ops"] = recorder.ops
    with open(manifest_path, "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=1, allow_nan=False)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="akgen_oracle.mkb_direct", description=__doc__.splitlines()[0])
    parser.add_argument("--sources", required=True, help="the candidate's files, with the built module")
    parser.add_argument("--entry", required=True, help="the source defining ModelNew, as entry.model names it")
    parser.add_argument("--module", required=True, help="the module's name (its PYBIND11_MODULE)")
    parser.add_argument("--module-dir", required=True, help="the module's folder below --sources")
    parser.add_argument("--inputs", required=True, help="a folder with manifest.json of the case's inputs")
    parser.add_argument("--out", required=True)
    parser.add_argument("--sync", choices=("auto", "strict"), default="auto", help="the simulator's sync mode")
    return candidate_exit_status(lambda: run(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
