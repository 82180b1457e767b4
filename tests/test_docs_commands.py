"""Every `wizardrules ...` command shown in the README and the docs runs and succeeds."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from wizardrules.cli import main

ROOT = Path(__file__).resolve().parent.parent
_CONSOLE = re.compile(r"```console\n(.*?)```", re.DOTALL)


def _commands() -> list[tuple[str, str]]:
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for block in _CONSOLE.findall(path.read_text(encoding="utf-8")):
            for raw in block.splitlines():
                line = raw.removeprefix("$ ").strip()
                if line.startswith("wizardrules "):
                    found.append((path.name, line))
    return found


COMMANDS = _commands()


def test_the_docs_show_commands() -> None:
    """The README and docs show the command line at work."""
    assert len(COMMANDS) >= 5


@pytest.mark.parametrize(("page", "line"), COMMANDS, ids=[f"{p}: {c}" for p, c in COMMANDS])
def test_documented_command_succeeds(
    page: str, line: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A documented command exits 0 and prints something (files it writes go to a temporary folder)."""
    monkeypatch.chdir(tmp_path)
    words = shlex.split(line, comments=True)
    assert main(words[1:]) == 0, f"{page}: {line}"
    assert capsys.readouterr().out.strip()


_PIP = re.compile(r"pip install ([^`\n#&;]*)")


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_install_command_in_a_console_block_works_from_a_checkout() -> None:
    """A command to copy installs from the checkout (`.`, `".[extra]"`): the package is not published yet."""
    shown = []
    for path in _pages():
        for block in _CONSOLE.findall(path.read_text(encoding="utf-8")):
            for install in _PIP.findall(block):
                words = [w for w in shlex.split(install) if w != "-e"]
                shown.append(install)
                assert words, f"{path.name}: pip install {install}"
                assert all(re.fullmatch(r"\.(\[[a-z,]+\])?", w) for w in words), f"{path.name}: pip install {install}"
    assert len(shown) >= 5


def test_the_published_form_is_marked_as_such() -> None:
    """`pip install "wizardrules[...]"` appears only in a paragraph that says it is the published form."""
    for path in _pages():
        for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
            if re.search(r"pip install \"?wizardrules", paragraph):
                assert re.search(r"published|released", paragraph), f"{path.name}: {paragraph[:80]}"


def test_getting_started_lists_every_extra() -> None:
    """Every optional dependency group of pyproject.toml has its row in Getting started's table of extras."""
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11 or later")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    page = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([a-z]+)` \|", page, re.MULTILINE))
    assert rows == set(extras)


def test_the_quickstart_is_two_commands_and_ci_runs_the_second() -> None:
    """The README's Quickstart: one command installs and plays a game, one runs the tests; `.ci/run` runs that one."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quickstart = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in _CONSOLE.findall(quickstart)[0].splitlines() if line.strip()]
    assert len(commands) == 2
    assert "pip install ." in commands[0]
    assert "wizardrules play" in commands[0]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
