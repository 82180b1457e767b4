"""Fixtures shared by the test modules that open pages in a browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from site_server import ARGS, CHROMIUM

from _site import built_site, served


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright: one for the whole run.

    Playwright's synchronous API runs one instance at a time, so the modules that open pages
    (the Try-it pages, the rules app, the score pad) share this one.
    """
    sync_api = pytest.importorskip("playwright.sync_api", reason='needs the extra browser: pip install -e ".[browser]"')
    if not CHROMIUM.is_file():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium, or set WIZARDRULES_CHROMIUM)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site with Pyodide, the wheels and the apps in it: built once a run (see `_site.built_site`)."""
    return built_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The built site on a static file server at 127.0.0.1, as a base URL ending in `/`."""
    with served(site) as base:
        yield base
