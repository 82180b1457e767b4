"""Fetch what the docs' Try-it pages ship: the pinned Pyodide runtime and the attrs wheel.

Run it once before `mkdocs build` to get Try-it pages that work offline:

    python tools/tryit_assets.py

It runs `npm ci` in `docs/_tryit` (Pyodide at the version pinned in its `package.json` and
`package-lock.json`) and downloads into `docs/_tryit/wheels` the pure-Python attrs wheel of the
version that Pyodide's own package list names, so the page runs the attrs Pyodide is tested
with. Both land in folders git ignores. Without them the docs still build; the Try-it pages
then say how to get them (or load Pyodide from a CDN with `WIZARDRULES_PYODIDE=cdn`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

PIP_DOWNLOAD = [
    sys.executable,
    "-m",
    "pip",
    "download",
    "--quiet",
    "--no-deps",
    "--only-binary=:all:",
    "--python-version",
    "3.12",
]
HERE = Path(__file__).resolve().parent.parent / "docs" / "_tryit"


def attrs_version() -> str:
    """The attrs version in Pyodide's package list (`pyodide-lock.json`)."""
    lock = json.loads((HERE / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["attrs"]["version"])


def main() -> None:
    """Install Pyodide with npm ci and download the attrs wheel."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("tryit_assets: npm is not installed; install Node.js 20 or later")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)  # noqa: S603 - a fixed command
    wheels = HERE / "wheels"
    for old in wheels.glob("attrs-*.whl"):
        old.unlink()
    version = attrs_version()
    subprocess.run(  # noqa: S603 - a fixed command
        [*PIP_DOWNLOAD, "--dest", str(wheels), f"attrs=={version}"],
        check=True,
    )
    print(f"tryit_assets: Pyodide in {HERE / 'node_modules' / 'pyodide'}, attrs {version} in {wheels}")


if __name__ == "__main__":
    main()
