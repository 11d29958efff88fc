#!/usr/bin/env bash
# The one-shot examples of MultiKernelBench prompts (gen/prompts/mkb_examples) can never rot: every
# example's six-string answer, made from the built-in suite's answer as the prompts show it
# (gen/prompt/mkb_examples.h), passes its own model's five trials under `akgen eval`, and every
# category AscendCraft reports on has an example, with the add example that add_shot shows to all.
# Arguments: akgen, the examples' tree, akgen_write_mkb_example_answers.
source "$(dirname "$0")/scratch.sh"
examples=$2
write_answers=$3

for category in activation loss math normalization optimizer pooling reduce elementwise; do
  ls "$examples/reference/$category/"*.py >/dev/null 2>&1 || fail "no example for the category $category"
done

# The examples' files are copied into the scratch folder, which the sandbox user can read.
cp -r "$examples" "$scratch/examples"
"$write_answers" "$scratch/examples" "$scratch/answers" >"$scratch/answers.log" 2>&1 || fail "the answers cannot be made"
[ -f "$scratch/answers/elementwise/add/sample0.py" ] || fail "the add example has no answer"
chmod -R a+rX "$scratch/examples" "$scratch/answers"
"$akgen" eval "$scratch/examples" --solutions "$scratch/answers" --out "$scratch/out" \
  --cache "$scratch/cache" --jobs 2 >"$scratch/eval.log" 2>&1 || fail "akgen eval failed"
python3 - "$scratch/out/results.jsonl" "$scratch/examples/reference" <<'CHECK' >"$scratch/check.log" 2>&1 ||
import collections, json, pathlib, sys
records = [json.loads(line) for line in open(sys.argv[1])]
examples = sorted(f"{p.parent.name}/{p.stem}" for p in pathlib.Path(sys.argv[2]).glob("*/*.py"))
verdicts = collections.defaultdict(list)
for record in records:
    verdicts[record["task"]].append(record["verdict"])
for example in examples:
    assert verdicts[example] == ["pass"] * 5, f"{example}: {verdicts[example]} (expected 5 passing trials)"
assert set(verdicts) == set(examples), sorted(verdicts)
print(f"{len(examples)} examples pass")
CHECK
  fail "an example does not pass: $(cat "$scratch/check.log")"
echo "MultiKernelBench prompt examples: $(cat "$scratch/check.log")"
