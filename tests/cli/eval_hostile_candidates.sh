#!/usr/bin/env bash
# akgen eval on the built-in Muls task with hostile samples: each is the answer with a Hostile()
# call at the start of its tiling function (candidate host code runs only inside the sandbox).
#   sample0 looks for the harness's golden outputs   -> pass: it cannot see them (seeing them fails the tiling)
#   sample1 connects to a listener on 127.0.0.1      -> pass: no network (a connection fails the tiling)
#   sample2 loops forever                            -> timeout on its first case; its other five
#                                                       cases are recorded not run, not run to the limit
#   sample3 forks without end                        -> timeout or crash, and the evaluation goes on
set -euo pipefail
akgen=$1
suite=$2
scratch=$(mktemp -d)
listener=""
trap 'rm -rf "$scratch"; [ -z "$listener" ] || kill "$listener" 2>/dev/null || true' EXIT
chmod 755 "$scratch"
cache="$scratch/cache"

# The listener the network probe would reach without the sandbox.
python3 -c 'import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8)
print(s.getsockname()[1], flush=True); time.sleep(600)' >"$scratch/port" &
listener=$!
for _ in $(seq 50); do [ -s "$scratch/port" ] && break; sleep 0.1; done
port=$(cat "$scratch/port")

# The golden cache exists before the hostile run: evaluate the answer first.
"$akgen" eval "$suite" --task Muls --shape-mode dynamic --out "$scratch/answer" --cache "$cache" >"$scratch/answer.log" 2>&1 ||
  { cat "$scratch/answer.log"; exit 1; }
[ -d "$cache/golden" ] || { echo "no golden cache at $cache/golden"; exit 1; }

hostile() {  # hostile SAMPLE BODY: the answer with `static bool Hostile() { BODY }` run first in its tiling
  local sample="$scratch/samples/level1/Math/Muls/$1"
  mkdir -p "$sample"
  cp -r "$suite/level1/Math/Muls/answer/0/op_host" "$suite/level1/Math/Muls/answer/0/op_kernel" "$sample/"
  local host="$sample/op_host/muls.cpp"
  { printf '#include <arpa/inet.h>\n#include <filesystem>\n#include <netinet/in.h>\n#include <sys/socket.h>\n'
    printf '#include <unistd.h>\nstatic bool Hostile() { %s }\n' "$2"
    cat "$suite/level1/Math/Muls/answer/0/op_host/muls.cpp"; } >"$host"
  sed -i '/TilingFunc(gert::TilingContext\* context)$/{n;s/{/{\n    if (Hostile()) return ge::GRAPH_FAILED;/}' "$host"
  grep -q "if (Hostile())" "$host"
}
hostile sample0 "return std::filesystem::exists(\"$cache/golden\");"
hostile sample1 "int s = socket(AF_INET, SOCK_STREAM, 0); sockaddr_in a{}; a.sin_family = AF_INET;
  a.sin_port = htons($port); a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return s >= 0 && connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;"
hostile sample2 "for (volatile unsigned long i = 0;; i = i + 1) {} return true;"
hostile sample3 "for (;;) fork(); return true;"

"$akgen" eval "$suite" --task Muls --shape-mode dynamic --solutions "$scratch/samples" --out "$scratch/hostile" \
  --cache "$cache" --timeout 5 >"$scratch/hostile.log" 2>&1 || true
python3 - "$scratch/hostile/results.jsonl" <<'PY' || { cat "$scratch/hostile.log"; exit 1; }
import collections, json, sys
verdicts = collections.defaultdict(set)
looping = []
for line in open(sys.argv[1]):
    record = json.loads(line)
    verdicts[record["sample"]].add(record["verdict"])
    if record["sample"] == 2:
        looping.append(record)
ran = [r for r in looping if not r["details"].get("not_run")]
skipped = [r for r in looping if r["details"].get("not_run")]
if len(looping) != 6 or len(ran) != 1 or any(f"case {ran[0]['case']} of this unit timed out" not in r["details"]["reason"] for r in skipped):
    sys.exit(f"sample2: expected one case run to the limit and five recorded not run, got {looping}")
expected = {0: {"pass"}, 1: {"pass"}, 2: {"timeout"}, 3: {"timeout", "crash"}}
for sample, allowed in expected.items():
    if not verdicts[sample] or not verdicts[sample] <= allowed:
        sys.exit(f"sample{sample}: verdicts {sorted(verdicts[sample])}, expected {sorted(allowed)}")
print("hostile samples contained:", {s: sorted(v) for s, v in sorted(verdicts.items())})
PY
