# Writes the scripted server's replies for the built-in Muls task, made from its answer: a kernel
# that does not compile (a missing semicolon), one that calls Muls without its scalar (no matching
# overload), one that computes x + value instead of x * value, one that is right but adds 0 to each
# tile 400 times, and the answer itself, each as a full-template response (three files under their
# headers).
import pathlib
import sys

suite, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
answer = suite / "level1/Math/Muls/answer/0"
paths = ["op_host/muls_tiling.h", "op_host/muls.cpp", "op_kernel/muls.cpp"]
files = {path: (answer / path).read_text() for path in paths}


def response(kernel):
    text = "Here is the operator.\n\n"
    for path in paths:
        body = kernel if path == "op_kernel/muls.cpp" else files[path]
        text += f"================== {path} ==================\n```cpp\n{body}\n```\n\n"
    return text


kernel = files["op_kernel/muls.cpp"]
variants = {
    "broken": kernel.replace("CopyIn(offset, count);", "CopyIn(offset, count)"),
    "misused": kernel.replace("Muls(r, a0, value, count);", "Muls(r, a0, count);"),
    "adds": kernel.replace("Muls(r, a0, value, count);", "Adds(r, a0, value, count);"),
    "slow": kernel.replace("Muls(r, a0, value, count);",
                           "Muls(r, a0, value, count);\n"
                           "        for (int repeat = 0; repeat < 400; ++repeat) Adds(r, r, 0.0f, count);"),
    "right": kernel,
}
for name, text in variants.items():
    assert name == "right" or text != kernel, f"the {name} variant changed nothing"
    (out / f"{name}.txt").write_text(response(text))
