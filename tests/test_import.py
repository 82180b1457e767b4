"""`import wizardrules` stays quick: no table or module is loaded before something needs it."""

from __future__ import annotations

import ast
import importlib
import statistics
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

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
    "wizardrules.tournament._randomplay",
    "wizardrules.fast._kernels",
)
_AT_IMPORT: Final = frozenset(
    {
        "wizardrules",
        "wizardrules._codec",
        "wizardrules._convert",
        "wizardrules._lazy",
        "wizardrules._names",
        "wizardrules._words",
        "wizardrules.actions",
        "wizardrules.bidding",
        "wizardrules.cards",
        "wizardrules.errors",
        "wizardrules.rules",
        "wizardrules.scoring",
        "wizardrules.sheet",
        "wizardrules.sheet._amend",
        "wizardrules.sheet._code",
        "wizardrules.sheet._csv",
        "wizardrules.sheet._json",
        "wizardrules.sheet._nights",
        "wizardrules.sheet._rows",
        "wizardrules.sheet._stats",
        "wizardrules.sheet._text",
        "wizardrules.tricks",
    }
)
"""What `import wizardrules` loads: the rules and the score pad, no table and no engine."""


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
        "loaded = ('wizardrules.bots._sampling', 'wizardrules.tournament._randomplay', 'wizardrules.svg')\n"
        "print(all(m in sys.modules for m in loaded))"
    )
    expected = ["[]", "wizardrules.bots._montecarlo wizardrules.tournament._randomplay wizardrules.svg", "True"]
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


def test_import_loads_the_rules_and_the_score_pad_only() -> None:
    """`import wizardrules` loads no table, engine, event, bot, record or tournament until a name of theirs is used."""
    loaded = _fresh("print(' '.join(sorted(m for m in sys.modules if m.startswith('wizardrules'))))").split()
    assert set(loaded) == _AT_IMPORT
    code = "from wizardrules import new_game\nprint('wizardrules.engine' in sys.modules, '_tables' in str(sys.modules))"
    assert _fresh(code) == "True True"


_HOMES: Final = sorted({*wizardrules._LATER.values()})


@pytest.mark.parametrize("home", [None, *_HOMES])
def test_every_exported_name_imports_from_a_fresh_package(home: str | None) -> None:
    """`from wizardrules import X` works for every X of `__all__`, loaded at import or left for later."""
    names = [name for name in wizardrules.__all__ if wizardrules._LATER.get(name) == home]
    listed = ", ".join(names)
    code = f"from wizardrules import {listed}\nprint(any(type(value).__name__ == 'module' for value in [{listed}]))"
    assert names
    assert _fresh(code) == "False"
    if home is not None:
        loaded = _fresh(f"from wizardrules import {names[0]}\nprint({home!r} in sys.modules)")
        assert loaded == "True"
        assert _fresh(f"print({home!r} in sys.modules)") == "False"


def test_the_name_tournament_stays_the_function_when_the_subpackage_is_imported() -> None:
    """Importing the subpackage `wizardrules.tournament` first does not hide the function of that name."""
    code = (
        "import wizardrules.tournament._seeds\n"
        "from wizardrules import tournament\n"
        "subpackage = sys.modules['wizardrules.tournament']\n"
        "print(callable(tournament), type(tournament).__name__, subpackage.tournament is tournament)"
    )
    assert _fresh(code) == "True function True"


# -- no load by name ----------------------------------------------------------------------------------

SRC: Final = Path(wizardrules.__file__).resolve().parent
_LOADERS: Final = {"import_module", "__import__", "find_spec", "resolve_name"}
"""The functions that load a module named by a string (`_lazy.load` and `_lazy.optional` too)."""
_BY_NAME_ALLOWED: Final = {
    # The root stands above every layer: it loads its names on first use (PEP 562) and tells
    # `_lazy` how the pictures and the compiled core's boosts are loaded.
    ("__init__.py", "home"),
    ("__init__.py", "'wizardrules.svg'"),
    ("__init__.py", "'wizardrules.fast._kernels.montecarlo'"),
    ("__init__.py", "'wizardrules.fast._kernels.worlds'"),
    ("__init__.py", "'wizardrules.fast'"),
    # `_lazy` is the mechanism: it loads what the root names, and third-party extras.
    ("_lazy.py", "name"),
    # A package that loads its own parts on first use (PEP 562): downwards, inside itself.
    ("bots/__init__.py", "f'{__name__}.{part}'"),
    # The command line, the top layer, loads the modules of optional extras when a command
    # needs them (openskill for ratings; starlette and uvicorn for serve).
    ("cli/__init__.py", "'wizardrules.tournament.ratings'"),
    ("cli/__init__.py", "'wizardrules.table.server'"),
    # Whether the third-party modules of the `fast` extra are installed.
    ("fast/_kernels/__init__.py", "name"),
}
"""Every load of a module by a name that is not a literal third-party name: where, and what it loads."""


def _loads_by_name() -> Iterator[tuple[str, str]]:
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            via_lazy = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "_lazy"
            if name not in _LOADERS and not (via_lazy and name in {"load", "optional"}):
                continue
            target = node.args[0]
            if isinstance(target, ast.Constant) and not str(target.value).startswith("wizardrules"):
                continue  # a third-party module, named as such
            yield where, ast.unparse(target)


def test_no_module_loads_a_module_of_the_package_by_name_outside_the_root() -> None:
    """A load by name hides an import from import-linter: only the root, `_lazy` and the listed places may."""
    assert set(_loads_by_name()) == _BY_NAME_ALLOWED


def test_the_root_exports_every_event_and_no_other_name_from_events() -> None:
    """The root names the events without importing `events` (its lazy table): the same names as `events.__all__`."""
    from wizardrules import events

    from_events = {name for name, home in wizardrules._LATER.items() if home == "wizardrules.events"}
    assert from_events == set(events.__all__)
    assert from_events <= set(wizardrules.__all__)
