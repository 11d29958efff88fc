"""Records how a MultiKernelBench candidate's ModelNew calls its op. Runs in the sandbox: the code is
the candidate's.

    python3 -m akgen_oracle.mkb_record --binding custom_ops_lib.so --model model.py --inputs DIR --out DIR
                                       [--timing-only]
    python3 -m akgen_oracle.mkb_record --binding ... --model ... --inputs DIR --out DIR --replay RUN

The second form is the replay, for a ModelNew that computes on the op's results after the call
(`results` is null in the recorded call): RUN holds the op's tensor arguments as the sandboxed
runner left them; ModelNew reruns with an EXEC_NPU_CMD that copies them into its arguments, and
RUN/manifest.json receives what it returns (candidate_call.replay_call).

MultiKernelBench imports the candidate's `model_src` with `custom_ops_lib` (its `python_bind_src`,
built against torch_npu) and calls ModelNew. Here `custom_ops_lib` is that binding built against
our pytorch_npu_helper.hpp (the harness builds it, bench/builder/binding_build), whose EXEC_NPU_CMD
records the aclnn call instead of running it, exactly as for an NPUKernelBench task's pybind.cpp
(candidate_call). The aten ops ModelNew.forward runs itself, around the call (torch compute a
kernel should have done, casts, copies), are recorded as the manifest's `model_new_ops`: the
harness adds their modelled eager time to the kernel's, as MultiKernelBench's event timer measures
the whole forward, and records them, so torch doing the work shows.

DIR/manifest.json lists the case's constructor arguments and inputs, and only those: the golden
outputs are never in the sandbox. OUT/manifest.json receives the call; its
tensors are files beside it. ModelNew is built after seeding 1024, as MultiKernelBench builds it.

Exit status: 0 recorded; 1 ModelNew failed (the message names model.py's line); 4 torch does not
import in the sandbox (the machine's fault); 5 model.py or its binding does not load, which
MultiKernelBench counts as a compile failure.
"""
import argparse
import importlib.util
import json
import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from akgen_oracle.task_files import MACHINE_FAULT_PREFIX, MACHINE_FAULT_STATUS

try:
    import torch
except ImportError as error:  # before any candidate code: the sandbox lacks what torch needs
    print(f"{MACHINE_FAULT_PREFIX}torch does not import in the sandbox: {error}", file=sys.stderr)
    sys.exit(MACHINE_FAULT_STATUS)

from akgen_oracle import npu_shims, pybind_module
from akgen_oracle.candidate_call import record_call, replay_call, write_replayed_outputs
from akgen_oracle.eager_ops import EagerOpRecorder
from akgen_oracle.mkb_task import MKB_SEED
from akgen_oracle.seeding import seed_everything
from akgen_oracle.task_files import TaskError, call_task, exit_status
from akgen_oracle.value_files import decode_value

MODULE_NAME = "custom_ops_lib"  # what MultiKernelBench's model_src imports
DOES_NOT_LOAD_STATUS = 5


class ModelDoesNotLoad(TaskError):
    """model.py or its binding cannot be imported: MultiKernelBench's compile step fails there."""


class CandidateModel:
    """The candidate's model.py behind the interface candidate_call expects of task scripts."""

    def __init__(self, model_path):
        self.validation_dir = os.path.dirname(os.path.abspath(model_path))
        self.model_file = os.path.basename(model_path)
        spec = importlib.util.spec_from_file_location("mkb_model_new", model_path)
        self.module = importlib.util.module_from_spec(spec)
        sys.modules["mkb_model_new"] = self.module
        try:
            self.call(f"importing {self.model_file}", spec.loader.exec_module, self.module)
        except TaskError as error:
            raise ModelDoesNotLoad(str(error)) from error

    def call(self, action, function, *args):
        return call_task(self.validation_dir, action, function, *args)


def _value(entry, directory):
    """A manifest entry's value; a tensor without contents (timing-only) is a meta tensor."""
    if entry["kind"] == "tensor" and "file" not in entry:
        return torch.empty(entry["shape"], dtype=getattr(torch, entry["dtype"]), device="meta")
    return decode_value(entry, directory)


def _record_forward_ops(model):
    """The list ModelNew.forward's aten ops will be appended to (eager_ops' format): its forward is
    wrapped in an EagerOpRecorder. The op call's own recording is hidden from it (the helper)."""
    ops = []
    model_new = getattr(model.module, "ModelNew", None)
    forward = getattr(model_new, "forward", None)
    if forward is None:
        return ops

    def recorded_forward(self, *args, **kwargs):
        recorder = EagerOpRecorder()
        try:
            with recorder:
                return forward(self, *args, **kwargs)
        finally:
            ops.extend(recorder.ops)
    model_new.forward = recorded_forward
    return ops


def replay(arguments, model, recorder, init_inputs, inputs):
    with open(os.path.join(arguments.out, "manifest.json"), encoding="utf-8") as source:
        recorded = json.load(source)
    seed_everything(MKB_SEED)
    returned = replay_call(model, recorder, init_inputs, inputs, recorded["call"], arguments.replay)
    write_replayed_outputs(returned, arguments.replay, arguments.model)


def record(arguments):
    try:
        binding = pybind_module.load_extension(MODULE_NAME, arguments.binding)
        recorder = pybind_module.load_extension("_akgen_recorder", arguments.binding)
    except ImportError as error:
        raise ModelDoesNotLoad(f"the binding (python_bind_src) does not load: {error}") from error
    npu_shims.install()
    sys.modules[MODULE_NAME] = binding
    with open(os.path.join(arguments.inputs, "manifest.json"), encoding="utf-8") as source:
        case = json.load(source)
    init_inputs = [_value(entry, arguments.inputs) for entry in case["init_inputs"]]
    inputs = [_value(entry, arguments.inputs) for entry in case["inputs"]]
    model = CandidateModel(arguments.model)
    if arguments.replay:
        replay(arguments, model, recorder, init_inputs, inputs)
        return
    forward_ops = _record_forward_ops(model)
    os.makedirs(arguments.out, exist_ok=True)
    seed_everything(MKB_SEED)
    call = record_call(model, recorder, init_inputs, inputs, arguments.out, arguments.timing_only)
    with open(os.path.join(arguments.out, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump({"init_inputs": [], "inputs": [], "outputs": [], "call": call, "model_new_ops": forward_ops},
                  out, indent=1, allow_nan=False)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="akgen_oracle.mkb_record", description=__doc__.splitlines()[0])
    parser.add_argument("--binding", required=True, help="the candidate's python_bind_src, built")
    parser.add_argument("--model", required=True, help="the candidate's model_src as a file")
    parser.add_argument("--inputs", required=True, help="a folder with manifest.json of the case's inputs")
    parser.add_argument("--out", required=True)
    parser.add_argument("--timing-only", action="store_true")
    parser.add_argument("--replay", help="a run folder: replay ModelNew on the op's results there")
    return candidate_exit_status(lambda: record(parser.parse_args(argv)))


def candidate_exit_status(action):
    """exit_status(action), with code that does not load (ModelDoesNotLoad) as DOES_NOT_LOAD_STATUS."""
    status = 0

    def run():
        nonlocal status
        try:
            action()
        except ModelDoesNotLoad as error:  # exit_status would report it as any TaskError, status 1
            print(f"akgen_oracle: {error}", file=sys.stderr)
            status = DOES_NOT_LOAD_STATUS
    return exit_status(run) or status


if __name__ == "__main__":
    sys.exit(main())
