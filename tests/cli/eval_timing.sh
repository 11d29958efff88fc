#!/usr/bin/env bash
# akgen eval records simulated time and speedups, on the built-in Sqrt task (case 0):
#  1. its answer: simulated_us, cycles, bound and eager_us in the record; the report's speedup
#     columns and fast_p table; no reference columns (the answer is its own reference);
#  2. the same answer as sample 0 of a samples directory: timed against the answer under the same
#     model, its reference speedup is exactly 1; the answer's time is cached, so evaluating again
#     into a new --out does not run it again;
#  3. --sync strict passes the answer (its pipes are ordered by queues); --sync lazy is refused.
source "$(dirname "$0")/scratch.sh"

# field FILE KEY: the details KEY of the first record, or "absent".
field() { python3 -c 'import json,sys; d=json.loads(open(sys.argv[1]).readline())["details"]; print(d.get(sys.argv[2], "absent"))' "$1" "$2"; }
positive() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)' "$1"; }

"$akgen" eval "$suite" --task Sqrt --out "$scratch/answer" --cache "$scratch/cache" >"$scratch/answer.log" 2>&1
record="$scratch/answer/results.jsonl"
positive "$(field "$record" simulated_us)" || fail "no simulated_us in $(cat "$record")"
positive "$(field "$record" cycles)" || fail "no cycles"
positive "$(field "$record" eager_us)" || fail "no eager_us"
[ "$(field "$record" bound)" != absent ] || fail "no bound"
[ "$(field "$record" reference_us)" = absent ] || fail "the answer got a reference time"
grep -q "simulated_us |   eager_us |   speedup_vs_eager |" "$scratch/answer.log" || fail "no speedup columns"
grep -q "Against modelled PyTorch eager:" "$scratch/answer.log" || fail "no fast_p table"
grep -q "reference_us" "$scratch/answer.log" && fail "reference columns for the answer itself"

sample="$scratch/samples/level1/Math/Sqrt/sample0"
mkdir -p "$sample"
cp -r "$suite/level1/Math/Sqrt/answer/0/op_host" "$suite/level1/Math/Sqrt/answer/0/op_kernel" "$sample/"
"$akgen" eval "$suite" --task Sqrt --solutions "$scratch/samples" --out "$scratch/sample" --cache "$scratch/cache" \
  >"$scratch/sample.log" 2>&1
record="$scratch/sample/results.jsonl"
[ "$(field "$record" reference_us)" = "$(field "$record" simulated_us)" ] || fail "the answer's copy is not as fast as the answer"
grep -q "speedup_vs_reference |" "$scratch/sample.log" || fail "no reference columns"
grep -Eq "\| Math/Sqrt +\|.*\| +1\.000 \|$" "$scratch/sample.log" || fail "reference speedup is not 1.000"
cached=$(ls "$scratch/cache/reference-timing")
[ "$(echo "$cached" | wc -l)" = 1 ] || fail "expected one cached reference time, found: $cached"
stamp=$(stat -c %Y.%y "$scratch/cache/reference-timing/$cached")
sleep 1
"$akgen" eval "$suite" --task Sqrt --solutions "$scratch/samples" --out "$scratch/again" --cache "$scratch/cache" \
  >"$scratch/again.log" 2>&1
[ "$(stat -c %Y.%y "$scratch/cache/reference-timing/$cached")" = "$stamp" ] || fail "the reference ran again"
[ "$(field "$scratch/again/results.jsonl" reference_us)" = "$(field "$record" reference_us)" ] || fail "another reference time"
# --no-reference-times: the same verdict and time, no answer run (its fresh cache gets no reference time).
"$akgen" eval "$suite" --task Sqrt --solutions "$scratch/samples" --no-reference-times --out "$scratch/plain" \
  --cache "$scratch/plain-cache" >"$scratch/plain.log" 2>&1 || fail "the evaluation without reference times failed"
[ "$(field "$scratch/plain/results.jsonl" reference_us)" = absent ] || fail "a reference time with --no-reference-times"
[ "$(field "$scratch/plain/results.jsonl" simulated_us)" = "$(field "$record" simulated_us)" ] || fail "another simulated time"
[ ! -d "$scratch/plain-cache/reference-timing" ] || fail "the answer ran for a reference time"

"$akgen" eval "$suite" --task Sqrt --sync strict --out "$scratch/strict" --cache "$scratch/cache" >"$scratch/strict.log" 2>&1
grep -q "Verdicts over 1 (sample, case) records: pass 1" "$scratch/strict.log" || fail "the answer fails in strict mode"
[ "$(field "$scratch/strict/results.jsonl" sync_mode)" = strict ] || fail "the record does not say strict"
if "$akgen" eval "$suite" --task Sqrt --sync lazy --out "$scratch/lazy" >"$scratch/lazy.log" 2>&1; then fail "--sync lazy accepted"; fi
grep -q -- "--sync auto or strict" "$scratch/lazy.log" || fail "--sync lazy is not explained"
echo "eval: simulated time, eager and reference speedups, cached reference, sync modes"
