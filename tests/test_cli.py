"""Tests for the `wizardrules` command line (`wizardrules.cli.main`).

The CLI settles disputes at the table: who wins a trick (R5.4), the points of a round
(R6.1, R6.2), which bids the next bidder may make (R4.2). Bad input gives exit code 2 and
a one-line error on stderr, never a traceback.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wizardrules
from wizardrules import (
    EqualBids,
    FreeBids,
    NotEqualBids,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    Schedule,
    allowed_bids,
    play_game,
    round_points,
)
from wizardrules.cli import _parser, main
from wizardrules.cli._help_de import HELP_DE, english_texts

cli_module = importlib.import_module("wizardrules.cli")
progress_module = importlib.import_module("wizardrules._progress")

Capture = pytest.CaptureFixture[str]


def run_json(capsys: Capture, *argv: str) -> dict[str, object]:
    """Run `wizardrules --json ARGV`, check the exit code and return the parsed JSON object."""
    assert main(["--json", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


def assert_one_line_error(capsys: Capture, argv: list[str], *named: str) -> str:
    """Bad input: exit code 2, nothing on stdout, one error line on stderr naming the input."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "error" in lines[0]
    for text in named:
        assert text in lines[0]
    return lines[0]


# -- trick (R5.4) ------------------------------------------------------------------------------


def test_r5_4_cli_trick_names_the_winning_card(capsys: Capture) -> None:
    """R5.4 (seed 002): trump green, B9 W G13 W -> the 2nd card, the first Wizard."""
    assert main(["trick", "B9 W G13 W", "--trump", "green"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "card 2" in out
    assert "Wizard" in out


def test_r5_4_cli_trick_json_before_the_subcommand(capsys: Capture) -> None:
    """R5.4: --json before the subcommand prints a JSON object whose winner is the index 1."""
    result = run_json(capsys, "trick", "B9 W G13 W", "--trump", "green")
    assert result["winner"] == 1
    assert result["card"] == "W"
    assert result["trump"] == "green"


@pytest.mark.parametrize(
    ("cards", "trump", "winner", "card"),
    [
        pytest.param("B9 W G13 W", "green", 1, "W", id="first-wizard"),
        pytest.param("B13 R2 B9", "red", 1, "R2", id="highest-trump"),
        pytest.param("Y7 Y11 R13", "blue", 1, "Y11", id="highest-led"),
        pytest.param("J J J", "yellow", 0, "J", id="first-jester"),
    ],
)
def test_r5_4_cli_seed_002_trick_examples(capsys: Capture, cards: str, trump: str, winner: int, card: str) -> None:
    """R5.4 (seed 002): the four trick examples through the CLI, as JSON and as text."""
    result = run_json(capsys, "trick", cards, "--trump", trump)
    assert result["winner"] == winner
    assert result["card"] == card
    assert main(["trick", cards, "--trump", trump]) == 0
    out, _ = capsys.readouterr()
    assert f"card {winner + 1} " in out


def test_r5_4_cli_trick_accepts_trump_letters_and_none(capsys: Capture) -> None:
    """R5.4/R3.3: the trump may be a letter, a name or none; no trump means the led suit wins."""
    assert run_json(capsys, "trick", "B13 R2 B9", "--trump", "R")["winner"] == 1
    assert run_json(capsys, "trick", "B13 R2 B9", "--trump", "none")["winner"] == 0
    assert run_json(capsys, "trick", "B13 R2 B9")["trump"] is None


def test_r5_4_cli_lang_de_gives_german_words(capsys: Capture) -> None:
    """R1.3: --lang de names cards and the verdict in German (seed 002: "Den Stich holt die 2. Karte")."""
    assert main(["--lang", "de", "trick", "B9 W G13 W", "--trump", "grün"]) == 0
    out, _ = capsys.readouterr()
    assert "Karte 2" in out
    assert "Zauberer" in out
    assert "gewinnt" in out
    assert main(["--lang", "de", "trick", "B13 R2 B9", "--trump", "rot"]) == 0
    out, _ = capsys.readouterr()
    assert "Rot 2" in out
    assert "Trumpf" in out


# -- points (R6) -----------------------------------------------------------------------------


def test_r6_1_cli_points_hit(capsys: Capture) -> None:
    """R6.1 (seed 002 calculator): bid 2, took 2 -> +40."""
    assert main(["points", "2", "2"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("+40")


def test_r6_2_cli_points_blind_miss(capsys: Capture) -> None:
    """R6.2: bid 1, took 3, blind -> -40."""
    assert main(["points", "1", "3", "--blind"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("-40")


@pytest.mark.parametrize(("bid", "tricks", "points"), [(2, 2, 40), (1, 3, -20), (0, 0, 20), (3, 3, 50), (2, 4, -20)])
def test_r6_1_cli_points_seed_examples_as_json(capsys: Capture, bid: int, tricks: int, points: int) -> None:
    """R6.1 (seeds 000, 002): the seed examples through the CLI as JSON."""
    result = run_json(capsys, "points", str(bid), str(tricks))
    assert result == {"points": points, "hit": bid == tricks, "blind": False}
    blind = run_json(capsys, "points", str(bid), str(tricks), "--blind")
    assert blind["points"] == 2 * points


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 20), st.integers(0, 20), st.booleans())
def test_r6_cli_points_agree_with_round_points(capsys: Capture, bid: int, tricks: int, blind: bool) -> None:
    """R6.1/R6.2: the CLI calculator gives round_points for every bid and trick count."""
    argv = ["points", str(bid), str(tricks)] + (["--blind"] if blind else [])
    assert run_json(capsys, *argv)["points"] == round_points(bid, tricks, blind=blind)


# -- bids (R4.2) -----------------------------------------------------------------------------


def test_r4_2_cli_bids_seed_002_round_3(capsys: Capture) -> None:
    """R4.2 (seed 002): round 3, bids 1 0 1 -> the dealer may bid 0, 2, 3 (not equal, the default)."""
    result = run_json(capsys, "bids", "--round", "3", "1", "0", "1")
    assert result["allowed"] == [0, 2, 3]
    assert result["cards"] == 3


def test_r4_2_cli_bids_text_explains_the_block(capsys: Capture) -> None:
    """R4.2 (seed 002): the text lists each bid and why 1 is blocked."""
    assert main(["bids", "--round", "3", "1", "0", "1"]) == 0
    out, _ = capsys.readouterr()
    assert "the bids would add up to 3" in out
    assert main(["--lang", "de", "bids", "--round", "3", "1", "0", "1"]) == 0
    out, _ = capsys.readouterr()
    assert "erlaubt" in out
    assert "gesperrt" in out


@pytest.mark.parametrize(
    ("rule", "policy"),
    [
        ("free", FreeBids()),
        ("not-equal", NotEqualBids()),
        ("not-equal-first-free", NotEqualBids(first_round_free=True)),
        ("equal", EqualBids()),
    ],
)
@pytest.mark.parametrize(("round_number", "bids"), [(1, [0, 0]), (1, [1, 0]), (3, [1, 0, 1]), (4, [2, 1])])
def test_r4_2_cli_bids_agree_with_allowed_bids(
    capsys: Capture, rule: str, policy: FreeBids | NotEqualBids | EqualBids, round_number: int, bids: list[int]
) -> None:
    """R4.2: the CLI bid checker gives allowed_bids for each rule."""
    argv = ["bids", "--rule", rule, "--round", str(round_number), *map(str, bids)]
    expected = allowed_bids(policy, cards=round_number, bids=bids, players=len(bids) + 1, round_number=round_number)
    assert run_json(capsys, *argv)["allowed"] == sorted(expected)


def test_r4_2_cli_bids_with_cards_and_players(capsys: Capture) -> None:
    """R4.2: --cards and --players override the defaults (cards = round, players = bids + 1)."""
    result = run_json(capsys, "bids", "--round", "5", "--cards", "2", "--players", "4", "1")
    assert result["cards"] == 2
    assert result["allowed"] == [0, 1, 2]


# -- bad input -------------------------------------------------------------------------------


def test_cli_bad_card_is_a_one_line_error(capsys: Capture) -> None:
    """R1.2: card R14 -> exit code 2, one error line naming the card, no traceback."""
    assert_one_line_error(capsys, ["trick", "R14 W"], "R14")
    assert_one_line_error(capsys, ["--json", "trick", "R14 W"], "R14")


def test_cli_bad_trump_is_a_one_line_error(capsys: Capture) -> None:
    """R1.3: trump purple -> exit code 2, one error line naming it, no traceback."""
    assert_one_line_error(capsys, ["trick", "R1 W", "--trump", "purple"], "purple")


@pytest.mark.parametrize(("bid", "tricks"), [("-1", "2"), ("1", "-2"), ("-3", "-3")])
def test_cli_negative_points_are_a_one_line_error(capsys: Capture, bid: str, tricks: str) -> None:
    """R6.1: negative bids or tricks -> exit code 2, one error line, no traceback."""
    assert_one_line_error(capsys, ["points", bid, tricks], "-")


@pytest.mark.parametrize(
    "argv",
    [
        ["bids", "--round", "3", "4", "0"],
        ["bids", "--round", "1", "0", "0", "0", "0", "0", "0"],
        ["bids", "--round", "0"],
        ["bids", "--round", "3", "--players", "3", "0", "0", "0"],
    ],
)
def test_cli_impossible_bids_are_a_one_line_error(capsys: Capture, argv: list[str]) -> None:
    """R4.1/R2.1: impossible bidding situations -> exit code 2, one error line, no traceback."""
    assert_one_line_error(capsys, argv)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["nonsense"],
        ["points", "x", "2"],
        ["points", "2"],
        ["trick"],
        ["trick", "W", "--trump"],
        ["--lang", "fr", "points", "2", "2"],
        ["bids", "--rule", "sometimes", "1"],
    ],
)
def test_cli_usage_errors_exit_with_code_2(capsys: Capture, argv: list[str]) -> None:
    """Usage errors raise SystemExit with code 2 and print one line naming the problem, no traceback."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1
    assert "error:" in err
    assert "--help" in err
    assert "Traceback" not in err


def test_cli_stops_quietly_when_the_reader_goes_away() -> None:
    """Output into a closed pipe (`wizardrules ... | head`) ends with exit code 1 and no traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "wizardrules", "play", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    proc.stdout.close()  # before the game is printed
    errors = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 1
    assert b"Traceback" not in errors


# -- options, version, languages ---------------------------------------------------------------


def test_cli_json_and_lang_after_the_command(capsys: Capture) -> None:
    """R5.4: `--json` and `--lang` may follow the command (and its options) as well as precede it."""
    assert main(["trick", "Y7 Y11 R13", "--trump", "blue", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["card"] == "Y11"
    assert main(["trick", "Y7 Y11 R13", "--lang", "de", "--trump", "blue"]) == 0
    assert capsys.readouterr().out.startswith("Karte 2 (Gelb 11) gewinnt")
    assert main(["--lang", "de", "points", "2", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 40
    assert main(["--json", "bids", "--round", "3", "1", "0", "1", "--lang", "de"]) == 0
    assert json.loads(capsys.readouterr().out)["allowed"] == [0, 2, 3]


def test_cli_version(capsys: Capture) -> None:
    """`wizardrules --version` prints the package's version."""
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"wizardrules {wizardrules.__version__}"


def test_cli_play_in_german_throughout(capsys: Capture) -> None:
    """R1.3: `--lang de` gives the score table's headings, suits and legend in German, and the winner line."""
    assert main(["play", "--players", "3", "--seed", "2", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert [cell.strip() for cell in lines[0].split("|")][:2] == ["Runde", "Trumpf"]
    assert any(line.startswith("Summe") for line in lines)
    assert any(line.startswith("Platz") for line in lines)
    assert "je Spieler: Ansage/Stiche, die Punkte der Runde = der Stand" in lines
    assert re.fullmatch(r".+ (gewinnt|teilen sich den Sieg) mit -?\d+ Punkten", lines[-1])
    words = set(re.findall(r"\w+", out))
    assert not words & {"round", "trump", "total", "place", "winner", "Red", "Yellow", "Green", "Blue"}


def test_cli_simulate_in_german(capsys: Capture) -> None:
    """R1.3: `simulate --lang de` writes its table in German, with decimal commas."""
    argv = ["simulate", "--games", "6", "--players", "3", "--rounds", "2", "--jobs", "1", "--lang", "de"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "6 Spiele, Seed 1"
    assert lines[1].split() == ["Bot", "Spiele", "Mittel", "95-%-KI", "Siege", "Treffer"]
    assert "," in lines[2]
    assert "%" in lines[2]


def test_cli_play_table_has_a_legend_and_each_rounds_trump(capsys: Capture) -> None:
    """R3: each row shows the round's trump, as the game dealt it; a legend says what "1 (1)" and "1/0" mean."""
    assert main(["play", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    final = play_game([RuleBot(), RuleBot(), RuleBot(), RuleBot()], seed=3)
    rows = out.splitlines()[2 : 2 + 15]
    assert [row.split("|")[1].strip() for row in rows] == [
        "-" if r.trump is None else r.trump.display() for r in final.scoresheet.rounds
    ]
    assert "round: the round, and in brackets the cards each player holds" in out
    assert "each player: bid/tricks taken, the round's points = the running total" in out


def test_cli_play_names_players_as_play_game_does(capsys: Capture) -> None:
    """One naming scheme: a bot's class and seat, as `play_game` names players by default."""
    result = run_json(capsys, "play", "--players", "3", "--bots", "rule,random,random", "--seed", "2")
    assert result["players"] == ["RuleBot 1", "RandomBot 2", "RandomBot 3"]
    final = play_game([RuleBot(), RandomBot(seed=21), RandomBot(seed=22)], seed=2)
    assert result["players"] == list(final.players)
    assert result["totals"] == list(final.totals)


def test_cli_play_help_lists_every_bot(capsys: Capture) -> None:
    """`play --help` names the Monte Carlo bot and says a game with it takes a while."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "rule, random, montecarlo" in help_text
    assert "a few seconds with the fast extra" in help_text
    assert "about half a minute without" in help_text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("argv", [[], ["play"], ["simulate"]])
def test_cli_help_fits_80_columns_and_keeps_its_example_whole(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, argv: list[str], lang: str
) -> None:
    """Every help line fits an 80-column terminal, in English and German; the footer's example stays on one line."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main([*argv, "--lang", lang, "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    if not argv:
        assert lines[-1].strip() == "wizardrules trick 'Y7 Y11' --json"


def test_cli_every_help_text_has_its_german_form() -> None:
    """`--lang de --help` is German throughout: each text of the English help is in the table, and none is left over."""
    english = english_texts(_parser())
    assert set(english) == set(HELP_DE), "a help text without its German form, or a German form of no text"
    german = english_texts(_parser(german=True))
    assert len(german) == len(english)
    assert not set(german) & set(HELP_DE), "the German parser still shows an English text"


@pytest.mark.parametrize("command", ["trick", "points", "bids", "play", "simulate", "ratings", "nights", "serve"])
def test_cli_help_in_german_says_argparses_own_words_in_german_too(capsys: Capture, command: str) -> None:
    with pytest.raises(SystemExit) as ended:
        main([command, "--help", "--lang", "de"])
    assert ended.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Aufruf: wizardrules {command} ")
    assert "Optionen:" in out
    assert "diese Hilfe zeigen und beenden" in out
    for english in ("usage:", "options:", "positional arguments:", "show this help", "default"):
        assert english not in out, english


def test_cli_play_rounds_plays_the_first_rounds_of_the_ladder(capsys: Capture) -> None:
    """R2.2: `play --rounds 3`, as `simulate --rounds`, plays rounds 1..3 of the ladder."""
    result = run_json(capsys, "play", "--rounds", "3", "--seed", "4")
    assert result["rounds"] == 3
    rules = Rules(schedule=Schedule.ladder(4, rounds=3))
    assert result["totals"] == list(play_game([RuleBot() for _ in range(4)], rules=rules, seed=4).totals)
    assert_one_line_error(capsys, ["play", "--rounds", "16"], "16")


@pytest.mark.parametrize("players", [5, 6])
def test_r2_1_cli_play_tables_of_5_and_6_fit_80_columns(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """A table too wide for the terminal is cut into parts by players; every player and total is still there."""
    monkeypatch.setenv("COLUMNS", "80")
    bots = ",".join(["random"] * players)
    assert main(["play", "--players", str(players), "--bots", bots, "--preset", "anniversary-2021", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    totals = [line for line in out.splitlines() if line.startswith("total")]
    assert len(totals) == 2
    shown = [int(cell) for line in totals for cell in line.split("|")[2:]]
    bots_seeded = [RandomBot(seed=10 + seat) for seat in range(players)]
    final = play_game(bots_seeded, rules=Preset.ANNIVERSARY_2021.rules(), seed=1)
    assert shown == list(final.totals)
    assert all(name in out for name in final.players)


@pytest.mark.parametrize("with_tqdm", [True, False])
def test_cli_shows_progress_on_stderr_for_long_runs(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, with_tqdm: bool
) -> None:
    """A run that takes longer than the threshold (here none) shows its progress on stderr, never on stdout."""
    if with_tqdm:
        pytest.importorskip("tqdm", reason='needs the extra progress: pip install -e ".[progress]"')
    else:
        monkeypatch.setattr(progress_module, "load_tqdm", lambda: None)
    monkeypatch.setattr(cli_module, "_PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["--json", "play", "--players", "3", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["rounds"] == 20
    assert "20/20" in err
    assert "round" in err
    assert main(["simulate", "--games", "4", "--players", "3", "--rounds", "1", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert "4/4" in err
    assert "4/4" not in out


def test_cli_writes_no_progress_to_a_stderr_that_is_no_terminal(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Progress is for a terminal: stderr redirected to a file gets no counter and no carriage returns."""
    monkeypatch.setattr(progress_module, "load_tqdm", lambda: None)
    monkeypatch.setattr(cli_module, "_PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert main(["play", "--players", "3", "--rounds", "2", "--seed", "1"]) == 0
    assert main(["simulate", "--games", "4", "--players", "3", "--rounds", "1", "--jobs", "1"]) == 0
    assert capsys.readouterr().err == ""


# -- the deck bounds the rounds (R2.2) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["bids", "--round", "21", "1", "0"], ["round 21", "3 players", "20 rounds"]),
        (["bids", "--round", "16", "--players", "4", "1"], ["round 16", "4 players", "15 rounds"]),
        (["bids", "--round", "2", "--cards", "11", "--players", "6", "1"], ["--cards 11", "6 players", "10 rounds"]),
    ],
)
def test_r2_2_cli_bids_beyond_the_deck_are_refused(capsys: Capture, argv: list[str], named: list[str]) -> None:
    """R2.2: a round whose cards do not come out of the 60-card deck for every player is refused."""
    assert_one_line_error(capsys, argv, *named)


def test_r2_2_cli_bids_in_the_last_round_of_the_ladder(capsys: Capture) -> None:
    """R2.2: round 20 of 3 players deals the whole deck; its bids are 0..20."""
    result = run_json(capsys, "bids", "--round", "20", "1", "0")
    assert result["allowed"] == [b for b in range(21) if b != 19]
