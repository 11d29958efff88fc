#!/usr/bin/env bash
# akgen eval --timing-only at a production shape: the built-in Sqrt task with one case of
# 32768 x 32768 float16 (2 GiB per tensor).
#  1. the answer is recorded `timed` with simulated and eager times; the oracle wrote no tensor data
#     (meta tensors), and the launch moved 4 GiB through modelled HBM at 70-100 % of its peak;
#  2. the report says outputs were not checked;
#  3. a checked evaluation into the same --out is refused, naming the file and the fix.
source "$(dirname "$0")/scratch.sh"

tree="$scratch/tree/level1/Math"
mkdir -p "$tree"
cp -r "$suite/level1/Math/Sqrt" "$tree/"
chmod -R a+rX "$scratch/tree"
printf 'case_id;shape;dtype\n0;[32768, 32768];float16\n' >"$tree/Sqrt/validation/test_cases.csv"

"$akgen" eval "$scratch/tree" --timing-only --out "$scratch/out" --cache "$scratch/cache" >"$scratch/timing.log" 2>&1 ||
  fail "the timing-only evaluation failed"
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected record: $(cat "$scratch/out/results.jsonl")"
import json, sys
record = json.loads(open(sys.argv[1]).readline())
details, profile = record["details"], record["details"]["launch_profile"]
assert record["verdict"] == "timed", record["verdict"]
assert details["timing_only"] is True and profile["timing_only"] is True
assert details["simulated_us"] > 0 and details["eager_us"] > 0
assert profile["gm_bytes_read"] >= 2**31 and profile["gm_bytes_written"] >= 2**31, profile
assert 0.7 * profile["peak_gm_bandwidth_gbps"] <= profile["gm_bandwidth_gbps"] <= profile["peak_gm_bandwidth_gbps"], profile
CHECK
golden_bytes=$(du -sb "$scratch/cache/golden" --exclude=pybind-modules | cut -f1)
[ "$golden_bytes" -lt 1048576 ] || fail "the oracle stored $golden_bytes bytes for a timing-only case"
grep -q "Timing-only run: outputs were neither computed nor checked" "$scratch/timing.log" || fail "the report does not say so"
grep -q "Verdicts over 1 (sample, case) records: timed 1" "$scratch/timing.log" || fail "no timed verdict in the report"

if "$akgen" eval "$scratch/tree" --out "$scratch/out" --cache "$scratch/cache" >"$scratch/mixed.log" 2>&1; then
  fail "a checked evaluation was appended to timing-only results"
fi
grep -q "out/results.jsonl: holds timing-only results (level1/Math/Sqrt sample0 case0); evaluate without --timing-only into another --out directory" \
  "$scratch/mixed.log" || fail "the refusal does not name the file and the fix"
echo "eval: timing-only at 2 GiB per tensor, no data stored, mixed results refused"
