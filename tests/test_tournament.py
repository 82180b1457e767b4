"""Tournaments: reproducible whatever runs the games, seats rotate, statistics are right, RuleBot wins."""

from __future__ import annotations

import importlib
import itertools
import json
import math
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Final, cast

import pytest

from wizardrules import (
    Action,
    Bid,
    Bot,
    IllegalActionError,
    PlayerView,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    TieBreak,
    play_game,
)
from wizardrules.tournament import (
    BotFactory,
    BotSpec,
    TournamentResult,
    bot_seed,
    deal_seed,
    seating,
    tournament,
)

# `wizardrules.tournament` may be the function once the package exports it; this is the module.
tournament_module = importlib.import_module("wizardrules.tournament")
progress_module = importlib.import_module("wizardrules._progress")

SHORT: Final = Rules(schedule=Schedule.ladder(4, rounds=3))
SHORT3: Final = Rules(schedule=Schedule.ladder(3, rounds=3))
MIXED: Final[Sequence[BotSpec]] = [RuleBot, RandomBot, BotFactory(RandomBot).named("Other"), RuleBot]


class FirstLegal:
    """Plays the first legal action: deterministic, and its score depends on its seat."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


class Seeded:
    """A bot class that takes a seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


class Cheater:
    """Always bids 50, more than any round has cards."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return Bid(tricks=50)


def make_random(seed: int) -> RandomBot:
    """A module-level factory function: picklable."""
    return RandomBot(seed=seed + 1)


# -- reproducibility ----------------------------------------------------------------------


def test_same_result_whatever_the_executor() -> None:
    """In-process, thread pool, process pool and the default pool agree exactly, whatever the chunking."""
    expected = tournament(MIXED, 24, rules=SHORT, seed=5, executor=None)
    with ThreadPoolExecutor(max_workers=2) as threads:
        assert tournament(MIXED, 24, rules=SHORT, seed=5, executor=threads, chunk_size=5) == expected
    with ProcessPoolExecutor(max_workers=2) as processes:
        assert tournament(MIXED, 24, rules=SHORT, seed=5, executor=processes) == expected
        assert tournament(MIXED, 24, rules=SHORT, seed=5, executor=processes, chunk_size=1) == expected
    assert tournament(MIXED, 24, rules=SHORT, seed=5) == expected  # executor="process"
    assert tournament(MIXED, 24, rules=SHORT, seed=5, executor=None, chunk_size=24) == expected


def test_the_seed_decides() -> None:
    """Another seed gives other games; a game's deal and bots come from (seed, game) only."""
    first = tournament(MIXED, 12, rules=SHORT, seed=1, executor=None)
    assert tournament(MIXED, 12, rules=SHORT, seed=1, executor=None) == first
    assert tournament(MIXED, 12, rules=SHORT, seed=2, executor=None) != first
    longer = tournament(MIXED, 20, rules=SHORT, seed=1, executor=None)
    assert all(long.scores[:12] == short.scores for long, short in zip(longer.bots, first.bots, strict=True))
    assert len({deal_seed(1, g) for g in range(1000)}) == 1000
    assert deal_seed(1, 0) != deal_seed(2, 0) != bot_seed(1, 0, 0) != bot_seed(1, 0, 1)


def test_games_replay_with_play_game() -> None:
    """Game g is play_game with the rotated bots, their derived seeds and the derived deal seed."""
    specs: list[BotSpec] = [RandomBot, RuleBot, make_random]
    result = tournament(specs, 5, rules=SHORT3, seed=9, executor=None)
    for g in range(5):
        by_seat = seating(g, 3)
        bots: list[Bot] = [
            RandomBot(seed=bot_seed(9, g, 0)),
            RuleBot(),
            make_random(bot_seed(9, g, 2)),
        ]
        names = [result.bots[i].name for i in by_seat]
        final = play_game([bots[i] for i in by_seat], rules=SHORT3, seed=deal_seed(9, g), names=names)
        for seat, i in enumerate(by_seat):
            assert result.bots[i].scores[g] == final.totals[seat]


# -- seats ---------------------------------------------------------------------------------


def test_seating_rotates_every_bot_through_every_seat() -> None:
    """Game g seats bot i at seat (i + g) % n; n consecutive games use every seat once per bot."""
    assert seating(0, 4) == (0, 1, 2, 3)
    assert seating(1, 4) == (3, 0, 1, 2)
    for n in (3, 4, 5, 6):
        for g in range(2 * n):
            assert all(seating(g, n)[(i + g) % n] == i for i in range(n))
        seats_of_bot = [{seating(g, n).index(i) for g in range(n)} for i in range(n)]
        assert seats_of_bot == [set(range(n))] * n


def test_bots_sit_in_rotated_seats() -> None:
    """Each bot is told a seat and names that match the rotation, in every game."""
    seen: list[tuple[str, int, tuple[str, ...]]] = []

    class Watcher:
        def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            me = view.players[view.seat]
            if not seen or seen[-1][1:] != (view.seat, view.players):
                seen.append((me, view.seat, view.players))
            return legal[0]

    specs: list[BotSpec] = [BotFactory(Watcher).named(name) for name in ("A", "B", "C", "D")]
    tournament(specs, 8, rules=SHORT, executor=None)
    assert len({players for _, _, players in seen}) == 4  # four rotations, each played twice
    for me, seat, players in seen:
        assert players[seat] == me
        i = "ABCD".index(me)
        g = (seat - i) % 4
        assert players == tuple("ABCD"[b] for b in seating(g, 4))


def test_seat_rotation_evens_out_seat_advantage() -> None:
    """Identical deterministic bots score the same over a multiple of n games: only seats differ."""
    specs: list[BotSpec] = [FirstLegal, FirstLegal, FirstLegal]
    result = tournament(specs, 3, rules=SHORT3, seed=4, executor=None)
    for g in range(3):
        final = play_game([FirstLegal(), FirstLegal(), FirstLegal()], rules=SHORT3, seed=deal_seed(4, g))
        for i in range(3):
            assert result.bots[i].scores[g] == final.totals[(i + g) % 3]


# -- statistics ----------------------------------------------------------------------------


def test_statistics_by_hand() -> None:
    """Mean, interval, win shares and hit rate recomputed from the per-game sheets."""
    specs: list[BotSpec] = [FirstLegal, RuleBot, RandomBot]
    result = tournament(specs, 6, rules=SHORT3, seed=3, executor=None)
    assert [b.name for b in result.bots] == ["FirstLegal", "RuleBot", "RandomBot"]
    sheets = []
    for g in range(6):
        by_seat = seating(g, 3)
        made: list[Bot] = [FirstLegal(), RuleBot(), RandomBot(seed=bot_seed(3, g, 2))]
        names = [result.bots[i].name for i in by_seat]
        sheets.append(play_game([made[i] for i in by_seat], rules=SHORT3, seed=deal_seed(3, g), names=names).scoresheet)
    for i, stats in enumerate(result.bots):
        seat_in = [(i + g) % 3 for g in range(6)]
        scores = [sheet.totals[seat] for sheet, seat in zip(sheets, seat_in, strict=True)]
        assert stats.scores == tuple(scores)
        assert stats.games == 6
        assert stats.mean_score == pytest.approx(statistics.mean(scores))
        assert stats.score_sd == pytest.approx(statistics.stdev(scores))
        half = 1.959964 * statistics.stdev(scores) / math.sqrt(6)
        assert stats.ci == pytest.approx((statistics.mean(scores) - half, statistics.mean(scores) + half))
        shares = [
            Fraction(1, len(sheet.winners())) if sheet.players[seat] in sheet.winners() else Fraction(0)
            for sheet, seat in zip(sheets, seat_in, strict=True)
        ]
        assert stats.wins == pytest.approx(float(sum(shares)))
        assert stats.win_rate == pytest.approx(float(sum(shares)) / 6)
        assert stats.hits == sum(sheet.hits[seat] for sheet, seat in zip(sheets, seat_in, strict=True))
        assert stats.rounds == 18
        assert stats.hit_rate == stats.hits / 18
    assert sum(b.win_rate for b in result.bots) == pytest.approx(1.0)


def test_shared_wins_are_split() -> None:
    """A shared first place counts 1/k of a win for each of the k winners.

    Three FirstLegal bots in one-card games all bid 0, so the trick's taker scores -10 and the
    other two share first place with 20: each takes half a win.
    """
    specs: list[BotSpec] = [FirstLegal, FirstLegal, FirstLegal]
    result = tournament(specs, 30, rules=Rules(schedule=Schedule.ladder(3, rounds=1)), seed=8, executor=None)
    for stats in result.bots:
        assert set(stats.scores) <= {20, -10}
        assert stats.wins == pytest.approx(stats.scores.count(20) / 2)
    assert sum(b.wins for b in result.bots) == pytest.approx(30)
    single = tournament(specs, 1, rules=Rules(schedule=Schedule.ladder(3, rounds=1)), executor=None)
    assert all(math.isinf(b.ci_low) and math.isinf(b.ci_high) and b.score_sd == 0 for b in single.bots)


def test_tiebreak_decides_winners() -> None:
    """With TieBreak.EXACT_HITS, wins follow the rules' standings, so shares still add up to the games."""
    rules = Rules(schedule=Schedule.ladder(4, rounds=3), tiebreak=TieBreak.EXACT_HITS)
    result = tournament(MIXED, 16, rules=rules, executor=None)
    assert sum(b.wins for b in result.bots) == pytest.approx(16)


def test_text_and_dict() -> None:
    """The table has a line per bot with its numbers; the dict is JSON-ready."""
    result = tournament([RuleBot, RandomBot, RandomBot], 10, rules=SHORT3, executor=None)
    text = result.to_text()
    lines = text.splitlines()
    assert lines[0] == "10 games, seed 0"
    assert lines[1].split()[:3] == ["bot", "games", "mean"]
    for stats, line in zip(result.bots, lines[2:], strict=True):
        assert line.startswith(stats.name)
        assert f"{stats.mean_score:.1f}" in line
        assert f"[{stats.ci_low:.1f}, {stats.ci_high:.1f}]" in line
        assert f"{stats.win_rate:.1%}" in line
    data = json.loads(json.dumps(result.to_dict()))
    assert data["games"] == 10
    assert [b["name"] for b in data["bots"]] == ["RuleBot", "RandomBot 1", "RandomBot 2"]
    assert data["bots"][0]["ci95"] == [result.bots[0].ci_low, result.bots[0].ci_high]
    assert result["RandomBot 2"] is result.bots[2]
    with pytest.raises(KeyError, match="RandomBot 3"):
        result["RandomBot 3"]


def test_rule_bot_beats_random_bot() -> None:
    """Over 200 short 4-player games RuleBot scores clearly more, with intervals far apart."""
    specs: list[BotSpec] = [RuleBot, RandomBot, RuleBot, RandomBot]
    with ProcessPoolExecutor(max_workers=2) as pool:
        result = tournament(specs, 200, rules=SHORT, seed=2024, executor=pool)
    rule = [result["RuleBot 1"], result["RuleBot 2"]]
    rand = [result["RandomBot 1"], result["RandomBot 2"]]
    for good in rule:
        for bad in rand:
            assert good.mean_score - bad.mean_score > 25
            assert good.ci_low > bad.ci_high
            assert good.win_rate > 2 * bad.win_rate
            assert good.hit_rate > bad.hit_rate + 0.2


# -- bot specs -----------------------------------------------------------------------------


def test_bot_factory() -> None:
    """Factories pass the game seed as seed= when the class takes one, and keep fixed arguments."""
    made = BotFactory(RandomBot)(5)
    assert isinstance(made, RandomBot)
    assert made.seed == 5
    fixed = BotFactory(RandomBot, seed=1)(5)
    assert isinstance(fixed, RandomBot)
    assert fixed.seed == 1
    assert not BotFactory(RuleBot).seeded
    assert BotFactory(Seeded).seeded
    assert BotFactory(make_random).name == "make_random"
    assert BotFactory(RuleBot).named("Rudi").name == "Rudi"
    assert BotFactory(RuleBot).named("Rudi") == BotFactory(RuleBot).named("Rudi")
    with pytest.raises(RulesError, match="not a bot class"):
        BotFactory(cast(Any, 3))
    with pytest.raises(RulesError, match="non-empty"):
        BotFactory(RuleBot).named(" ")


def test_functions_and_lambdas() -> None:
    """A function (seed) -> bot works anywhere it pickles; a lambda works in-process and in threads."""
    specs: list[BotSpec] = [RuleBot, make_random, lambda s: RandomBot(seed=s + 1)]
    in_process = tournament(specs, 6, rules=SHORT3, executor=None)
    with ThreadPoolExecutor(max_workers=2) as threads:
        assert tournament(specs, 6, rules=SHORT3, executor=threads) == in_process
    assert [b.name for b in in_process.bots] == ["RuleBot", "make_random", "<lambda>"]
    with pytest.raises(RulesError, match="cannot be sent to a process pool"):
        tournament(specs, 6, rules=SHORT3)


# -- progress ------------------------------------------------------------------------------


def test_progress_counter_without_tqdm(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without tqdm a plain counter on stderr shows the games played."""
    monkeypatch.setattr(progress_module, "load_tqdm", lambda: None)
    tournament([RuleBot, RuleBot, RuleBot], 30, rules=SHORT3, executor=None, progress=True, chunk_size=7)
    err = capsys.readouterr().err
    assert "tournament: 0/30 games" in err
    assert err.endswith("tournament: 30/30 games\n")
    tournament([RuleBot, RuleBot, RuleBot], 3, rules=SHORT3, executor=None)
    assert capsys.readouterr().err == ""


def test_progress_after_some_seconds_only_for_long_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A number of seconds: a run that ends sooner shows nothing, one still going then shows its count."""
    monkeypatch.setattr(progress_module, "load_tqdm", lambda: None)
    tournament([RuleBot, RuleBot, RuleBot], 30, rules=SHORT3, executor=None, progress=3600, chunk_size=7)
    assert capsys.readouterr().err == ""
    clock = itertools.count()  # a clock that moves one second each time it is read
    monkeypatch.setattr(progress_module, "time", SimpleNamespace(monotonic=lambda: float(next(clock))))
    tournament([RuleBot, RuleBot, RuleBot], 30, rules=SHORT3, executor=None, progress=2.5, chunk_size=7)
    err = capsys.readouterr().err
    assert "tournament: 0/30" not in err  # not shown at the start
    assert "tournament: 14/30 games" in err
    assert err.endswith("tournament: 30/30 games\n")


def test_progress_bar_with_tqdm(capsys: pytest.CaptureFixture[str]) -> None:
    """With tqdm installed, its bar counts the games."""
    pytest.importorskip("tqdm", reason='needs the extra progress: pip install -e ".[progress]"')
    tournament([RuleBot, RuleBot, RuleBot], 30, rules=SHORT3, executor=None, progress=True)
    err = capsys.readouterr().err
    assert "30/30" in err
    assert "game" in err


# -- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bots", "games", "match"),
    [
        ([RuleBot, RuleBot, RuleBot], 0, "games 0"),
        ([RuleBot, RuleBot, RuleBot], -3, "games -3"),
        ([RuleBot, RuleBot, RuleBot], True, "games True"),
        ([RuleBot, RuleBot, RuleBot], 2.0, "games 2.0"),
        ([RuleBot, RuleBot], 4, "2 players"),
        ([RuleBot] * 7, 4, "7 players"),
        ([RuleBot, RuleBot, int], 4, "not a bot"),
        ([RuleBot, RuleBot, str], 4, "not a bot"),
        ([RuleBot, RuleBot, "RuleBot"], 4, "not a bot"),
        ([RuleBot, RuleBot, 3], 4, "not a bot"),
        ([RuleBot, RuleBot, RuleBot()], 4, "fresh bot for each game"),
        ([RuleBot, RuleBot, lambda s: None], 4, "not a bot"),
        ([RuleBot, RuleBot, lambda: None], 4, "could not make a bot"),
        ([RuleBot, RuleBot, BotFactory(RandomBot, speed=3)], 4, "could not make a bot"),
        ("RuleBot", 4, "must be a list"),
        ([BotFactory(RuleBot).named("RuleBot 1"), RuleBot, RuleBot], 4, "not unique"),
    ],
)
def test_bad_input(bots: Any, games: Any, match: str) -> None:
    """Bad input raises a RulesError before any game is played."""
    with pytest.raises(RulesError, match=match):
        tournament(bots, games, rules=Rules(schedule=Schedule.ladder(3, rounds=1)), executor=None)


def test_bad_options() -> None:
    """Rules, seeds, chunk sizes and executors are checked; rules must fit the number of bots."""
    three: list[BotSpec] = [RuleBot, RuleBot, RuleBot]
    with pytest.raises(RulesError, match="must be a Rules"):
        tournament(three, 2, rules=cast(Any, "official"), executor=None)
    with pytest.raises(RulesError, match="seed"):
        tournament(three, 2, seed=cast(Any, "x"), executor=None)
    with pytest.raises(RulesError, match="chunk_size"):
        tournament(three, 2, chunk_size=0, executor=None)
    with pytest.raises(RulesError, match="executor"):
        tournament(three, 2, executor=cast(Any, "threads"))
    for progress in (-1, float("nan"), "yes", None):
        with pytest.raises(RulesError, match="progress"):
            tournament(three, 2, executor=None, progress=cast(Any, progress))
    with pytest.raises(RulesError, match="deals 16 cards to 4 players"):
        tournament([*three, RuleBot], 2, rules=Rules(schedule=Schedule(cards_per_round=(16,))), executor=None)


def test_illegal_moves_reach_the_caller() -> None:
    """A bot's illegal action raises in the caller, in process and from a process pool (which stays usable)."""
    specs: list[BotSpec] = [RuleBot, RuleBot, Cheater]
    with pytest.raises(IllegalActionError, match="50"):
        tournament(specs, 4, rules=SHORT3, executor=None)
    with ProcessPoolExecutor(max_workers=2) as pool:
        # IllegalActionError cannot be pickled yet, so it comes back as a RulesError that names it
        with pytest.raises((IllegalActionError, RulesError), match=r"IllegalBidError|50"):
            tournament(specs, 4, rules=SHORT3, executor=pool)
        assert tournament([RuleBot, RuleBot, RuleBot], 2, rules=SHORT3, executor=pool).games == 2


def test_every_preset_plays() -> None:
    """Tournaments run under presets with bidding restrictions and hidden bids."""
    for preset in (Preset.OFFICIAL, Preset.SECRET_BIDS, Preset.SCORE_PAD):
        rules = Rules(
            bid_policy=preset.rules().bid_policy,
            bid_reveal=preset.rules().bid_reveal,
            tiebreak=preset.rules().tiebreak,
            schedule=Schedule.ladder(3, rounds=2),
        )
        result = tournament([RuleBot, RandomBot, RandomBot], 3, rules=rules, executor=None)
        assert result.games == 3


# -- Dask ----------------------------------------------------------------------------------


@pytest.mark.dask
def test_dask_executor_matches_in_process() -> None:
    """A local Dask cluster's executor gives the same result as playing in process."""
    distributed = pytest.importorskip("dask.distributed", reason='needs the extra dask: pip install -e ".[dask]"')
    specs: list[BotSpec] = [RuleBot, RandomBot, BotFactory(RandomBot).named("Other"), RuleBot]
    expected = tournament(specs, 24, rules=SHORT, seed=11, executor=None)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = tournament(specs, 24, rules=SHORT, seed=11, executor=client.get_executor(), chunk_size=5)
    assert isinstance(result, TournamentResult)
    assert result == expected
