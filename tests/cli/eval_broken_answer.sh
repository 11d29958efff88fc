#!/usr/bin/env bash
# akgen eval on the built-in Muls task: its answer passes every case; the same answer with the
# scale applied twice is reported as wrong_answer for every case; the answer with a stray store
# past y's end (inside its allocator segment, where the NPU does not fault) passes with a warning
# kept in each record.
source "$(dirname "$0")/scratch.sh"
# Work folders under a TMPDIR of the test's own, to see what each evaluation leaves there.
export TMPDIR="$scratch/tmp"
mkdir -m 755 "$TMPDIR"

"$akgen" eval "$suite" --task Muls --shape-mode dynamic --out "$scratch/answer" --cache "$scratch/cache" >"$scratch/answer.log" 2>&1
grep -q "Verdicts over 6 (sample, case) records: pass 6" "$scratch/answer.log" || { cat "$scratch/answer.log"; exit 1; }
[ -z "$(ls -A "$TMPDIR")" ] || { echo "a run where every case passed left work folders:"; find "$TMPDIR"; exit 1; }

sample="$scratch/samples/level1/Math/Muls/sample0"
mkdir -p "$sample"
cp -r "$suite/level1/Math/Muls/answer/0/op_host" "$suite/level1/Math/Muls/answer/0/op_kernel" "$sample/"
sed -i 's/Muls(r, a0, value, count);/Muls(r, a0, value, count);\n        Muls(r, r, value, count);/' "$sample/op_kernel/muls.cpp"
grep -q "Muls(r, r, value, count);" "$sample/op_kernel/muls.cpp"
stray="$scratch/samples/level1/Math/Muls/sample1"
mkdir -p "$stray"
cp -r "$suite/level1/Math/Muls/answer/0/op_host" "$suite/level1/Math/Muls/answer/0/op_kernel" "$stray/"
sed -i 's/DataCopyPad(yGm\[offset\], out, copyParams);/&\n        if (GetBlockIdx() + 1 == GetBlockNum()) DataCopyPad(yGm[coreLength + 4096], out, copyParams);/' \
  "$stray/op_kernel/muls.cpp"
grep -q "yGm\[coreLength + 4096\]" "$stray/op_kernel/muls.cpp"
"$akgen" eval "$suite" --task Muls --shape-mode dynamic --solutions "$scratch/samples" --out "$scratch/broken" \
  --cache "$scratch/cache" >"$scratch/broken.log" 2>&1 || true
grep -q "Verdicts over 12 (sample, case) records: " "$scratch/broken.log" || { cat "$scratch/broken.log"; exit 1; }
python3 - "$scratch/broken/results.jsonl" <<'PY'
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
for record in records:
    warnings = record["details"].get("warnings", [])
    if record["sample"] == 0:
        assert record["verdict"] == "wrong_answer" and not warnings, record
    else:
        assert record["verdict"] == "pass", record
        assert len(warnings) == 1 and warnings[0].startswith("gm-out-of-bounds: writes "), record
        assert "muls.cpp:91 in DataCopyPad" in warnings[0], warnings
PY
# The six failed cases keep their folders (each with its build); the passing sample's are gone.
work=$(find "$TMPDIR" -mindepth 1 -maxdepth 1)
[ "$(echo "$work" | wc -l)" = 1 ] || { echo "expected one work root: $work"; exit 1; }
grep -q "the work folders of 6 failed (sample, case) pairs are kept under $work" "$scratch/broken.log" ||
  { cat "$scratch/broken.log"; exit 1; }
[ "$(find "$work/level1/Math/Muls/sample0" -mindepth 1 -maxdepth 1 -name 'case*' | wc -l)" = 6 ] || { find "$work"; exit 1; }
[ ! -e "$work/level1/Math/Muls/sample1" ] || { echo "a passing pair kept its work folder"; exit 1; }
rm -rf "$work"
"$akgen" eval "$suite" --task Muls --case 0 --solutions "$scratch/samples" --out "$scratch/kept" --keep-work \
  --cache "$scratch/cache" >"$scratch/kept.log" 2>&1 || true
[ -n "$(find "$TMPDIR" -path '*/Muls/sample1/case0/*' -type f)" ] || { echo "--keep-work kept no passing pair"; exit 1; }
echo "eval: answer passes, broken answer is wrong_answer, a stray store passes with its warning"
