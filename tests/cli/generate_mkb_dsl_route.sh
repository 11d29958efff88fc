#!/usr/bin/env bash
# `akgen generate` on a MultiKernelBench tree (tests/bench/data/mkb_tree) by the DSL route, against the
# scripted OpenAI server, two rounds, with --category and --eval:
#  - the prompt asks for a craft program standing for the task's Model: op `<Task>Custom`, inputs
#    named after forward's parameters, attributes after the constructor's; it shows the task's file
#    and craft programs of the suite;
#  - activation/clipped_relu's program compiles into MultiKernelBench's six strings (the op's sources
#    and the binding and ModelNew akgen derives) and passes its five trials;
#  - loss/mean_abs_loss's first program names its op MeanAbsLoss: a compile_error at the op header,
#    whose message goes back to the model; its repair takes an attribute Model.__init__ does not
#    have: a compile_error again;
#  - AscendCraft's tables are printed with the numbers those verdicts give, and `akgen eval` of the
#    final samples gives the same.
# Arguments: akgen, the MultiKernelBench test tree, akgen_scripted_server.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"
tree=$2

mkdir -p "$scratch/script"
python3 - "$scratch/script" <<'REPLIES'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
elementwise = '''# {what}
op {op}:
  input {input}: T
{attr}  output y: T like {input}
  dtypes T: f32

host:
  n = numel({input})  # every element is one unit of work
  # 256 elements keep every core's share 32-byte aligned
  unit = 256
  # below 2048 elements per core another core costs more than it saves
  cores = min(core_num, cdiv(n, 2048))
  # double-buffered input and output tiles: 16 bytes per element
  tile = 8192
  launch(cores)

kernel:
  xin = ub(T, tile, buffers=2)
  yout = ub(T, tile, buffers=2)
  start, count = block_span(n, unit)
  for off in range(start, start + count, tile):
    len = min(tile, start + count - off)
    copyin:
      xin[0:len] = {input}[off:off + len]
    compute:
      yout = maxs(xin, 0.0)
      yout = mins(yout, {ceiling})
    copyout:
      y[off:off + len] = yout[0:len]
'''
def reply(program):
    return "Each element is clamped in one pass over the cores.\n\n```craft\n" + program + "```\n"
(out / "right.txt").write_text(reply(elementwise.format(
    what="min(max(x, 0), ceiling)", op="ClippedReluCustom", input="x", attr="  attr ceiling: float\n", ceiling="ceiling")))
(out / "misnamed.txt").write_text(reply(elementwise.format(
    what="a first attempt", op="MeanAbsLoss", input="predictions", attr="", ceiling="1.0")))
(out / "extra_attr.txt").write_text(reply(elementwise.format(
    what="a second attempt", op="MeanAbsLossCustom", input="predictions", attr="  attr threshold: float\n",
    ceiling="threshold")))
# The repair turn first: its last user message is the feedback on the first program.
script = {"rules": [
    {"contains": "the op is MeanAbsLoss, not MeanAbsLossCustom", "content_file": "extra_attr.txt"},
    {"contains": "`op MeanAbsLossCustom:`", "content_file": "misnamed.txt"},
    {"contains": "`op ClippedReluCustom:`", "content_file": "right.txt"},
]}
(out / "script.json").write_text(json.dumps(script))
REPLIES
start_server "$scratch/script/script.json" "$scratch/requests.jsonl"

cp -r "$tree" "$scratch/MultiKernelBench"
chmod -R a+rX "$scratch"
out="$scratch/out"
"$akgen" generate "$scratch/MultiKernelBench" --category activation loss --mode dsl --base-url "$base_url" \
  --model m -n 1 --rounds 2 --eval --out "$out" --cache "$scratch/cache" >"$scratch/generate.log" 2>&1 ||
  fail "akgen generate failed"
grep -q "round 1: 1 of 2 passed" "$scratch/generate.log" || fail "round 1 should pass clipped_relu only"
grep -q "round 2: 0 of 1 passed" "$scratch/generate.log" || fail "round 2 should repair mean_abs_loss only, and fail"

python3 - "$scratch/requests.jsonl" "$out" "$tree" <<'CHECK' >"$scratch/check.log" 2>&1 || fail "unexpected outputs"
import json, pathlib, sys
requests = [json.loads(line) for line in open(sys.argv[1])]
out, tree = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
assert len(requests) == 3, f"{len(requests)} requests, expected 3 (two tasks, one repair)"
relu = next(r["messages"][0]["content"] for r in requests[:2] if "`op ClippedReluCustom:`" in r["messages"][0]["content"])
assert (tree / "reference/activation/clipped_relu.py").read_text().strip() in relu, "the task file is not shown"
assert "named as forward names it (x)" in relu and "named as Model.__init__ names it (ceiling)" in relu, relu
assert "```craft" in relu and "op Gelu:" in relu, "the suite's activation program is not shown"
repair = requests[2]["messages"]
assert [m["role"] for m in repair] == ["user", "assistant", "user"], [m["role"] for m in repair]
assert "[signature]" in repair[2]["content"], repair[2]["content"][:600]

samples = out / "samples"
six = (samples / "activation/clipped_relu/sample0.py").read_text()
for name in ("project_json_src", "host_tiling_src", "host_operator_src", "kernel_src", "python_bind_src", "model_src"):
    assert f"\n{name} = " in six, name
assert "EXEC_NPU_CMD(aclnnClippedReluCustom, x, ceiling, y);" in six and "def __init__(self, ceiling):" in six
assert (samples / "activation/clipped_relu/sample0/dsl").is_dir(), "the sample keeps its program"
assert not (samples / "loss/mean_abs_loss/sample0.py").exists()

verdicts = {}
details = {}
for record in map(json.loads, open(out / "results.jsonl")):
    verdicts.setdefault((record["task"], record["details"]["round"]), set()).add(record["verdict"])
    details[record["task"]] = record["details"].get("detail", "")
assert verdicts == {("activation/clipped_relu", 1): {"pass"}, ("loss/mean_abs_loss", 2): {"compile_error"}}, verdicts
assert "attribute `threshold` is not a parameter of Model.__init__ (none)" in details["loss/mean_abs_loss"], details
rows = {row["group"]: row for row in json.load(open(out / "summary.json"))["multikernelbench"]}
expected = {"activation": (1.0, 1.0), "loss": (0.0, 0.0), "overall": (0.5, 0.5)}
for group, (comp, passed) in expected.items():
    assert (rows[group]["comp@1"], rows[group]["pass@1"]) == (comp, passed), rows[group]
print("ok")
CHECK
grep -Eq "^\| overall +\| +2 +\| +2 +\| 50.0% +\| 50.0% " "$scratch/generate.log" || fail "no AscendCraft table row"

"$akgen" eval "$scratch/MultiKernelBench" --solutions "$out/samples" --category activation loss \
  --out "$scratch/again" --cache "$scratch/cache" >"$scratch/again.log" 2>&1 || fail "akgen eval of the samples failed"
grep -Eq "^\| overall +\| +2 +\| +2 +\| 50.0% +\| 50.0% " "$scratch/again.log" ||
  fail "akgen eval of the final samples gives other tables"
echo "generate on MultiKernelBench, DSL route: programs become six-string samples, signature errors go back, AscendCraft's tables"
