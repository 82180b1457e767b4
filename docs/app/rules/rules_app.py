"""The rules app's Python side (placeholder while the app is built)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from wizardrules import Language
from wizardrules.lessons import tutorial


def steps(lang: str = "en") -> list[dict[str, Any]]:
    """The tutorial's steps as plain values."""
    return [step.to_dict() for step in tutorial(Language.DE if lang == "de" else Language.EN)]


API: Final[dict[str, Callable[..., Any]]] = {"steps": steps}
