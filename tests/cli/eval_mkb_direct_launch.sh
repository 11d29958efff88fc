#!/usr/bin/env bash
# akgen eval on a MultiKernelBench direct-launch answer of our own (tests/cli/data/mkb_direct_launch:
# ModelNew.py, a kernel file whose host function launches a kernel template with <<<>>>, and a
# pybind11 module), packed into the JSON MultiKernelBench's ascendc_direct_launch backend reads, from
# a private folder with relative paths: it passes its five trials with a simulated time; broken copies
# get the verdict the NPU would give them (a kernel never launched leaves garbage, a store past the
# tensor's end stops the launch at its line, a compile error names the answer's file, no module is a
# parse_error); torch doing the work in the binding passes, as MultiKernelBench counts it, but is
# charged and flagged; a hostile ModelNew cannot see golden outputs or point the harness elsewhere.
set -euo pipefail
akgen=$(realpath "$1")
tree=$(realpath "$2")
answer=$(realpath "$3")/clipped_relu
scratch=$(mktemp -d)  # 0700, as a user's home
cache=$(mktemp -d)
chmod 755 "$cache"
trap 'rm -rf "$scratch" "$cache"' EXIT
fail() { echo "eval_mkb_direct_launch: $*"; exit 1; }
cd "$scratch"
cp -r "$tree" MultiKernelBench
mkdir -p samples/activation/clipped_relu
python3 - "$answer" samples/activation/clipped_relu <<'PYTHON'
import json
import os
import sys

answer, out = sys.argv[1], sys.argv[2]
files = {}
for root, _, names in os.walk(answer):
    for name in names:
        path = os.path.join(root, name)
        files[os.path.relpath(path, answer)] = open(path).read()


def write(sample, edits=()):
    sources = dict(files)
    for path, old, new in edits:
        if old not in sources[path]:
            sys.exit(f"sample{sample}: {old!r} is not in {path}")
        sources[path] = sources[path].replace(old, new)
    document = {"format_version": "0.1", "entry": {"model": "ModelNew.py::ModelNew"},
                "build": {"type": "ascendc_direct_launch"},
                "sources": [{"path": path, "content": text} for path, text in sorted(sources.items())]}
    with open(os.path.join(out, f"sample{sample}.json"), "w") as handle:
        json.dump(document, handle, indent=1)


launch = "  LaunchClip(static_cast<uint8_t*>(input.data_ptr()), static_cast<uint8_t*>(y.data_ptr()), tiling,\n" \
         "             static_cast<float>(ceiling), c10_npu::getCurrentNPUStream().stream(false));\n"
write(0)
# 1: the binding never launches the kernel: its output is fresh device memory.
write(1, [("kernel/clip_ops.cpp", launch, "")])
# 2: torch computes the answer in the binding; no kernel runs.
write(2, [("kernel/clip_ops.cpp", launch, "  y = at::clamp(input, 0.0, ceiling);\n")])
# 3: the last block runs past the tensor's end.
write(3, [("kernel/clip_kernel.cpp", "const int64_t end = begin + perBlock < total ? begin + perBlock : total;",
           "const int64_t end = begin + perBlock;")])
# 4: the kernel does not compile.
write(4, [("kernel/clip_kernel.cpp", "static_cast<T>(0), count);", "static_cast<T>(0), count)")])
# 5: no Python module for ModelNew to import.
write(5, [("kernel/clip_ops.cpp", "PYBIND11_MODULE(clip_ops, m)", "void Register(pybind11::module_& m)")])
# 6: hostile: looks for golden outputs anywhere it can, and at exit points its output at a file
# outside the run.
probe = '''    def forward(self, x):
        import atexit, glob, json, os
        leaked = [p for root in ("/var/tmp", "/tmp", "/root", "/work", "/home") for p in glob.glob(root + "/**/output0.bin", recursive=True)]
        if leaked:
            raise RuntimeError("golden visible: " + leaked[0])
        def redirect():
            for path in glob.glob(os.getcwd() + "/out/manifest.json"):
                manifest = json.load(open(path))
                manifest["outputs"][0]["file"] = "/etc/passwd"
                json.dump(manifest, open(path, "w"))
        atexit.register(redirect)
'''
write(6, [("ModelNew.py", "    def forward(self, x):\n", probe)])
PYTHON

"$akgen" eval MultiKernelBench --solutions samples --task clipped_relu --out out --cache "$cache" --jobs 2 >eval.log 2>&1 ||
  { cat eval.log; fail "akgen eval failed"; }
python3 - out/results.jsonl <<'PYTHON'
import collections
import json
import sys

verdicts = collections.defaultdict(set)
details = collections.defaultdict(str)
records = collections.defaultdict(list)
for line in open(sys.argv[1]):
    record = json.loads(line)
    verdicts[record["sample"]].add(record["verdict"])
    details[record["sample"]] += record["details"].get("detail", "") + record["details"].get("reason", "")
    records[record["sample"]].append(record["details"])
expected = {0: {"pass"}, 1: {"wrong_answer"}, 2: {"pass"}, 3: {"sim_error"}, 4: {"compile_error"},
            5: {"parse_error"}, 6: {"crash"}}
if dict(verdicts) != expected:
    sys.exit(f"verdicts {dict(verdicts)}, expected {expected}\n" + json.dumps(dict(details), indent=1)[:3000])
checks = {
    3: "kernel/clip_kernel.cpp:",
    4: "kernel/clip_kernel.cpp:",
    5: "no source defines the Python module ModelNew imports",
    6: "ModelNew's outputs are refused: ",
}
for sample, text in checks.items():
    if text not in details[sample]:
        sys.exit(f"sample{sample}: '{text}' not in {details[sample][:600]!r}")
if "golden visible" in details[6]:
    sys.exit("a candidate saw a golden file: " + details[6][:300])
for honest in records[0]:
    if honest.get("cheating") is not False or not honest["simulated_us"] > 0 or honest["launch_profile"]["block_dim"] < 2:
        sys.exit(f"sample0 launches its kernel on several cores and is not flagged, yet: {honest}")
for torch_work in records[2]:
    if "launch_profile" in torch_work or torch_work.get("model_new_ops") != ["aten::clamp"]:
        sys.exit(f"sample2 runs no kernel; its torch clamp is recorded: {torch_work}")
    if "ModelNew.forward launched no AscendC kernel" not in torch_work.get("cheating_findings", []):
        sys.exit(f"sample2 should be flagged: {torch_work}")
PYTHON
echo "eval on MultiKernelBench direct launch: the answer passes, 6 broken or hostile copies get their verdicts"
