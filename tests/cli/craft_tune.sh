#!/usr/bin/env bash
# akgen craft tune on the built-in Sqrt task's DSL solution, with the real harness:
#  1. bad input (an unknown task, a program that fails the checker, another task's program, a
#     program without knobs) stops with a diagnostic naming the file and the fix;
#  2. a tune bounded to three programs prints the program's own time on every case, which must be
#     what `akgen eval --solutions dsl` measures for the same program, and a best that is no slower;
#     on a copy with a small tile, the best is faster; on one with the largest tile, the next is
#     pruned by the checker;
#  3. each tuned program passes `akgen craft check` and differs from its original only in the knob
#     values the table shows;
#  4. a second tune into the same folder resumes: it evaluates nothing and prints the same table.
# Usage: craft_tune.sh AKGEN SUITE FIXTURES (tests/craft/tune/programs)
source "$(dirname "$0")/scratch.sh"
fixtures=$3
program="$suite/level1/Math/Sqrt/answer/dsl/sqrt.craft"

cd "$scratch"  # where a tune would leave its default folder
expect_error() {  # LOG PATTERN: the last command failed and its log holds PATTERN
  grep -q -- "$2" "$scratch/$1" || fail "$1 lacks '$2'"
}
if "$akgen" craft tune "$program" --task NoSuchOp >"$scratch/unknown.log" 2>&1; then fail "an unknown task was accepted"; fi
expect_error unknown.log "sqrt.craft: no task 'NoSuchOp' in"
sed 's/xf = sqrt(xf)/xf = sqrt(xg)/' "$program" >"$scratch/broken.craft"
if "$akgen" craft tune "$scratch/broken.craft" --task Sqrt >"$scratch/broken.log" 2>&1; then fail "a broken program was tuned"; fi
expect_error broken.log "broken.craft:28:17: error: .*\[unknown-name\]"
if "$akgen" craft tune "$program" --task Gelu >"$scratch/other.log" 2>&1; then fail "another task's program was tuned"; fi
expect_error other.log "sqrt.craft:2:1: error: the program is op Sqrt, and task level2/Activation/Gelu is op Gelu \[tune\]"
if "$akgen" craft tune "$fixtures/single_core.craft" --task Sqrt >"$scratch/none.log" 2>&1; then fail "no knob, yet tuned"; fi
expect_error none.log "single_core.craft:7:1: error: nothing to tune: the program has no knob \[tune\]"
[ ! -e "$scratch/akgen-tune" ] || fail "bad input left a tune folder"

tune() {  # PROGRAM OUT LOG
  "$akgen" craft tune "$1" --task Sqrt --max-candidates 3 --jobs 2 --out "$scratch/$2" --cache "$scratch/cache" \
    -o "$scratch/$2.tuned.craft" >"$scratch/$3" 2>&1 || fail "the tune of $1 failed"
  grep -q "the search stopped at --max-candidates" "$scratch/$3" || fail "$3: the bound was not reported"
  "$akgen" craft check "$scratch/$2.tuned.craft" >"$scratch/check.log" 2>&1 || fail "$2.tuned.craft does not check"
}
cat >"$scratch/check.py" <<'CHECK'
# LOG ORIGINAL TUNED GAIN [EVAL_RESULTS]: the tune's tables against the programs and akgen eval.
import json, sys
log, original, tuned, gain = sys.argv[1:5]
cells = [[c.strip() for c in line.split("|")[1:-1]] for line in open(log) if line.startswith("|")]
knobs = [row for row in cells if len(row) == 4 and row[1].isdigit()]
cases = {row[0]: row for row in cells if len(row) == 5 and row[0].isdigit()}
geomean = next(row for row in cells if row and row[0] == "geomean")
assert [k[0] for k in knobs] == ["tile", "launch", "xin buffers", "yout buffers"], knobs
assert sorted(cases) == ["0", "1", "2", "3", "4", "5"], sorted(cases)
if gain == "gain":
    assert float(geomean[3]) < float(geomean[2]), geomean
else:
    assert float(geomean[3]) <= float(geomean[2]), geomean

# The printed program times are what akgen eval measures for the same program, case by case.
if len(sys.argv) > 5:
    evaluated = {str(r["case"]): r for r in map(json.loads, open(sys.argv[5]))}
    assert sorted(evaluated) == sorted(cases), (sorted(evaluated), sorted(cases))
    for case, record in evaluated.items():
        assert record["verdict"] == "pass", record
        assert "%.3f" % record["details"]["simulated_us"] == cases[case][2], (record["details"], cases[case])

# The tuned program is the original with each knob's line changed from its program value to its
# tuned value, and nothing else.
before, after = open(original).read().split("\n"), open(tuned).read().split("\n")
assert len(before) == len(after)
expected = list(before)
for label, line, mine, best in knobs:
    i = int(line) - 1
    if label.endswith(" buffers"):
        mine, best = "buffers=" + mine, "buffers=" + best
    assert mine in before[i], (label, before[i])
    expected[i] = before[i].replace(mine, best, 1)
assert after == expected, [(b, a) for b, a in zip(before, after) if b != a]
assert gain != "gain" or after != before
print(log, "default", geomean[2], "us, best", geomean[3], "us")
CHECK

# The built-in solution, and akgen eval on it: the same program times.
tune "$program" tune tune.log
"$akgen" eval builtin --solutions dsl --task Sqrt --shape-mode dynamic --out "$scratch/eval" --cache "$scratch/cache" \
  >"$scratch/eval.log" 2>&1 || fail "akgen eval failed"
python3 "$scratch/check.py" "$scratch/tune.log" "$program" "$scratch/tune.tuned.craft" no-gain \
  "$scratch/eval/results.jsonl" || fail "unexpected tune output"

# Its tiles are larger than the test cases' shares of a core, so the knobs gain nothing there; a copy
# with a tile of 256 elements gains from a larger one within three programs.
sed 's/^  tile = 4096$/  tile = 256/' "$program" >"$scratch/sqrt.craft"
tune "$scratch/sqrt.craft" small-tile small-tile.log
python3 "$scratch/check.py" "$scratch/small-tile.log" "$scratch/sqrt.craft" "$scratch/small-tile.tuned.craft" gain ||
  fail "unexpected tune output from a small tile"

# At the largest tile the UB holds, the next one up is pruned by the checker and never built.
sed 's/^  tile = 4096$/  tile = 8192/' "$program" >"$scratch/sqrt.craft"
tune "$scratch/sqrt.craft" large-tile large-tile.log
grep -q "tile=12288, .*: rejected: the checker rejects it: the buffers need .* \[ub-budget\]" "$scratch/large-tile.log" ||
  fail "the checker did not prune the tile of 12288"
[ "$(ls "$scratch/large-tile/samples/level1/Math/Sqrt")" = "$(printf 'sample0\nsample1\nsample2')" ] ||
  fail "a pruned candidate became a sample"

records=$(wc -l <"$scratch/tune/results.jsonl")
tune "$program" tune resume.log
[ "$(wc -l <"$scratch/tune/results.jsonl")" = "$records" ] || fail "the resumed tune evaluated again"
diff <(grep "^|" "$scratch/tune.log") <(grep "^|" "$scratch/resume.log") >/dev/null || fail "the resumed tune printed another table"
echo "craft tune: bad input diagnosed, default matches akgen eval, best no slower, a small tile grows, a large one is pruned, tuned programs check and differ only in knob values, resume"
