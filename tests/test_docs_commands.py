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
