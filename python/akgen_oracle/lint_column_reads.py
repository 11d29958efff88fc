"""Which test_cases.csv columns a task's code reads, found by handing it a row that records its reads.

Reading the code's text would miss computed keys and count reads in dead branches; recording what
get_inputs, get_init_inputs, Model and custom_check_precision actually ask for does neither.
"""
import contextlib
import os
import sys

from akgen_oracle.case_row import CaseRow

GENERATOR, CHECKER = "generator", "checker"


class ColumnReads:
    """The columns read, by the phase that read them, and the keys asked for that no column has."""

    def __init__(self, validation_dir):
        self.validation_dir = validation_dir  # as findings name it
        self._task_files_dir = os.path.abspath(validation_dir)
        self.phases_by_column = {}
        self.missing_keys = {}  # key -> "file:line" of the first read inside the task's files
        self.read_everything = False  # the code iterated over the row, so every column counts as read
        self._phase = GENERATOR

    @contextlib.contextmanager
    def phase(self, name):
        previous, self._phase = self._phase, name
        try:
            yield
        finally:
            self._phase = previous

    def record(self, key, present):
        if present:
            self.phases_by_column.setdefault(key, set()).add(self._phase)
        elif key not in self.missing_keys:
            self.missing_keys[key] = self._reader_location()

    def read_by(self, column, phases):
        return self.read_everything or bool(self.phases_by_column.get(column, set()) & set(phases))

    def _reader_location(self):
        frame = sys._getframe(2)
        while frame is not None:
            file_name = os.path.abspath(frame.f_code.co_filename)
            if os.path.dirname(file_name) == self._task_files_dir:
                return f"{os.path.join(self.validation_dir, os.path.basename(file_name))}:{frame.f_lineno}"
            frame = frame.f_back
        return self.validation_dir


class RecordingRow(CaseRow):
    """A CaseRow that reports each column lookup to a ColumnReads."""

    def __init__(self, row, reads):
        super().__init__(row.to_dict())
        object.__setattr__(self, "_reads", reads)

    def _lookup(self, key):
        self._reads.record(key, key in self._values)

    def __getitem__(self, key):
        self._lookup(key)
        return super().__getitem__(key)

    def __getattr__(self, key):
        if key.startswith("_"):  # copy and pickle probe dunder attributes; they are not columns
            raise AttributeError(key)
        self._lookup(key)
        return super().__getattr__(key)

    def get(self, key, default=None):
        self._lookup(key)
        return super().get(key, default)

    def __contains__(self, key):
        self._lookup(key)
        return super().__contains__(key)

    def _read_all(self):
        self._reads.read_everything = True

    def keys(self):
        self._read_all()
        return super().keys()

    def items(self):
        self._read_all()
        return super().items()

    def to_dict(self):
        self._read_all()
        return super().to_dict()

    def __iter__(self):
        self._read_all()
        return super().__iter__()

    @property
    def index(self):
        self._read_all()
        return list(self._values.keys())
