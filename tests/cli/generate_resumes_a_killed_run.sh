#!/usr/bin/env bash
# A killed generation loses nothing: Muls is answered, then the run is killed while the server
# sits on Sqrt's request. The rerun (against a fresh server) takes Muls's answer from the response
# cache and asks only for Sqrt. --choices-per-request 1 asks for one sample at a time. A server that
# is not there stops the run with a clear error.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"
cd "$scratch"

cat >slow.json <<'SCRIPT'
{"rules": [
  {"contains": "Sqrt", "content": "<kernel_impl>late</kernel_impl>", "delay_seconds": 60},
  {"content": "<kernel_impl>\n__aicore__ void kernel() {}\n</kernel_impl>"}
]}
SCRIPT
start_server slow.json slow.jsonl
generate=("$akgen" generate builtin --model m --task Muls Sqrt --template kernel-only --jobs 1)
"${generate[@]}" --base-url "$base_url" --out out >killed.log 2>&1 &
run=$!
for _ in $(seq 300); do [ "$(wc -l <slow.jsonl)" -ge 2 ] && break; sleep 0.1; done
[ "$(wc -l <slow.jsonl)" -ge 2 ] || fail "the run never asked for Sqrt"
kill -9 "$run"
wait "$run" 2>/dev/null || true
head -1 slow.jsonl | grep -q "Muls" || fail "Muls was not asked first"

cat >fast.json <<'SCRIPT'
{"rules": [{"content": "<kernel_impl>\n__aicore__ void kernel() {}\n</kernel_impl>"}]}
SCRIPT
start_server fast.json fast.jsonl
"${generate[@]}" --base-url "$base_url" --out out >resumed.log 2>&1 || fail "the resumed run failed"
[ "$(wc -l <fast.jsonl)" -eq 1 ] || fail "the resumed run asked $(wc -l <fast.jsonl) times, not once"
grep -q "Sqrt" fast.jsonl || fail "the resumed run did not ask for Sqrt"
grep -q "1 answers from the server, 1 from the cache" resumed.log || fail "Muls did not come from the cache"
for task in Muls Sqrt; do
  [ -s "out/samples/level1/Math/$task/sample0/op_kernel/$(echo "$task" | tr A-Z a-z).cpp" ] || fail "no $task kernel"
done

# A server that refuses n > 1 is asked for one choice per request.
"$akgen" generate builtin --model m --task Muls -n 2 --choices-per-request 1 --out one --base-url "$base_url" \
  >one.log 2>&1 || fail "the run with one choice per request failed"
[ "$(tail -n 2 fast.jsonl | grep -c '"n":1')" -eq 2 ] || fail "two samples did not take two requests with n=1"

# Nothing listens on the port of a stopped server: a clear error, exit 1, nothing charged.
kill "${server_pids[-1]}"
wait "${server_pids[-1]}" 2>/dev/null || true
if "${generate[@]}" --base-url "$base_url" --no-cache --out out2 --attempts 2 >down.log 2>&1; then
  fail "a run against no server succeeded"
fi
grep -q "connection refused at $base_url/chat/completions" down.log || fail "no clear error: $(cat down.log)"
[ ! -e out2/samples ] || fail "a sample was written without an answer"
echo "generate: a killed run resumes from the response cache; no server is a clear error"
