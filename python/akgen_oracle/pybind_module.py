"""Builds a task's validation/pybind.cpp into the `kernel_gen_ops` module that ModelNew imports.

    python3 -m akgen_oracle.pybind_module --compile-flags MODULE   prints {"flags": [...], "libraries": [...]}

The second form gives the harness the same flags for a candidate's own binding (MultiKernelBench's
python_bind_src, module `custom_ops_lib`), which it compiles in the sandbox (bench/builder/binding_build).

NPUKernelBench renames `custom_pybind_api` to the op's snake_case name and `aclnnCustomOp` to
`aclnn<Op>` before it compiles pybind.cpp against torch_npu. We do the same renaming on a staged copy
(a #line directive keeps compiler messages pointing at the task's file) and compile it against
Debian's libtorch with our pytorch_npu_helper.hpp, whose EXEC_NPU_CMD records the call. Builds are
cached by content, so each task compiles once, and the torch headers every binding includes are
precompiled once per cache folder. With clang installed, clang builds the bindings: its precompiled
header also holds the templates those headers instantiate, which GCC redoes in every binding (most
of a binding's time), so a binding takes about a third of GCC's time and the header a sixth. GCC
builds them where clang is missing or fails, and its errors are the ones reported.
"""
import contextlib
import fcntl
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings

import torch

from akgen_oracle.task_files import TaskError

HELPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pytorch_npu_helper.hpp")
MODULE_NAME = "kernel_gen_ops"
_COMPILER_MESSAGE_LINES = 12


def _compile_flags(module_name=MODULE_NAME):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import torch.utils.cpp_extension as cpp_extension  # noqa: E402 (it warns about CUDA on import)
    includes = cpp_extension.include_paths() + [sysconfig.get_paths()["include"], os.path.dirname(HELPER)]
    libraries = cpp_extension.library_paths()
    flags = ["-std=c++17", "-O0", "-fPIC", "-shared", "-w", "-DTORCH_EXTENSION_NAME=" + module_name]
    flags += [f"-I{path}" for path in includes]
    flags += [f"-L{path}" for path in libraries] + [f"-Wl,-rpath,{path}" for path in libraries]
    return flags, ["-ltorch", "-ltorch_cpu", "-ltorch_python", "-lc10"]


def renamed_source(source, snake_name, op_name):
    """pybind.cpp as NPUKernelBench compiles it. The #line names it `pybind.cpp` whichever folder it
    came from, so tasks with identical bindings share one build; callers add the folder."""
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    text = re.sub(r"\bcustom_pybind_api\b", snake_name, text)
    text = re.sub(r"\baclnnCustomOp\b", f"aclnn{op_name}", text)
    return f'#line 1 "pybind.cpp"\n{text}'


def _first_errors(log, source):
    """The compiler's first errors, with the task's pybind.cpp named by its full path."""
    errors = [line for line in log.splitlines() if ": error:" in line or ": fatal error:" in line]
    lines = (errors or log.splitlines())[:_COMPILER_MESSAGE_LINES]
    return "\n".join(source + line[len("pybind.cpp"):] if line.startswith("pybind.cpp:") else line for line in lines)


# What pybind.cpp files include first (with the helper, which includes torch/extension.h): parsed
# once into a precompiled header, the part of a build that takes most of its time.
_PREFIX_HEADERS = ("<torch/csrc/autograd/custom_function.h>", "<torch/library.h>", "<torch/extension.h>",
                   '"pytorch_npu_helper.hpp"')
_PREFIX_NAME = "akgen_pybind_prefix.hpp"


def _made_once(cache_dir, name, product, make):
    """Path of cache_dir/name/product, made on first use: one process runs make(staging) under a
    lock beside the entry while the others wait for it, and the entry appears by one rename. make
    returns False when it could not make the product (then nothing is published and this returns
    None), or raises."""
    entry = os.path.join(cache_dir, name)
    path = os.path.join(entry, product)
    if os.path.isfile(path):
        return path
    os.makedirs(cache_dir, exist_ok=True)
    with _locked(os.path.join(cache_dir, name + ".lock")):
        if os.path.isfile(path):
            return path
        staging = tempfile.mkdtemp(prefix=name + ".partial-", dir=cache_dir)
        try:
            made = make(staging)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        if not made:
            shutil.rmtree(staging, ignore_errors=True)
            return None
        os.rename(staging, entry)
    return path


@contextlib.contextmanager
def _locked(path):
    with open(path, "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _precompiled_prefix(cache_dir, flags, key_text):
    """The path to pass to -include: a header of _PREFIX_HEADERS beside its .gch, made once per
    cache folder. Including it first is what a pybind.cpp starting with those includes does anyway;
    GCC reads the header itself where the .gch does not fit. None when the .gch cannot be made: the
    module then compiles without it."""
    def make(staging):
        header = os.path.join(staging, _PREFIX_NAME)
        with open(header, "w", encoding="utf-8") as out:
            out.write("".join(f"#include {name}\n" for name in _PREFIX_HEADERS))
        compile_flags = [flag for flag in flags if flag != "-shared"]
        result = subprocess.run(["g++", *compile_flags, "-x", "c++-header", "-c", header, "-o", header + ".gch"],
                                capture_output=True, text=True, check=False)
        return result.returncode == 0

    key = hashlib.sha256(key_text.encode()).hexdigest()[:24]
    gch = _made_once(cache_dir, "prefix-" + key, _PREFIX_NAME + ".gch", make)
    return gch[:-len(".gch")] if gch else None


def _clang_with_prefix(cache_dir, flags, key_text):
    """(clang++, its precompiled header of _PREFIX_HEADERS for -include-pch), made once per cache
    folder with the headers' pending template instantiations done; None when clang is not installed
    or cannot make it. The header comes from standard input: clang refuses a precompiled header
    whose source file is gone, and the publishing rename moves the staging folder."""
    clang = shutil.which("clang++")
    if clang is None:
        return None
    compile_flags = [flag for flag in flags if flag != "-shared" and not flag.startswith(("-L", "-Wl,"))]
    version = subprocess.run([clang, "--version"], capture_output=True, text=True, check=False).stdout

    def make(staging):
        text = "".join(f"#include {name}\n" for name in _PREFIX_HEADERS)
        result = subprocess.run([clang, *compile_flags, "-fpch-instantiate-templates", "-x", "c++-header", "-",
                                 "-o", os.path.join(staging, _PREFIX_NAME + ".pch")],
                                input=text, capture_output=True, text=True, check=False)
        return result.returncode == 0

    key = hashlib.sha256("\0".join([key_text, version]).encode()).hexdigest()[:24]
    prefix = _made_once(cache_dir, "clang-prefix-" + key, _PREFIX_NAME + ".pch", make)
    return (clang, prefix) if prefix else None


def build(validation_dir, snake_name, op_name, cache_dir):
    """Path of the compiled module; compiles on first use (the cases of a task are judged side by
    side: one of them compiles, the others wait for it). Raises TaskError with the compiler's errors."""
    source = os.path.join(validation_dir, "pybind.cpp")
    if not os.path.isfile(source):
        raise TaskError(f"{source}: missing; NPUKernelBench tasks map Python inputs to the op with validation/pybind.cpp")
    staged_text = renamed_source(source, snake_name, op_name)
    flags, libraries = _compile_flags()
    with open(HELPER, encoding="utf-8") as helper:
        toolchain = "\0".join([helper.read(), " ".join(flags + libraries), torch.__version__, sys.version])

    def make(staging):
        staged_source = os.path.join(staging, "pybind.cpp")
        with open(staged_source, "w", encoding="utf-8") as out:
            out.write(staged_text)
        output = os.path.join(staging, MODULE_NAME + ".so")
        clang = _clang_with_prefix(cache_dir, flags, toolchain)
        if clang:
            compiler, prefix = clang
            result = subprocess.run([compiler, *flags, "-include-pch", prefix, staged_source, "-o", output, *libraries],
                                    capture_output=True, text=True, check=False)
            if result.returncode == 0:
                return True
            # GCC names the errors, unhelped: one failing binding is not worth its 650 MB prefix.
            prefix_flags = []
        else:
            prefix = _precompiled_prefix(cache_dir, flags, toolchain)
            prefix_flags = ["-include", prefix] if prefix else []
        command = ["g++", *flags, *prefix_flags, staged_source, "-o", output, *libraries]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise TaskError(f"{source}: does not compile against akgen's pytorch_npu_helper.hpp:\n"
                            f"{_first_errors(result.stderr, source)}")
        return True

    key = hashlib.sha256("\0".join([staged_text, toolchain]).encode()).hexdigest()[:24]
    return _made_once(cache_dir, key, MODULE_NAME + ".so", make)


def load_extension(name, path):
    """Imports the module `name` from the shared library at `path` (one library may define several)."""
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def load(validation_dir, snake_name, op_name, cache_dir):
    """(kernel_gen_ops, recorder): the built module under both of the names it defines."""
    library = build(validation_dir, snake_name, op_name, cache_dir)
    return load_extension(MODULE_NAME, library), load_extension("_akgen_recorder", library)


if __name__ == "__main__":
    import argparse
    import json
    parser = argparse.ArgumentParser(prog="akgen_oracle.pybind_module")
    parser.add_argument("--compile-flags", required=True, metavar="MODULE", help="the module's name")
    flags, libraries = _compile_flags(parser.parse_args().compile_flags)
    # The harness compiles beside its own copy of the helper, so this folder is not among the flags.
    helper_folder = f"-I{os.path.dirname(HELPER)}"
    print(json.dumps({"flags": [flag for flag in flags if flag != helper_folder], "libraries": libraries}))
