#!/usr/bin/env bash
# Candidates per core-hour, now and at the baseline commit, measured in one run on this machine.
#
# Usage: scripts/bench-throughput.sh [AKGEN [SUITE [FILTER...]]]
#   AKGEN   the akgen to measure (default build/bin/akgen)
#   SUITE   builtin (default: this checkout's suite/, the built-in answers) or an NPUKernelBench tasks/ tree
#   FILTER  akgen eval filters, e.g. --level 1 or --task Muls Gelu
# Environment: THROUGHPUT_JOBS (default nproc), BASELINE_REV, THROUGHPUT_DIR (default build/throughput).
#
# Both versions evaluate the suite's answers in dynamic mode (every case) twice, each from a cache
# of its own: first with everything cold (goldens, task bindings, builds: a task's first evaluation),
# then again with only the task-level entries kept (goldens, reference times) and the builds and
# staged candidates removed, which is what a new candidate for a known task costs. Candidates per
# core-hour = units / (wall seconds x jobs / 3600). Every case must have the same verdict in all
# four runs and the same simulated time in this version's two; a difference fails the command. The
# times against the baseline are reported (its data cache followed ASLR, so they vary slightly).
#
# The baseline is the last commit before the throughput work of issue 30 (a python interpreter per
# oracle step, the task bindings compiled without a precompiled prefix, runners linked with the
# simulator's debug information). It is built once from `git archive` into THROUGHPUT_DIR/baseline,
# so the checkout needs its history back to that commit.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
akgen=$(realpath "${1:-$repo/build/bin/akgen}")
suite=${2:-builtin}
shift $(($# < 2 ? $# : 2))
filters=("$@")
[[ $suite == builtin ]] && suite=$repo/suite
suite=$(realpath "$suite")
jobs=${THROUGHPUT_JOBS:-$(nproc)}
baseline_rev=${BASELINE_REV:-2e81426}
work=$(realpath -m "${THROUGHPUT_DIR:-$repo/build/throughput}")
mkdir -p "$work"

build_baseline() {
  local source=$work/baseline/source build=$work/baseline/build
  if [[ -x $build/bin/akgen && $(cat "$work/baseline/rev" 2>/dev/null) == "$baseline_rev" ]]; then return; fi
  if ! git -C "$repo" cat-file -e "$baseline_rev^{commit}" 2>/dev/null; then
    echo "bench-throughput: commit $baseline_rev is not in this checkout's history (a shallow clone?): run" \
      "'git fetch --unshallow' or set BASELINE_REV to a commit you have" >&2
    exit 2
  fi
  echo "building the baseline $baseline_rev in $work/baseline (once) ..." >&2
  rm -rf "$work/baseline"
  mkdir -p "$source"
  git -C "$repo" archive "$baseline_rev" | tar -x -C "$source"
  cmake -S "$source" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" -j "$jobs" --target akgen >/dev/null
  echo "$baseline_rev" >"$work/baseline/rev"
}

# A cache of its own for each version, outside any private folder (the sandbox reads builds as
# another user); removed at exit.
caches=$(mktemp -d /var/tmp/akgen-throughput-XXXXXX)
chmod 755 "$caches"
trap 'rm -rf "$caches"' EXIT

# Evaluates the suite's answers with $1 into results folder $2 and cache $3; prints the wall seconds.
timed_eval() {
  rm -rf "$2"
  local start end
  start=$(date +%s.%N)
  if ! "$1" eval "$suite" --solutions answer --shape-mode dynamic --jobs "$jobs" --cache "$3" --out "$2" \
    "${filters[@]}" >"$2.log" 2>&1; then
    echo "bench-throughput: $1 eval failed; its output is in $2.log" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'
}

# Keeps what belongs to the tasks (goldens, bindings, reference times) and drops what belongs to
# the candidates (builds, staged copies).
forget_candidates() {
  local entry
  for entry in "$1"/*; do
    case $(basename "$entry") in golden | reference-timing) ;; *) rm -rf "$entry" ;; esac
  done
}

build_baseline
declare -A wall
for version in baseline now; do
  binary=$akgen
  [[ $version == baseline ]] && binary=$work/baseline/build/bin/akgen
  cache=$caches/$version
  mkdir -p "$cache"
  echo "measuring $version: every cache cold ..." >&2
  wall[$version-cold]=$(timed_eval "$binary" "$work/$version-cold" "$cache")
  forget_candidates "$cache"
  echo "measuring $version: goldens cached, builds cold ..." >&2
  wall[$version-warm]=$(timed_eval "$binary" "$work/$version-warm" "$cache")
done

python3 "$repo/scripts/throughput_table.py" --jobs "$jobs" --baseline-rev "$baseline_rev" \
  --wall "baseline-cold=${wall[baseline-cold]}" "baseline-warm=${wall[baseline-warm]}" \
  "now-cold=${wall[now-cold]}" "now-warm=${wall[now-warm]}" --results "$work"
