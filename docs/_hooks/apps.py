"""MkDocs hook: puts the apps (`docs/app/`) into the site as `app/`, with their service worker.

The apps are full-screen pages outside the docs' layout (the rules app at `app/rules/`, the
score pad at `app/pad/`). They share one shell in `docs/app/`: `shell.js` (the loader),
`shell.py` (the Python side of its call API), `shell.css`, the icons and `sw.js`, the service
worker. This hook, listed after `tryit.py` in `mkdocs.yml`, adds to the site:

- every file under `docs/app/` (but Python caches), at the same path under `app/`;
- `app/config.json`: where Pyodide and the wheels are, seen from `app/`. The Try-it hook has
  put them under `tryit/` already (the same files serve both), so this hook reads its
  `tryit/config.json` and rewrites the paths. Its `python` is a hash of everything Python's
  state after an app's start is made of (the runtime, the wheels, `shell.js` and every app's
  Python), which names the memory snapshot the shell keeps on the device;
- `app/sw.js` with its precache list filled in: every app file, the Pyodide runtime and the
  wheels, and a version that is a hash of all their bytes, so that a site with any file
  changed installs a new worker, which fetches the new files and drops the old cache; and
  the runtime's folder, which the browser fetches itself while online (see `sw.js`).

The service worker's scope is `app/`: it controls the apps, not the docs' pages. After the
first visit the apps open and work with the network off. With `WIZARDRULES_PYODIDE=cdn` the
config points at the CDN and the worker caches nothing from there: the apps then need the
network (the default, `local`, never asks another host).
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files

LOG: Final = logging.getLogger("mkdocs.plugins.apps")
ROOT: Final = Path(__file__).resolve().parents[2]
SOURCES: Final = ROOT / "docs" / "app"
FOLDER: Final = "app"
RUNTIME_FOLDER: Final = "tryit"
PRECACHE_LINE: Final = "const PRECACHE = null; // filled in by docs/_hooks/apps.py"
SKIP: Final = ("__pycache__", ".pyc", ".mypy_cache", ".ruff_cache")


def app_files(sources: Path = SOURCES) -> dict[str, Path]:
    """The shell's and the apps' files, by their path under `app/` (POSIX, sorted)."""
    found = {}
    for path in sorted(sources.rglob("*")):
        relative = path.relative_to(sources).as_posix()
        if path.is_file() and not any(part in relative for part in SKIP):
            found[relative] = path
    return found


def app_config(runtime: dict[str, object]) -> dict[str, object]:
    """`app/config.json` from the Try-it hook's `tryit/config.json`: the same runtime, with paths seen from `app/`."""
    up = f"../{RUNTIME_FOLDER}/"
    pyodide = runtime.get("pyodide")
    local = isinstance(pyodide, str) and "://" not in pyodide
    wheels = runtime.get("wheels")
    return {
        "version": runtime.get("version"),
        "mode": runtime.get("mode"),
        "missing": runtime.get("missing"),
        "bytes": runtime.get("bytes"),
        "pyodide": up + pyodide if local and isinstance(pyodide, str) else pyodide,
        "wheels": [up + str(name) for name in wheels] if isinstance(wheels, list) else [],
    }


def _content(file: File) -> bytes:
    if file.abs_src_path:
        return Path(file.abs_src_path).read_bytes()
    return file.content_bytes


def python_hash(files: Files, config: dict[str, object], sources: dict[str, Path]) -> str:
    """A hash of what Python's state after an app's start is made of: runtime, wheels, `shell.js`, the apps' Python.

    The shell keeps a memory snapshot of that state on the device under this hash (see
    `shell.js`): a site with any of these files changed names a new one, and the old is
    dropped. The apps' pages, styles and texts are not in it.
    """
    digest = hashlib.sha256()
    pyodide = config.get("pyodide")
    wheels = config.get("wheels")
    names = [f"../{file.src_uri}" for file in files if file.src_uri.startswith(f"{RUNTIME_FOLDER}/pyodide/")]
    names += [str(wheel) for wheel in wheels] if isinstance(wheels, list) else []
    by_uri = {file.src_uri: file for file in files}
    digest.update(str(pyodide).encode())
    for name in sorted(names):
        digest.update(name.encode())
        file = by_uri.get(name.removeprefix("../"))
        if file is not None:
            digest.update(_content(file))
    for name, path in sources.items():
        if name == "shell.js" or name.endswith(".py"):
            digest.update(name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def precache(files: Files, names: list[str], config: dict[str, object]) -> tuple[str, list[str]]:
    """The worker's version (a hash of every cached file's bytes) and its URLs, relative to `app/`.

    A folder's `index.html` is cached under the folder's own URL too (`rules/`), which is the
    one a visitor opens.
    """
    urls: list[str] = []
    digest = hashlib.sha256()
    for name in names:
        urls.append(name)
        if PurePosixPath(name).name == "index.html":
            urls.append(name.removesuffix("index.html") or "./")
    runtime: list[str] = []
    pyodide = config.get("pyodide")
    if isinstance(pyodide, str) and "://" not in pyodide:
        for file in files:
            if file.src_uri.startswith(f"{RUNTIME_FOLDER}/pyodide/"):
                runtime.append(f"../{file.src_uri}")
    wheels = config.get("wheels")
    if isinstance(wheels, list):
        runtime.extend(str(wheel) for wheel in wheels)
    urls.extend(runtime)
    for url in sorted(urls):
        digest.update(url.encode())
    by_uri = {file.src_uri: file for file in files}
    for path in (*names, *(PurePosixPath(RUNTIME_FOLDER, url.removeprefix("../tryit/")).as_posix() for url in runtime)):
        key = path if path in by_uri else f"{FOLDER}/{path}"
        if key in by_uri:
            digest.update(_content(by_uri[key]))
    return digest.hexdigest()[:16], urls


def worker_list(version: str, urls: list[str], config: dict[str, object]) -> dict[str, object]:
    """What `app/sw.js` gets as `PRECACHE`: the version, the URLs to cache, and Pyodide's folder if on this site.

    The worker lets the browser fetch the runtime itself while online (from the HTTP cache,
    with the code V8 compiled from it) and serves it from its cache when offline.
    """
    pyodide = config.get("pyodide")
    local = isinstance(pyodide, str) and "://" not in pyodide
    return {"version": version, "urls": urls, "runtime": pyodide if local else None}


def _put(files: Files, file: File) -> None:
    """Add `file`, in place of the excluded source file mkdocs found at that path (`exclude_docs: app/`)."""
    old = files.get_file_from_path(file.src_uri)
    if old is not None:
        files.remove(old)
    files.append(file)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the apps, `app/config.json` and the filled-in `app/sw.js` to the site."""
    from mkdocs.structure.files import File  # noqa: PLC0415 - mkdocs is there only while the docs build

    runtime_file = files.get_file_from_path(f"{RUNTIME_FOLDER}/config.json")
    if runtime_file is None:
        raise ValueError("docs/_hooks/apps.py needs docs/_hooks/tryit.py listed before it in mkdocs.yml")
    app_config_value = app_config(json.loads(runtime_file.content_string))
    sources = app_files()
    worker = sources.pop("sw.js")
    for name, path in sources.items():
        _put(files, File.generated(config, f"{FOLDER}/{name}", abs_src_path=str(path)))
    app_config_value["python"] = python_hash(files, app_config_value, sources)
    config_text = json.dumps(app_config_value, indent=2)
    _put(files, File.generated(config, f"{FOLDER}/config.json", content=config_text))
    names = [*sources, "config.json"]
    version, urls = precache(files, names, app_config_value)
    template = worker.read_text(encoding="utf-8")
    if PRECACHE_LINE not in template:
        raise ValueError(f"docs/app/sw.js lost its line {PRECACHE_LINE!r}, which the apps hook fills in")
    filled = template.replace(
        PRECACHE_LINE, f"const PRECACHE = {json.dumps(worker_list(version, urls, app_config_value))};"
    )
    _put(files, File.generated(config, f"{FOLDER}/sw.js", content=filled))
    LOG.info("Apps: %d files under app/, the worker caches %d URLs (version %s)", len(names), len(urls), version)
    return files
