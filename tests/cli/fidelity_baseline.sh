#!/usr/bin/env bash
# akgen fidelity on hand-written results folders (the record format of bench/results/result_record.h):
# a passing case that fails is a regression (exit status 1, the summary last), --update writes the
# run's verdicts into the baseline so the next check is clean, and a malformed baseline is exit
# status 2 naming its file and line. The check itself is tested in tests/bench/fidelity_baseline_test.cpp.
set -euo pipefail
akgen=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "fidelity_baseline: $*"; exit 1; }

mkdir -p "$scratch/static"
cat >"$scratch/static/results.jsonl" <<'RESULTS'
{"task":"level2/Norm/RmsNorm","level":2,"category":"Norm","op":"RmsNorm","sample":0,"case":0,"verdict":"sim_error","shape_mode":"static","template_mode":"full","case_count":5,"details":{"detail":"rms_norm.cpp:88: error: [ub-overflow] DataCopy writes past the Unified Buffer","diagnostic_kind":"ub-overflow"}}
{"task":"level1/Math/Sasum","level":1,"category":"Math","op":"Sasum","sample":0,"case":0,"verdict":"pass","shape_mode":"static","template_mode":"full","case_count":5,"details":{}}
RESULTS
cat >"$scratch/baseline.json" <<'BASELINE'
{"format": 1, "source": "test", "verdicts": {
  "static": {"level2/Norm/RmsNorm": {"0": "pass"}, "level1/Math/Sasum": {"0": "wrong_answer"}},
  "dynamic": {"level2/Norm/RmsNorm": {"0": "pass"}}}}
BASELINE

status=0
"$akgen" fidelity "$scratch/static" --baseline "$scratch/baseline.json" >"$scratch/out.txt" || status=$?
[ "$status" = 1 ] || { cat "$scratch/out.txt"; fail "exit status $status with a regression, expected 1"; }
grep -qF "regression  static level2/Norm/RmsNorm case 0  pass -> sim_error  rms_norm.cpp:88: error: [ub-overflow]" \
  "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "the regression is not listed with its diagnostic"; }
grep -qF "new pass    static level1/Math/Sasum case 0  wrong_answer -> pass" "$scratch/out.txt" ||
  { cat "$scratch/out.txt"; fail "the new pass is not listed"; }
grep -qF "1 baseline entry not run" "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "the dynamic entry is not counted as not run"; }
[ "$(tail -n 1 "$scratch/out.txt")" = "1 regressions, 1 new passes" ] || { cat "$scratch/out.txt"; fail "wrong summary line"; }

"$akgen" fidelity "$scratch/static" --baseline "$scratch/baseline.json" --update >"$scratch/out.txt" ||
  { cat "$scratch/out.txt"; fail "--update failed"; }
grep -q '"0": "sim_error"' "$scratch/baseline.json" || { cat "$scratch/baseline.json"; fail "--update kept the old verdict"; }
out=$("$akgen" fidelity "$scratch/static" --baseline "$scratch/baseline.json") || fail "a check after --update fails: $out"
[ "$(tail -n 1 <<<"$out")" = "0 regressions, 0 new passes" ] || fail "after --update: $out"

printf '{"format": 1,\n "verdicts": {\n  "static": {"a": {"0": pass}}}}\n' >"$scratch/bad.json"
status=0
err=$("$akgen" fidelity "$scratch/static" --baseline "$scratch/bad.json" 2>&1 >/dev/null) || status=$?
[ "$status" = 2 ] || fail "exit status $status for a malformed baseline, expected 2"
grep -qF "$scratch/bad.json: not valid JSON: parse error at line 3" <<<"$err" || fail "malformed baseline: $err"
echo "fidelity: regression found, baseline updated, malformed baseline named"
