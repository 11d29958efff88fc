"""Applies a task's custom_check_precision to stored golden and candidate outputs.

    python3 -m akgen_oracle.check --validation-dir TASK/validation --case '{"case_id": "0", ...}'
                                  --golden GOLDEN_DIR --candidate CANDIDATE_DIR

Both directories hold a manifest.json with "outputs" (and "output_structure") as written by
akgen_oracle.oracle. Prints {"pass": bool, "abs_diff": max, "rel_diff": max} on stdout.
"""
import argparse
import json
import os
import sys

import torch

if __package__ in (None, ""):  # run by path rather than with -m: make the package importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from akgen_oracle import npu_shims
from akgen_oracle.case_row import make_case_row
from akgen_oracle.task_files import TaskError, TaskScripts, exit_status
from akgen_oracle.value_files import decode_outputs, json_float


def _arguments(argv):
    parser = argparse.ArgumentParser(prog="akgen_oracle.check", description=__doc__.splitlines()[0])
    parser.add_argument("--validation-dir", required=True)
    parser.add_argument("--case", required=True, help="the test_cases.csv row as a JSON object of strings")
    parser.add_argument("--golden", required=True)
    parser.add_argument("--candidate", required=True)
    return parser.parse_args(argv)


def _load_outputs(directory, default_structure=None):
    path = os.path.join(directory, "manifest.json")
    try:
        with open(path, encoding="utf-8") as source:
            manifest = json.load(source)
        structure = manifest.get("output_structure", default_structure)
        return structure, decode_outputs(structure, manifest["outputs"], directory)
    except (OSError, ValueError, KeyError, RuntimeError) as error:
        raise TaskError(f"{path}: cannot read the outputs: {type(error).__name__}: {error}") from error


def _largest(diff):
    if isinstance(diff, torch.Tensor):
        return float(diff.float().max()) if diff.numel() else 0.0
    return float(diff)


def run_check(validation_dir, raw_case, golden_dir, candidate_dir):
    row = make_case_row(raw_case, os.path.join(validation_dir, "test_cases.csv"))
    scripts = TaskScripts(validation_dir)
    inputs_path = os.path.join(scripts.validation_dir, scripts.inputs_file)
    if scripts.custom_check_precision is None:
        raise TaskError(f"{inputs_path}: does not define custom_check_precision")
    structure, golden = _load_outputs(golden_dir)
    _, candidate = _load_outputs(candidate_dir, structure)
    verdict = scripts.call("custom_check_precision",
                           lambda: scripts.custom_check_precision(row, golden, candidate))
    if not isinstance(verdict, (tuple, list)) or len(verdict) != 3:
        raise TaskError(f"{inputs_path}: custom_check_precision "
                        f"returned {type(verdict).__name__}; expected (pass, abs_diff, rel_diff)")
    accurate, abs_diff, rel_diff = verdict
    return {"pass": bool(accurate), "abs_diff": json_float(_largest(abs_diff)),
            "rel_diff": json_float(_largest(rel_diff))}


def main(argv=None):
    arguments = _arguments(argv)
    npu_shims.install()

    def check():
        verdict = run_check(os.path.abspath(arguments.validation_dir), json.loads(arguments.case),
                            arguments.golden, arguments.candidate)
        print(json.dumps(verdict, allow_nan=False))
    return exit_status(check)


if __name__ == "__main__":
    sys.exit(main())
