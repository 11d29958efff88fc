#!/usr/bin/env bash
# The direct route's repair loop against a real HTTP server (scripted replies), on the built-in
# Muls task, two samples, three rounds:
#  1. round 1 answers (after one 429, retried) a kernel that does not compile: compile_error;
#  2. round 2's follow-up holds the compiler's diagnostic with the kernel line; the answer computes
#     the wrong formula: wrong_answer;
#  3. round 3's follow-up holds the failing case and mismatching values; the answer passes.
# The final records say round 3; the tables show pass@1 and pass@2 after each round. A rerun asks
# the server nothing.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"

python3 "$(dirname "$0")/generate/muls_replies.py" "$suite" "$scratch"
cat >"$scratch/script.json" <<'SCRIPT'
{"rules": [
  {"contains": "Wrong results", "content_file": "right.txt", "reasoning": "the formula was wrong"},
  {"contains": "error:", "content_file": "adds.txt", "reasoning": "add the semicolon"},
  {"content_file": "broken.txt", "reasoning": "first try", "fail_first": 1}
]}
SCRIPT
start_server "$scratch/script.json" "$scratch/requests.jsonl"

cd "$scratch"
generate=("$akgen" generate builtin --base-url "$base_url" --model kernel-writer -n 2 --rounds 3 --task Muls
          --out out --eval --cache cache)
"${generate[@]}" >generate.log 2>&1 || fail "akgen generate failed"

python3 - <<'CHECK' || fail "unexpected generation results"
import json
requests = [json.loads(line) for line in open("requests.jsonl")]
# One 429, then one request with n=2 per round (both samples share each conversation).
assert len(requests) == 4, len(requests)
assert all(r["model"] == "kernel-writer" and r["n"] == 2 for r in requests), requests
first = requests[1]["messages"]
assert len(first) == 1 and "Muls" in first[0]["content"] and "================== op_kernel/muls.cpp" in first[0]["content"]
repair = requests[2]["messages"]
assert [m["role"] for m in repair] == ["user", "assistant", "user"], [m["role"] for m in repair]
assert "first try" not in repair[1]["content"], "the reasoning went back into the conversation"
assert "op_kernel/muls.cpp:37:13: error: expected ';'" in repair[2]["content"], repair[2]["content"]
values = requests[3]["messages"][-1]["content"]
assert "Wrong results on case 0" in values and "first at index 0: expected" in values and ", got " in values, values

for r in range(1, 4):
    records = [json.loads(line) for line in open(f"out/rounds/{r}/results.jsonl")]
    expected = {1: "compile_error", 2: "wrong_answer", 3: "pass"}[r]
    assert [x["verdict"] for x in records] == [expected] * 2, (r, records)
final = [json.loads(line) for line in open("out/results.jsonl")]
assert sorted((x["sample"], x["verdict"], x["details"]["round"]) for x in final) == [(0, "pass", 3), (1, "pass", 3)], final
rounds = json.load(open("out/rounds.json"))
assert [x["correct_rate"] for x in rounds] == [0.0, 0.0, 1.0], rounds
assert [x["compile_rate"] for x in rounds] == [0.0, 1.0, 1.0], rounds
assert rounds[2]["pass_at_k"] == {"1": 1.0, "2": 1.0}, rounds
generation = json.load(open("out/samples/level1/Math/Muls/sample1/generation.json"))
assert generation["round"] == 3 and generation["reasoning"] == "the formula was wrong", generation
assert generation["files"] == ["op_host/muls.cpp", "op_host/muls_tiling.h", "op_kernel/muls.cpp"], generation
assert len(generation["messages"]) == 5 and generation["finish_reason"] == "stop", generation
CHECK
grep -q "pass@2 = 1.0000" generate.log || fail "no pass@2 in the report"
grep -Eq "^\|\s+3 \|\s+2 \|" generate.log || fail "no per-round table"
# The page has the per-round table too: compile and correct rates after each round.
python3 - <<'PAGE' || fail "out/report.html lacks the per-round table"
import re
page = open("out/report.html").read()
rows = re.findall(r"<tr><td>(\d)</td><td>2</td><td>2</td><td>([\d.]+)</td><td>([\d.]+)</td><td>([\d.]+)</td>", page)
assert [(r[0], r[2], r[3]) for r in rows] == [("1", "0.000", "0.000"), ("2", "1.000", "0.000"), ("3", "1.000", "1.000")], rows
assert "Rounds: what each repair round bought" in page and '<details class="task" data-task="level1/Math/Muls">' in page
PAGE

"${generate[@]}" >rerun.log 2>&1 || fail "the rerun failed"
[ "$(wc -l <requests.jsonl)" -eq 4 ] || fail "the rerun asked the server again"
grep -q "0 answers from the server, 0 from the cache, 6 candidates already generated" rerun.log ||
  fail "the rerun did not resume from the rounds on disk"
echo "generate: compile_error, wrong_answer and pass over three rounds, with the feedback in each follow-up"
