"""The command line's strength tools: the expert bot, duplicate tournaments, ratings of bots and game nights."""

from __future__ import annotations

import importlib
import json
import os
import threading
import time
from pathlib import Path

import pytest

from wizardrules import Rules, Schedule, ScoreSheet
from wizardrules.cli import main

cli_module = importlib.import_module("wizardrules.cli")


def test_cli_simulate_duplicate_with_the_expert_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "--games",
        "4",
        "--rounds",
        "2",
        "--bots",
        "expert,rule,rule,rule",
        "--duplicate",
        "--jobs",
        "1",
    ]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["duplicate"] is True
    assert [bot["name"] for bot in data["bots"]] == ["ExpertBot", "RuleBot 1", "RuleBot 2", "RuleBot 3"]


def test_cli_simulate_duplicate_needs_whole_rotations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "5", "--rounds", "1", "--duplicate", "--jobs", "1"]) == 2
    assert "multiples of 4" in capsys.readouterr().err


def test_cli_play_with_an_expert_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--preset", "rulebook", "--players", "3", "--bots", "expert,rule,rule", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["ExpertBot 1", "RuleBot 2", "RuleBot 3"]


def test_cli_ratings_of_game_nights(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("openskill", reason='needs the extra ratings: pip install -e ".[ratings]"')
    rules = Rules(schedule=Schedule(cards_per_round=(1,)))
    files = []
    for night, winner in enumerate([0, 0, 1]):
        bids = [1 if seat == winner else 0 for seat in range(3)]
        sheet = ScoreSheet(players=["Ann", "Ben", "Cy"], rules=rules).record(bids=bids, tricks=bids)
        path = tmp_path / f"night{night}.json"
        path.write_text(sheet.to_json(), encoding="utf-8")
        files.append(str(path))
    assert main(["ratings", *files]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 games rated"
    assert lines[2].split()[:3] == ["1", "Ann", "3"]
    assert main(["ratings", *files, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3


def test_cli_simulate_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("openskill", reason='needs the extra ratings: pip install -e ".[ratings]"')
    assert (
        main(
            [
                "simulate",
                "--games",
                "8",
                "--rounds",
                "2",
                "--bots",
                "rule,random,random,random",
                "--ratings",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    assert "8 games rated" in capsys.readouterr().out


def test_cli_ratings_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", str(tmp_path / "missing.json")]) == 2
    assert "cannot read it" in capsys.readouterr().err
    monkeypatch.setattr(cli_module._lazy, "optional", lambda name: None)
    assert main(["simulate", "--games", "4", "--rounds", "1", "--ratings", "--jobs", "1"]) == 2
    assert "ratings' extra" in capsys.readouterr().err


def test_cli_ratings_reads_files_within_their_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file without end (`/dev/zero`) is refused after 16 MiB, text in another encoding in one line,
    a FIFO is read as it comes; never a traceback (exit code 2)."""
    started = time.perf_counter()
    assert main(["ratings", "/dev/zero"]) == 2
    assert time.perf_counter() - started < 5
    assert "more than the 16777216 bytes (16 MiB)" in capsys.readouterr().err
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"players": ["Zo\u00eb"]}'.encode("latin-1"))
    assert main(["ratings", str(latin)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "not UTF-8 text (byte 17 is 0xeb)" in err, err
    assert main(["ratings", str(tmp_path)]) == 2
    assert "cannot read it" in capsys.readouterr().err
    fifo = tmp_path / "sheet.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text("not json", encoding="utf-8"))
    writer.start()
    assert main(["ratings", str(fifo)]) == 2
    writer.join()
    assert "score sheet" in capsys.readouterr().err
