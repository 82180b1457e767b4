"""MkDocs hook: puts the Try-it pages' runtime into the site while the docs build.

The pages under `try-it/` run the package itself in the browser, on Pyodide. This hook adds
to the built site, under `tryit/`:

- this checkout's wheel, built now with `pip wheel` (hatchling, no network), so the pages
  always run the code of the docs they sit in;
- the attrs wheel and the Pyodide runtime at the version pinned in `docs/_tryit/package.json`
  (`python tools/tryit_assets.py` fetches both into `docs/_tryit`, which git ignores);
- the page's script, style and Python glue from `docs/_tryit`, and `config.json`, which
  tells the script where Pyodide and the wheels are.

The switch `WIZARDRULES_PYODIDE`:

- `local` (the default): Pyodide's files are copied into the site, which then works
  offline (about 13 MB);
- `cdn`: the pages load the same pinned Pyodide from jsDelivr instead, so the site is
  small but needs the network;
- `off`: no runtime at all; the pages say so.

Without Pyodide's files (`local`) or the attrs wheel, the docs still build: the hook logs
what is missing and how to get it, and the pages show that message instead of the tools.
A page marks where its tool goes with `<!-- tryit: NAME -->`; the hook puts the mount point
and the script there, with links relative to the page.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

LOG: Final = logging.getLogger("mkdocs.plugins.tryit")
ROOT: Final = Path(__file__).resolve().parents[2]
SOURCES: Final = ROOT / "docs" / "_tryit"
PYODIDE: Final = SOURCES / "node_modules" / "pyodide"
FOLDER: Final = "tryit"
RUNTIME: Final = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PAGE_FILES: Final = ("tryit.js", "tryit.css", "tryit_glue.py")
CDN: Final = "https://cdn.jsdelivr.net/npm/pyodide@{version}/"
MODES: Final = ("local", "cdn", "off")
_MARKER: Final = re.compile(r"<!-- tryit: ([\w-]+) -->")

_state: dict[str, object] = {}


def pinned_version() -> str:
    """The Pyodide version `docs/_tryit/package.json` pins."""
    package = json.loads((SOURCES / "package.json").read_text(encoding="utf-8"))
    return str(package["dependencies"]["pyodide"])


def _build_wheel(folder: Path) -> Path | None:
    """This checkout's wheel, built into `folder`; `None` (with the reason logged) when it cannot be built."""
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    done = subprocess.run(  # noqa: S603 - a fixed command on this checkout
        [*command, "--wheel-dir", str(folder), str(ROOT)], capture_output=True, text=True, check=False
    )
    wheels = sorted(folder.glob("wizardrules-*.whl"))
    if done.returncode != 0 or not wheels:
        LOG.info("Try it: no wheel of this checkout (is hatchling installed? pip said: %s)", done.stderr.strip()[-300:])
        return None
    return wheels[-1]


def _plan() -> dict[str, object]:
    """What goes into the site: the mode, the files by site path, and what is missing."""
    mode = os.environ.get("WIZARDRULES_PYODIDE", "local").strip().lower() or "local"
    if mode not in MODES:
        raise ValueError(f"WIZARDRULES_PYODIDE={mode!r}: expected one of {', '.join(MODES)}")
    version = pinned_version()
    files: dict[str, Path] = {name: SOURCES / name for name in PAGE_FILES}
    config: dict[str, object] = {"version": version, "mode": mode, "pyodide": None, "wheels": [], "missing": None}
    if mode == "off":
        config["missing"] = "off"
        LOG.info("Try it: WIZARDRULES_PYODIDE=off, the pages run nothing")
        return {"files": files, "config": config}
    attrs_wheels = sorted((SOURCES / "wheels").glob("attrs-*-py3-none-any.whl"))
    runtime_ready = all((PYODIDE / name).is_file() for name in RUNTIME)
    if mode == "local" and not runtime_ready:
        config["missing"] = "pyodide"
    elif not attrs_wheels:
        config["missing"] = "attrs"
    if config["missing"]:
        LOG.info(
            "Try it: %s is not in docs/_tryit; the Try-it pages will say so. "
            "Run `python tools/tryit_assets.py` (npm and pip) for pages that run the package",
            "Pyodide" if config["missing"] == "pyodide" else "the attrs wheel",
        )
        return {"files": files, "config": config}
    own = _build_wheel(Path(tempfile.mkdtemp(prefix="tryit-wheel-")))
    if own is None:
        config["missing"] = "wheel"
        return {"files": files, "config": config}
    for wheel in (own, attrs_wheels[-1]):
        files[wheel.name] = wheel
    names = [own.name, attrs_wheels[-1].name]
    config["wheels"] = names
    runtime_bytes = (
        sum((PYODIDE / name).stat().st_size for name in RUNTIME if name != "pyodide-lock.json") if runtime_ready else 0
    )
    wheel_bytes = own.stat().st_size + attrs_wheels[-1].stat().st_size
    config["bytes"] = runtime_bytes + wheel_bytes if runtime_bytes else None  # unknown from a CDN without the files
    if mode == "local":
        for name in RUNTIME:
            files[f"pyodide/{name}"] = PYODIDE / name
        config["pyodide"] = "pyodide/"
        LOG.info("Try it: Pyodide %s and the wheels %s copied into the site", version, ", ".join(names))
    else:
        config["pyodide"] = CDN.format(version=version)
        LOG.info("Try it: Pyodide %s from %s; the wheels %s in the site", version, config["pyodide"], ", ".join(names))
    return {"files": files, "config": config}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the runtime, the wheels, the page's own files and `config.json` under `tryit/`."""
    from mkdocs.structure.files import File  # noqa: PLC0415 - mkdocs is there only while the docs build

    plan = _plan()
    _state.update(plan)
    sources: dict[str, Path] = plan["files"]  # type: ignore[assignment]
    for name, path in sources.items():
        files.append(File.generated(config, f"{FOLDER}/{name}", abs_src_path=str(path)))
    files.append(File.generated(config, f"{FOLDER}/config.json", content=json.dumps(plan["config"], indent=2)))
    return files


def _relative(page: Page) -> str:
    depth = page.url.count("/")
    return "../" * depth + f"{FOLDER}/"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put each `<!-- tryit: NAME -->` marker's mount point and the page's script in its place."""
    if not _MARKER.search(markdown):
        return markdown
    base = _relative(page)

    def mount(match: re.Match[str]) -> str:
        return (
            f'<div class="tryit" data-tool="{match[1]}" data-base="{base}">'
            '<p class="tryit-status" role="status">Loading the page script…</p>'
            "<noscript>This tool runs Python in the browser and needs JavaScript.</noscript></div>"
        )

    head = f'<link rel="stylesheet" href="{base}tryit.css">\n<script type="module" src="{base}tryit.js"></script>\n\n'
    return head + _MARKER.sub(mount, markdown)
