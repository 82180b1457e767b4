"""The Python side of the apps' shell (`shell.js`): one entry point, JSON in and JSON out.

An app ships a Python module of its own (its *glue*) whose `API` maps names to functions that
take plain values and return plain values (dicts, lists, text, numbers): the library's answers,
ready for the page. The shell loads the glue into Pyodide next to the wizardrules wheel and the
page calls `app.call(name, args)`, which comes here:

- `args` is a JSON object: the function's keyword arguments;
- the answer is the function's value as JSON;
- when the library refuses the input (a `WizardRulesError`, each also a `ValueError`), the
  answer is `{"error": message, "kind": class name}`, which the page shows; the message names
  the input and the reason, in the app's language (`lang`, German for "de");
- a name that is not in the glue's `API` is refused the same way (`kind` "AppError").

Before that, `start` imports the library and the glue and gets the library's first answer.
Python compiles every module it imports; the shell keeps that work on the device for the next
visit: `bytecode_bundle` packs the compiled modules (`__pycache__/*.pyc`, as hash-checked pycs
of PEP 552, which Python checks against their source) into a zip, which `shell.js` keeps in the
browser's cache, and `install_bytecode` puts such a zip back before the imports. A bundle is
input like any other: an entry outside the app's folders, not a pyc, or for another Python is
left out, and if the imports fail with the bundle in place they are done again without it.

The module uses the public API only, so it runs unchanged under CPython, where the tests
call it (tests/test_rules_app.py).

Example:
    >>> import types
    >>> glue = types.ModuleType("glue")
    >>> glue.API = {"double": lambda n: {"twice": 2 * n}}
    >>> import sys
    >>> sys.modules["glue"] = glue
    >>> call("glue", "double", '{"n": 21}')
    '{"twice": 42}'
    >>> call("glue", "triple", "{}")
    '{"error": "the app asks for triple, which glue does not offer (it has: double)", "kind": "AppError"}'
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import site
import sys
import zipfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any, Final

# The library is imported by `start`, after the kept bytecode is in place: not here.

BUNDLE_LIMIT: Final = 32_000_000
"""The most bytes a bytecode bundle may hold, unpacked (the rules app's is about 1.5 MB)."""

_HASH_CHECKED: Final = 0b11
"""A pyc's flags for a hash-based pyc that Python checks against its source (PEP 552)."""


def _api(module: str) -> Mapping[str, Callable[..., Any]]:
    api = getattr(importlib.import_module(module), "API", None)
    if not isinstance(api, Mapping):
        raise TypeError(f"the app's glue module {module} has no API mapping")
    return api


def _refusal(message: str) -> str:
    return json.dumps({"error": message, "kind": "AppError"}, ensure_ascii=False)


def call(module: str, name: str, args: str) -> str:
    """Call the glue's function `name` with the JSON object `args`; its answer, or the refusal, as JSON.

    The library's refusal (a `WizardRulesError`) comes back as `{"error", "kind"}` with the
    error's message and class name; so does the shell's own (`kind` "AppError") for a name the
    glue does not offer, arguments that are not a JSON object, or arguments the function does
    not take. The glue's functions check the values themselves.
    """
    from wizardrules import Language, WizardRulesError  # noqa: PLC0415 - imported by start() before any call

    api = _api(module)
    function = api.get(name)
    if function is None:
        offered = ", ".join(sorted(api))
        return _refusal(f"the app asks for {name}, which {module} does not offer (it has: {offered})")
    try:
        kwargs = json.loads(args)
    except ValueError as error:
        return _refusal(f"the app's arguments for {name} are not JSON: {error}")
    if not isinstance(kwargs, dict):
        return _refusal(f"the app's arguments for {name} are not a JSON object: {args[:80]}")
    try:
        inspect.signature(function).bind(**kwargs)
    except TypeError as error:
        return _refusal(f"the app's arguments for {name} do not fit: {error}")
    try:
        answer = function(**kwargs)
    except WizardRulesError as error:  # in the app's language, as the glue's own words are
        language = Language.DE if kwargs.get("lang") == "de" else Language.EN
        answer = {"error": error.to_text(language=language), "kind": type(error).__name__}
    return json.dumps(answer, ensure_ascii=False)


def hello() -> str:
    """The library's first answer, which the shell waits for: its version and a trick it decides (R5.4).

    Example:
        >>> json.loads(hello())["winner"]
        1
    """
    import wizardrules  # noqa: PLC0415 - see start()
    from wizardrules import Suit, parse_cards, trick_winner  # noqa: PLC0415

    winner = trick_winner(parse_cards("B9 W G13 W"), Suit.GREEN)
    return json.dumps({"version": wizardrules.__version__, "winner": winner})


def app_folders() -> list[Path]:
    """The folders whose compiled modules the shell keeps: the installed packages' and the glue's (this module's)."""
    return [*(Path(folder) for folder in site.getsitepackages()), Path(__file__).resolve().parent]


def _inside(path: Path, folders: Iterable[Path]) -> bool:
    return any(path.is_relative_to(folder.resolve()) for folder in folders)


def bytecode_bundle(target: str, folders: Iterable[str | Path] | None = None) -> int:
    """Pack the compiled modules imported so far from `folders` into the zip `target`; how many.

    Each module's pyc (written by the imports, `sys.dont_write_bytecode` off) goes in as a
    hash-checked pyc: Python uses it only while its source has the same hash. The zip names
    each pyc by its absolute path without the leading `/`.

    Args:
        target: the zip file to write.
        folders: the folders whose modules to keep; by default `app_folders()`.
    """
    roots = [Path(folder) for folder in folders] if folders is not None else app_folders()
    count = 0
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as bundle:
        for module in list(sys.modules.values()):
            source, cached = getattr(module, "__file__", None), getattr(module, "__cached__", None)
            if not (isinstance(source, str) and isinstance(cached, str) and source.endswith(".py")):
                continue
            source_path, cached_path = Path(source).resolve(), Path(cached).resolve()
            if not (_inside(source_path, roots) and cached_path.is_file() and source_path.is_file()):
                continue
            data = cached_path.read_bytes()
            if data[:4] != importlib.util.MAGIC_NUMBER or len(data) < 16:
                continue
            header = importlib.util.MAGIC_NUMBER + _HASH_CHECKED.to_bytes(4, "little")
            checked = header + importlib.util.source_hash(source_path.read_bytes()) + data[16:]
            bundle.writestr(cached_path.as_posix().lstrip("/"), checked)
            count += 1
    return count


def install_bytecode(source: str, folders: Iterable[str | Path] | None = None) -> list[str]:
    """Put the compiled modules of the bundle `source` (a zip of `bytecode_bundle`) in place; the files written.

    Only hash-checked pycs of this Python, in a `__pycache__` folder inside `folders` (by
    default `app_folders()`), are written; any other entry is left out. A zip that cannot be
    read, or too large, writes nothing.

    Raises:
        ValueError: the bundle is not a zip, or holds more than `BUNDLE_LIMIT` bytes.
    """
    roots = [Path(folder) for folder in folders] if folders is not None else app_folders()
    header = importlib.util.MAGIC_NUMBER + _HASH_CHECKED.to_bytes(4, "little")
    written: list[str] = []
    try:
        with zipfile.ZipFile(source) as bundle:
            entries = bundle.infolist()
            if sum(entry.file_size for entry in entries) > BUNDLE_LIMIT:
                raise ValueError(f"bytecode bundle {source}: more than {BUNDLE_LIMIT} bytes")
            for entry in entries:
                name = PurePosixPath(entry.filename)
                path = Path("/", *name.parts)
                if name.suffix != ".pyc" or name.parent.name != "__pycache__" or ".." in name.parts:
                    continue
                if not _inside(path.parent.parent, roots):
                    continue
                data = bundle.read(entry)
                if data[:8] != header or len(data) < 16:
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                written.append(str(path))
    except zipfile.BadZipFile as error:
        raise ValueError(f"bytecode bundle {source}: not a zip ({error})") from error
    return written


def _import(module: str) -> None:
    importlib.import_module("wizardrules")
    importlib.import_module(module)


def start(module: str, bytecode: str | None = None) -> str:
    """Import the library and the glue `module`, with the kept bytecode at `bytecode` if given; as JSON.

    The answer is `hello()`'s with `bytecode`: "used" (the bundle was put in place),
    "refused" (it could not be read, or the imports failed with it and were done again
    without it) or "none". Without a bundle the imports write their pycs, for
    `bytecode_bundle`.
    """
    state = "none"
    written: list[str] = []
    if bytecode is not None:
        try:
            written = install_bytecode(bytecode)
            state = "used"
        except ValueError:
            state = "refused"
    before = set(sys.modules)
    writes = sys.dont_write_bytecode
    sys.dont_write_bytecode = state == "used"
    try:
        _import(module)
    except Exception:
        if state != "used":
            raise
        for path in written:
            Path(path).unlink(missing_ok=True)
        for name in set(sys.modules) - before:
            del sys.modules[name]
        importlib.invalidate_caches()
        state = "refused"
        sys.dont_write_bytecode = False
        _import(module)
    finally:
        sys.dont_write_bytecode = writes
    return json.dumps({**json.loads(hello()), "bytecode": state})
