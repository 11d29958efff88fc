#!/usr/bin/env bash
# The main job (`make run`): every built-in task's hand-written answer passes every case, evaluated
# as `akgen eval builtin` does it, two units at a time; each level of the suite is there.
source "$(dirname "$0")/scratch.sh"
"$akgen" eval builtin --shape-mode dynamic --jobs 2 --out "$scratch/run" --cache "$scratch/cache" >"$scratch/run.log" 2>&1 ||
  fail "the evaluation failed"
tasks=$(find "$suite" -path '*/answer/0' -type d | wc -l)
grep -Eq "^Verdicts over ([0-9]+) \(sample, case\) records: pass \1$" "$scratch/run.log" || fail "an answer did not pass every case"
python3 - "$scratch/run/results.jsonl" "$tasks" <<'CHECK' || fail "not every task was evaluated"
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
tasks = {record["task"] for record in records}
assert len(tasks) == int(sys.argv[2]), (len(tasks), sys.argv[2])
assert {record["level"] for record in records} == {1, 2, 3}, sorted(tasks)
CHECK
echo "builtin_answers: the $tasks built-in answers pass every case"
