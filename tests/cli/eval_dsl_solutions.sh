#!/usr/bin/env bash
# The DSL on the command line, on the built-in Sqrt task's DSL solution:
#  1. akgen craft check passes it; akgen craft compile writes NPUKernelBench's full layout;
#  2. akgen eval --solutions dsl compiles every answer/dsl/*.craft of a task (in name order) and
#     evaluates them as samples: the solution passes and is timed against the hand-written answer,
#     and a program with an unknown name is a compile_error carrying its diagnostic.
source "$(dirname "$0")/scratch.sh"
program="$suite/level1/Math/Sqrt/answer/dsl/sqrt.craft"

"$akgen" craft check "$program" >"$scratch/check.log" 2>&1 || fail "the Sqrt solution does not check"
"$akgen" craft compile "$program" -o "$scratch/compiled" >"$scratch/compile.log" 2>&1 || fail "it does not compile"
for file in op_host/sqrt.cpp op_host/sqrt_tiling.h op_kernel/sqrt.cpp; do
  [ -s "$scratch/compiled/$file" ] || fail "compile wrote no $file"
done

tree="$scratch/tree/level1/Math"
mkdir -p "$tree"
cp -r "$suite/level1/Math/Sqrt" "$tree/"
sed 's/xf = sqrt(xf)/xf = sqrt(xg)/' "$program" >"$tree/Sqrt/answer/dsl/broken.craft"
chmod -R a+rX "$scratch/tree"
"$akgen" eval "$scratch/tree" --solutions dsl --out "$scratch/out" --cache "$scratch/cache" >"$scratch/eval.log" 2>&1 ||
  fail "the evaluation failed"
grep -q "1 DSL programs compiled, 1 with errors" "$scratch/eval.log" || fail "the compile summary is missing"
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected records: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = {r["sample"]: r for r in map(json.loads, open(sys.argv[1]))}
broken, solution = records[0], records[1]
assert broken["verdict"] == "compile_error", broken
assert "broken.craft:" in broken["details"]["detail"] and "[unknown-name]" in broken["details"]["detail"], broken
assert solution["verdict"] == "pass", solution
assert solution["details"]["reference_us"] > 0 and solution["details"]["simulated_us"] > 0, solution
CHECK
grep -q "speedup_vs_reference" "$scratch/eval.log" || fail "no speedup against the hand-written answer"
echo "craft: check, compile, and eval --solutions dsl with a pass and a compile_error"
