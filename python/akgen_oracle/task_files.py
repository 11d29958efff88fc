"""Loads a task's validation scripts and turns their failures into messages that name file and line."""
import errno
import importlib.util
import os
import sys
import traceback


class TaskError(Exception):
    """A failure inside the task's own files (or a missing piece of them); the message says where."""


class CaseCannotRun(TaskError):
    """The task's input generator fails on this case as it would on the NPU (after the NPU's own
    behaviours are emulated): no candidate can be judged on it, and rerunning cannot help."""


CASE_CANNOT_RUN_STATUS = 3  # the harness records such a case as task_error instead of retrying it
MACHINE_FAULT_STATUS = 4  # the harness stops: the machine, not the task, failed (bench/common/environment_fault.h)
MACHINE_FAULT_PREFIX = "akgen_oracle machine fault: "
_MACHINE_FAULT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EMFILE, errno.ENFILE, errno.ENOMEM}


def is_machine_fault(error):
    """A full disk, a read-only or failing filesystem, no descriptors or memory: never the task's doing."""
    return isinstance(error, OSError) and error.errno in _MACHINE_FAULT_ERRNOS


def exit_status(action):
    """Runs action(); a TaskError becomes the `akgen_oracle: ...` message the harness reads, and status 1."""
    sys.dont_write_bytecode = True  # never leave __pycache__ in task folders
    try:
        action()
    except TaskError as error:
        print(f"akgen_oracle: {error}", file=sys.stderr)
        return CASE_CANNOT_RUN_STATUS if isinstance(error, CaseCannotRun) else 1
    except OSError as error:
        if not is_machine_fault(error):
            raise
        print(f"{MACHINE_FAULT_PREFIX}{error}", file=sys.stderr)
        return MACHINE_FAULT_STATUS
    return 0


def _task_frame(trace, validation_dir):
    """The innermost traceback frame inside the task's validation directory, if any."""
    inside = [frame for frame in traceback.extract_tb(trace)
              if os.path.dirname(os.path.abspath(frame.filename)) == validation_dir]
    return inside[-1] if inside else None


def describe_failure(error, validation_dir, action):
    """`<file>:<line>: <action>: <ExceptionType>: <message>`, pointing into the task's files."""
    detail = f"{type(error).__name__}: {error}"
    if isinstance(error, SyntaxError) and error.filename:
        return f"{error.filename}:{error.lineno}: {action}: SyntaxError: {error.msg}"
    frame = _task_frame(error.__traceback__, validation_dir)
    if frame is None:
        return f"{validation_dir}: {action}: {detail}"
    return f"{frame.filename}:{frame.lineno}: {action}: {detail}"


def call_task(validation_dir, action, function, *args):
    """Calls into task code; any exception becomes a TaskError that names the task file and line."""
    try:
        return function(*args)
    except Exception as error:  # task code may raise anything; all of it but a machine fault is the task's
        if is_machine_fault(error):
            raise
        raise TaskError(describe_failure(error, validation_dir, action)) from error


def load_module(validation_dir, file_name, module_name):
    path = os.path.join(validation_dir, file_name)
    if not os.path.isfile(path):
        raise TaskError(f"{path}: missing; a task's validation folder needs {file_name}")
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    call_task(validation_dir, f"importing {file_name}", spec.loader.exec_module, module)
    return module


class TaskScripts:
    """module.py and the module that provides get_inputs, chosen as NPUKernelBench chooses it.

    NPUKernelBench takes get_inputs, get_init_inputs and custom_check_precision from module.py when
    it defines get_init_inputs, and from prepare_inputs.py otherwise.
    """

    model_file = "module.py"

    def __init__(self, validation_dir):
        self.validation_dir = os.path.abspath(validation_dir)
        self.module = load_module(self.validation_dir, "module.py", "model_module")
        if hasattr(self.module, "get_init_inputs"):
            self.inputs_module, self.inputs_file = self.module, "module.py"
        else:
            self.inputs_module = load_module(self.validation_dir, "prepare_inputs.py", "prepare_inputs_module")
            self.inputs_file = "prepare_inputs.py"
        self.model_class = self._require(self.module, "module.py", "Model")
        self.get_inputs = self._require(self.inputs_module, self.inputs_file, "get_inputs")
        self.get_init_inputs = self._require(self.inputs_module, self.inputs_file, "get_init_inputs")
        self.custom_check_precision = getattr(self.inputs_module, "custom_check_precision", None)

    def _require(self, module, file_name, name):
        if not hasattr(module, name):
            raise TaskError(f"{os.path.join(self.validation_dir, file_name)}: does not define {name}")
        return getattr(module, name)

    def call(self, action, function, *args):
        return call_task(self.validation_dir, action, function, *args)
