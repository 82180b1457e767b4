"""How the benchmark scripts print their results: a table for people, JSON for tools."""

from __future__ import annotations

import json
from collections.abc import Mapping


def report(results: Mapping[str, object], *, as_json: bool, value_width: int = 10) -> None:
    """Print `results`, a figure per name, as JSON or as a two-column table."""
    if as_json:
        print(json.dumps(dict(results), indent=2, ensure_ascii=False))
        return
    width = max(len(name) for name in results)
    for name, value in results.items():
        print(f"{name:<{width}}  {value:>{value_width}}")
