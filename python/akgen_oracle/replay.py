"""Computes what ModelNew returns from a candidate's run, for tasks whose pybind.cpp or ModelNew
converts or computes after the op call (the golden manifest's call has "replay": true).

    python3 -m akgen_oracle.replay --validation-dir TASK/validation --golden GOLDEN_DIR --run-dir RUN
                                   --op-name Op --snake-name op --pybind-cache DIR

RUN holds the op's tensor arguments as the sandboxed runner left them, named as in the golden call.
ModelNew reruns on the golden inputs with the task's pybind.cpp; its EXEC_NPU_CMD copies those
contents into the tensors instead of running anything. RUN/manifest.json receives the outputs.
"""
import argparse
import json
import os
import sys

if __package__ in (None, ""):  # run by path rather than with -m: make the package importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from akgen_oracle import npu_shims, pybind_module
from akgen_oracle.candidate_call import replay_call, write_replayed_outputs
from akgen_oracle.task_files import TaskScripts, exit_status
from akgen_oracle.value_files import decode_value


def _arguments(argv):
    parser = argparse.ArgumentParser(prog="akgen_oracle.replay", description=__doc__.splitlines()[0])
    parser.add_argument("--validation-dir", required=True)
    parser.add_argument("--golden", required=True, help="the case's golden folder (inputs and the recorded call)")
    parser.add_argument("--run-dir", required=True, help="the candidate's run folder; receives manifest.json")
    parser.add_argument("--op-name", required=True)
    parser.add_argument("--snake-name", required=True)
    parser.add_argument("--pybind-cache", required=True)
    return parser.parse_args(argv)


def replay(arguments):
    validation_dir = os.path.abspath(arguments.validation_dir)
    kernel_gen_ops, recorder = pybind_module.load(validation_dir, arguments.snake_name, arguments.op_name,
                                                  arguments.pybind_cache)
    npu_shims.install(kernel_gen_ops)
    with open(os.path.join(arguments.golden, "manifest.json"), encoding="utf-8") as source:
        golden = json.load(source)
    scripts = TaskScripts(validation_dir)
    init_inputs = [decode_value(entry, arguments.golden) for entry in golden["init_inputs"]]
    inputs = [decode_value(entry, arguments.golden) for entry in golden["inputs"]]
    returned = replay_call(scripts, recorder, init_inputs, inputs, golden["call"], arguments.run_dir)
    write_replayed_outputs(returned, arguments.run_dir, os.path.join(validation_dir, "module.py"))


def main(argv=None):
    arguments = _arguments(argv)
    return exit_status(lambda: replay(arguments))


if __name__ == "__main__":
    sys.exit(main())
