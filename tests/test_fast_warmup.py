"""`python -m wizardrules.fast --compile`: one command compiles every part of the fast core ahead of first use."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')

from wizardrules.fast.__main__ import main


def test_compile_reports_each_part_with_its_time(capsys: pytest.CaptureFixture[str]) -> None:
    """One line per part (playouts, VectorGame, the compiled rollouts), each with its seconds, then the whole."""
    assert main(["--compile"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("compiling the fast core in 3 parts")
    assert [re.sub(r" \.\.\. \d+\.\d s \(\d+\.\d s of CPU time\)$", "", line) for line in lines[1:4]] == [
        "[1/3] playouts",
        "[2/3] VectorGame",
        "[3/3] MonteCarloBot's compiled rollouts",
    ]
    assert re.fullmatch(r"done in \d+\.\d s; later processes load the compiled code from the cache", lines[4])


def test_compile_is_asked_for_by_name() -> None:
    """Without `--compile` the command does nothing but say how to use it (exit code 2)."""
    done = subprocess.run(
        [sys.executable, "-m", "wizardrules.fast"], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 2
    assert "--compile" in done.stderr
    assert done.stdout == ""
