"""Built-in bots and the game driver: bots see views only, play every preset, and RuleBot is better."""

from __future__ import annotations

import importlib
import json
import re
import statistics
from collections.abc import Sequence
from typing import Any, cast

import pytest

from wizardrules import (
    Action,
    Bot,
    Card,
    Deal,
    IllegalActionError,
    PassCard,
    Phase,
    PlayerView,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    Special,
    Variant,
    new_game,
    parse_action,
    parse_cards,
    play_game,
)
from wizardrules.cli import main


class Recorder:
    """A bot that plays the first legal action and keeps what it was shown."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.seen.append(view)
        return legal[0]


class Cheater:
    """A bot that always bids 50, more than any round has cards."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        from wizardrules import Bid

        return Bid(tricks=50)


def test_bots_receive_views_never_states() -> None:
    """Bots get a PlayerView of their own seat and the legal actions, nothing else."""
    bots = [Recorder(), Recorder(), Recorder()]
    play_game(bots, rules=Rules(schedule=Schedule.ladder(3, rounds=3)), seed=1)
    for seat, bot in enumerate(bots):
        assert bot.seen
        assert all(isinstance(view, PlayerView) and view.seat == seat for view in bot.seen)


@pytest.mark.parametrize("preset", list(Preset))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rule_bot_plays_every_preset(preset: Preset, players: int) -> None:
    """RuleBot finishes games under every preset for 3-6 players."""
    final = play_game([RuleBot() for _ in range(players)], rules=preset.rules(), seed=players)
    assert final.is_over
    assert final.totals == final.scoresheet.totals


def test_rule_bot_handles_blind_bids_clairvoyance_and_trump_choice() -> None:
    """RuleBot looks before bidding, copes with the clairvoyance round and names trump."""
    rules = Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
    for seed in range(8):
        final = play_game([RuleBot(), RuleBot(), RuleBot(), RandomBot(seed=seed)], rules=rules, seed=seed)
        assert final.is_over


def test_play_game_is_deterministic() -> None:
    """The same bots and seed give equal games."""
    first = play_game([RuleBot(), RandomBot(seed=3), RandomBot(seed=4)], seed=9)
    second = play_game([RuleBot(), RandomBot(seed=3), RandomBot(seed=4)], seed=9)
    assert first == second


def test_play_game_rejects_bad_tables() -> None:
    """A wrong number of names, or something that is not a bot, is a RulesError; a cheat is an illegal action."""
    with pytest.raises(RulesError):
        play_game([RuleBot(), RuleBot(), RuleBot()], names=["A", "B"])
    with pytest.raises(RulesError, match="not a bot"):
        play_game([RuleBot(), RuleBot(), object()])  # type: ignore[list-item]
    with pytest.raises(IllegalActionError):
        play_game([Cheater(), Cheater(), Cheater()])
    assert isinstance(RuleBot(), Bot)


def test_rule_bot_beats_random_bots_by_a_clear_margin() -> None:
    """Over 120 seeded 4-player games (seat rotating), RuleBot averages far above the random bots."""
    margins = []
    for game in range(120):
        seat = game % 4
        bots: list[Bot] = [RandomBot(seed=game * 4 + i) for i in range(4)]
        bots[seat] = RuleBot()
        final = play_game(bots, rules=Rules(schedule=Schedule.ladder(4, rounds=8)), seed=game)
        others = [total for s, total in enumerate(final.totals) if s != seat]
        margins.append(final.totals[seat] - statistics.mean(others))
    assert statistics.mean(margins) > 100


def test_cli_play_prints_a_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    """`wizardrules play` plays a whole bot game and prints the score table and the winner."""
    assert main(["play", "--preset", "official", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "20 (20)" in out
    assert re.search(r"^RuleBot \d wins with -?\d+ points$|share the win", out, re.MULTILINE)


def test_cli_play_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`wizardrules --json play` gives totals, standings and winners."""
    assert main(["--json", "play", "--bots", "rule,random,random", "--players", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 20
    assert len(data["totals"]) == 3
    assert data["winners"]


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--bots", "rule,wizard,random,random"],
        ["play", "--bots", "rule,rule"],
        ["play", "--preset", "nonsense"],
        ["play", "--players", "7"],
    ],
)
def test_cli_play_bad_input_is_a_one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Bad `play` options give exit code 2 and a one-line error, no traceback."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_rule_bot_keeps_its_shapeshifter_while_it_needs_tricks() -> None:
    """R8.3, R8.7: after the Juggler, a RuleBot that needs tricks passes its weakest card, not the Shapeshifter."""
    rules = Rules(special_cards={Special.JUGGLER, Special.SHAPESHIFTER}, schedule=Schedule(cards_per_round=(3,)))
    hands = [parse_cards("G2 W R4"), parse_cards("JUGGLER SHAPESHIFTER Y2"), parse_cards("G9 J B12")]
    state = new_game(3, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("R1"))], first_dealer=0)
    for text in ("bid 2", "bid 1", "bid 1", "play JUGGLER:G", "play G9", "play G2", "pass J", "pass W"):
        state = state.apply(parse_action(text))
    assert (state.phase, state.to_move, state.bids[1], state.tricks_won[1]) == (Phase.PASSING, 1, 2, 0)
    assert RuleBot().act(state.view(1), state.legal_actions()) == PassCard(Card.parse("Y2"))


def test_play_game_shows_the_rounds_played(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`progress=True` counts the rounds on stderr (a plain counter without tqdm); a number of seconds
    shows nothing for a game that ends sooner; a bad value is a RulesError."""
    progress_module = importlib.import_module("wizardrules._progress")
    monkeypatch.setattr(progress_module, "load_tqdm", lambda: None)
    final = play_game([RuleBot(), RuleBot(), RuleBot()], seed=4, progress=True)
    err = capsys.readouterr().err
    assert "game: 0/20 rounds" in err
    assert err.endswith("game: 20/20 rounds\n")
    assert play_game([RuleBot(), RuleBot(), RuleBot()], seed=4, progress=3600) == final
    assert capsys.readouterr().err == ""
    with pytest.raises(RulesError, match="progress"):
        play_game([RuleBot(), RuleBot(), RuleBot()], progress=cast(Any, "on"))
