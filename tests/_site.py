"""The built site, served on 127.0.0.1, for the tests that open the apps in a browser.

`built_site()` is the site named by `WIZARDRULES_TRYIT_SITE` (as `.ci/run` builds it), or
one built here with `mkdocs build` when Pyodide is in `docs/_tryit` (`python
tools/tryit_assets.py`); without either it skips, saying what is missing. `served(site)`
(from `tools/site_server.py`) serves it; `tests/conftest.py` makes both fixtures of a whole run.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from site_server import ROOT, build_site, served


def built_site(folder: Path | None = None) -> Path:
    """The site with Pyodide and the wheels: the one `WIZARDRULES_TRYIT_SITE` names, or one built into `folder`."""
    given = os.environ.get("WIZARDRULES_TRYIT_SITE")
    if given:
        site = Path(given)
    else:
        if not (ROOT / "docs" / "_tryit" / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
            pytest.skip("Pyodide is not in docs/_tryit: run `python tools/tryit_assets.py` first")
        pytest.importorskip("mkdocs", reason='needs the extra docs: pip install -e ".[docs]"')
        site = build_site(folder or Path(tempfile.mkdtemp(prefix="wizardrules-site-")))
    config = json.loads((site / "tryit" / "config.json").read_text(encoding="utf-8"))
    if config["missing"] or config["mode"] != "local":
        pytest.skip(f"the site at {site} has no local Pyodide (missing: {config['missing']}, mode: {config['mode']})")
    if not (site / "app" / "rules" / "index.html").is_file() or not (site / "app" / "pad" / "index.html").is_file():
        pytest.skip(f"the site at {site} has no apps (app/rules/, app/pad/): build it with this checkout's mkdocs.yml")
    return site


__all__ = ["built_site", "served"]
