"""A MultiKernelBench task (`reference/<category>/<task>.py`) behind the interface of TaskScripts.

MultiKernelBench's files take no arguments: `get_inputs()` reads module-level shape constants and
`get_init_inputs()` the constructor's. Its correctness check seeds 1024, builds Model, then judges
five trials, each on fresh `get_inputs()`; a file with `get_input_groups()` (its NPUKernelBench
folders, cases in a sibling JSON) is judged on every group instead. Here each trial or group is a
case: case N of a plain file draws its inputs after seeding 1024 + seed + N, so every case is
reproducible on its own; case N of a grouped file is group N of one `get_input_groups()` call
after seeding 1024 + seed. Model is built after seeding 1024, as MultiKernelBench builds it.

The current files reach 6-8 GiB per tensor. With a `max_elements` bound, a plain file whose inputs
hold more elements is run at smaller shapes: its largest module-level integer constants (>= 64,
also inside tuples such as `input_shape = (32768,)`) are shrunk to about half, one value at a time
and every constant of that value together (hinge_loss broadcasts targets of `batch_size` against
rows of `input_shape[0]`, so equal constants must stay equal), keeping their remainder modulo 64
elements (so rows stay as aligned or as unaligned as before, and every code path of a kernel is
still taken) until the inputs fit. When nothing can shrink that way (the 3-D pooling tasks, whose
dimensions reach 64), the remainder is kept modulo 32, then 16, then 8 elements (one 32-byte block
of float32); no constant goes below 32. The manifest's `scaled_constants` records what changed.
Timing-only runs are never scaled: they use meta tensors at the task's own shapes.

`shapes="paper"` first puts back the constants the file had at MultiKernelBench's first commit, the
paper's shapes (mkb_paper_shapes.json, read off its history); a constant the file no longer has
(kl_div_loss and matrix_scalar_multiplication renamed theirs, max pooling dropped `dilation`) cannot
be put back, and the note says so.
"""
import ast
import contextlib
import functools
import json
import os

import torch

from akgen_oracle.seeding import seed_everything
from akgen_oracle.task_files import TaskError, call_task, load_module

MKB_SEED = 1024  # MultiKernelBench's config.seed_num
TRIALS = 5  # MultiKernelBench's config.num_correct_trials
# Remainders kept when shrinking, in elements: 256 bytes of float32 (the vector unit's repeat) first,
# down to one 32-byte block.
_ALIGNMENTS = (64, 32, 16, 8)
_SMALLEST_SCALED = 64  # constants below this are kernel sizes, strides, groups: never changed
_SMALLEST_RESULT = 32

# Factories MultiKernelBench files call without a device; on a meta run they make meta tensors.
_FACTORIES = ("rand", "randn", "randint", "zeros", "ones", "empty", "full", "arange", "randperm", "eye", "linspace")


@contextlib.contextmanager
def _factories_on(device):
    """torch's factory functions default to `device` while the block runs (torch 1.13 has no
    torch.set_default_device)."""
    if device.type == "cpu":
        yield
        return
    originals = {name: getattr(torch, name) for name in _FACTORIES}

    def on_device(factory):
        @functools.wraps(factory)
        def make(*args, **kwargs):
            kwargs.setdefault("device", device)
            return factory(*args, **kwargs)
        return make

    try:
        for name, factory in originals.items():
            setattr(torch, name, on_device(factory))
        yield
    finally:
        for name, factory in originals.items():
            setattr(torch, name, factory)


def _elements(value):
    if isinstance(value, torch.Tensor):
        return value.numel()
    if isinstance(value, (list, tuple)):
        return sum(_elements(item) for item in value)
    return 0


def _shrunk(value, alignment):
    """About half of value with the same remainder modulo alignment, or None when it cannot shrink."""
    if value < _SMALLEST_SCALED:
        return None
    remainder = value % alignment
    smaller = remainder + alignment * max(1, (value // 2 - remainder) // alignment)
    if smaller >= value or smaller < _SMALLEST_RESULT:
        return None
    return smaller


class MkbTaskScripts:
    """The reference file as the oracle's task scripts: Model, get_inputs(row, device),
    get_init_inputs(row, device); `row['case_id']` picks the trial or group."""

    custom_check_precision = None  # MultiKernelBench compares with allclose, in the harness

    def __init__(self, reference_file, seed=0, max_elements=0, shapes="task"):
        self.reference_file = os.path.abspath(reference_file)
        self.validation_dir = os.path.dirname(self.reference_file)  # failures are located in this folder
        self.inputs_file = self.model_file = os.path.basename(self.reference_file)
        self.seed = seed
        self.module = load_module(self.validation_dir, self.inputs_file, "mkb_reference_module")
        self._model_class = self._require("Model")
        self._get_init_inputs = self._require("get_init_inputs")
        self._get_input_groups = getattr(self.module, "get_input_groups", None)
        self._get_inputs = self._require("get_inputs") if self._get_input_groups is None else None
        self.scaled_constants = {}
        self.notes = []
        if shapes == "paper":
            self._restore_paper_shapes()
        if max_elements > 0 and self._get_input_groups is None:
            self._scale_to(max_elements)

    def _require(self, name):
        if not hasattr(self.module, name):
            raise TaskError(f"{self.reference_file}: does not define {name}; a MultiKernelBench task defines "
                            f"Model, get_inputs (or get_input_groups) and get_init_inputs")
        return getattr(self.module, name)

    def call(self, action, function, *args):
        return call_task(self.validation_dir, action, function, *args)

    def model_class(self, *init_inputs):
        seed_everything(MKB_SEED)
        return self._model_class(*init_inputs)

    def get_init_inputs(self, row, device):
        with _factories_on(device):
            return list(self._get_init_inputs())

    def get_inputs(self, row, device):
        case = int(row["case_id"])
        with _factories_on(device):
            if self._get_input_groups is None:
                seed_everything(MKB_SEED + self.seed + case)
                return list(self._get_inputs())
            seed_everything(MKB_SEED + self.seed)
            groups = self._get_input_groups()
        if not 0 <= case < len(groups):
            raise TaskError(f"{self.reference_file}: get_input_groups() returned {len(groups)} groups; "
                            f"there is no case {case}")
        return list(groups[case])

    def _input_elements(self):
        with _factories_on(torch.device("meta")):
            return _elements(self.call("get_inputs on meta tensors", self._get_inputs))

    def _restore_paper_shapes(self):
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mkb_paper_shapes.json")) as table:
            paper = json.load(table)
        key = f"{os.path.basename(self.validation_dir)}/{os.path.splitext(self.inputs_file)[0]}"
        if key not in paper["constants"]:
            self.notes.append(f"paper shapes: none known for {key} (mkb_paper_shapes.json covers AscendCraft's "
                              f"seven categories); the file's shapes are used")
            return
        constants = paper["constants"][key]
        restored = [name for name in constants if hasattr(self.module, name)]
        for name in restored:
            value = constants[name]
            setattr(self.module, name, tuple(value) if isinstance(value, list) else value)
        missing = sorted(set(constants) - set(restored))
        if restored:
            self.notes.append(f"paper shapes (MultiKernelBench {paper['commit']}): " +
                              ", ".join(f"{name} {constants[name]}" for name in sorted(restored)))
        if missing:
            self.notes.append(f"paper-time constants this file no longer has, not restored: {', '.join(missing)}")
        if not constants:
            self.notes.append("paper shapes: this task's shapes did not change")

    def _integers(self):
        """(name, index, value) of every module-level integer (index None) and integer in a tuple or list."""
        for name, value in list(vars(self.module).items()):
            if name.startswith("_"):
                continue
            if type(value) is int:
                yield name, None, value
            elif isinstance(value, (tuple, list)) and all(type(item) is int for item in value):
                yield from ((name, index, item) for index, item in enumerate(value))

    def _largest_shrinkable(self):
        """(value, alignment): the largest value that can shrink, at the finest alignment needed."""
        for alignment in _ALIGNMENTS:
            values = [value for _, _, value in self._integers() if _shrunk(value, alignment) is not None]
            if values:
                return max(values), alignment
        return None, None

    def _set(self, name, index, value):
        if index is None:
            setattr(self.module, name, value)
            return
        original = getattr(self.module, name)
        items = list(original)
        items[index] = value
        setattr(self.module, name, type(original)(items))

    def _name_literals(self):
        """Redefines get_inputs with each integer literal of at least _SMALLEST_SCALED in it read from
        a module-level constant of its own (`get_inputs_literal_<line>_<column>`), so files that write
        shapes inline (`torch.randn(4096, 393216)`) scale like the others. Line numbers stay the file's."""
        with open(self.reference_file, encoding="utf-8") as source:
            tree = ast.parse(source.read(), filename=self.reference_file)
        function = next((node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "get_inputs"),
                        None)
        if function is None:
            return False
        literals = {}

        class Namer(ast.NodeTransformer):
            def visit_Constant(self, node):
                if type(node.value) is int and node.value >= _SMALLEST_SCALED:
                    name = f"get_inputs_literal_{node.lineno}_{node.col_offset}"
                    literals[name] = node.value
                    return ast.copy_location(ast.Name(id=name, ctx=ast.Load()), node)
                return node
        Namer().visit(function)
        if not literals:
            return False
        module = ast.fix_missing_locations(ast.Module(body=[function], type_ignores=[]))
        vars(self.module).update(literals)
        exec(compile(module, self.reference_file, "exec"), vars(self.module))  # noqa: S102 (the task's own code)
        self._get_inputs = self.module.get_inputs
        return True

    def _scale_to(self, max_elements):
        elements = self._input_elements()
        originals = {}
        literals_named = False
        while elements > max_elements:
            value, alignment = self._largest_shrinkable()
            if value is None and not literals_named:
                literals_named = True
                if self._name_literals():
                    value, alignment = self._largest_shrinkable()
            if value is None:
                raise TaskError(f"{self.reference_file}: get_inputs() makes {elements} elements, more than "
                                f"--max-elements {max_elements}, and no module-level integer constant of at least "
                                f"{_SMALLEST_SCALED} is left to shrink; raise --max-elements")
            for name, index, current in list(self._integers()):
                if current == value:
                    originals.setdefault((name, index), value)
                    self._set(name, index, _shrunk(value, alignment))
            elements = self._input_elements()
        for (name, index), original in originals.items():
            current = getattr(self.module, name)
            label = name if index is None else f"{name}[{index}]"
            if name.startswith("get_inputs_literal_"):
                line, column = name.removeprefix("get_inputs_literal_").split("_")
                label = f"get_inputs line {line} column {int(column) + 1}"
            self.scaled_constants[label] = [original, current if index is None else current[index]]

    def note(self):
        """How this case's shapes differ from the file's, or ""."""
        notes = list(self.notes)
        if self.scaled_constants:
            changes = ", ".join(f"{name} {old} -> {new}" for name, (old, new) in sorted(self.scaled_constants.items()))
            notes.append(f"shapes scaled to fit --max-elements: {changes}")
        return "; ".join(notes)
