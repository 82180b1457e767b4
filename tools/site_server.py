"""The built site on a file server at 127.0.0.1, and Chromium's flags: what the browser tests and benchmarks share.

The tests find this module through pytest's `pythonpath` (pyproject.toml), the benchmarks
through `benchmarks/_site.py`.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["ARGS", "CHROMIUM", "ROOT", "build_site", "served"]

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("WIZARDRULES_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium, or the one `WIZARDRULES_CHROMIUM` names."""
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags: headless, and none of its own connections to other hosts."""


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
        """Quiet."""


def build_site(folder: Path) -> Path:
    """Build this checkout's site into `folder` with `mkdocs build` (Pyodide in it, if `tools/tryit_assets.py` ran)."""
    subprocess.run(  # noqa: S603 - mkdocs on this checkout
        [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(folder)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "WIZARDRULES_PYODIDE": "local"},
        check=True,
        capture_output=True,
    )
    return folder


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
