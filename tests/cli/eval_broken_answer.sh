#!/usr/bin/env bash
# akgen eval on the built-in Muls task twice: its answer passes every case; the same answer with
# the scale applied twice is reported as wrong_answer for every case.
source "$(dirname "$0")/scratch.sh"

"$akgen" eval "$suite" --task Muls --shape-mode dynamic --out "$scratch/answer" --cache "$scratch/cache" >"$scratch/answer.log" 2>&1
grep -q "Verdicts over 6 (sample, case) records: pass 6" "$scratch/answer.log" || { cat "$scratch/answer.log"; exit 1; }

sample="$scratch/samples/level1/Math/Muls/sample0"
mkdir -p "$sample"
cp -r "$suite/level1/Math/Muls/answer/0/op_host" "$suite/level1/Math/Muls/answer/0/op_kernel" "$sample/"
sed -i 's/Muls(r, a0, value, count);/Muls(r, a0, value, count);\n        Muls(r, r, value, count);/' "$sample/op_kernel/muls.cpp"
grep -q "Muls(r, r, value, count);" "$sample/op_kernel/muls.cpp"
"$akgen" eval "$suite" --task Muls --shape-mode dynamic --solutions "$scratch/samples" --out "$scratch/broken" \
  --cache "$scratch/cache" >"$scratch/broken.log" 2>&1 || true
grep -q "Verdicts over 6 (sample, case) records: wrong_answer 6" "$scratch/broken.log" || { cat "$scratch/broken.log"; exit 1; }
grep -q '"verdict":"wrong_answer"' "$scratch/broken/results.jsonl"
echo "eval: answer passes, broken answer is wrong_answer"
