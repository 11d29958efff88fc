#!/usr/bin/env bash
# The cache's bound: an evaluation under --cache-size 1K ends with its builds and goldens evicted
# (they were only protected while its units ran; the oracle's compiled binding stays) and a second
# one rebuilds them and passes again;
# `akgen cache du` reports the kinds, `akgen cache prune` evicts a full cache down to a size now,
# and a size that is no size is refused before anything runs.
source "$(dirname "$0")/scratch.sh"
cache="$scratch/cache"

"$akgen" eval "$suite" --task Muls --shape-mode dynamic --out "$scratch/first" --cache "$cache" --cache-size 1K \
  >"$scratch/first.log" 2>&1 || fail "the bounded evaluation failed"
grep -q "Verdicts over 6 (sample, case) records: pass 6" "$scratch/first.log" || fail "Muls did not pass"
# What stays is the binding, which counts toward the bound but is never evicted.
grep -Eq "^cache: [0-9]+ least recently used entries evicted, ([0-9.]+ [KMG]iB) of 1.0 KiB kept \(the oracle's task bindings, never evicted, hold \1\)" \
  "$scratch/first.log" || fail "no eviction line at the end of the bounded evaluation"
"$akgen" cache du --cache "$cache" >"$scratch/du.log" 2>&1 || fail "cache du failed"
grep -q "^build: 0 B in 0 entries" "$scratch/du.log" || fail "builds left in a 1K cache"
# Only the oracle's compiled binding stays: it is never evicted.
[ "$(ls "$cache/golden")" = "pybind-modules" ] || fail "goldens left in a 1K cache: $(ls "$cache/golden")"
grep -Eq "^golden: [0-9.]+ MiB in 1 entries" "$scratch/du.log" || fail "du does not count the binding"

# Nothing cached any more: the same evaluation builds everything again and still passes.
"$akgen" eval "$suite" --task Muls --shape-mode dynamic --out "$scratch/second" --cache "$cache" \
  >"$scratch/second.log" 2>&1 || fail "the unbounded evaluation failed"
grep -q "Verdicts over 6 (sample, case) records: pass 6" "$scratch/second.log" || fail "Muls did not pass again"
"$akgen" cache du --cache "$cache" >"$scratch/du2.log" 2>&1 || fail "cache du failed"
grep -Eq "^build: [0-9.]+ [KMG]iB in [1-9][0-9]* entries" "$scratch/du2.log" || fail "the second run cached no build"
grep -Eq "^golden: [0-9.]+ [KMG]iB in [1-9][0-9]* entries" "$scratch/du2.log" || fail "the second run cached no golden"

"$akgen" cache prune --cache "$cache" --cache-size 0 >"$scratch/prune.log" 2>&1 || fail "cache prune failed"
grep -Eq "^builds and golden outputs: [0-9.]+ [KMG]iB -> ([0-9.]+ [KMG]iB) \(limit 0 B\), [1-9][0-9]* least recently used entries evicted" \
  "$scratch/prune.log" || fail "prune did not empty the cache"
grep -Eq "^[0-9.]+ [KMG]iB are the oracle's compiled task bindings, which are never evicted" "$scratch/prune.log" ||
  fail "prune does not say what it kept"

if "$akgen" eval "$suite" --task Muls --out "$scratch/bad" --cache "$cache" --cache-size 12X >"$scratch/bad.log" 2>&1; then
  fail "a cache size of 12X was accepted"
fi
grep -q "akgen eval: --cache-size 12X: give a size such as 16G, 500M or 2T" "$scratch/bad.log" || fail "no message for 12X"
[ ! -e "$scratch/bad" ] || fail "a refused command wrote its out folder"
if "$akgen" cache du --cache "$scratch/nowhere" >"$scratch/nowhere.log" 2>&1; then fail "du of a missing cache succeeded"; fi
grep -q "is no folder; name the cache with --cache" "$scratch/nowhere.log" || fail "no message for a missing cache"
echo "cache: bounded, measured and pruned"
