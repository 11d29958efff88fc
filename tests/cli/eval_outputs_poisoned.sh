#!/usr/bin/env bash
# Outputs must be written by the launch. pybind.cpp creates Muls's output with empty_like, which on
# an NPU holds whatever the caching allocator hands back; the oracle records it filled with 0xFF
# bytes (NaN), so a kernel that writes nothing fails even where the expected output is all zeros
# (a case multiplying by 0.0), while the answer passes.
source "$(dirname "$0")/scratch.sh"
python3 - "$suite" "$scratch" <<'MAKE'
import pathlib, shutil, sys
suite, scratch = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
task = scratch / "tasks/level1/Math/Muls"
shutil.copytree(suite / "level1/Math/Muls", task)
cases = task / "validation/test_cases.csv"
cases.write_text(cases.read_text().rstrip("\n") + "\n6;[4096];float32;0.0\n")
samples = scratch / "samples/level1/Math/Muls"
shutil.copytree(task / "answer/0", samples / "sample0")
shutil.copytree(task / "answer/0", samples / "sample1")
kernel = samples / "sample1/op_kernel/muls.cpp"
text = kernel.read_text()
anchor = "    op.Process();\n"
assert anchor in text
kernel.write_text(text.replace(anchor, "", 1))  # computes nothing, writes nothing
MAKE
eval_muls_samples "$scratch/tasks" --case 6
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected verdicts: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = {r["sample"]: r for r in map(json.loads, open(sys.argv[1]))}
assert records[0]["verdict"] == "pass", records[0]
assert records[1]["verdict"] == "wrong_answer", records[1]
assert "got -nan" in records[1]["details"]["reason"], records[1]["details"]["reason"]
CHECK
echo "outputs poisoned: a kernel that writes nothing fails a case whose expected output is all zeros"
