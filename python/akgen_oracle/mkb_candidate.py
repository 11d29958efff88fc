"""Unpacks a MultiKernelBench AscendC candidate into the folders the harness builds, without running it.

    python3 -m akgen_oracle.mkb_candidate --sample FILE --kernel-name leaky_relu_custom --out DIR

A candidate is one of:
- a six-string Python file (MultiKernelBench's `ascendc` backend): `project_json_src`,
  `host_tiling_src`, `host_operator_src`, `kernel_src`, `python_bind_src`, `model_src`. MultiKernelBench
  exec()s the file; here its module-level string assignments are read with `ast`, so nothing in it
  runs in the harness. A string built by an expression (concatenation of literals, an f-string) is
  refused with its line, since computing it would mean running the candidate.
- a direct-launch JSON object (its `ascendc_direct_launch` backend): `format_version`, `build.type`,
  `entry.model`, `sources[{path, content}]`.

The model's answer may come whole: the first fenced code block is taken, as MultiKernelBench's
evaluator takes it. DIR receives what the harness's builder reads:
- six strings: `op_host/<kernel>_tiling.h`, `op_host/<kernel>.cpp`, `op_kernel/<kernel>.cpp` (the
  paths MultiKernelBench's compile pipeline writes them to), `binding/pybind.cpp`, `binding/model.py`,
  `project.json`, and `cheating.json` with MultiKernelBench's anti-hack findings (mkb_cheating);
- direct launch: every source at its own path below `sources/`, `direct_launch.json` naming the entry
  and the sources, a copy of the entry's file as `binding/model.py`, and `cheating.json`.
A problem is printed as `akgen_oracle: <file>:<line>: <message>` with exit status 1 (a parse_error).
"""
import argparse
import ast
import json
import os
import re
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from akgen_oracle import mkb_cheating
from akgen_oracle.task_files import TaskError, exit_status

SIX_STRINGS = ("project_json_src", "host_tiling_src", "host_operator_src", "kernel_src", "python_bind_src",
               "model_src")
_FENCE = re.compile(r"```[^\n`]*\n(.*?)```", re.DOTALL)


def first_code_block(text):
    """The first fenced block's contents, or the whole text when it has no fence, and the number of
    lines of the text before it: lines are reported as lines of the file, which is what a model
    whose whole reply was kept wrote."""
    match = _FENCE.search(text)
    if not match:
        return text, 0
    return match.group(1), text.count("\n", 0, match.start(1))


def _string_assignments(source, path, lines_before, fenced):
    """{name: (text, line of the file where the literal starts)} of the six strings the file assigns."""
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as error:
        where = f"{path}:{(error.lineno or 0) + lines_before}"
        if not fenced:  # a reply in prose, most likely: say what an answer looks like
            raise TaskError(f"{where}: no fenced code block, and the text is not Python ({error.msg}); answer with "
                            f"one ```python block assigning the six strings {', '.join(SIX_STRINGS)}") from error
        raise TaskError(f"{where}: not valid Python: {error.msg}") from error
    strings = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id in SIX_STRINGS:
                try:
                    value = ast.literal_eval(node.value)
                except ValueError as error:
                    raise TaskError(f"{path}:{node.lineno + lines_before}: {target.id} is computed, not a string "
                                    f"literal; write it as one string") from error
                if not isinstance(value, str):
                    raise TaskError(f"{path}:{node.lineno + lines_before}: {target.id} is a {type(value).__name__}, "
                                    f"not a string")
                strings[target.id] = (value, node.value.lineno + lines_before)
    return strings


def _write(directory, relative, text):
    path = os.path.normpath(os.path.join(directory, relative))
    if os.path.commonpath([path, os.path.abspath(directory)]) != os.path.abspath(directory):
        raise TaskError(f"source path {relative!r} leaves the candidate's folder")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def unpack_six_strings(source, path, kernel_name, out_dir, lines_before=0, fenced=False):
    strings = _string_assignments(source, path, lines_before, fenced)
    missing = [name for name in SIX_STRINGS if name not in strings]
    if missing:
        raise TaskError(f"{path}: defines no {', '.join(missing)}; a MultiKernelBench AscendC answer defines the "
                        f"six strings {', '.join(SIX_STRINGS)}")

    def cpp(name):
        """The C++ string with a #line naming the sample: compiler errors and the simulator's
        diagnostics point at the line of the file the model wrote."""
        text, line = strings[name]
        return f'#line {line} "{os.path.abspath(path)}"\n{text}'
    _write(out_dir, "project.json", strings["project_json_src"][0])
    _write(out_dir, f"op_host/{kernel_name}_tiling.h", cpp("host_tiling_src"))
    _write(out_dir, f"op_host/{kernel_name}.cpp", cpp("host_operator_src"))
    _write(out_dir, f"op_kernel/{kernel_name}.cpp", cpp("kernel_src"))
    _write(out_dir, "binding/pybind.cpp", cpp("python_bind_src"))
    _write(out_dir, "binding/model.py", strings["model_src"][0])
    _write(out_dir, "cheating.json", json.dumps({"findings": mkb_cheating.scan(strings["model_src"][0])}, indent=1))
    return "six_strings"


def unpack_direct_launch(document, path, out_dir):
    if not isinstance(document, dict) or not isinstance(document.get("sources"), list):
        raise TaskError(f"{path}: a direct-launch answer is one JSON object with a `sources` list")
    build = document.get("build", {})
    if not isinstance(build, dict) or build.get("type") != "ascendc_direct_launch":
        raise TaskError(f"{path}: build.type must be \"ascendc_direct_launch\"")
    entry = document.get("entry", {}).get("model", "") if isinstance(document.get("entry"), dict) else ""
    module, _, class_name = entry.partition("::")
    if not module.endswith(".py") or class_name != "ModelNew":
        raise TaskError(f"{path}: entry.model must name ModelNew in a source file, as \"ModelNew.py::ModelNew\"")
    paths = []
    for index, item in enumerate(document["sources"]):
        if not (isinstance(item, dict) and isinstance(item.get("path"), str) and isinstance(item.get("content"), str)):
            raise TaskError(f"{path}: sources[{index}] needs a string `path` and `content`")
        _write(out_dir, os.path.join("sources", item["path"]), item["content"])
        paths.append(item["path"])
    if module not in paths:
        raise TaskError(f"{path}: entry.model names {module}, which is not among the sources")
    with open(os.path.join(out_dir, "sources", module), encoding="utf-8") as model:
        model_source = model.read()
    _write(out_dir, "binding/model.py", model_source)
    _write(out_dir, "cheating.json", json.dumps({"findings": mkb_cheating.scan(model_source)}, indent=1))
    _write(out_dir, "direct_launch.json", json.dumps({"entry": entry, "sources": paths}, indent=1))
    return "direct_launch"


def unpack(sample, kernel_name, out_dir):
    """The candidate's format: `six_strings` or `direct_launch`."""
    with open(sample, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    code, lines_before = first_code_block(text)
    fenced = code is not text
    stripped = code.lstrip()
    if stripped.startswith("{"):
        try:
            document = json.loads(code)
        except json.JSONDecodeError as error:
            raise TaskError(f"{sample}:{error.lineno + lines_before}: not valid JSON: {error.msg}") from error
        return unpack_direct_launch(document, sample, out_dir)
    return unpack_six_strings(code, sample, kernel_name, out_dir, lines_before, fenced)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="akgen_oracle.mkb_candidate", description=__doc__.splitlines()[0])
    parser.add_argument("--sample", required=True, help="the candidate: a six-string .py, a direct-launch .json, or "
                        "a model's whole answer holding either in a fenced block")
    parser.add_argument("--kernel-name", required=True, help="the task's kernel name, <task>_custom")
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args(argv)

    def run():
        os.makedirs(arguments.out, exist_ok=True)
        print(unpack(arguments.sample, arguments.kernel_name, arguments.out))
    return exit_status(run)


if __name__ == "__main__":
    sys.exit(main())
