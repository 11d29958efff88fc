# Skipped: MultiKernelBench's dataset.py ignores files whose names start with "_".
