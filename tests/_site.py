"""The built site, served on 127.0.0.1, for the tests that open the apps in a browser.

`built_site()` is the site named by `WIZARDRULES_TRYIT_SITE` (as `.ci/run` builds it), or
one built here with `mkdocs build` when Pyodide is in `docs/_tryit` (`python
tools/tryit_assets.py`); without either it skips, saying what is missing. `served(site)`
serves it; `tests/conftest.py` makes both fixtures of a whole run.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the handler's own table, extended
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output quiet."""


def built_site(folder: Path | None = None) -> Path:
    """The site with Pyodide and the wheels: the one `WIZARDRULES_TRYIT_SITE` names, or one built into `folder`."""
    given = os.environ.get("WIZARDRULES_TRYIT_SITE")
    if given:
        site = Path(given)
    else:
        if not (ROOT / "docs" / "_tryit" / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
            pytest.skip("Pyodide is not in docs/_tryit: run `python tools/tryit_assets.py` first")
        pytest.importorskip("mkdocs", reason='needs the extra docs: pip install -e ".[docs]"')
        site = folder or Path(tempfile.mkdtemp(prefix="wizardrules-site-"))
        subprocess.run(  # noqa: S603 - mkdocs on this checkout
            [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site)],
            cwd=ROOT,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "WIZARDRULES_PYODIDE": "local"},
            check=True,
            capture_output=True,
        )
    config = json.loads((site / "tryit" / "config.json").read_text(encoding="utf-8"))
    if config["missing"] or config["mode"] != "local":
        pytest.skip(f"the site at {site} has no local Pyodide (missing: {config['missing']}, mode: {config['mode']})")
    if not (site / "app" / "rules" / "index.html").is_file() or not (site / "app" / "pad" / "index.html").is_file():
        pytest.skip(f"the site at {site} has no apps (app/rules/, app/pad/): build it with this checkout's mkdocs.yml")
    return site


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """`site` on a static file server at 127.0.0.1, as a base URL ending in `/`."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Files, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        thread.join()
        httpd.server_close()
