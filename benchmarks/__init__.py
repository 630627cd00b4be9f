"""Benchmarks (run as modules, e.g. `python -m benchmarks.load`); not part of the test run."""
