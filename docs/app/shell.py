"""The Python side of the apps' shell (`shell.js`): one entry point, JSON in and JSON out.

An app ships a Python module of its own (its *glue*) whose `API` maps names to functions that
take plain values and return plain values (dicts, lists, text, numbers): the library's answers,
ready for the page. The shell loads the glue into Pyodide next to the wizardrules wheel and the
page calls `app.call(name, args)`, which comes here:

- `args` is a JSON object: the function's keyword arguments;
- the answer is the function's value as JSON;
- when the library refuses the input (a `WizardRulesError`, each also a `ValueError`), the
  answer is `{"error": message, "kind": class name}`, which the page shows; the message names
  the input and the reason, in German when the call's `lang` is `"de"`;
- a name that is not in the glue's `API` is refused the same way (`kind` "AppError").

The module uses the public API only, so it runs unchanged under CPython, where the tests
call it.

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
import json
from collections.abc import Callable, Mapping
from typing import Any

import wizardrules
from wizardrules import Language, Suit, WizardRulesError, parse_cards, trick_winner


def _api(module: str) -> Mapping[str, Callable[..., Any]]:
    api = getattr(importlib.import_module(module), "API", None)
    if not isinstance(api, Mapping):
        raise TypeError(f"the app's glue module {module} has no API mapping")
    return api


def call(module: str, name: str, args: str) -> str:
    """Call the glue's function `name` with the JSON object `args`; its answer, or the library's refusal, as JSON."""
    api = _api(module)
    function = api.get(name)
    if function is None:
        offered = ", ".join(sorted(api))
        answer: Any = {
            "error": f"the app asks for {name}, which {module} does not offer (it has: {offered})",
            "kind": "AppError",
        }
        return json.dumps(answer)
    kwargs = json.loads(args)
    if not isinstance(kwargs, dict):
        raise TypeError(f"the app's arguments for {name} are not a JSON object: {args[:80]}")
    try:
        answer = function(**kwargs)
    except WizardRulesError as error:
        language = Language.DE if kwargs.get("lang") == "de" else Language.EN
        answer = {"error": error.to_text(language=language), "kind": type(error).__name__}
    return json.dumps(answer, ensure_ascii=False)


def hello() -> str:
    """The library's first answer, which the shell waits for: its version and a trick it decides (R5.4).

    Example:
        >>> json.loads(hello())["winner"]
        1
    """
    winner = trick_winner(parse_cards("B9 W G13 W"), Suit.GREEN)
    return json.dumps({"version": wizardrules.__version__, "winner": winner})
