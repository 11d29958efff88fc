#!/usr/bin/env bash
# lowered_eval.sh AKGEN SUITE PROGRAM TASK: compiles PROGRAM with `akgen craft compile` into a
# samples directory as sample 0 of TASK (levelN/Category/Op) and evaluates it with `akgen eval` in
# both shape modes; every case must pass.
source "$(dirname "$0")/../../cli/scratch.sh"
program=$3
task=$4

"$akgen" craft compile "$program" -o "$scratch/samples/$task/sample0" >/dev/null
op=$(basename "$task")

for mode in static dynamic; do
  log="$scratch/$mode.log"
  "$akgen" eval "$suite" --task "$op" --shape-mode "$mode" --solutions "$scratch/samples" --out "$scratch/$mode" \
    --cache "$scratch/cache" >"$log" 2>&1 || true
  if ! grep -Eq "Verdicts over ([0-9]+) \(sample, case\) records: pass \1$" "$log"; then
    echo "lowered_eval: $op ($mode shapes) did not pass every case"
    cat "$log"
    head -c 4000 "$scratch/$mode/results.jsonl" 2>/dev/null || true
    exit 1
  fi
done
echo "lowered_eval: $op passes every case in static and dynamic shape modes"
