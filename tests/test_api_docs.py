"""The API reference (docs/api.md): every public name has its entry, and examples render as code.

mkdocstrings renders a Google-style docstring's `Examples:` section as highlighted code;
`>>>` lines anywhere else would be Markdown blockquotes. The checks that need the docs
tools (griffe) skip when they are not installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import wizardrules

ROOT = Path(__file__).resolve().parent.parent
API = ROOT / "docs" / "api.md"
_ENTRY = re.compile(r"^::: (wizardrules(?:\.\w+)*)\s*$", re.MULTILINE)
_SECTION = re.compile(r"^(\w[\w ]*):\s*$")


def _entries() -> set[str]:
    return set(_ENTRY.findall(API.read_text(encoding="utf-8")))


_EXTRAS = {
    "numpy",
    "numba",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "open_spiel",
    "openskill",
    "starlette",
    "uvicorn",
    "segno",
}
"""The packages of the optional extras: the modules that need them are checked where they are installed."""


def _import(name: str) -> ModuleType | None:
    """The module `name`, or `None` when it needs an optional extra that is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        if error.name in _EXTRAS or (error.name or "").split(".")[0] in _EXTRAS or "extra" in str(error):
            return None
        raise


def _installed(entry: str) -> bool:
    """Whether the module an entry lies in can be imported here (its extra installed, if it needs one)."""
    parts = entry.split(".")
    for cut in range(2, len(parts) + 1):
        module = ".".join(parts[:cut])
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:  # the prefix is a module, not a package: the rest are names
            return True
        if spec is None:  # not a module: a name inside the module before it
            return True
        if _import(module) is None:
            return False
    return True


def _modules() -> Iterator[ModuleType]:
    yield wizardrules
    for info in pkgutil.walk_packages(wizardrules.__path__, "wizardrules.", onerror=lambda _name: None):
        if info.name != "wizardrules.__main__":
            module = _import(info.name)
            if module is not None:
                yield module


def _docstrings() -> Iterator[tuple[str, str]]:
    """(where, docstring) of every module, class, function, method and property of the package."""
    seen: set[int] = set()
    for module in _modules():
        yield module.__name__, inspect.getdoc(module) or ""
        for name, obj in vars(module).items():
            if getattr(obj, "__module__", None) != module.__name__ or id(obj) in seen:
                continue
            seen.add(id(obj))
            if inspect.isclass(obj) or inspect.isfunction(obj):
                own = vars(obj).get("__doc__") if inspect.isclass(obj) else obj.__doc__  # not a base class's
                yield f"{module.__name__}.{name}", inspect.cleandoc(own or "")
            if inspect.isclass(obj):
                for member_name, member in vars(obj).items():
                    doc = member.__doc__ if isinstance(member, property) else None
                    if inspect.isfunction(member) or isinstance(member, (classmethod, staticmethod)):
                        doc = inspect.getdoc(member)
                    if doc and member_name not in {"__doc__", "__module__"}:
                        yield f"{module.__name__}.{name}.{member_name}", inspect.cleandoc(doc)


def _locate(path: str) -> object:
    """The object at a dotted path: the longest module prefix, then attributes.

    (`pydoc.locate` walks attributes from the top, so it finds the function `tournament`
    where the module `wizardrules.tournament` is meant.)
    """
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part, None)
        return obj
    return None


def test_every_public_name_has_an_entry() -> None:
    """Each name of `wizardrules.__all__` is rendered: by its root alias or its full path."""
    entries = _entries()
    missing = []
    for name in wizardrules.__all__:
        obj = getattr(wizardrules, name)
        full = f"{getattr(obj, '__module__', 'wizardrules')}.{name}"
        if f"wizardrules.{name}" not in entries and full not in entries:
            missing.append(name)
    assert missing == []


def test_the_function_tournament_has_its_entry() -> None:
    """`tournament` shares its module's name: the entry names the function by its full path."""
    assert "wizardrules.tournament.tournament" in _entries()


def test_entries_name_public_objects_only() -> None:
    """Every entry names an object that exists, and none is private (the extras' where they are installed)."""
    for entry in _entries():
        assert not any(part.startswith("_") and part != "__version__" for part in entry.split(".")), entry
        if _installed(entry):
            assert _locate(entry) is not None, entry


def test_doctest_examples_are_in_examples_sections() -> None:
    """A `>>>` line outside an `Examples:` section would render as nested blockquotes."""
    misplaced = []
    for where, doc in _docstrings():
        section = None
        for line in doc.splitlines():
            if line and not line[0].isspace():
                match = _SECTION.match(line)
                section = match[1] if match else None
            if line.lstrip().startswith(">>>") and section != "Examples":
                misplaced.append(where)
                break
    assert misplaced == []


def test_reference_shows_constructors_and_enum_members() -> None:
    """With the docs tools installed: griffe, with tools/griffe_reference.py, gives every attrs class of
    `__all__` the constructor attrs wrote (names, kinds, defaults), and every enum a table of its members."""
    griffe = pytest.importorskip("griffe", reason='needs the extra docs: pip install -e ".[docs]"')
    extensions = griffe.load_extensions(f"{ROOT / 'tools' / 'griffe_reference.py'}:ReferenceExtension")
    package = griffe.load("wizardrules", search_paths=[str(ROOT / "src")], extensions=extensions)
    checked = 0
    for name in wizardrules.__all__:
        obj = getattr(wizardrules, name)
        written_by_attrs = inspect.isclass(obj) and attrs.has(obj) and "__init__" in vars(obj)
        if not written_by_attrs or not obj.__init__.__code__.co_filename.startswith("<attrs generated"):
            continue
        parameters = list(package[name].final_target.members["__init__"].parameters)[1:]
        actual = list(inspect.signature(obj).parameters.values())
        assert [(p.name, p.kind.name) for p in parameters] == [(p.name, p.kind.name.lower()) for p in actual], name
        assert [p.default is None for p in parameters] == [p.default is inspect.Parameter.empty for p in actual], name
        checked += 1
    assert checked > 40
    assert "__init__" not in package["GameState"].final_target.members  # made by new_game, not by hand
    assert "| `RED` | `'R'` |" in package["Suit"].final_target.docstring.value
    assert "RED" not in package["Suit"].final_target.members


def test_reference_documents_every_field() -> None:
    """With the docs tools installed: every public field of every attrs class of `__all__` has its description,
    in the class's `Attributes:` section or as a docstring of its own."""
    griffe = pytest.importorskip("griffe", reason='needs the extra docs: pip install -e ".[docs]"')
    package = griffe.load("wizardrules", search_paths=[str(ROOT / "src")], docstring_parser="google")
    missing = []
    for name in wizardrules.__all__:
        obj = getattr(wizardrules, name)
        if not (inspect.isclass(obj) and attrs.has(obj)):
            continue
        cls = package[name].final_target
        sections = cls.docstring.parsed if cls.docstring is not None else []
        described = {item.name for section in sections if section.kind.value == "attributes" for item in section.value}
        for field in attrs.fields(obj):
            member = cls.members.get(field.name)
            own_docstring = member is not None and member.docstring is not None
            if not field.name.startswith("_") and field.name not in described and not own_docstring:
                missing.append(f"{name}.{field.name}")
    assert missing == []


def test_the_bots_page_lists_every_field_of_the_view() -> None:
    """docs/bots.md's table of `PlayerView` names each of its fields, so a bot author finds them all."""
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    table = page.split("### What a bot reads: the view", 1)[1].split("\n\n", 3)[2]
    named = set(re.findall(r"`(\w+)`", "\n".join(line.split(" | ")[0] for line in table.splitlines())))
    assert named == {field.name for field in attrs.fields(wizardrules.PlayerView) if not field.name.startswith("_")}
