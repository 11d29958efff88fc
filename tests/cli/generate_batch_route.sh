#!/usr/bin/env bash
# `akgen generate`'s offline route, with no server at all: --emit-requests writes OpenAI Batch input
# lines and stops; a python snippet plays the batch service and writes the output files; --responses
# reads them back. On the built-in Muls task, 2 samples, 2 rounds, --eval:
#  1. the first run writes 2 request lines (custom_id, POST, /v1/chat/completions, body with model
#     and messages) and exits 0 without evaluating;
#  2. with the answers (sample 0 right, sample 1 not compiling) round 1 is judged and the one repair
#     request (sample 1, round 2) is written, carrying the compiler's diagnostic;
#  3. with its answer the run completes from the batch output and the cache: both samples pass,
#     sample 1 at round 2;
#  4. a changed prompt does not take the answers of a stale output file (the custom_id holds a hash
#     of the request);
#  5. a custom_id the batch failed (an HTTP status, an error object) leaves its sample unanswered with
#     a `problem:` naming the file, and the exit status is 1.
# Arguments: akgen, the built-in suite.
source "$(dirname "$0")/scratch.sh"
here="$(cd "$(dirname "$0")" && pwd)"
cd "$scratch"
mkdir replies
python3 "$here/generate/muls_replies.py" "$suite" replies

# The batch service: `batch.py REQUESTS OUTPUT s0=REPLY s1=REPLY …` answers the request of sample i
# with the file REPLY, or fails it: `status429` (an HTTP error response), `error` (an error object).
cat >batch.py <<'BATCH'
import json, re, sys
requests, output, plan = sys.argv[1], sys.argv[2], dict(arg.split("=") for arg in sys.argv[3:])
records = []
for number, line in enumerate(open(requests)):
    request = json.loads(line)
    sample = re.search(r"#(s\d+)#r\d+#[0-9a-f]{12}$", request["custom_id"]).group(1)
    reply = plan[sample]
    record = {"id": f"batch_req_{number}", "custom_id": request["custom_id"], "error": None}
    if reply == "status429":
        record["response"] = {"status_code": 429, "request_id": f"req_{number}",
                              "body": {"error": {"message": "Rate limit reached", "type": "rate_limit_error", "code": None}}}
    elif reply == "error":
        record["response"] = None
        record["error"] = {"code": "batch_expired", "message": "This request could not be executed before the completion window expired."}
    else:
        body = {"id": f"chatcmpl-{number}", "object": "chat.completion", "created": 0, "model": request["body"]["model"],
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": open(reply).read()}}],
                "usage": {"prompt_tokens": 1000, "completion_tokens": 500, "total_tokens": 1500}}
        record["response"] = {"status_code": 200, "request_id": f"req_{number}", "body": body}
    records.append(record)
# The service answers in any order: the last request first.
with open(output, "w") as out:
    for record in reversed(records):
        print(json.dumps(record), file=out)
BATCH
run() {  # run LOG ARGS…: akgen generate on Muls with the test's fixed options; leaves its status in $status
  local log=$1
  shift
  status=0
  "$akgen" generate builtin --model m --task Muls --cache "$scratch/cache" "$@" >"$log" 2>&1 || status=$?
}

# 1. The requests of round 1, and nothing else.
run emit1.log -n 2 --rounds 2 --eval --out out --emit-requests req1.jsonl
[ "$status" = 0 ] || fail "the first run exited $status"
grep -q "2 requests of round 1 written to req1.jsonl" emit1.log || fail "the first run does not say what it wrote"
[ ! -e out/rounds/1/results.jsonl ] && [ ! -e out/results.jsonl ] || fail "the first run evaluated something"
python3 - req1.jsonl <<'CHECK' >check1.log 2>&1 || fail "req1.jsonl is not 2 Batch input lines"
import json, re, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
assert len(lines) == 2, lines
for sample, line in enumerate(lines):
    assert set(line) == {"custom_id", "method", "url", "body"}, line.keys()
    assert re.fullmatch(rf"level1/Math/Muls#s{sample}#r1#[0-9a-f]{{12}}", line["custom_id"]), line["custom_id"]
    assert line["method"] == "POST" and line["url"] == "/v1/chat/completions", line
    body = line["body"]
    assert body["model"] == "m" and body.get("n", 1) == 1, body
    assert [m["role"] for m in body["messages"]] == ["user"], body["messages"]
    assert "op_kernel/muls.cpp" in body["messages"][0]["content"], "not the Muls prompt"
assert lines[0]["body"] == lines[1]["body"] and lines[0]["custom_id"] != lines[1]["custom_id"]
CHECK

# 2. Round 1 answered by the batch and judged; the one repair request written.
python3 batch.py req1.jsonl out1.jsonl s0=replies/right.txt s1=replies/broken.txt
run emit2.log -n 2 --rounds 2 --eval --out out --responses out1.jsonl --emit-requests req2.jsonl
[ "$status" = 0 ] || fail "the second run exited $status"
grep -q "1 request of round 2 written to req2.jsonl" emit2.log || fail "the second run does not write round 2's request"
grep -q "0 answers from the server, 2 from the cache" emit2.log || fail "round 1 was not answered by out1.jsonl"
python3 - out/rounds/1/results.jsonl req2.jsonl <<'CHECK' >check2.log 2>&1 || fail "round 1's verdicts or req2.jsonl are wrong"
import json, re, sys
verdicts = {r["sample"]: r["verdict"] for r in map(json.loads, open(sys.argv[1]))}
assert verdicts == {0: "pass", 1: "compile_error"}, verdicts
lines = [json.loads(line) for line in open(sys.argv[2])]
assert len(lines) == 1, [line["custom_id"] for line in lines]
assert re.fullmatch(r"level1/Math/Muls#s1#r2#[0-9a-f]{12}", lines[0]["custom_id"]), lines[0]["custom_id"]
messages = lines[0]["body"]["messages"]
assert [m["role"] for m in messages] == ["user", "assistant", "user"], messages
assert "CopyIn(offset, count)\n" in messages[1]["content"], "the broken answer is not in the conversation"
assert "op_kernel/muls.cpp:" in messages[2]["content"] and "error:" in messages[2]["content"], messages[2]["content"]
CHECK

# 3. Round 2 answered: the run completes from out2.jsonl (round 1 is on disk and in the cache).
python3 batch.py req2.jsonl out2.jsonl s1=replies/right.txt
run final.log -n 2 --rounds 2 --eval --out out --responses out2.jsonl
[ "$status" = 0 ] || fail "the last run exited $status"
grep -q "0 answers from the server, 1 from the cache, 2 candidates already generated" final.log ||
  fail "the last run did not take round 2 from out2.jsonl alone"
python3 - out <<'CHECK' >check3.log 2>&1 || fail "the final results are wrong"
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
records = {r["sample"]: r for r in map(json.loads, open(out / "results.jsonl"))}
assert sorted(records) == [0, 1], records
assert all(r["verdict"] == "pass" for r in records.values()), records
assert records[0]["details"]["round"] == 1 and records[1]["details"]["round"] == 2, records
for sample, round in [(0, 1), (1, 2)]:
    generation = json.load(open(out / f"samples/level1/Math/Muls/sample{sample}/generation.json"))
    assert generation["round"] == round and generation["from_cache"], generation
assert not (out / "rounds/2/samples/level1/Math/Muls/sample0").exists(), "sample 0 was repaired though it passed"
assert len(json.load(open(out / "rounds.json"))) == 2
CHECK

# 4. A changed prompt: the stale output's custom_ids do not match, so both requests are written again.
mkdir prompts
sed '1s/^/Keep the kernel short.\n/' "$here/../../gen/prompts/direct_full.md" >prompts/direct_full.md
run stale.log -n 2 --rounds 2 --eval --out stale --prompts prompts --responses out1.jsonl --emit-requests req3.jsonl
[ "$status" = 0 ] || fail "the run with a changed prompt exited $status"
grep -q "0 answers from the server, 0 from the cache" stale.log || fail "a stale answer was taken for a changed prompt"
python3 - req1.jsonl req3.jsonl <<'CHECK' >check4.log 2>&1 || fail "the changed prompt's requests are wrong"
import json, sys
old, new = ([json.loads(line) for line in open(path)] for path in sys.argv[1:])
assert len(new) == 2 and new[0]["body"]["messages"][0]["content"].startswith("Keep the kernel short."), new
for before, after in zip(old, new):
    assert before["custom_id"] != after["custom_id"], after["custom_id"]
    assert before["custom_id"].rsplit("#", 1)[0] == after["custom_id"].rsplit("#", 1)[0]  # only the hash differs
CHECK

# 5. Requests the batch failed: their samples get no answer, each with a problem naming the file.
run emit5.log -n 3 --out failed --emit-requests req5.jsonl
[ "$status" = 0 ] || fail "the run emitting 3 requests exited $status"
python3 batch.py req5.jsonl out5.jsonl s0=replies/right.txt s1=status429 s2=error
run failed.log -n 3 --out failed --responses out5.jsonl
[ "$status" = 1 ] || fail "a run with failed batch requests exited $status, not 1"
grep -q "problem: level1/Math/Muls sample1 round1: out5.jsonl: .*HTTP status 429: Rate limit reached" failed.log ||
  fail "no problem line for the request that got status 429"
grep -q "problem: level1/Math/Muls sample2 round1: out5.jsonl: .*batch_expired: This request could not be executed" failed.log ||
  fail "no problem line for the request that got an error object"
grep -q "some samples got no answer" failed.log || fail "the run does not say that samples got no answer"
samples=failed/rounds/1/samples/level1/Math/Muls
[ -s "$samples/sample0/generation.json" ] || fail "the answered sample was not written"
[ ! -e "$samples/sample1" ] && [ ! -e "$samples/sample2" ] || fail "a failed request left a candidate"
# Without --emit-requests or --base-url, requests nobody answers are a clear error, not a bad URL.
run nowhere.log -n 4 --out failed --responses out5.jsonl --eval
[ "$status" = 1 ] || fail "a run with unanswerable requests exited $status"
grep -q "1 request of round 1 has no answer in out5.jsonl: give --emit-requests FILE" nowhere.log ||
  fail "no clear error for requests that cannot be sent"

# With --emit-requests, the requests the batch failed are written again for the next batch.
run retry.log -n 3 --out failed --responses out5.jsonl --emit-requests req6.jsonl
[ "$status" = 0 ] || fail "the run emitting the failed requests again exited $status"
grep -q "note: out5.jsonl: the batch failed level1/Math/Muls#s1#r1#.*; emitted again" retry.log ||
  fail "no note for the request emitted again"
ids=$(python3 -c 'import json, sys; print(" ".join(json.loads(l)["custom_id"].split("#r")[0] for l in open(sys.argv[1])))' req6.jsonl)
[ "$ids" = "level1/Math/Muls#s1 level1/Math/Muls#s2" ] || fail "req6.jsonl holds $ids, not exactly samples 1 and 2"
echo "generate: the batch route over 2 rounds with no server; stale and failed batch answers"
