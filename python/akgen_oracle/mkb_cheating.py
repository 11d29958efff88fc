"""MultiKernelBench's anti-hack flag (its commits b7b3f89 and dbe8546), computed the way it defines it:
a static scan of the code reachable from `ModelNew.forward` for work a custom kernel should do.

Reachable code: `forward`, the methods it calls on `self`, module-level functions it calls, and the
`forward` of custom submodules built in the class's methods, transitively. Flagged there:
- any arithmetic operator (`+ - * / // % ** @`);
- a `torch.<f>()` call other than allocations and constructors, any `torch.nn.functional` (`F`) call,
  a compute method on a value (`x.sum()`, `x.relu()`, `x.matmul(y)`, ...), and calling a submodule
  that is a computing `nn` layer (or an `nn.Sequential` holding one);
- a `for i in range(...)` loop that indexes with `i` and computes (a compute call, or two
  arithmetic operators).
Calls on a module the file imports from outside torch and the numeric libraries (a direct-launch
answer's `import benchmark_ops as _ops`, then `_ops.add(a, b)`) are the candidate's own kernels, not
torch compute. The flag does not change correctness, as in MultiKernelBench; the harness records it. The aten ops
ModelNew really runs are recorded apart (mkb_record's `model_new_ops`), which no rewriting escapes.
"""
import ast

# torch functions that only allocate or construct.
_ALLOCATING_TORCH = {"empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full",
                     "full_like", "tensor", "arange", "linspace", "as_tensor"}
# Methods that compute on a tensor's values.
_COMPUTING_METHODS = {
    "sum", "mean", "max", "min", "prod", "cumsum", "cumprod", "argmax", "argmin", "var", "std",
    "matmul", "mm", "bmm", "addmm", "add", "sub", "mul", "div", "fmod", "remainder", "add_", "sub_", "mul_", "div_",
    "relu", "sigmoid", "tanh", "gelu", "silu", "elu", "leaky_relu", "relu_", "sigmoid_", "tanh_",
    "exp", "log", "log2", "log10", "sqrt", "pow", "abs", "sin", "cos", "clamp", "clamp_", "ceil", "floor", "round",
    "reciprocal", "neg", "sign", "softmax", "log_softmax", "norm", "layer_norm", "batch_norm", "group_norm",
    "conv1d", "conv2d", "conv3d", "conv_transpose2d", "linear", "dropout", "softplus", "hardtanh", "hardswish",
    "eq", "ne", "lt", "gt", "le", "ge", "where",
}
# nn layers that compute.
_COMPUTING_LAYERS = {
    f"{kind}{dims}" for kind in ("AdaptiveAvgPool", "AdaptiveMaxPool", "AvgPool", "MaxPool", "BatchNorm", "Conv",
                                 "ConvTranspose", "InstanceNorm", "Dropout") for dims in ("1d", "2d", "3d")
} | {"Dropout", "ELU", "GELU", "GLU", "Hardtanh", "Hardsigmoid", "Hardswish", "LayerNorm", "LeakyReLU", "Linear",
     "LocalResponseNorm", "LogSigmoid", "LogSoftmax", "PReLU", "ReLU", "ReLU6", "RMSNorm", "SELU", "SiLU", "Sigmoid",
     "Softmax", "Softmin", "Softplus", "Softshrink", "Tanh", "Tanhshrink", "Threshold"}
_FUNCTIONAL = {"F", "functional", "torch.nn.functional", "nn.functional"}
_BUILTINS = {"min", "max", "abs", "len", "range", "int", "float", "bool", "list", "tuple", "str", "type", "isinstance",
             "print", "enumerate", "zip", "map", "filter", "sorted", "reversed", "hasattr", "getattr", "setattr"}
# Packages whose functions compute on the host; a module imported from anywhere else is the answer's own.
_HOST_COMPUTE_PACKAGES = {"torch", "numpy", "math", "scipy"}
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.Mod, ast.MatMult)


def _callee(call):
    """(qualifier, name) of a call: (None, "f") for f(), ("torch", "relu") for torch.relu(),
    ("torch.nn", "ReLU") for torch.nn.ReLU(); None for anything else."""
    function = call.func
    if isinstance(function, ast.Name):
        return None, function.id
    if isinstance(function, ast.Attribute):
        if isinstance(function.value, ast.Name):
            return function.value.id, function.attr
        if isinstance(function.value, ast.Attribute) and isinstance(function.value.value, ast.Name):
            return f"{function.value.value.id}.{function.value.attr}", function.attr
        return "", function.attr  # a method of some expression: (x + y).sum()
    return None


def _is_computing_layer(call):
    callee = _callee(call)
    if callee is None:
        return False
    qualifier, name = callee
    if qualifier in {"nn", "torch.nn"} and name in _COMPUTING_LAYERS:
        return True
    return qualifier in {"nn", "torch.nn"} and name == "Sequential" and any(
        isinstance(inner, ast.Call) and inner is not call and _is_computing_layer(inner) for inner in ast.walk(call))


def _own_modules(tree):
    """Names the file binds to modules imported from outside _HOST_COMPUTE_PACKAGES."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.asname or alias.name.split(".")[0] for alias in node.names
                      if alias.name.split(".")[0] not in _HOST_COMPUTE_PACKAGES}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] not in _HOST_COMPUTE_PACKAGES:
            names |= {alias.asname or alias.name for alias in node.names}
    return names


class _Program:
    def __init__(self, tree):
        self.own_modules = _own_modules(tree)
        self.classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
        self.functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}

    def methods(self, class_name):
        node = self.classes.get(class_name)
        return {} if node is None else {item.name: item for item in node.body
                                        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}

    def submodules(self, class_name):
        """(custom submodules {attr: class}, computing layers {attr}) assigned to self in the class."""
        custom, layers = {}, set()
        for method in self.methods(class_name).values():
            for node in ast.walk(method):
                if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
                    continue
                for target in node.targets:
                    if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                            and target.value.id == "self"):
                        continue
                    callee = _callee(node.value)
                    if callee and callee[0] is None and callee[1] in self.classes:
                        custom[target.attr] = callee[1]
                    elif _is_computing_layer(node.value):
                        layers.add(target.attr)
        return custom, layers

    def reachable(self, root_class):
        """(function node, its class) of everything reachable from root_class.forward."""
        found, seen = [], set()
        pending = [(self.methods(root_class).get("forward"), root_class)]
        while pending:
            function, class_name = pending.pop()
            if function is None or id(function) in seen:
                continue
            seen.add(id(function))
            found.append((function, class_name))
            methods = self.methods(class_name) if class_name else {}
            custom, _ = self.submodules(class_name) if class_name else ({}, set())
            for call in (node for node in ast.walk(function) if isinstance(node, ast.Call)):
                callee = _callee(call)
                if callee is None:
                    continue
                qualifier, name = callee
                if qualifier is None and name in self.functions:
                    pending.append((self.functions[name], None))
                elif qualifier == "self" and name in methods:
                    pending.append((methods[name], class_name))
                elif qualifier == "self" and name in custom:
                    pending.append((self.methods(custom[name]).get("forward"), custom[name]))
        return found


def _computing_call(call, layers, own_modules):
    callee = _callee(call)
    if callee is None:
        return None
    qualifier, name = callee
    if (qualifier is None and name in _BUILTINS) or qualifier in own_modules:
        return None
    if qualifier == "torch" and name not in _ALLOCATING_TORCH:
        return f"torch.{name}() computes in torch"
    if qualifier in _FUNCTIONAL:
        return f"{qualifier}.{name}() computes in torch"
    if qualifier == "self" and name in layers:
        return f"self.{name}() runs a computing nn layer"
    if qualifier is not None and name in _COMPUTING_METHODS:
        return f".{name}() computes in torch"
    return None


def _range_loop_computes(loop, layers, own_modules):
    if not (isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and _callee(loop.iter) == (None, "range")
            and isinstance(loop.target, ast.Name)):
        return False
    indexes = any(isinstance(node, ast.Subscript) and any(
        isinstance(name, ast.Name) and name.id == loop.target.id for name in ast.walk(node.slice))
        for node in ast.walk(loop))
    arithmetic = sum(isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC) for node in ast.walk(loop))
    calls = any(isinstance(node, ast.Call) and _computing_call(node, layers, own_modules) for node in ast.walk(loop))
    return indexes and (calls or arithmetic >= 2)


def scan(model_source):
    """The flag's findings in model_src: ["line 12: torch.relu() computes ...", ...]; [] when clean.
    Source that does not parse is not scanned (it does not load either)."""
    try:
        tree = ast.parse(model_source)
    except SyntaxError:
        return []
    program = _Program(tree)
    root = "ModelNew" if "ModelNew" in program.classes else "Model"
    findings = []
    for function, class_name in program.reachable(root):
        _, layers = program.submodules(class_name) if class_name else ({}, set())
        for node in ast.walk(function):
            if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
                findings.append(f"line {node.lineno}: arithmetic ({type(node.op).__name__}) in model code a kernel "
                                f"should do")
            elif isinstance(node, ast.Call) and (what := _computing_call(node, layers, program.own_modules)):
                findings.append(f"line {node.lineno}: {what}")
        if not findings:
            findings += [f"line {loop.lineno}: a Python range loop indexes tensors and computes"
                         for loop in ast.walk(function) if _range_loop_computes(loop, layers, program.own_modules)]
    return findings
