#!/usr/bin/env bash
# A kernel stores only into memory it owns: its stack, the on-chip buffers, GM and its own global
# variables. Beyond them lies the simulator's own memory (its counters and timelines), so a store
# there is a [wild-pointer] sim_error, as the address would fault on an AI core. A kernel's `__gm__`
# global (NPUKernelBench's DeepNormGrad keeps a cross-core counter in one) is its own and lives in
# GM: sample 2 updates one 1000 times per block, passes, and pays for it as scalar GM accesses.
source "$(dirname "$0")/scratch.sh"
python3 - "$suite" "$scratch/samples" <<'MAKE'
import pathlib, shutil, sys
answer = pathlib.Path(sys.argv[1]) / "level1/Math/Muls/answer/0"
root = pathlib.Path(sys.argv[2]) / "level1/Math/Muls"
anchor = "    op.Process();\n"
extra = [
    "",
    "    volatile uint8_t probe = 0;\n    *(&probe + (256u << 20)) = 1;  // far past the block's stack\n",
    "    for (int i = 0; i < 1000; ++i) g_calls[GetBlockIdx() % 8] = g_calls[GetBlockIdx() % 8] + 1;\n",
]
for i, body in enumerate(extra):
    kernel = shutil.copytree(answer, root / f"sample{i}") / "op_kernel/muls.cpp"
    text = kernel.read_text()
    assert anchor in text
    text = text.replace(anchor, anchor + body, 1)
    text = text.replace("using namespace AscendC;\n",
                        "using namespace AscendC;\n\nstatic volatile __gm__ uint32_t g_calls[8] = {0, 0, 0, 0, 0, 0, 0, 0};\n", 1)
    kernel.write_text(text)
MAKE
eval_muls_samples "$suite" --case 0
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected verdicts: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = {r["sample"]: r for r in map(json.loads, open(sys.argv[1]))}
assert records[0]["verdict"] == "pass", records[0]
assert records[1]["verdict"] == "sim_error", records[1]
assert records[1]["details"]["diagnostic_kind"] == "wild-pointer", records[1]["details"]
assert records[2]["verdict"] == "pass", records[2]
assert records[2]["details"]["cycles"] > 10 * records[0]["details"]["cycles"], (records[0]["details"]["cycles"], records[2]["details"]["cycles"])
CHECK
echo "kernel memory: a store past the kernel's own memory is a wild-pointer error; its __gm__ globals are GM"
