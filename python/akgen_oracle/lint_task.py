"""The checks of one task that need its python: columns never read, inputs that cannot be generated,
outputs that ignore a column the cases vary, and checks looser than the output dtype needs.

Every case's inputs are generated, as the oracle would, by a row that records its reads. The
reference Model then runs only on one case per distinct set of input dtypes (the precision checks
choose their bounds by dtype), and on a few cases with one column changed at a time.
"""
import os

import torch

from akgen_oracle.case_row import make_case_row
from akgen_oracle.lint_column_reads import CHECKER, GENERATOR, ColumnReads, RecordingRow
from akgen_oracle.lint_tolerance import PrecisionCheck, detached, probe_tolerance
from akgen_oracle.narrow_float_fallback import missing_narrow_dtype
from akgen_oracle.oracle import build_model, generate_inputs, run_model
from akgen_oracle.task_files import TaskError, TaskScripts
from akgen_oracle.value_files import flatten_outputs, nested_tensors

SEED = 0  # akgen eval's default seed, so the inputs are those an evaluation would use
CPU = torch.device("cpu")
META = torch.device("meta")
# Values tried per column when looking for one that changes the outputs; each costs a Model run.
MAX_ALTERNATIVES = 4
# A case is judged by Model runs only up to this many input elements, so the lint needs no more
# memory and time than a small evaluation does.
MAX_MODEL_ELEMENTS = 1 << 24
# Cases (each with another value of the column) on which a column's other values are tried.
MAX_PROBED_CASES = 3
# Cases with at least this many input elements are probed first: a one-element case may give the
# same outputs by chance (max(x, 1.2) == max(x, 1) when x > 1.2), or hold only values small enough
# for an absolute bound to pass anything.
MIN_PROBED_ELEMENTS = 4096


def _probe_preference(case):
    """Sorts the smallest case of at least MIN_PROBED_ELEMENTS first, then the smaller ones from the
    largest down, then those too large for a Model run."""
    if case.elements > MAX_MODEL_ELEMENTS:
        return (2, case.elements)
    if case.elements >= MIN_PROBED_ELEMENTS:
        return (0, case.elements)
    return (1, -case.elements)


def _value_key(text):
    """A column value as the code reads it, so `0.0` and `0.00` are one value."""
    try:
        return float(text)
    except ValueError:
        return text.strip()


def _same(a, b):
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        return (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.dtype == b.dtype
                and a.shape == b.shape and bool(torch.equal(a.detach(), b.detach())))
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b)
                and all(_same(x, y) for x, y in zip(a, b)))
    return a == b


class _Case:
    def __init__(self, entry):
        self.line = entry["line"]
        self.fields = entry["row"]  # raw strings in column order
        self.case_id = self.fields.get("case_id", "?")
        self.signature = None  # the input dtypes, once generated
        self.elements = 0
        self.npu_fills_reported = False


class TaskLint:
    def __init__(self, task):
        self.validation_dir = task["validation_dir"]  # as the caller gave it, so findings name files as it does
        self.csv_path = os.path.join(self.validation_dir, "test_cases.csv")
        self.columns = task["columns"]
        self.cases = [_Case(entry) for entry in task["cases"]]
        self.findings = []
        self.reads = ColumnReads(self.validation_dir)

    def _report(self, kind, message, fix, file=None, line=0, **extra):
        self.findings.append(dict(kind=kind, file=file or self.csv_path, line=line, message=message, fix=fix,
                                  **extra))

    def _row(self, fields, recording):
        row = make_case_row(fields, self.csv_path)
        return RecordingRow(row, self.reads) if recording else row

    def _outputs(self, fields, recording=False):
        """(Model's outputs, the dtype and shape of every input tensor)."""
        init_inputs, inputs = generate_inputs(self.scripts, self._row(fields, recording), SEED, CPU)
        structure = [(t.dtype, t.shape) for t in nested_tensors(init_inputs) + nested_tensors(inputs)]
        return run_model(self.scripts, build_model(self.scripts, init_inputs, CPU), inputs)[0], structure

    def run(self):
        try:
            self.scripts = TaskScripts(self.validation_dir)
        except TaskError as error:
            self._report("reference-error", str(error), "fix the task's validation scripts")
            return self.findings
        self._generate_every_case()
        self._probe_representatives()
        self._report_unread_columns()
        self._report_ignored_columns()
        return self.findings

    def _generate(self, case, device):
        """Generates the case's inputs on `device`, noting their dtypes and size; raises TaskError."""
        npu_fills = set()
        init_inputs, inputs = generate_inputs(self.scripts, self._row(case.fields, True), SEED, device, npu_fills)
        tensors = nested_tensors(init_inputs) + nested_tensors(inputs)
        case.signature = tuple(sorted({str(t.dtype) for t in tensors}))
        case.elements = sum(t.numel() for t in tensors)
        self._report_npu_fills(case, npu_fills)

    def _report_npu_fills(self, case, npu_fills):
        """A random fill of an integer dtype, which CPU PyTorch refuses and the NPU computes as integers
        drawn from [from, to): torch.rand of int32 is all zeros there, so the case tests constant data."""
        if not npu_fills or case.npu_fills_reported:
            return
        case.npu_fills_reported = True
        dtype = f" ({case.fields['dtype']})" if "dtype" in case.fields else ""
        self._report("input-generation", f"case {case.case_id}{dtype}: CPU PyTorch cannot generate its inputs; the "
                     f"NPU makes them as {'; '.join(sorted(npu_fills))}",
                     "generate integer inputs with torch.randint (torch.rand of an integer dtype is all zeros on "
                     "the NPU)", line=case.line, case_id=case.case_id)

    def _generate_on_cpu(self, case):
        """True when CPU PyTorch generates the case's inputs; else reports why not."""
        try:
            self._generate(case, CPU)
            return True
        except TaskError as error:
            dtype = f" ({case.fields['dtype']})" if "dtype" in case.fields else ""
            fix = "generate inputs this case's dtype supports in get_inputs, or remove the case"
            if missing_narrow_dtype(error) is not None:
                fix = (f"compute the inputs in float32 and cast them to the case's dtype: this torch "
                       f"({torch.__version__}) lacks the half-precision CPU kernel, newer ones have it")
            self._report("input-generation", f"case {case.case_id}{dtype}: CPU PyTorch cannot generate its inputs: "
                         f"{error}", fix, line=case.line, case_id=case.case_id)
            case.signature = None
            return False

    def _generate_every_case(self):
        """Every case on meta tensors, which runs the task's python at no cost in data; a case whose code
        needs values (.item(), data-dependent shapes) runs on the CPU instead."""
        for case in self.cases:
            try:
                self._generate(case, META)
            except TaskError:
                self._generate_on_cpu(case)

    def _generated(self):
        return [case for case in self.cases if case.signature is not None]

    def _representatives(self):
        """The preferred case (_probe_preference) of each input-dtype signature that CPU PyTorch can
        generate. Meta tensors skip the dtype checks of CPU kernels (torch.rand of int32), so when that
        case fails on the CPU, every case of its signature is tried there, each failure reported."""
        by_signature = {}
        for case in sorted(self._generated(), key=_probe_preference):
            by_signature.setdefault(case.signature, []).append(case)
        representatives = []
        for cases in by_signature.values():
            if self._generate_on_cpu(cases[0]):
                representatives.append(cases[0])
                continue
            runnable = [case for case in cases[1:] if self._generate_on_cpu(case)]
            representatives += runnable[:1]
        return sorted(representatives, key=lambda c: c.line)

    def _probe_representatives(self):
        """Model and the precision check on each representative case."""
        check = PrecisionCheck(self.scripts, os.path.join(self.validation_dir, self.scripts.inputs_file))
        for case in self._representatives():
            if case.elements > MAX_MODEL_ELEMENTS:
                continue
            try:
                golden, structure = self._outputs(case.fields, recording=True)
                with self.reads.phase(CHECKER):
                    for finding in probe_tolerance(check, self._row(case.fields, True), golden, structure):
                        self._report("loose-tolerance", f"case {case.case_id}: {finding['message']}", finding["fix"],
                                     file=finding["file"], line=finding["line"], case_id=case.case_id)
            except TaskError as error:
                self._report("reference-error", f"case {case.case_id}: {error}",
                             "fix Model or the check so the case runs on CPU PyTorch", line=case.line,
                             case_id=case.case_id)

    def _report_unread_columns(self):
        unread = [c for c in self.columns if c != "case_id" and not self.reads.read_by(c, (GENERATOR, CHECKER))]
        if not unread or not self._generated():
            return
        asked = "; ".join(f"{location} asks for '{key}', which no column provides, so it gets its default"
                          for key, location in self.reads.missing_keys.items())
        for column in unread:
            self._report("unread-column",
                         f"column '{column}' is never read by get_inputs, get_init_inputs, Model or "
                         f"custom_check_precision, so changing it changes no case" + (f"; {asked}" if asked else ""),
                         f"read '{column}' in {self.scripts.inputs_file} (or rename the key it asks for), or drop the "
                         "column", line=1, column=column)

    def _report_ignored_columns(self):
        """A column the cases vary, yet on the cases tried, putting another row's value in leaves the
        inputs' dtypes and shapes and Model's outputs unchanged. Only attributes and input values can
        be ignored by a kernel; a new dtype or shape changes what the kernel reads."""
        runnable = sorted((c for c in self._generated() if c.elements <= MAX_MODEL_ELEMENTS), key=_probe_preference)
        references = {}
        for column in self.columns:
            values = {}  # one raw text per value the code would read
            for case in self.cases:
                values.setdefault(_value_key(case.fields[column]), case.fields[column])
            if column == "case_id" or len(values) < 2 or not self.reads.read_by(column, (GENERATOR,)):
                continue
            best_with_value = {}
            for case in runnable:
                best_with_value.setdefault(_value_key(case.fields[column]), case)
            evidence = []
            for key, case in list(best_with_value.items())[:MAX_PROBED_CASES]:
                others = [text for other, text in values.items() if other != key][:MAX_ALTERNATIVES]
                unchanged = self._values_leaving_outputs_unchanged(case, references, column, others)
                if unchanged is None:
                    break
                evidence += [(case, unchanged)] if unchanged else []
            else:
                if evidence:
                    self._report_ignored_column(column, evidence)

    def _report_ignored_column(self, column, evidence):
        case = evidence[0][0]
        tried = "; ".join(f"case {c.case_id} with {column}={', '.join(values)} instead of {c.fields[column]}"
                          for c, values in evidence)
        self._report("ignored-column", f"Model's outputs are identical for {tried}, so a kernel that ignores "
                     f"'{column}' passes", f"make the reference use '{column}', or choose values or inputs for which "
                     "it changes the outputs", line=case.line, column=column, case_id=case.case_id)

    def _values_leaving_outputs_unchanged(self, case, references, column, values):
        """The `values` that run with the case's other columns, if each leaves its input dtypes and
        shapes and Model's outputs unchanged; None when one changes them. `references` caches each
        case's own (outputs, input structure)."""
        try:
            if case.case_id not in references:
                references[case.case_id] = self._outputs(case.fields)
        except TaskError:
            return []  # _probe_representatives reports a Model that fails
        reference_outputs, reference_structure = references[case.case_id]
        unchanged = []
        for value in values:
            try:
                outputs, structure = self._outputs(dict(case.fields, **{column: value}))
            except TaskError:
                continue  # another row's value may not fit this row's other columns
            if structure != reference_structure or not _same(flatten_outputs(detached(reference_outputs)),
                                                              flatten_outputs(detached(outputs))):
                return None
            unchanged.append(value)
        return unchanged
