"""Benchmarks (run as modules, e.g. `python -m benchmarks.load`). The test run measures nothing; it runs tiny
versions of some (`tests/test_benchmark_*.py`) so that the commands the README gives keep working."""
