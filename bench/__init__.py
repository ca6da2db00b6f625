"""Benchmarks for palimpsest (run as modules, e.g. ``python -m bench.facts``; not part of the test suite)."""
