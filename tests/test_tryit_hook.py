"""The docs hook that puts the Try-it runtime into the site (docs/_hooks/tryit.py): its modes and its fallbacks."""

from __future__ import annotations

import importlib.util
import json
import logging
import shutil
import zipfile
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tryit_hook", ROOT / "docs" / "_hooks" / "tryit.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hook = _hook()


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of docs/_tryit without Pyodide or wheels, which the hook reads instead."""
    folder = tmp_path / "_tryit"
    folder.mkdir()
    for name in ("package.json", *hook.PAGE_FILES):
        shutil.copy(ROOT / "docs" / "_tryit" / name, folder / name)
    monkeypatch.setattr(hook, "SOURCES", folder)
    monkeypatch.setattr(hook, "PYODIDE", folder / "node_modules" / "pyodide")
    return folder


def _fake_runtime(folder: Path) -> None:
    runtime = folder / "node_modules" / "pyodide"
    runtime.mkdir(parents=True)
    for name in hook.RUNTIME:
        (runtime / name).write_bytes(b"x" * 10)
    wheels = folder / "wheels"
    wheels.mkdir()
    (wheels / "attrs-26.1.0-py3-none-any.whl").write_bytes(b"x" * 5)


def test_without_pyodide_the_pages_say_so(
    sources: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("WIZARDRULES_PYODIDE", raising=False)
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.tryit"):
        plan = hook._plan()
    assert plan["config"]["missing"] == "pyodide"
    assert plan["config"]["wheels"] == []
    assert set(plan["files"]) == set(hook.PAGE_FILES)
    assert "python tools/tryit_assets.py" in caplog.text
    assert all(record.levelno == logging.INFO for record in caplog.records)  # --strict fails on warnings


def test_without_the_attrs_wheel_the_pages_say_so(sources: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_runtime(sources)
    (sources / "wheels" / "attrs-26.1.0-py3-none-any.whl").unlink()
    monkeypatch.setenv("WIZARDRULES_PYODIDE", "local")
    assert hook._plan()["config"]["missing"] == "attrs"


def test_off_runs_nothing(sources: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_runtime(sources)
    monkeypatch.setenv("WIZARDRULES_PYODIDE", "off")
    plan = hook._plan()
    assert plan["config"]["missing"] == "off"
    assert not any(name.startswith("pyodide/") for name in plan["files"])


def test_a_wrong_mode_is_refused(sources: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIZARDRULES_PYODIDE", "elsewhere")
    with pytest.raises(ValueError, match="WIZARDRULES_PYODIDE='elsewhere': expected one of local, cdn, off"):
        hook._plan()


def test_cdn_loads_the_pinned_pyodide_from_jsdelivr_and_ships_the_wheels(
    sources: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_runtime(sources)
    shutil.rmtree(sources / "node_modules")
    own = sources / "wizardrules-0.0.0-py3-none-any.whl"
    own.write_bytes(b"x")
    monkeypatch.setattr(hook, "_build_wheel", lambda folder: own)
    monkeypatch.setenv("WIZARDRULES_PYODIDE", "cdn")
    config = hook._plan()["config"]
    version = json.loads((sources / "package.json").read_text())["dependencies"]["pyodide"]
    assert config["pyodide"] == f"https://cdn.jsdelivr.net/npm/pyodide@{version}/"
    assert config["missing"] is None
    assert config["wheels"] == [own.name, "attrs-26.1.0-py3-none-any.whl"]


def test_local_copies_the_runtime_into_the_site(sources: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_runtime(sources)
    own = sources / "wizardrules-0.0.0-py3-none-any.whl"
    own.write_bytes(b"x")
    monkeypatch.setattr(hook, "_build_wheel", lambda folder: own)
    monkeypatch.delenv("WIZARDRULES_PYODIDE", raising=False)
    plan = hook._plan()
    assert plan["config"]["pyodide"] == "pyodide/"
    assert {f"pyodide/{name}" for name in hook.RUNTIME} <= set(plan["files"])
    assert plan["config"]["bytes"] == 10 * (len(hook.RUNTIME) - 1) + 1 + 5


def test_the_wheel_is_this_checkout(tmp_path: Path) -> None:
    pytest.importorskip("hatchling", reason='needs the extra docs: pip install -e ".[docs]"')
    wheel = hook._build_wheel(tmp_path)
    assert wheel is not None
    with zipfile.ZipFile(wheel) as archive:
        built = archive.read("wizardrules/tricks.py").decode()
    assert built == (ROOT / "src" / "wizardrules" / "tricks.py").read_text(encoding="utf-8")


@pytest.mark.parametrize(("url", "base"), [("try-it/tools/", "../../tryit/"), ("", "tryit/"), ("try-it/", "../tryit/")])
def test_markers_become_mount_points_with_relative_links(url: str, base: str) -> None:
    page = SimpleNamespace(url=url)
    html = hook.on_page_markdown("# Tools\n\n<!-- tryit: trick -->\n", page, None, None)
    assert f'<script type="module" src="{base}tryit.js"></script>' in html
    assert f'<div class="tryit" data-tool="trick" data-base="{base}">' in html
    assert hook.on_page_markdown("# Plain\n", page, None, None) == "# Plain\n"
