#!/usr/bin/env bash
# lowered_suite_eval.sh AKGEN SUITE [MODE...]: every DSL solution of the tree (answer/dsl/*.craft),
# compiled by `akgen eval --solutions dsl` and evaluated two units at a time, on case 0 (static
# shapes) and on every case (dynamic), or in the MODEs given; every program must compile and every
# case of every task must pass.
source "$(dirname "$0")/../../cli/scratch.sh"
shift 2
modes=${*:-static dynamic}
programs=$(find "$suite" -path '*/answer/dsl/*.craft' | wc -l)
[ "$programs" -gt 0 ] || fail "no DSL solutions under $suite"

for mode in $modes; do
  log="$scratch/$mode.log"
  "$akgen" eval "$suite" --solutions dsl --shape-mode "$mode" --jobs 2 --no-reference-times --out "$scratch/$mode" \
    --cache "$scratch/cache" >"$log" 2>&1 || true
  grep -q "^$programs DSL programs compiled, 0 with errors" "$log" || fail "not every one of the $programs programs compiled ($mode)"
  if ! grep -Eq "Verdicts over ([0-9]+) \(sample, case\) records: pass \1$" "$log"; then
    python3 - "$scratch/$mode/results.jsonl" <<'FAILED' || true
import json, sys
for record in map(json.loads, open(sys.argv[1])):
    if record["verdict"] != "pass":
        print(record["task"], "case", record["case"], record["verdict"], json.dumps(record["details"])[:1500])
FAILED
    fail "a DSL solution did not pass every case ($mode shapes)"
  fi
done
echo "lowered_suite_eval: the $programs DSL solutions of $suite pass every case in static and dynamic shape modes"
