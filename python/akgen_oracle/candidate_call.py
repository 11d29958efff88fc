"""Records how ModelNew calls the candidate's op, so the sandboxed runner can replay the call.

ModelNew runs unchanged on the CPU with the task's own pybind.cpp compiled against our
pytorch_npu_helper.hpp (pybind_module). Its EXEC_NPU_CMD records the aclnn arguments in order; no
kernel runs. We store every argument (tensors with their contents at the call) and, for each value
ModelNew returns, which argument's memory holds it: the runner launches the op on those arguments
and the harness reads the returned values back out of them. Where ModelNew returns something else
(a dtype conversion, a computed value), the harness replays ModelNew with the candidate's results.
"""
import copy
import json
import os

import torch

from akgen_oracle.narrow_float_fallback import NarrowFloatFallback
from akgen_oracle.task_files import TaskError
from akgen_oracle.value_files import UnstorableValue, decode_value, encode_outputs, encode_value, flatten_outputs

# aclDataType numbers, which a torch dtype argument becomes on the way to aclnn.
_ACL_DATA_TYPES = {"Float": 0, "Half": 1, "Char": 2, "Int": 3, "Byte": 4, "Short": 6, "Long": 9, "Double": 11,
                   "Bool": 12, "BFloat16": 27}
_ARRAY_DTYPES = {"int_array": "int64", "float_array": "float64", "bool_array": "bool"}


def _storage_pointer(tensor):
    storage = tensor.untyped_storage() if hasattr(tensor, "untyped_storage") else tensor.storage()
    return storage.data_ptr()


def _encode_argument(index, entry, directory, where, timing_only):
    kind, value, name = entry["kind"], entry["value"], f"call_arg{index}"
    if kind == "tensor":
        return encode_value(name, entry["snapshot"], directory, timing_only)
    if kind == "tensor_list":
        items = [encode_value(f"{name}_{i}", item["snapshot"], directory, timing_only) for i, item in enumerate(value)]
        return {"name": name, "kind": "tensor_list", "items": items}
    if kind in _ARRAY_DTYPES:
        values = [bool(v) if kind == "bool_array" else v for v in value]
        return {"name": name, "kind": "scalar_list", "dtype": _ARRAY_DTYPES[kind], "values": values}
    if kind == "dtype":
        if value not in _ACL_DATA_TYPES:
            raise TaskError(f"{where}: argument {index} is the dtype {value}, which has no aclDataType here")
        return {"name": name, "kind": "scalar", "dtype": "int64", "value": _ACL_DATA_TYPES[value]}
    return encode_value(name, value, directory)  # int, float, bool, string, scalar_list, none


def _tensors_of(entry):
    """(item index or None, tensor) for each tensor an argument holds."""
    if entry["kind"] == "tensor":
        return [(None, entry["value"])]
    if entry["kind"] == "tensor_list":
        return [(i, item["value"]) for i, item in enumerate(entry["value"]) if item["kind"] == "tensor"]
    return []


def _locate(value, arguments):
    """Which argument's memory holds a returned tensor, as an element view of that argument; None when
    the value is not such a view (converted, computed or not a tensor), which the replay handles."""
    if not isinstance(value, torch.Tensor):
        return None
    for index, entry in enumerate(arguments):
        for item, base in _tensors_of(entry):
            if _storage_pointer(base) == _storage_pointer(value) and base.dtype == value.dtype and base.is_contiguous():
                return {"argument": index, "item": item, "offset": value.storage_offset() - base.storage_offset(),
                        "shape": list(value.shape), "strides": list(value.stride())}
    return None


def _model_new(scripts, init_inputs):
    model_new_class = getattr(scripts.module, "ModelNew", None)
    if model_new_class is None:
        raise TaskError(f"{os.path.join(scripts.validation_dir, scripts.model_file)}: does not define ModelNew, "
                        "which calls kernel_gen_ops")
    return scripts.call("ModelNew(*get_init_inputs)", lambda: model_new_class(*copy.deepcopy(init_inputs)))


def _run_model_new(scripts, model, inputs):
    """ModelNew.forward on copies of the inputs; a float16/bfloat16 op this CPU torch lacks (ModelNew
    preparing an argument) runs in float32 and is rounded back (narrow_float_fallback)."""
    with NarrowFloatFallback():
        return scripts.call("ModelNew.forward", lambda: model(*copy.deepcopy(inputs)))


def record_call(scripts, recorder, init_inputs, inputs, directory, timing_only=False):
    """The manifest's `call` entry: api, source line, arguments, and where each returned value lives.

    When every value ModelNew returns is a view of a tensor argument, `results` says which; otherwise
    (pybind.cpp or ModelNew converts or computes after the call) `replay` is set and the harness
    reruns ModelNew on the candidate's results (replay_call). A timing-only call reads no results
    back: `results` is empty."""
    recorder.take_calls()
    model = _model_new(scripts, init_inputs)
    recorder.poison_fresh_memory(True)  # outputs pybind.cpp creates with `empty` hold garbage, as on an NPU
    try:
        returned = _run_model_new(scripts, model, inputs)
    finally:
        recorder.poison_fresh_memory(False)
    calls = recorder.take_calls()
    if len(calls) != 1:
        raise TaskError(f"{os.path.join(scripts.validation_dir, scripts.model_file)}: ModelNew.forward made {len(calls)} "
                        "EXEC_NPU_CMD calls; akgen replays exactly one op call per case")
    call = calls[0]
    where = f"{os.path.join(scripts.validation_dir, call['file'])}:{call['line']}"
    try:
        arguments = [_encode_argument(i, entry, directory, where, timing_only)
                     for i, entry in enumerate(call["arguments"])]
    except UnstorableValue as error:
        raise TaskError(f"{where}: EXEC_NPU_CMD argument {error}") from error
    if timing_only:
        return {"api": call["api"], "source": where, "arguments": arguments, "results": [], "replay": False}
    results = [_locate(value, call["arguments"]) for value in flatten_outputs(returned)]
    replay = any(result is None for result in results)
    return {"api": call["api"], "source": where, "arguments": arguments, "results": None if replay else results,
            "replay": replay}


def replay_call(scripts, recorder, init_inputs, inputs, golden_call, run_dir):
    """ModelNew's return value when the op leaves its tensor arguments as the run directory holds them
    (the files the runner wrote back, named as in the golden call)."""
    def written(entry):  # a tensor the run left no file for keeps the contents it was called with
        files = [entry] if entry["kind"] == "tensor" else entry.get("items", [])
        return all(os.path.isfile(os.path.join(run_dir, item["file"])) for item in files)

    contents = [decode_value(entry, run_dir) if entry["kind"] in ("tensor", "tensor_list") and written(entry) else None
                for entry in golden_call["arguments"]]
    model = _model_new(scripts, init_inputs)
    recorder.set_replay(contents)
    try:
        return _run_model_new(scripts, model, inputs)
    finally:
        recorder.set_replay(None)


def write_replayed_outputs(returned, run_dir, model_file):
    """run_dir/manifest.json with what the replayed ModelNew returned (model_file names it in errors)."""
    try:
        structure, outputs = encode_outputs(returned, run_dir)
    except UnstorableValue as error:
        raise TaskError(f"{model_file}: ModelNew.forward output {error}") from error
    with open(os.path.join(run_dir, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump({"output_structure": structure, "outputs": outputs}, out, indent=1, allow_nan=False)
