#!/usr/bin/env bash
# `akgen generate` on a MultiKernelBench tree (tests/bench/data/mkb_tree) against the scripted OpenAI
# server, direct route, two rounds, with --category and --eval:
#  - the prompt of each task is MultiKernelBench's form in our words: the add example (add_shot) or
#    the category's example (selected_shot), the names, the task's whole file, the six strings;
#  - activation/clipped_relu is answered right at once and passes its five trials;
#  - loss/mean_abs_loss is answered with prose and no code block: a parse_error whose message (what
#    an answer looks like) goes back to the model; its repair does not compile (a misspelt AscendC
#    call, reported at its line of the reply): a compile_error;
#  - the replies are kept as MultiKernelBench samples (samples/<category>/<task>/sample0.txt) that
#    `akgen eval --solutions` judges again, and AscendCraft's tables are printed with the numbers
#    those verdicts give: activation 100 % Comp@1 and Pass@1, loss 0 %, overall 50 %.
# Arguments: akgen, the MultiKernelBench test tree, akgen_scripted_server, the six-string answer of
# clipped_relu.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"
tree=$2
answer=$4

mkdir -p "$scratch/script"
python3 - "$answer" "$scratch/script" <<'REPLIES'
import json, pathlib, sys
answer, out = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
(out / "right.txt").write_text("The kernel clamps each tile.\n\n```python\n" + answer + "```\n")
(out / "prose.txt").write_text("The mean of |predict - target| is a reduction; I would tile it over the cores.\n")
misspelt = (answer.replace("clipped_relu_custom", "mean_abs_loss_custom").replace("ClippedRelu", "MeanAbsLoss")
            .replace("AscendC::Maxs(", "AscendC::Maxx(")
            .replace("def __init__(self, ceiling):", "def __init__(self, ceiling=1.0):")
            .replace("def forward(self, x):", "def forward(self, x, *rest):"))
assert "AscendC::Maxx(" in misspelt
(out / "misspelt.txt").write_text("Here are the six strings.\n\n```python\n" + misspelt + "```\n")
# The repair turn first: its last user message is the feedback, which names what was missing.
script = {"rules": [
    {"contains": "no fenced code block", "content_file": "misspelt.txt"},
    {"contains": "void mean_abs_loss_custom(", "content_file": "prose.txt"},
    {"contains": "void clipped_relu_custom(", "content_file": "right.txt"},
]}
(out / "script.json").write_text(json.dumps(script))
REPLIES
start_server "$scratch/script/script.json" "$scratch/requests.jsonl"

cp -r "$tree" "$scratch/MultiKernelBench"
chmod -R a+rX "$scratch"
out="$scratch/out"
"$akgen" generate "$scratch/MultiKernelBench" --category activation loss --base-url "$base_url" --model m -n 1 \
  --rounds 2 --eval --out "$out" --cache "$scratch/cache" >"$scratch/generate.log" 2>&1 ||
  fail "akgen generate failed"
grep -q "round 1: 1 of 2 passed" "$scratch/generate.log" || fail "round 1 should pass clipped_relu only"
grep -q "round 2: 0 of 1 passed" "$scratch/generate.log" || fail "round 2 should repair mean_abs_loss only, and fail"
grep -q "MultiKernelBench (AscendCraft's Tables 1 and 2" "$scratch/generate.log" || fail "no AscendCraft tables"

python3 - "$scratch/requests.jsonl" "$out" "$tree" <<'CHECK' >"$scratch/check.log" 2>&1 || fail "unexpected outputs"
import json, pathlib, sys
requests = [json.loads(line) for line in open(sys.argv[1])]
out, tree = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
assert len(requests) == 3, f"{len(requests)} requests, expected 3 (two tasks, one repair)"
prompts = {}
for request in requests[:2]:
    prompt = request["messages"][0]["content"]
    prompts["clipped_relu" if "void clipped_relu_custom(" in prompt else "mean_abs_loss"] = prompt
relu = prompts["clipped_relu"]
assert "EXEC_NPU_CMD(aclnnAddCustom" in relu, "add_shot shows the add example"
assert (tree / "reference/activation/clipped_relu.py").read_text().strip() in relu, "the task file is not shown"
assert "OP_ADD(ClippedReluCustom)" in relu and "custom_ops_lib.clipped_relu_custom" in relu
assert "npukernelbench" not in json.dumps(requests), "--category let another category through"

repair = requests[2]["messages"]
assert [m["role"] for m in repair] == ["user", "assistant", "user"], [m["role"] for m in repair]
assert "I would tile it" in repair[1]["content"]
assert "no fenced code block" in repair[2]["content"] and "six strings" in repair[2]["content"], repair[2]

samples = out / "samples"
assert (samples / "activation/clipped_relu/sample0.txt").read_text().startswith("The kernel clamps")
assert "AscendC::Maxx(" in (samples / "loss/mean_abs_loss/sample0.txt").read_text()
first = json.load(open(out / "rounds/1/samples/loss/mean_abs_loss/sample0/generation.json"))
assert first["files"] == ["sample0.txt"] and first["route"] == "direct", first

verdicts = {}
for record in map(json.loads, open(out / "results.jsonl")):
    verdicts.setdefault((record["task"], record["details"]["round"]), set()).add(record["verdict"])
assert verdicts == {("activation/clipped_relu", 1): {"pass"}, ("loss/mean_abs_loss", 2): {"compile_error"}}, verdicts
# Compiler errors name the line of the reply the model wrote, not of its code block.
reply = (samples / "loss/mean_abs_loss/sample0.txt").read_text().splitlines()
line = next(i for i, text in enumerate(reply, 1) if "AscendC::Maxx(" in text)
final = [json.loads(l) for l in open(out / "results.jsonl") if "mean_abs_loss" in l]
assert all(f"sample0.txt:{line}:" in r["details"]["detail"] for r in final), (line, final[0]["details"]["detail"][:300])
round1 = [json.loads(line) for line in open(out / "rounds/1/results.jsonl")]
assert {r["verdict"] for r in round1 if r["task"] == "loss/mean_abs_loss"} == {"parse_error"}, round1

rows = {row["group"]: row for row in json.load(open(out / "summary.json"))["multikernelbench"]}
expected = {"activation": (1.0, 1.0), "loss": (0.0, 0.0), "overall": (0.5, 0.5)}
for group, (comp, passed) in expected.items():
    assert (rows[group]["comp@1"], rows[group]["pass@1"]) == (comp, passed), rows[group]
assert set(rows) == set(expected), sorted(rows)
print("ok")
CHECK
# category, tasks, samples, Comp@1, Pass@1
for row in "activation +\| +1 +\| +1 +\| 100.0% +\| 100.0%" "loss +\| +1 +\| +1 +\| 0.0% +\| 0.0%" \
           "overall +\| +2 +\| +2 +\| 50.0% +\| 50.0%"; do
  grep -Eq "^\| $row " "$scratch/generate.log" || fail "no table row like '$row'"
done

# The final samples are MultiKernelBench samples as `akgen eval` reads them.
"$akgen" eval "$scratch/MultiKernelBench" --solutions "$out/samples" --category activation loss \
  --out "$scratch/again" --cache "$scratch/cache" >"$scratch/again.log" 2>&1 || fail "akgen eval of the samples failed"
grep -Eq "^\| overall +\| +2 +\| +2 +\| 50.0% +\| 50.0% " "$scratch/again.log" ||
  fail "akgen eval of the final samples gives other tables"
echo "generate on MultiKernelBench: prompts, six-string samples, a repair with the judge's verdict, AscendCraft's tables"
