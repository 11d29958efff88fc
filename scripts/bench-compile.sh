#!/usr/bin/env bash
# Warm compile time of example 01 (kernel + host program) with `akgen cc`: one untimed run fills
# the page cache, then the median of three timed runs is printed. The target is at most 2 seconds.
# Usage: scripts/bench-compile.sh [AKGEN]   (default: build/bin/akgen; flags: $AKGEN_EXAMPLE_CFLAGS)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
akgen=${1:-$repo/build/bin/akgen}
example=$repo/examples/01_add_double_buffer
target_seconds=2
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT

compile() {
  # shellcheck disable=SC2086  # the flags are a word list
  "$akgen" cc ${AKGEN_EXAMPLE_CFLAGS:--O1} -I "$repo/examples/common" -o "$output/prog" \
    "$example/main.cpp" "$example/add_double_buffer.cpp"
}

compile  # warm-up
times=()
for _ in 1 2 3; do
  start=$(date +%s.%N)
  compile
  end=$(date +%s.%N)
  times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')")
done
median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 2p)
printf 'akgen cc, example 01 (kernel + main), warm: median %.2f s of 3 runs (%s) - target <= %d s: %s\n' \
  "$median" "$(printf '%.2f ' "${times[@]}" | sed 's/ $//')" "$target_seconds" \
  "$(awk -v m="$median" -v t="$target_seconds" 'BEGIN { print (m <= t ? "met" : "MISSED") }')"
