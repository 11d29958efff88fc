#!/usr/bin/env bash
# Sharding: four built-in tasks evaluated whole and as three `--shard I/3` parts give the same
# records (verdicts, times, errors), part for part disjoint; `akgen report` merges the parts into
# the whole run's summary, refuses folders of different settings or holding a record twice, and
# warns when a shard is missing; a malformed --shard is refused.
source "$(dirname "$0")/scratch.sh"
tasks=(Muls Sqrt UnalignAbs Axpby)
run() {
  local out=$1
  shift
  "$akgen" eval "$suite" --task "${tasks[@]}" --shape-mode dynamic --no-reference-times --out "$scratch/$out" \
    --cache "$scratch/cache" "$@" >"$scratch/$out.log" 2>&1 || fail "evaluation $out failed"
}
run whole
for i in 0 1 2; do run "part$i" --shard "$i/3"; done

python3 - "$scratch" <<'PY' || fail "the parts differ from the whole run"
import json, sys
root = sys.argv[1]
def records(name):
    out = {}
    for line in open(f"{root}/{name}/results.jsonl"):
        r = json.loads(line)
        d = r["details"]
        out[(r["task"], r["sample"], r["case"])] = (r["verdict"], d.get("simulated_us"), d.get("max_abs_error"),
                                                    d.get("max_rel_error"), d.get("tiling"))
    return out
whole = records("whole")
parts = [records(f"part{i}") for i in range(3)]
union = {}
for part in parts:
    assert part, "a part evaluated nothing"
    assert not set(part) & set(union), "two parts hold one record"
    union.update(part)
assert union == whole, (sorted(set(whole) ^ set(union)), [k for k in whole if whole[k] != union.get(k)])
tasks = [{key[0] for key in part} for part in parts]
assert all(not (a & b) for i, a in enumerate(tasks) for b in tasks[i + 1:]), "a task was split between parts"
assert len(whole) == sum(len(p) for p in parts) and len({r[0] for r in whole.values()}) >= 1
PY

before=$(md5sum <"$scratch/part0/summary.json")
"$akgen" report "$scratch/part0" "$scratch/part1" "$scratch/part2" --json >"$scratch/merged.json" 2>"$scratch/merged.log" ||
  fail "merging the parts failed"
[ "$(md5sum <"$scratch/part0/summary.json")" = "$before" ] || fail "the merge wrote into a part's folder"
"$akgen" report "$scratch/whole" --json >"$scratch/whole.json" 2>>"$scratch/merged.log" || fail "report of the whole failed"
python3 - "$scratch/merged.json" "$scratch/whole.json" <<'PY' || fail "the merged report differs from the whole run's"
import json, sys
merged, whole = (json.load(open(f)) for f in sys.argv[1:])
assert merged == whole, (merged, whole)
PY

if "$akgen" report "$scratch/whole" "$scratch/part0" >"$scratch/mixed.log" 2>&1; then fail "a whole run merged with a part"; fi
grep -q "differ in the number of shards (0/1 against 0/3)" "$scratch/mixed.log" || fail "no message for mixed shard counts"
if "$akgen" report "$scratch/part0" "$scratch/part0" >"$scratch/twice.log" 2>&1; then fail "a part merged with itself"; fi
grep -q "shard 0/3 is given twice" "$scratch/twice.log" || fail "no message for a part given twice"
"$akgen" eval "$suite" --task "${tasks[@]}" --shape-mode static --no-reference-times --shard 1/3 --out "$scratch/static" \
  --cache "$scratch/cache" >"$scratch/static.log" 2>&1 || fail "the static part failed"
if "$akgen" report "$scratch/part0" "$scratch/static" >"$scratch/modes.log" 2>&1; then fail "static and dynamic parts merged"; fi
grep -q "differ in the shape mode (dynamic against static)" "$scratch/modes.log" || fail "no message for mixed modes"
"$akgen" report "$scratch/part0" "$scratch/part2" >"$scratch/missing.log" 2>&1 || fail "two of three parts did not merge"
grep -q "shards 1/3 are not among the folders" "$scratch/missing.log" || fail "no warning for a missing shard"

if "$akgen" eval "$suite" --task Muls --shard 3/3 --out "$scratch/bad" --cache "$scratch/cache" >"$scratch/bad.log" 2>&1; then
  fail "--shard 3/3 was accepted"
fi
grep -q "akgen eval: --shard takes I/N with 0 <= I < N" "$scratch/bad.log" || fail "no message for --shard 3/3"
echo "shards: three parts equal the whole run, record for record, and merge into its report"
