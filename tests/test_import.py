"""`import wizardrules` stays quick: no table or module is loaded before something needs it."""

from __future__ import annotations

import importlib
import statistics
import subprocess
import sys

import pytest

import wizardrules
from wizardrules import random_games

# the module, which the function of the same name hides as an attribute of the package
tournament_module = importlib.import_module("wizardrules.tournament")

_DEFERRED = ("concurrent.futures.process", "multiprocessing", "fractions", "statistics", "decimal", "pickle", "hashlib")
_LAZY_MODULES = (
    "wizardrules.svg",
    "wizardrules.bots._sampling",
    "wizardrules.bots._montecarlo",
    "wizardrules.bots.expert",
    "wizardrules.bots._randomplay",
    "wizardrules.fast._kernels",
)


def _fresh(code: str) -> str:
    """What `code` prints in a fresh interpreter that has imported wizardrules."""
    done = subprocess.run(  # noqa: S603 - this interpreter, with code of the test's own
        [sys.executable, "-c", f"import sys, wizardrules\n{code}"], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_import_loads_no_process_pool_fractions_or_pickle() -> None:
    """The process pool, fractions and pickling are imported when a tournament needs them."""
    loaded = _fresh(f"print(sorted(m for m in {_DEFERRED!r} if m in sys.modules))")
    assert loaded == "[]"


def test_random_games_load_the_compiled_core_when_they_run_on_it() -> None:
    """`random_games` loads the `fast` extra (numba, numpy) on its first compiled run, not before."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    code = (
        "from wizardrules import random_games\n"
        "print('wizardrules.fast' in sys.modules, 'numba' in sys.modules)\n"
        "random_games(2, players=3, compiled=False)\n"
        "print('wizardrules.fast' in sys.modules, 'numba' in sys.modules)\n"
        "random_games(2, players=3)\n"
        "print('wizardrules.fast' in sys.modules, 'numba' in sys.modules)"
    )
    assert _fresh(code).splitlines() == ["False False", "False False", "True True"]
    assert len(random_games(1, players=3)[0].rounds) == 20


def test_z95_is_the_normal_quantile() -> None:
    """The tournament's 95% quantile, written out so that `statistics` loads only when used."""
    assert statistics.NormalDist().inv_cdf(0.975) == tournament_module.Z95


def test_pictures_search_and_playouts_load_on_first_use() -> None:
    """`import wizardrules` leaves the pictures, the search bot and the playouts until a name of theirs is used."""
    code = (
        f"print(sorted(m for m in {_LAZY_MODULES!r} if m in sys.modules))\n"
        "from wizardrules import MonteCarloBot, svg\n"
        "print(MonteCarloBot.__module__, wizardrules.random_games.__module__, svg.__name__)\n"
        "loaded = ('wizardrules.bots._sampling', 'wizardrules.bots._randomplay', 'wizardrules.svg')\n"
        "print(all(m in sys.modules for m in loaded))"
    )
    expected = ["[]", "wizardrules.bots._montecarlo wizardrules.bots._randomplay wizardrules.svg", "True"]
    assert _fresh(code).splitlines() == expected


def test_the_first_repr_loads_the_pictures() -> None:
    """A card's notebook picture works right after `import wizardrules`, which loads the pictures for it."""
    code = (
        "card = wizardrules.Card.parse('G7')\n"
        "print('wizardrules.svg' in sys.modules, card._repr_svg_()[:4], 'wizardrules.svg' in sys.modules)"
    )
    assert _fresh(code) == "False <svg True"


def test_lazy_names_are_listed_and_unknown_names_are_attribute_errors() -> None:
    """`dir(wizardrules)` lists every name of `__all__`; a name the package does not have is an AttributeError."""
    assert set(wizardrules.__all__) <= set(dir(wizardrules))
    assert "MonteCarloBot" in dir(wizardrules)
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        wizardrules.no_such_name  # noqa: B018 - the lookup is the test


_DOMAIN = (
    "wizardrules.actions",
    "wizardrules.bidding",
    "wizardrules.bots",
    "wizardrules.cards",
    "wizardrules.engine",
    "wizardrules.errors",
    "wizardrules.events",
    "wizardrules.record",
    "wizardrules.rules",
    "wizardrules.scoring",
    "wizardrules.sheet",
    "wizardrules.tournament",
    "wizardrules.tricks",
)
"""The modules of the domain: cards, tricks, scoring, bidding, rules, the sheet, the engine,
events and records, bots and many games, errors. Pictures, encodings and the compiled core
are subpackages of their own (`wizardrules.svg`, `.rl`, `.fast`)."""


def test_the_package_exports_the_domain_and_no_private_helper() -> None:
    """Every name of `wizardrules.__all__` is a public name of a domain module; none is private."""
    for name in wizardrules.__all__:
        assert not name.startswith("_") or name == "__version__", name
        value = getattr(wizardrules, name)
        home = getattr(value, "__module__", None) or ""
        if home.startswith("wizardrules"):
            assert home.startswith(_DOMAIN), (name, home)
    assert not {"svg", "rl", "fast", "pettingzoo", "gymnasium", "openspiel"} & set(wizardrules.__all__)
