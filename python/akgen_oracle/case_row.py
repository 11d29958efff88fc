"""The `param` object handed to get_inputs, get_init_inputs and custom_check_precision.

NPUKernelBench reads test_cases.csv with pandas (`sep=';'`), converts every numeric column whose
values are all whole numbers to int, and passes one `DataFrame.iterrows()` row. Column types are
therefore decided by the whole column: `scale` holding `1.0` and `2.0` gives ints, `1.0` and `1.5`
gives floats, and a shape column stays a string. This module reproduces those values without pandas.
"""
import csv
import math
import os

import numpy


def _parse_int(text):
    try:
        return int(text.strip())
    except ValueError:
        return None


def _parse_float(text):
    stripped = text.strip()
    if stripped == "":
        return math.nan  # pandas reads an empty numeric field as NaN
    try:
        return float(stripped)
    except ValueError:
        return None


def _parse_bool(text):
    return {"true": True, "false": False}.get(text.strip().lower())


def _column_type(texts):
    """pandas' inferred column type after NPUKernelBench's preprocess_dataframe: int, float, str."""
    if all(_parse_int(t) is not None for t in texts):
        return int
    if all(_parse_bool(t) is not None for t in texts):
        return int  # bool columns are numeric to pandas, so preprocess_dataframe turns them to 0/1
    floats = [_parse_float(t) for t in texts]
    if all(f is not None for f in floats):
        whole = all(math.isfinite(f) and f == int(f) for f in floats)
        return int if whole else float
    return str


def _convert(text, column_type):
    if column_type is int:
        parsed_bool = _parse_bool(text)
        return int(parsed_bool) if parsed_bool is not None else int(float(text.strip()))
    if column_type is float:
        return _parse_float(text)
    return math.nan if text == "" else text


def _csv_columns(csv_path):
    """Every column of test_cases.csv as a list of raw strings, keyed by header name."""
    with open(csv_path, newline="", encoding="utf-8") as csv_file:
        rows = list(csv.reader(csv_file, delimiter=";"))
    if not rows:
        return {}
    header, body = rows[0], [row for row in rows[1:] if row]
    return {name: [row[i] for row in body if i < len(row)] for i, name in enumerate(header)}


class CaseRow:
    """A read-only stand-in for the pandas Series of one test case (`row['dim']`, `row.get`, `row.dim`)."""

    def __init__(self, values):
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, key):
        return self._values[key]

    def __getattr__(self, key):
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(f"test case has no column '{key}'") from None

    def __setattr__(self, key, value):
        raise AttributeError("test case rows are read-only")

    def get(self, key, default=None):
        return self._values.get(key, default)

    def keys(self):
        return self._values.keys()

    @property
    def index(self):
        return list(self._values.keys())

    def items(self):
        return self._values.items()

    def to_dict(self):
        return dict(self._values)

    def __contains__(self, key):
        return key in self._values

    def __iter__(self):
        return iter(self._values.values())  # a Series iterates over its values

    def __len__(self):
        return len(self._values)

    def __repr__(self):
        width = max((len(k) for k in self._values), default=0)
        lines = [f"{k:<{width}}    {v}" for k, v in self._values.items()]
        return "\n".join(lines + ["dtype: object"])


def _numeric_row_values(values):
    """iterrows() on an all-numeric frame yields numpy scalars of one common type."""
    common = numpy.float64 if any(isinstance(v, float) for v in values.values()) else numpy.int64
    return {k: common(v) for k, v in values.items()}


def make_case_row(raw_fields, test_cases_csv):
    """Types one row of raw CSV strings the way NPUKernelBench's pandas reading would.

    raw_fields: the row as {column: raw string}, in CSV column order.
    test_cases_csv: the task's test_cases.csv, whose full columns decide the types; columns it
    lacks (or a missing file) are typed from the row's own value.
    """
    columns = _csv_columns(test_cases_csv) if os.path.exists(test_cases_csv) else {}
    values = {}
    for key, text in raw_fields.items():
        column_type = _column_type(columns.get(key) or [text])
        values[key] = _convert(text, column_type)
    if values and all(isinstance(v, (int, float)) for v in values.values()):
        values = _numeric_row_values(values)
    return CaseRow(values)
