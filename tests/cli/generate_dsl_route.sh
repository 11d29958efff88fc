#!/usr/bin/env bash
# `akgen generate --mode dsl` against the scripted OpenAI server, on the built-in Muls task: the
# model's first program names an unknown variable, the repair turn gets the checker's diagnostic and
# the model answers with the task's DSL solution, which passes at round 2.
#  - the first request is the DSL prompt: the language reference and the programs of other Math
#    tasks, never Muls's own solution;
#  - round 1's sample is a compile_error whose compile_error.txt holds the checker's diagnostic, and
#    the follow-up request carries it (`[unknown-name]` at muls.craft:LINE);
#  - OUT/results.jsonl passes with details.round 2; OUT/samples/…/sample0 holds the compiled
#    op_host/ and op_kernel/, the program under dsl/, and generation.json with the reasoning kept
#    apart from the answer.
# Arguments: akgen, the built-in suite, akgen_scripted_server.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"
solution="$suite/level1/Math/Muls/answer/dsl/muls.craft"

mkdir -p "$scratch/script"
python3 - "$solution" "$scratch/script" <<'REPLIES'
import json, pathlib, sys
solution, out = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
broken = solution.replace("xf = muls(xf, value)", "xf = muls(xf, valeu)")
assert broken != solution, "the Muls solution no longer holds the line the test breaks"
answer = lambda program: "The plan: one tile loop, computed in f32.\n\n```craft\n" + program + "```\n"
(out / "broken.txt").write_text(answer(broken))
(out / "right.txt").write_text(answer(solution))
# The repair turn first: it is recognised by the diagnostic, so a follow-up without it gets no answer.
script = {"rules": [
    {"contains": "unknown name `valeu`", "content_file": "right.txt", "reasoning": "REASONING-ROUND-2: valeu is a typo"},
    {"contains": "Write the craft program for Muls.", "content_file": "broken.txt", "reasoning": "REASONING-ROUND-1"},
]}
(out / "script.json").write_text(json.dumps(script))
REPLIES
start_server "$scratch/script/script.json" "$scratch/requests.jsonl"

out="$scratch/out"
"$akgen" generate builtin --base-url "$base_url" --model m --mode dsl --task Muls -n 1 --rounds 2 --eval \
  --out "$out" --cache "$scratch/cache" >"$scratch/generate.log" 2>&1 || fail "akgen generate failed"
grep -q "round 1: 0 of 1 passed" "$scratch/generate.log" || fail "round 1 did not fail"
grep -q "round 2: 1 of 1 passed" "$scratch/generate.log" || fail "round 2 did not pass"

round1="$out/rounds/1/samples/level1/Math/Muls/sample0"
grep -q "muls.craft:29:21: error: unknown name \`valeu\` \[unknown-name\]" "$round1/compile_error.txt" ||
  fail "round 1's compile_error.txt lacks the checker's diagnostic: $(cat "$round1/compile_error.txt" 2>&1)"

final="$out/samples/level1/Math/Muls/sample0"
for file in op_host/muls.cpp op_host/muls_tiling.h op_kernel/muls.cpp dsl/muls.craft generation.json; do
  [ -s "$final/$file" ] || fail "the final sample has no $file"
done
cmp -s "$final/dsl/muls.craft" "$solution" || fail "the final sample's program is not round 2's answer"

python3 - "$scratch/requests.jsonl" "$out" "$solution" <<'CHECK' >"$scratch/check.log" 2>&1 || fail "unexpected outputs"
import json, pathlib, sys
requests = [json.loads(line) for line in open(sys.argv[1])]
out, solution = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]).read_text()
assert len(requests) == 2, f"{len(requests)} requests, expected 2"

# The DSL prompt: the reference, programs of other Math tasks, not the answer.
first = requests[0]["messages"]
assert [m["role"] for m in first] == ["user"], first
prompt = first[0]["content"]
assert "# craft: the kernel language you write in" in prompt, "no DSL reference in the prompt"
assert "## Axpby (level1/Math/Axpby;" in prompt and "op Axpby:" in prompt, "no DSL example of another Math task"
assert "level1/Math/Muls;" not in prompt and "# Muls: y = x * value" not in prompt, "the prompt shows Muls's own program"
assert "xf = muls(xf, value)" not in prompt, "the prompt holds Muls's solution"

# The follow-up: the conversation, then the checker's diagnostic with the program's file:line.
second = requests[1]["messages"]
assert [m["role"] for m in second] == ["user", "assistant", "user"], [m["role"] for m in second]
assert second[0]["content"] == prompt
assert "valeu" in second[1]["content"], "the follow-up does not repeat the broken answer"
assert "REASONING-ROUND-1" not in second[1]["content"], "the reasoning went back to the model as its answer"
feedback = second[2]["content"]
assert "[unknown-name]" in feedback and "muls.craft:29:" in feedback, feedback

# The final verdict: a pass from round 2.
records = [json.loads(line) for line in open(out / "results.jsonl")]
assert records and all(r["verdict"] == "pass" for r in records), records
assert all(r["task"] == "level1/Math/Muls" and r["sample"] == 0 and r["details"]["round"] == 2 for r in records), records
rounds = json.load(open(out / "rounds.json"))
assert rounds, rounds

# generation.json: round 2's conversation, its answer and its reasoning apart.
generation = json.load(open(out / "samples/level1/Math/Muls/sample0/generation.json"))
assert generation["route"] == "dsl" and generation["round"] == 2, generation
assert "```craft" in generation["answer"] and "REASONING" not in generation["answer"], generation["answer"]
assert generation["reasoning"] == "REASONING-ROUND-2: valeu is a typo", generation["reasoning"]
assert generation["parse_problem"] == "", generation["parse_problem"]
assert "dsl/muls.craft" in generation["files"] and "op_kernel/muls.cpp" in generation["files"], generation["files"]
assert [m["role"] for m in generation["messages"]] == ["user", "assistant", "user"]
first_generation = json.load(open(out / "rounds/1/samples/level1/Math/Muls/sample0/generation.json"))
assert first_generation["reasoning"] == "REASONING-ROUND-1", first_generation
print("ok")
CHECK
echo "generate --mode dsl: a checker error repaired at round 2 with its diagnostic"
