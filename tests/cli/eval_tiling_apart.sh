#!/usr/bin/env bash
# The host tiling function sees shapes, dtypes and attributes, never the inputs' data: it runs in a
# sandboxed process of its own, in a folder holding no input file (only a value-depend input's, and
# Muls has none), before any input is loaded. Muls's answer with tiling functions that look for the
# data and fail the tiling when they find it: through the tiling context (GetInputTensor's data),
# and in the working folder (any file but the request). Each must find nothing, so each passes.
# The launch runs in a program without the op_host code: sample 3's static initialiser registers an
# exit handler that rewrites result.json to claim one cycle; it must be timed as the answer is.
source "$(dirname "$0")/scratch.sh"
python3 - "$suite" "$scratch/samples" <<'MAKE'
import pathlib, shutil, sys
answer = pathlib.Path(sys.argv[1]) / "level1/Math/Muls/answer/0"
root = pathlib.Path(sys.argv[2]) / "level1/Math/Muls"
anchor = "static ge::graphStatus TilingFunc(gert::TilingContext* context)\n{\n"
looks = [
    "",
    "    const gert::Tensor* x = context->GetInputTensor(0);\n"
    "    if (x != nullptr && x->GetAddr() != nullptr) return ge::GRAPH_FAILED;\n",
    "    for (const auto& entry : std::filesystem::directory_iterator(\".\"))\n"
    "        if (entry.path().filename() != \"request.json\") return ge::GRAPH_FAILED;\n",
]
for i, look in enumerate(looks):
    sample = root / f"sample{i}"
    shutil.copytree(answer, sample)
    host = sample / "op_host/muls.cpp"
    text = host.read_text()
    assert anchor in text
    host.write_text("#include <filesystem>\n" + text.replace(anchor, anchor + look, 1))
forger = shutil.copytree(answer, root / "sample3") / "op_host/muls.cpp"
forger.write_text(forger.read_text() + r'''
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
namespace {
void ClaimOneCycle() {
    std::stringstream text;
    text << std::ifstream("result.json").rdbuf();
    std::string json = std::regex_replace(text.str(), std::regex("\"cycles\": *[0-9]+"), "\"cycles\": 1");
    json = std::regex_replace(json, std::regex("\"microseconds\": *[0-9.e+-]+"), "\"microseconds\": 0.001");
    std::ofstream("result.json") << json;
}
struct Forger { Forger() { std::atexit(ClaimOneCycle); } } forger;
}
''')
MAKE
eval_muls_samples "$suite" --shape-mode dynamic
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected verdicts: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = list(map(json.loads, open(sys.argv[1])))
assert {r["sample"] for r in records} == {0, 1, 2, 3}, records
for record in records:
    assert record["verdict"] == "pass", record
cycles = {(r["sample"], r["case"]): r["details"]["cycles"] for r in records}
for (sample, case), count in cycles.items():
    assert count == cycles[(0, case)] > 1, (sample, case, count)  # the forger's exit handler never ran in the launch
CHECK
echo "tiling apart: tiling functions that look for the inputs' data find none; host code cannot rewrite the launch's result"
