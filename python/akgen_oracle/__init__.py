"""Runs NPUKernelBench task references (validation/module.py, validation/prepare_inputs.py) on the CPU.

`python3 -m akgen_oracle.oracle` writes a case's inputs and golden outputs to files;
`python3 -m akgen_oracle.check` applies a task's custom_check_precision to golden and candidate outputs.
"""
