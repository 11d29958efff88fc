#!/usr/bin/env bash
# akgen tasks --lint on fixture tasks (tests/bench/data/lint_tasks), one per kind of finding and one
# clean, through the real python oracle: each defect is found once and in its own task, the clean
# task has none, and the exit status is 1 with findings, 0 without and 2 for a path that is no tree.
set -euo pipefail
akgen=$1
tasks=$2
findings=$(mktemp)
trap 'rm -f "$findings"' EXIT

status=0
"$akgen" tasks "$tasks" --lint --json >"$findings" 2>/dev/null || status=$?
[ "$status" = 1 ] || { echo "tasks --lint: exit status $status with findings, expected 1"; cat "$findings"; exit 1; }
python3 - "$findings" <<'PYTHON'
import json
import sys

found = sorted((f["task"], f["kind"], f.get("column", ""), f.get("case_id", "")) for f in json.load(open(sys.argv[1])))
expected = sorted([
    ("level1/Math/AddOneRandInt", "input-generation", "", "1"),
    ("level1/Math/AxpyAlphaIgnored", "ignored-column", "alpha", "1"),
    ("level1/Math/MulsScaleUnread", "unread-column", "scale", ""),
    ("level2/Activation/ReluRepeatedCase", "duplicate-case", "", "2"),
    ("level2/Activation/SigmoidLooseCheck", "loose-tolerance", "", "1"),
])
if found != expected:
    sys.exit(f"tasks --lint found {found}\nexpected {expected}")
PYTHON

clean=$("$akgen" tasks "$tasks" --lint --task MulsClean 2>/dev/null) || { echo "tasks --lint: a clean task fails: $clean"; exit 1; }
grep -q "^0 findings in 0 of 1 tasks" <<<"$clean" || { echo "tasks --lint on a clean task printed: $clean"; exit 1; }

status=0
"$akgen" tasks "$tasks/no-such-tree" --lint >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || { echo "tasks --lint: exit status $status for a missing tree, expected 2"; exit 1; }
echo "tasks --lint: 5 defects found in their tasks, none in the clean one"
