"""The `simulate` command and the German texts of the command line."""

from __future__ import annotations

import json

import pytest

from wizardrules.cli import main


def test_cli_simulate_prints_a_statistics_table(capsys: pytest.CaptureFixture[str]) -> None:
    """`wizardrules simulate` plays many games and prints mean scores, intervals, win and hit rates."""
    argv = ["simulate", "--games", "12", "--rounds", "3", "--bots", "rule,random,random,random", "--jobs", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "12 games, seed 1" in out
    assert "RuleBot" in out
    assert "95% CI" in out


def test_cli_simulate_json_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """`--json` gives the statistics as data; the same seed gives the same numbers."""
    argv = ["--json", "simulate", "--games", "8", "--players", "3", "--rounds", "2", "--jobs", "1", "--seed", "4"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert first == second
    assert first["games"] == 8
    assert [bot["games"] for bot in first["bots"]] == [8, 8, 8]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--bots", "rule,random"],
        ["simulate", "--bots", "rule,cheater,random,random"],
        ["simulate", "--games", "0"],
        ["simulate", "--preset", "nope"],
    ],
)
def test_cli_simulate_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Bad `simulate` options give exit code 2 and a one-line error."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_cli_german_bid_refusals_and_points(capsys: pytest.CaptureFixture[str]) -> None:
    """R4.2, R6 with --lang de: seed 002's refusal in German, and the points calculation in German."""
    assert main(["--lang", "de", "bids", "--round", "3", "1", "0", "1"]) == 0
    assert "1: gesperrt (sonst ergäben die Ansagen genau 3)" in capsys.readouterr().out
    assert main(["--lang", "de", "points", "2", "2"]) == 0
    assert capsys.readouterr().out.strip() == "+40 (getroffen: 20 + 2 × 10 = +40)"
    assert main(["--lang", "de", "points", "1", "3", "--blind"]) == 0
    assert capsys.readouterr().out.strip() == "-40 (daneben um 2: 2 × -10, × 2 blind = -40)"
