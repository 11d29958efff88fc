"""Checks the quality of NPUKernelBench tasks by running their own python (lint_task), never a candidate.

    python3 -m akgen_oracle.lint --tasks FILE [--task-timeout SECONDS]

FILE holds a JSON array, one object per task: {"task": "level1/Math/Sqrt", "validation_dir": ...,
"columns": [...], "cases": [{"line": 2, "row": {"case_id": "0", ...}}, ...]} with the rows as raw
strings. Prints one JSON object per finding and line: {"task", "kind", "file", "line", "message",
"fix"} and, where they apply, "case_id" and "column".

Each task runs in a child forked from this process: torch is imported once, and one task's code
(a changed default dtype, a patched torch function, a crash) cannot reach the next task.
"""
import argparse
import json
import multiprocessing
import os
import sys
import traceback

import torch  # noqa: F401  imported before forking, so each child starts with it loaded

if __package__ in (None, ""):  # run by path rather than with -m: make the package importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from akgen_oracle import npu_shims
from akgen_oracle.lint_task import TaskLint


def _arguments(argv):
    parser = argparse.ArgumentParser(prog="akgen_oracle.lint", description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", required=True, help="JSON file listing the tasks and their rows")
    parser.add_argument("--task-timeout", type=float, default=600, help="seconds one task may take")
    return parser.parse_args(argv)


def _lint_in_child(task, connection):
    os.dup2(2, 1)  # task code may print; stdout carries only findings
    sys.dont_write_bytecode = True  # never leave __pycache__ in task folders
    try:
        findings = TaskLint(task).run()
    except Exception:  # a failure of the lint itself; report it and go on with the other tasks
        findings = [{"kind": "lint-error", "file": task["validation_dir"], "line": 0,
                     "message": "the lint failed: " + traceback.format_exc(limit=-3).strip().replace("\n", " | "),
                     "fix": "report this as an akgen bug"}]
    connection.send(findings)
    connection.close()


def _lint_error(task, message):
    return [{"kind": "lint-error", "file": task["validation_dir"], "line": 0, "message": message,
             "fix": "run the task's get_inputs and Model by hand to see why"}]


def lint_task(task, timeout):
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_lint_in_child, args=(task, sender))
    child.start()
    sender.close()
    try:
        if receiver.poll(timeout):
            findings = receiver.recv()
        else:
            findings = _lint_error(task, f"the lint took longer than {timeout:g} s; a case's inputs or Model may be "
                                         "too slow on the CPU")
    except EOFError:
        findings = None
    if child.is_alive():
        child.kill()
    child.join()
    if findings is None:
        findings = _lint_error(task, f"the lint's process died (exit status {child.exitcode}) inside the task's code")
    return findings


def main(argv=None):
    arguments = _arguments(argv)
    with open(arguments.tasks, encoding="utf-8") as source:
        tasks = json.load(source)
    npu_shims.install()
    for task in tasks:
        for finding in lint_task(task, arguments.task_timeout):
            print(json.dumps(dict(finding, task=task["task"])), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
