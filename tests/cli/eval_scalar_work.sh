#!/usr/bin/env bash
# Scalar work is charged: Muls computed by the scalar unit instead of the vector unit. Each cheat is
# correct, so it passes, but it must be modelled far slower than the answer: a loop over raw __gm__
# pointers (each load and store through the data cache), the same loop moving data with memcpy into
# a stack buffer, and a loop over UB through GetPhyAddr after a DataCopy. Switching the
# instrumentation off (no_sanitize attributes, inline assembly, defining its entry points) does not
# compile.
source "$(dirname "$0")/scratch.sh"
python3 - "$suite" "$scratch/samples" <<'MAKE'
import pathlib, shutil, sys
answer = pathlib.Path(sys.argv[1]) / "level1/Math/Muls/answer/0"
root = pathlib.Path(sys.argv[2]) / "level1/Math/Muls"
process = "    __aicore__ inline void Process()\n"
gm_loop = """    __aicore__ inline void Process()
    {
        __gm__ T* in = xGm.GetPhyAddr();
        __gm__ T* out = yGm.GetPhyAddr();
        for (uint32_t i = 0; i < coreLength; ++i) out[i] = static_cast<T>(static_cast<float>(in[i]) * value);
    }
    __aicore__ inline void Unused()
"""
memcpy_loop = """    __aicore__ inline void Process()
    {
        T chunk[64];
        for (uint32_t offset = 0; offset < coreLength; offset += 64) {
            const uint32_t count = MinU32(64, coreLength - offset);
            memcpy(chunk, xGm.GetPhyAddr() + offset, count * sizeof(T));
            for (uint32_t i = 0; i < count; ++i) chunk[i] = static_cast<T>(static_cast<float>(chunk[i]) * value);
            memcpy(yGm.GetPhyAddr() + offset, chunk, count * sizeof(T));
        }
    }
    __aicore__ inline void Unused()
"""
ub_loop = """    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < coreLength; offset += tileLength) {
            const uint32_t count = MinU32(tileLength, coreLength - offset);
            CopyIn(offset, count);
            LocalTensor<T> in0 = inQueue0.DeQue<T>();
            LocalTensor<T> out = outQueue.AllocTensor<T>();
            __ubuf__ T* a = reinterpret_cast<__ubuf__ T*>(in0.GetPhyAddr());
            __ubuf__ T* r = reinterpret_cast<__ubuf__ T*>(out.GetPhyAddr());
            for (uint32_t i = 0; i < count; ++i) r[i] = static_cast<T>(static_cast<float>(a[i]) * value);
            outQueue.EnQue(out);
            inQueue0.FreeTensor(in0);
            CopyOut(offset, count);
        }
    }
    __aicore__ inline void Unused()
"""
escape = "    __attribute__((no_sanitize_address)) __aicore__ inline void Process()\n"
hidden = '#define QUIET __attribute__((no_sanitize("kernel-address")))\n'
samples = [  # (anchor, replacement, text put before the class)
    (process, process, ""),
    (process, gm_loop, ""),
    (process, memcpy_loop, ""),
    (process, ub_loop, ""),
    (process, gm_loop.replace("    __aicore__ inline void Process()\n", escape, 1), ""),
    (process, gm_loop.replace("    __aicore__ inline void Process()\n", "    QUIET __aicore__ inline void Process()\n", 1), hidden),
    (process, gm_loop.replace("    {\n", '    {\n        asm volatile("" ::: "memory");\n', 1), ""),
    (process, gm_loop, 'extern "C" void __sanitizer_cov_trace_pc() {}\n'),
]
for i, (anchor, replacement, before) in enumerate(samples):
    sample = root / f"sample{i}"
    shutil.copytree(answer, sample)
    kernel = sample / "op_kernel/muls.cpp"
    text = kernel.read_text()
    assert anchor in text, anchor
    text = text.replace(anchor, replacement, 1).replace("template <typename T>\nclass", before + "template <typename T>\nclass", 1)
    kernel.write_text("#include <cstring>\n" + text)
MAKE
eval_muls_samples
python3 - "$scratch/out/results.jsonl" <<'CHECK' || fail "unexpected verdicts: $(cat "$scratch/out/results.jsonl")"
import json, sys
records = {r["sample"]: r for r in map(json.loads, open(sys.argv[1]))}
answer = records[0]
assert answer["verdict"] == "pass", answer
for sample in (1, 2, 3):
    record = records[sample]
    assert record["verdict"] == "pass", record
    ratio = record["details"]["cycles"] / answer["details"]["cycles"]
    assert ratio > 10, (sample, ratio, record["details"]["launch_profile"])
    assert record["details"]["launch_profile"]["bound"] == "S", record["details"]["launch_profile"]
    print(f"sample {sample}: {record['details']['cycles']} cycles, {ratio:.0f}x the answer's {answer['details']['cycles']}")
expected = {4: ("no_sanitize_address", 33), 5: ("no_sanitize", 34), 6: ("asm", 35), 7: ("__sanitizer_cov_trace_pc", 15)}
for sample, (word, line) in expected.items():
    record = records[sample]
    detail = record["details"]["detail"]
    assert record["verdict"] == "compile_error", (sample, record["verdict"], detail)
    assert "[device-code]" in detail and f"`{word}`" in detail, (sample, detail)
    where = f"sample{sample}/op_kernel/muls.cpp:{line}:"
    assert where in detail, (sample, where, detail)
CHECK
echo "scalar work: scalar loops over GM, memcpy and UB pass but are charged; instrumentation escapes do not compile"
