#!/usr/bin/env bash
# akgen eval as a newcomer runs it: relative paths, a task tree and samples in a private (0700)
# folder, an --out folder that already exists, a case the task's own generator cannot make, a
# sample that does not compile, and a second run of the same command.
source "$(dirname "$0")/scratch.sh"
chmod 700 "$scratch"
cache=$(mktemp -d)
trap 'rm -rf "$scratch" "$cache"' EXIT
chmod 755 "$cache"

mkdir -p "$scratch/tree/level1/Math" "$scratch/out"
cp -r "$suite/level1/Math/Muls" "$scratch/tree/level1/Math/"
chmod -R go-rwx "$scratch/tree"
# Case 6 names a dtype torch does not have: the task's generator fails on it, for every candidate.
echo '6;[64];float17;1.0' >>"$scratch/tree/level1/Math/Muls/validation/test_cases.csv"
cd "$scratch"

if [ "$(id -u)" = 0 ]; then
  # The sandbox users cannot reach a cache in a private folder: a clear stop before any candidate.
  if "$akgen" eval tree --out private-run --cache private-cache >private.log 2>&1; then fail "private cache accepted"; fi
  grep -q "the cache folder .*private-cache/build cannot be used: .* is not searchable by the sandbox user" private.log ||
    fail "no clear error for a private cache"
  [ ! -e private-run/results.jsonl ] || fail "a private cache produced verdicts"
fi

"$akgen" eval tree --shape-mode dynamic --out out --cache "$cache" >first.log 2>&1 || fail "first run failed"
grep -q "Verdicts over 7 (sample, case) records: pass 6 task_error 1" first.log || fail "wrong verdicts"
grep -q "level1/Math/Muls sample0 case6: task_error (.*prepare_inputs.py:[0-9]*: get_inputs: AttributeError" first.log ||
  fail "the task_error line does not name the generator's file and line"
grep -q "1 cases cannot be evaluated because the task's own code fails on them" first.log || fail "no task_error note"
grep -q "| *1 *| *1 *| *100.0%" first.log || fail "the task is not judged correct on its other cases"
if grep -q "rerun\|problem:" first.log; then fail "a task fault is reported as a problem a rerun could fix"; fi

"$akgen" eval tree --shape-mode dynamic --out out --cache "$cache" >second.log 2>&1 || fail "second run failed"
grep -q "0 results recorded, 7 already in" second.log || fail "the second run evaluated again"

# A tree reached through a symlink in a public folder is as private as its target: staged as well.
ln -s "$scratch/tree" "$cache/linked-tree"
"$akgen" eval "$cache/linked-tree" --shape-mode dynamic --out linked --cache "$cache" >linked.log 2>&1 ||
  fail "the run through a symlink failed"
grep -q "Verdicts over 7 (sample, case) records: pass 6 task_error 1" linked.log || fail "a symlinked private tree: $(cat linked.log)"

if "$akgen" eval tree --solutions no-such-samples --out missing --cache "$cache" >missing.log 2>&1; then
  fail "a missing --solutions folder was accepted"
fi
grep -q "akgen eval: $scratch/no-such-samples: --solutions names no folder" missing.log || fail "no clear error for a missing --solutions folder"
[ ! -e missing/results.jsonl ] || fail "a missing --solutions folder produced records"

mkdir -p samples/level1/Math/Muls/sample0
cp -r tree/level1/Math/Muls/answer/0/. samples/level1/Math/Muls/sample0/
sed -i 's/^using namespace AscendC;/using namespace AscendC this_is_not_cpp;/' samples/level1/Math/Muls/sample0/op_kernel/muls.cpp
"$akgen" eval tree --solutions samples --out broken --cache "$cache" >broken.log 2>&1 || true
grep -q "level1/Math/Muls sample0 case0: compile_error (.*muls.cpp:[0-9]*:[0-9]*: error:" broken.log ||
  fail "the console does not show the compiler's first error"
# The sandbox compiled a staged copy of the private sample; the messages name the user's file.
grep -q "compile_error ($scratch/samples/level1/Math/Muls/sample0/op_kernel/muls.cpp:[0-9]*:[0-9]*: error:" broken.log ||
  fail "the compile error does not name the sample's own file"
# (The staged toolchain, -I…/staged/<hash>/include when the checkout itself is private, may show.)
if grep -q "/staged/[^ \"]*muls\.cpp" broken.log broken/results.jsonl; then fail "a message names the staged copy"; fi
echo "eval: relative paths and private folders work, task faults and compile errors are reported plainly"
