#!/usr/bin/env bash
# Runs every example under examples/ in order on the simulator (what `make run` does) and prints,
# per example, what it computed and PASS/FAIL. Exits non-zero when any example fails.
# Usage: scripts/run-examples.sh [AKGEN]   (default: build/bin/akgen)
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
akgen=${1:-$repo/build/bin/akgen}
if [ ! -x "$akgen" ]; then
  echo "run-examples: $akgen is not an executable; build first (make build)" >&2
  exit 2
fi
akgen=$(cd "$(dirname "$akgen")" && pwd)/$(basename "$akgen")

passed=0
failed=0
for example in "$repo"/examples/[0-9][0-9]_*/; do
  name=$(basename "$example")
  log="$example/build/run.log"
  mkdir -p "$example/build"
  if "$repo/examples/common/run_example.sh" "$example" "$akgen" >"$log" 2>&1 && grep -q '^test pass$' "$log"; then
    verdict=PASS
    passed=$((passed + 1))
  else
    verdict=FAIL
    failed=$((failed + 1))
  fi
  printf '%-28s %s\n' "$name" "$verdict"
  # The verifier's summary lines: what the kernel computed against the numpy golden.
  grep -E '^[^[].*: [0-9]+ values, ' "$log" | sed 's/^/    /'
  if [ "$verdict" = FAIL ]; then
    echo "    --- last lines of examples/$name/build/run.log ---"
    tail -n 15 "$log" | sed 's/^/    | /'
  fi
done
echo "examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
