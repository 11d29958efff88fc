#!/usr/bin/env bash
# Candidates that hard-code the listed cases pass them and fail `--extra-cases`.
#  - Static: sample 1 ignores its input and writes the expected output of Muls case 0 from a table
#    (read from the golden of a first evaluation, as a model could precompute it from the seeded
#    inputs). It passes case 0; extra cases give new inputs, so it is wrong on them.
#  - Dynamic: sample 2 computes only for the listed shapes and writes nothing otherwise. It passes
#    every listed case; extra cases draw new shapes, so it is wrong on them.
# The answer passes everything, the extra cases are drawn again alike on a resumed run, and
# --timing-only refuses them.
source "$(dirname "$0")/scratch.sh"
answer="$suite/level1/Math/Muls/answer/0"
mkdir -p "$scratch/samples/level1/Math/Muls"
cp -r "$answer" "$scratch/samples/level1/Math/Muls/sample0"
eval_muls_samples "$suite" --case 0
golden=$(dirname "$(grep -l '"case_id": "0"' "$scratch"/cache/golden/*/manifest.json)")
[ -f "$golden/output0.bin" ] || fail "no golden output of case 0 in $scratch/cache/golden"

python3 - "$answer" "$scratch/samples/level1/Math/Muls" "$golden/output0.bin" <<'MAKE'
import pathlib, shutil, struct, sys
answer, samples, golden = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
data = golden.read_bytes()
values = struct.unpack(f"<{len(data) // 2}H", data)
assert len(values) == 8192, len(values)  # case 0: [8, 1024] float16

table = shutil.copytree(answer, samples / "sample1")
kernel = table / "op_kernel/muls.cpp"
text = kernel.read_text()
anchor = "    op.Process();\n"
assert anchor in text
rows = ",\n".join(", ".join(str(v) for v in values[i:i + 16]) for i in range(0, len(values), 16))
kernel.write_text(
    f"constexpr uint16_t kCaseZeroOutput[{len(values)}] = {{\n{rows}}};\n\n"
    + text.replace(anchor, """    if (GetBlockIdx() != 0) return;
    __gm__ uint16_t* out = reinterpret_cast<__gm__ uint16_t*>(y);
    for (uint32_t i = 0; i < tilingData.totalLength; ++i) out[i] = kCaseZeroOutput[i];
""", 1))

shapes = shutil.copytree(answer, samples / "sample2")
kernel = shapes / "op_kernel/muls.cpp"
text = kernel.read_text()
listed = [8 * 1024, 4093, 37 * 515, 65535, 3 * 17 * 129, 20001]
condition = " || ".join(f"tilingData.totalLength == {n}" for n in listed)
kernel.write_text(text.replace(anchor, f"    if ({condition}) op.Process();\n", 1))
MAKE

# Without extra cases the hard-coded table passes case 0 as the answer does.
mkdir "$scratch/dynamic"
mv "$scratch/samples/level1/Math/Muls/sample2" "$scratch/dynamic/"
rm -rf "$scratch/out"
eval_muls_samples "$suite" --case 0
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "the table cheat should pass its listed case: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = {r["sample"]: r for r in map(json.loads, open(sys.argv[1]))}
assert records[0]["verdict"] == "pass" and records[1]["verdict"] == "pass", records
CHECK

rm -rf "$scratch/out"
eval_muls_samples "$suite" --case 0 --extra-cases 2
python3 - "$scratch/out" <<'CHECK' || fail "static extra cases: $(cat "$scratch/out/results.jsonl")"
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
records = [json.loads(line) for line in open(out / "results.jsonl")]
extras = [r for r in records if "extra_of" in r]
assert len(records) == 6 and len(extras) == 4, records
for r in extras:
    assert r["extra_of"] == 0 and r["case"] in (6, 7), r
    row = r["details"]["extra_case"]["row"]
    assert row["shape"] == "[8, 1024]" and row["dtype"] == "float16", row  # static: the listed shapes
verdicts = {(r["sample"], r["case"]): r["verdict"] for r in records}
assert verdicts == {(0, 0): "pass", (0, 6): "pass", (0, 7): "pass",
                    (1, 0): "pass", (1, 6): "wrong_answer", (1, 7): "wrong_answer"}, verdicts
summary = json.load(open(out / "summary.json"))
assert summary["extra_cases"] == {"records": 4, "units_failing_only_extra_cases": ["level1/Math/Muls sample 1 case 0"]}, summary["extra_cases"]
problems = summary["problems"]
assert len(problems) == 1 and problems[0]["total_samples"] == 2 and problems[0]["precision_pass"] == 1, problems
CHECK
grep -q "1 units pass every listed case but fail an extra case" "$scratch/eval.log" || fail "the report does not name the cheat"

# Dynamic: new shapes catch a candidate specialised to the listed ones.
rm -rf "$scratch/out" "$scratch/samples/level1/Math/Muls/sample1"
mv "$scratch/dynamic/sample2" "$scratch/samples/level1/Math/Muls/"
eval_muls_samples "$suite" --shape-mode dynamic --extra-cases 3 --jobs 2
python3 - "$scratch/out" <<'CHECK' || fail "dynamic extra cases: $(cat "$scratch/out/results.jsonl")"
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
records = [json.loads(line) for line in open(out / "results.jsonl")]
listed = {0: "[8, 1024]", 1: "[4093]", 2: "[37, 515]"}
lengths = {8 * 1024, 4093, 37 * 515, 65535, 3 * 17 * 129, 20001}
caught = 0
for r in records:
    if r["case"] < 6:
        assert r["verdict"] == "pass", r
        continue
    assert r["extra_of"] == r["case"] - 6 and r["case_count"] == 9, r
    row = r["details"]["extra_case"]["row"]
    assert row["shape"] != listed[r["extra_of"]], row
    elements = 1
    for d in json.loads(row["shape"]):
        elements *= d
    # sample 2 computes whenever the element count is a listed one, as [16, 512] for [8, 1024]
    expected = "pass" if r["sample"] == 0 or elements in lengths else "wrong_answer"
    assert r["verdict"] == expected, r
    caught += r["verdict"] == "wrong_answer"
assert caught > 0, "no extra case caught the shape cheat"
summary = json.load(open(out / "summary.json"))
assert summary["problems"][0]["precision_pass"] == 1, summary["problems"]
assert summary["extra_cases"]["units_failing_only_extra_cases"] == ["level1/Math/Muls sample 2"], summary["extra_cases"]
CHECK

# A resumed run draws the same extra cases, so nothing is left to do.
eval_muls_samples "$suite" --shape-mode dynamic --extra-cases 3
grep -q "^0 results recorded, 18 already in" "$scratch/eval.log" || fail "the resumed run drew other cases"

if "$akgen" eval "$suite" --task Muls --timing-only --extra-cases 1 --out "$scratch/timing" >"$scratch/refused.log" 2>&1; then
  fail "--timing-only with --extra-cases was accepted"
fi
grep -q "extra-cases checks outputs and --timing-only checks none" "$scratch/refused.log" || fail "unclear refusal"
echo "extra cases: a table of case 0's output and a kernel for the listed shapes each fail them; the answer passes"
