"""Pytest configuration shared by the tests, the doctests and the docs examples."""

import os

from hypothesis import HealthCheck, settings

collect_ignore_glob = ["src/wizardrules/__main__.py", "site/*", "benchmarks/*"]

settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
# tests/test_fuzz.py with many more hostile values; .ci/run runs that module with it
settings.register_profile("fuzz", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
