#!/usr/bin/env bash
# The client package installs with pip where no index is reachable, and a stand-in GRPO trainer
# (python/akgen-client/examples/grpo_standin.py) gets the same rewards through each adapter of it:
# veRL's compute_score and compute_score_batch, TRL's reward function, OpenRLHF's route, async batches.
source "$(dirname "$0")/../scratch.sh"
client=$(cd "$(dirname "$0")/../../../python/akgen-client" && pwd)
/usr/bin/python3 -m venv "$scratch/venv" >"$scratch/venv.log" 2>&1 || fail "python3 -m venv failed (python3-venv)"
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$scratch/venv/bin/pip" install "$client" >"$scratch/pip.log" 2>&1 ||
  fail "pip install of the client failed"
server_pid=""
trap '[ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null; rm -rf "$scratch"' EXIT
"$akgen" serve --port 0 --state "$scratch/state" --cache "$scratch/cache" --jobs 2 >"$scratch/serve.out" 2>"$scratch/serve.log" &
server_pid=$!
for _ in $(seq 100); do grep -q "listening on" "$scratch/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$scratch/serve.out") || fail "the server did not start"
# From another folder, so the installed package is imported, not the source tree.
cd "$scratch"
"$scratch/venv/bin/python" "$client/examples/grpo_standin.py" --url "$url" --suite "$suite" >"$scratch/trainer.log" 2>&1 ||
  fail "the stand-in trainer failed"
"$scratch/venv/bin/python" -c 'import akgen_client, sys; sys.exit("site-packages" not in akgen_client.__file__)' ||
  fail "akgen_client was not imported from the installed package"
grep -c "reward" "$scratch/trainer.log" | grep -qx 40 || fail "expected 40 scored samples (5 adapters x 2 tasks x 4)"
echo "trainer_adapters: ok"
