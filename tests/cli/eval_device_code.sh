#!/usr/bin/env bash
# Device code is device code: Muls's answer with host code added to its kernel. What an AI core has
# (the AscendC API, AscendC::printf, compile-time std facilities the answer already uses) passes;
# heap allocation, host libm, iostreams, exceptions, RTTI and a static initialiser are each a
# compile_error whose `[device-code]` line names the call and the kernel line; so is a call into the
# simulator's own state (its cost model) instead of its device API. Including <iostream> without
# using a stream passes, as the NPU compiler builds such kernels (NPUKernelBench's BasicMatmul).
source "$(dirname "$0")/scratch.sh"
python3 - "$suite" "$scratch/samples" <<'MAKE'
import pathlib, shutil, sys
answer = pathlib.Path(sys.argv[1]) / "level1/Math/Muls/answer/0"
root = pathlib.Path(sys.argv[2]) / "level1/Math/Muls"
loop, entry = "        for (uint32_t offset", 'extern "C"'
samples = [  # (anchor, inserted code, header it needs)
    (loop, "", None),
    (loop, "        float* scratch = (float*)malloc(64); scratch[0] = value; free(scratch);\n", "cstdlib"),
    (loop, "        std::vector<float> scales(8, value); value = scales[3];\n", "vector"),
    (loop, "        value = std::exp(std::log(value));\n", "cmath"),
    (entry, "struct BlockCount { BlockCount() : n(AscendC::GetBlockNum()) {} int64_t n; };\nstatic BlockCount gBlocks;\n", None),
    (loop, '        std::cout << "tile " << tileLength << std::endl;\n', "iostream"),
    (loop, "        if (value != value) throw std::runtime_error(\"nan\");\n", "stdexcept"),
    (loop, '        AscendC::printf("block %d\\n", static_cast<int>(GetBlockIdx()));\n', None),
    (loop, "        if (typeid(value) == typeid(double)) value = 0;\n", "typeinfo"),
    (entry, "", "iostream"),
    ("using namespace AscendC;", "namespace ascendc_sim { struct LaunchCost { void Publish(const char* kernel); }; }\n", None),
]
for i, (anchor, insert, header) in enumerate(samples):
    sample = root / f"sample{i}"
    shutil.copytree(answer, sample)
    kernel = sample / "op_kernel/muls.cpp"
    text = kernel.read_text()
    assert anchor in text, anchor
    text = text.replace(anchor, insert + anchor, 1)
    if i == 10:  # the cost model's publication, called where the kernel could skew its own time
        text = text.replace(loop, "        if (value == 12345.0f) ((ascendc_sim::LaunchCost*)this)->Publish(\"muls\");\n" + loop, 1)
    kernel.write_text(f"#include <{header or 'cstdint'}>\n" + text)
MAKE
eval_muls_samples
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected verdicts: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = {r["sample"]: r for r in map(json.loads, open(sys.argv[1]))}
expected = {
    1: ("free", "heap allocation", 35),
    2: ("operator delete", "heap allocation", 35),
    3: ("expf", "the host's maths library", 35),
    4: (None, "static initialiser", None),
    5: ("std::", "host input and output", 35),
    6: ("__cxa_allocate_exception", "a C++ exception", 35),
    8: ("typeinfo for double", "run-time type information", 35),
    10: ("ascendc_sim::LaunchCost::Publish", "the simulator's own state", 8),  # its declaration names it first
}
for sample in (0, 7, 9):
    assert records[sample]["verdict"] == "pass", records[sample]
for sample, (call, kind, line) in expected.items():
    record = records[sample]
    detail = record["details"]["detail"]
    assert record["verdict"] == "compile_error", (sample, record["verdict"], detail)
    assert "[device-code]" in detail and kind in detail, (sample, detail)
    assert call is None or f"calls `{call}" in detail, (sample, detail)
    where = f"sample{sample}/op_kernel/muls.cpp" + (f":{line}:" if line else ":")
    assert where in detail, (sample, where, detail)
CHECK
echo "device code: the answer, AscendC::printf and an unused <iostream> pass; heap, libm, streams, exceptions, RTTI and static initialisers do not compile"
