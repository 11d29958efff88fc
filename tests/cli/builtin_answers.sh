#!/usr/bin/env bash
# The main job (`make run`), within CI's time: every built-in task's hand-written answer passes case 0,
# and the level-3 answers (cube and mixed kernels) pass every case; evaluated as `akgen eval builtin`
# does it, two units at a time, with one cache.
source "$(dirname "$0")/scratch.sh"
tasks=$(find "$suite" -path '*/answer/0' -type d | wc -l)
"$akgen" eval builtin --jobs 2 --out "$scratch/static" --cache "$scratch/cache" >"$scratch/static.log" 2>&1 ||
  fail "the evaluation of case 0 failed"
grep -Eq "^Verdicts over $tasks \(sample, case\) records: pass $tasks$" "$scratch/static.log" ||
  fail "not every one of the $tasks answers passed case 0"
"$akgen" eval builtin --level 3 --shape-mode dynamic --jobs 2 --out "$scratch/level3" --cache "$scratch/cache" \
  >"$scratch/level3.log" 2>&1 || fail "the evaluation of level 3 failed"
grep -Eq "^Verdicts over ([0-9]+) \(sample, case\) records: pass \1$" "$scratch/level3.log" ||
  fail "a level-3 answer did not pass every case"
echo "builtin_answers: the $tasks built-in answers pass case 0, the level-3 ones every case"
