"""What the browser benchmarks share with the browser tests: Chromium's flags, the built site, a file server."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from site_server import ARGS, CHROMIUM, ROOT, build_site, served

__all__ = ["ARGS", "CHROMIUM", "ROOT", "built_site", "served"]


def built_site(given: str | None) -> Path:
    """The site at `given`, or one built now from this checkout (with Pyodide, if `tools/tryit_assets.py` ran)."""
    if given:
        return Path(given)
    return build_site(Path(tempfile.mkdtemp(prefix="wizardrules-site-")))
