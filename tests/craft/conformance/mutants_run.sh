#!/usr/bin/env bash
# mutants_run.sh AKGEN SUITE COUNT SEED: check <=> compile <=> run over COUNT semantic mutants of
# SUITE's DSL solutions (semantic_mutants.py). Every mutant `akgen craft check` accepts is compiled
# and evaluated on its task in dynamic shape mode (every case, so every dtype combination the cases
# use); its verdicts may be pass or wrong_answer (it computes something else), or a tiling error a
# `require` of the program raised, never a compile error, a simulator diagnostic, a crash or a timeout.
source "$(dirname "$0")/../../cli/scratch.sh"
count=$3
seed=$4
here=$(dirname "$0")
python3 "$here/semantic_mutants.py" "$suite" "$scratch/mutants" "$count" "$seed" >"$scratch/mutants.log"
accepted=0
while read -r line; do
  mutant=${line%%:*}
  key=$(dirname "$mutant")
  if "$akgen" craft check "$scratch/mutants/$mutant" >/dev/null 2>&1; then
    accepted=$((accepted + 1))
    "$akgen" craft compile "$scratch/mutants/$mutant" -o "$scratch/samples/$key/sample$accepted" >/dev/null 2>&1 ||
      fail "$mutant passes the checker but does not lower ($line)"
    echo "sample$accepted $line" >>"$scratch/accepted.log"
  fi
done <"$scratch/mutants.log"
[ "$accepted" -gt 0 ] || fail "the checker accepted none of the $count mutants"
"$akgen" eval "$suite" --solutions "$scratch/samples" --shape-mode dynamic --jobs 2 --no-reference-times --out "$scratch/out" \
  --cache "$scratch/cache" >"$scratch/eval.log" 2>&1 || true
python3 - "$scratch/out/results.jsonl" "$accepted" "$scratch/accepted.log" <<'VERDICTS' || fail "a mutant the checker accepted did not compile or run"
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
made = {line.split()[0] + " " + line.split()[1].split("/mutant")[0]: line.strip() for line in open(sys.argv[3])}
bad = []
for record in records:
    details = record["details"]
    verdict = record["verdict"]
    # The lowered host prints "<Op> tiling: MESSAGE" for a failed require and nothing else.
    required = verdict == "tiling_error" and (" tiling: " in details.get("detail", ""))
    if verdict not in ("pass", "wrong_answer") and not required:
        mutant = made.get("sample%s %s" % (record["sample"], record["task"]), record["task"])
        bad.append("%s case %s: %s %s" % (mutant, record["case"], verdict, json.dumps(details)[:1200]))
units = {(record["task"], record["sample"]) for record in records}
if len(units) != int(sys.argv[2]):
    bad.append("%d of %s accepted mutants were judged" % (len(units), sys.argv[2]))
if bad:
    print("\n".join(bad))
sys.exit(1 if bad else 0)
VERDICTS
echo "mutants_run: $accepted of $count mutants passed the checker; each compiled and ran every case on its task"
