#!/usr/bin/env bash
# The chain-of-thought builders against a teacher on a real HTTP server (scripted replies):
#  - cot-docs without a route writes its prompts; with --emit-requests, OpenAI Batch input lines;
#    with the teacher, one record per complete <qa> block, each with its manual section;
#  - cot-projects judges the built-in Muls answer on its six cases, records the tiling its host
#    code computed, and accepts the teacher's trace only for the case whose values it states (case
#    0); the five others are rejected with the values that disagree. A rerun asks nothing again;
#  - cot-kernels gathers each kernel of a tree with the headers it includes (and, for an op project,
#    the tiling structs and dtype macros its build generates), compiles it on the simulator, and
#    sends only the units that compile;
#  - the export turns the accepted records into SFT examples with the trace as Qwen3 reasoning.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"
fixtures=$4

cp "$fixtures"/teacher_trace_muls_case0.txt "$fixtures"/teacher_docs_answer.txt "$fixtures"/ascendc_manual.md "$scratch"
cat >"$scratch/script.json" <<'SCRIPT'
{"rules": [
  {"contains": "[Section]", "content_file": "teacher_docs_answer.txt", "reasoning": "the teacher's own thinking"},
  {"contains": "[Kernel source", "content": "<question>Scale a float16 tensor by a scalar.</question>\n<reasoning>Split over the cores, tile through the UB.</reasoning>"},
  {"content_file": "teacher_trace_muls_case0.txt"}
]}
SCRIPT
start_server "$scratch/script.json" "$scratch/requests.jsonl"
cd "$scratch"
teacher=(--base-url "$base_url" --model teacher)

"$akgen" data cot-docs ascendc_manual.md --out data --min-chars 40 >docs-prompts.log 2>&1 || fail "cot-docs (prompts) failed"
grep -q "4 prompts (no --base-url" docs-prompts.log || fail "cot-docs without a teacher did not write its prompts"
[ ! -s requests.jsonl ] || fail "cot-docs without a teacher asked the server"
"$akgen" data cot-docs ascendc_manual.md --out batch --min-chars 40 --model teacher --emit-requests batch.jsonl \
  >docs-batch.log 2>&1 || fail "cot-docs (batch route) failed"
grep -q "(4 written for the batch service)" docs-batch.log || fail "cot-docs did not write its batch requests"
[ "$(wc -l <batch.jsonl)" -eq 4 ] && grep -q '"model":"teacher"' batch.jsonl || fail "unexpected batch requests"
"$akgen" data cot-docs ascendc_manual.md --out data --min-chars 40 "${teacher[@]}" >docs.log 2>&1 || fail "cot-docs failed"
"$akgen" data cot-projects builtin --task Muls --out data --cache cache "${teacher[@]}" >projects.log 2>&1 ||
  fail "cot-projects failed"
grep -q "6 passing cases with their tiling" projects.log || fail "the answer's cases were not all judged"
grep -q "1 records from 6 requests; 5 answers rejected" projects.log || fail "unexpected accepted and rejected traces"

python3 - <<'CHECK' || fail "unexpected chain-of-thought records"
import json
docs = [json.loads(line) for line in open("data/cot-docs.jsonl")]
assert len(docs) == 4, len(docs)  # one complete block per section, the malformed one dropped
muls = [d for d in docs if d["source"]["heading"] == "Muls"][0]
assert muls["source"]["heading_path"] == "Vector computation > Muls" and muls["source"]["line"] == 5, muls["source"]
assert muls["messages"][0]["role"] == "user" and "Muls" in muls["messages"][0]["content"]
assert muls["reasoning"] and muls["answer"] and muls["provenance"]["teacher"] == "teacher"
assert muls["provenance"]["template"] == "cot_docs.md" and muls["provenance"]["tool"].startswith("akgen ")
prompts = [json.loads(line) for line in open("data/cot-docs.prompts.jsonl")]
assert len(prompts) == 4 and "Multiplies every element" in [p for p in prompts if "Muls" in p["id"]][0]["messages"][0]["content"]

records = [json.loads(line) for line in open("data/cot-projects.jsonl")]
assert len(records) == 1, records
r = records[0]
assert r["source"]["case"] == 0 and r["source"]["block_dim"] == 32, r["source"]
assert r["source"]["tiling"]["totalLength"] == 8192 and r["source"]["tiling"]["scalarValue"] == 2.5, r["source"]
assert "value: 2.5" in r["messages"][0]["content"] and "<tiling>" in r["reasoning"], r["messages"][0]["content"][:200]
assert "================== op_kernel/muls.cpp ==================" in r["answer"]
assert r["check"]["tiling_values_stated"] >= 6
rejected = {json.loads(line)["id"]: json.loads(line)["reason"] for line in open("data/cot-projects.rejected.jsonl")}
assert sorted(rejected) == [f"level1/Math/Muls case{i}" for i in range(1, 6)], sorted(rejected)
assert "totalLength stated as 8192, the host computed 4093" in rejected["level1/Math/Muls case1"], rejected
assert "block_dim stated as 32, the host computed 16" in rejected["level1/Math/Muls case1"], rejected
prompt = [json.loads(line) for line in open("requests.jsonl") if "value=-0.3" in line][0]["messages"][0]["content"]
assert "totalLength = 4093" in prompt and "Block count (SetBlockDim): 16" in prompt, prompt[-600:]
CHECK

asked=$(wc -l <requests.jsonl)
"$akgen" data cot-projects builtin --task Muls --out data --cache cache "${teacher[@]}" >rerun.log 2>&1 || fail "the rerun failed"
grep -q "answers: 0 cases judged, 6 already judged" rerun.log || fail "the rerun judged the answer again"
[ "$(wc -l <requests.jsonl)" -eq "$asked" ] || fail "the rerun asked the teacher again"

# cot-kernels: Muls's project (its tiling structs and dtype macros generated from op_host), a kernel
# whose helper header lives elsewhere in the tree, a skeleton, and one that misspells an API.
mkdir -p tree/common tree/ok tree/bad
cp -r "$suite/level1/Math/Muls/answer/0" tree/muls
printf '#pragma once\n__aicore__ inline int Twice(int v) { return 2 * v; }\n' >tree/common/twice.h
cat >tree/ok/uses_helper.cpp <<'KERNEL'
#include "kernel_operator.h"
#include "common/twice.h"
extern "C" __global__ __aicore__ void uses_helper(GM_ADDR x) { (void)Twice(AscendC::GetBlockIdx()); (void)x; }
KERNEL
cat >tree/ok/skeleton.cpp <<'KERNEL'
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void skeleton(GM_ADDR x)
{
    // to be written
}
KERNEL
cat >tree/bad/misspelt.cpp <<'KERNEL'
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void misspelt(GM_ADDR x) { AscendC::GetBlockIdxx(); (void)x; }
KERNEL
"$akgen" data cot-kernels tree --out data --cache cache "${teacher[@]}" >kernels.log 2>&1 || fail "cot-kernels failed"
grep -q "4 kernels found, 3 compile on the simulator; 1 skeletons with an empty entry left out" kernels.log || fail "unexpected kernel units"
python3 - <<'CHECK' || fail "unexpected kernel chain-of-thought records"
import json
units = {u["file"].split("tree/")[1]: u for u in map(json.loads, open("data/cot-kernels.units.jsonl"))}
assert units["ok/uses_helper.cpp"]["compiles"] and units["ok/uses_helper.cpp"]["inlined"] == ["common/twice.h"], units
assert units["muls/op_kernel/muls.cpp"]["compiles"] and "muls/op_host/muls_tiling.h" in units["muls/op_kernel/muls.cpp"]["inlined"]
assert not units["bad/misspelt.cpp"]["compiles"] and "GetBlockIdxx" in units["bad/misspelt.cpp"]["first_error"], units
assert units["ok/skeleton.cpp"]["compiles"] and units["ok/skeleton.cpp"]["empty_entry"], units
records = [json.loads(line) for line in open("data/cot-kernels.jsonl")]
assert len(records) == 2, len(records)  # the unit that does not compile and the skeleton went to no teacher
helper = [r for r in records if r["source"]["file"].endswith("uses_helper.cpp")][0]
assert helper["messages"][0]["content"] == "Scale a float16 tensor by a scalar."
assert "inline int Twice" in helper["answer"] and helper["answer"].startswith("```cpp\n")
CHECK

"$akgen" data export data --format llamafactory --out export >export.log 2>&1 || fail "the export failed"
python3 - <<'CHECK' || fail "the chain-of-thought records did not export"
import json
items = json.load(open("export/akgen_sft.json"))
assert len(items) == 7, len(items)
project = [i for i in items if "value: 2.5" in i["conversations"][0]["value"]][0]
value = project["conversations"][-1]["value"]
assert value.startswith("<think>\n") and "</think>\n\n================== op_host/muls_tiling.h" in value, value[:300]
CHECK
echo "data cot builders: 4 documentation triples, 1 checked project trace of 6, 2 compiling kernels, exported"
