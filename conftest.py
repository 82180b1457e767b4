"""Pytest configuration shared by the tests, the doctests and the docs examples.

The hypothesis profile sets how hard the run tries: `dev` (the default) keeps the README's
test command quick, `ci` (what `.ci/run` selects with `HYPOTHESIS_PROFILE=ci`) and
`thorough` try many more examples. Tests that repeat work of their own (whole games,
samples) ask the `thorough` fixture how much to do; they check the same things either way.
"""

import os
from importlib.util import find_spec

import pytest
from hypothesis import HealthCheck, settings

# The short names of the RL adapters (`wizardrules.pettingzoo` ...) are the adapters in `rl/` themselves,
# whose doctests are collected there.
_SHORT_NAMES = ["src/wizardrules/pettingzoo.py", "src/wizardrules/gymnasium.py", "src/wizardrules/openspiel.py"]
collect_ignore_glob = [
    "src/wizardrules/__main__.py",
    *_SHORT_NAMES,
    "site/*",
    "benchmarks/*",
    "tools/*",
    "docs/_tryit/node_modules/*",
    "tests/_table_server.py",  # the server tests' helpers: no doctests, and they need the extra server
]

# The modules of optional extras, and the docs pages that use them, are collected for their
# doctests only where the extra is installed (their tests skip themselves).
_EXTRAS = {
    "numpy": ["src/wizardrules/rl/*"],
    "pettingzoo": ["src/wizardrules/rl/pettingzoo.py"],
    "gymnasium": ["src/wizardrules/rl/gymnasium.py", "src/wizardrules/rl/pettingzoo.py"],
    "pyspiel": ["src/wizardrules/rl/openspiel.py"],
    "numba": ["src/wizardrules/fast/*", "docs/fast.md"],
    "openskill": ["src/wizardrules/tournament/ratings.py", "docs/strength.md"],
    "starlette": [
        "src/wizardrules/table/server.py",
        "src/wizardrules/table/_hub.py",
        "src/wizardrules/table/_refusals.py",
    ],
    "segno": ["src/wizardrules/table/server.py"],
}
for _module, _paths in _EXTRAS.items():
    if find_spec(_module) is None:
        collect_ignore_glob += [*_paths, "docs/rl.md"]

settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# tests/test_fuzz.py and tests/test_fuzz_extras.py with many more hostile values; .ci/run runs them with it
settings.register_profile("fuzz", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev")
settings.load_profile(PROFILE)


@pytest.fixture(scope="session")
def thorough() -> bool:
    """Whether this run is a thorough one (the `ci` or `thorough` profile), so that repeated work is repeated more."""
    return PROFILE != "dev"
