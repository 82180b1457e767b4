"""Strength report: RuleBot against RandomBots, MonteCarloBot against RuleBots, ExpertBot against both.

Run: python benchmarks/strength.py [--json] [--games N] [--mc-games M] [--mc-rounds R] [--samples S]
     [--special-games K] [--mc-time-ms T] [--duplicate-games D] [--h2h-games H] [--h2h-rounds R]
     [--pure-games P] [--paper-games Q] [--expert-worlds W] [--pure-worlds W] [--mc-samples S]
     [--decisions-games E] [--calibrate-games C] [--parts G --cache DIR] [--only TITLE ...]

Plays seeded 4-player tournaments and prints each bot's mean score with a 95% confidence
interval, win rate and exact-hit rate. Results depend only on the seeds and the budgets in
worlds, not on the machine; the run time does.

- `--games N`: RuleBot against three RandomBots, full ladders (seat-rotated).
- `--mc-games M`: MonteCarloBot (`--samples` worlds) against three RuleBots, `--mc-rounds` rounds.
- `--special-games K`: RuleBot against RandomBots with all seven special cards.
- `--mc-time-ms T`: MonteCarloBot with T ms a decision, compiled and in Python (machine-dependent).
- `--duplicate-games D`: the variance duplicate deals save: RuleBot against three
  RandomBots, and MonteCarloBot (4 worlds) against three RuleBots, over the ladder's first
  five rounds, D games seat-rotated and D games duplicate each, with the widths of the 95%
  intervals side by side.
- `--h2h-games H`: ExpertBot (`--expert-worlds`) against MonteCarloBot (`--mc-samples`)
  and two RuleBots, duplicate, the ladder's first `--h2h-rounds` rounds (0: full ladders),
  with the paired difference ExpertBot minus MonteCarloBot.
- `--decisions-games E`: duplicate decisions (`compare_decisions`): ExpertBot plays E games
  against MonteCarloBot and two RuleBots, the ladder's first `--h2h-rounds` rounds, and
  wherever MonteCarloBot would decide otherwise in ExpertBot's seat the round is played on
  both ways: what ExpertBot's bids and plays are worth over MonteCarloBot's, per phase.
- `--pure-games P`: ExpertBot in pure Python (`--pure-worlds`; numba is hidden from the
  process first) against three RuleBots, duplicate full ladders.
- `--paper-games Q`: self-play in single 3-card rounds, 4 players (the setting of Schumacher
  and Pleines, IEEE CoG 2022): the exact-bid rate of four ExpertBots, four MonteCarloBots
  and four RuleBots.
- `--calibrate-games C`: the CPU time (`time.process_time`) of each searching bot's
  decisions (those with a choice), over C games against three RuleBots of the ladder's first
  `--calibrate-rounds` rounds (0: full ladders), to set the budgets in worlds to a time.

`--parts G --cache DIR` plays every tournament in parts of G games and keeps each part's
result in DIR as the result's checked JSON (`TournamentResult.to_json`), so that an
interrupted run resumes where it stopped (a part is reused only for the same title, bots,
rules, seed and package source, and an edited part is refused when read); a second process with
`--reverse` plays the parts from the last, and `--part-offset K --part-stride S` plays only
parts K, K + S, ..., so that several processes share one run; a plain run then joins the
parts. `--only` plays only the tournaments whose title starts with one of the given texts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if "--pure-games" in sys.argv and "--pure-only" in sys.argv:
    sys.modules["numba"] = None  # type: ignore[assignment] # as in a browser: no compiled core

import wizardrules
from wizardrules import (
    MonteCarloBot,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    Schedule,
    TournamentResult,
    play_game,
    tournament,
)
from wizardrules.bots import ExpertBot
from wizardrules.tournament import BotFactory, BotSpec, compare_decisions


def _source_digest() -> str:
    """A digest of the package's source: a cached part is reused only for the code that played it."""
    root = Path(wizardrules.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


_SOURCE = _source_digest()


class _Timed:
    """A bot that measures the CPU time of its wrapped bot's decisions that had a choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self.bot.act(view, legal)
        if len(legal) > 1:
            self.seconds += time.process_time() - start
            self.decisions += 1
        return action


def _calibrate(make: Any, rules: Rules, games: int, seed: int) -> dict[str, float]:
    """CPU milliseconds a decision of the bot `make(game)` against three RuleBots.

    One untimed game first: the compiled core's loading is paid there, not by whichever
    bot is measured first.
    """
    play_game([make(games), RuleBot(), RuleBot(), RuleBot()], rules=rules, seed=seed * 1000 + games)
    timed = _Timed(None)
    for game in range(games):
        timed.bot = make(game)
        play_game([timed, RuleBot(), RuleBot(), RuleBot()], rules=rules, seed=seed * 1000 + game)
    return {"cpu_ms_per_decision": 1000 * timed.seconds / max(1, timed.decisions), "decisions": timed.decisions}


def main() -> None:  # noqa: PLR0915 - one section per table
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--games", type=int, default=2000, help="RuleBot vs RandomBot games (full ladder)")
    parser.add_argument("--mc-games", type=int, default=200, help="MonteCarloBot vs RuleBot games")
    parser.add_argument("--mc-rounds", type=int, default=5, help="ladder rounds in the Monte Carlo games")
    parser.add_argument("--samples", type=int, default=10, help="Monte Carlo worlds per decision")
    parser.add_argument("--seed", type=int, default=1, help="tournament seed")
    parser.add_argument(
        "--special-games", type=int, default=0, help="RuleBot vs RandomBot games with all seven special cards"
    )
    parser.add_argument(
        "--mc-time-ms", type=float, default=0, help="also MonteCarloBot with this time budget, compiled and in Python"
    )
    parser.add_argument("--duplicate-games", type=int, default=0, help="seat-rotated and duplicate games compared")
    parser.add_argument("--h2h-games", type=int, default=0, help="ExpertBot vs MonteCarloBot duplicate games")
    parser.add_argument("--h2h-rounds", type=int, default=5, help="ladder rounds of the head-to-head (0: all)")
    parser.add_argument(
        "--decisions-games", type=int, default=0, help="ExpertBot's decisions against MonteCarloBot's, games"
    )
    parser.add_argument("--pure-games", type=int, default=0, help="pure-Python ExpertBot vs 3 RuleBots games")
    parser.add_argument("--pure-only", action="store_true", help="hide numba from this process (as in a browser)")
    parser.add_argument("--paper-games", type=int, default=0, help="self-play single 3-card rounds")
    parser.add_argument("--expert-worlds", type=int, default=100, help="ExpertBot's worlds a decision")
    parser.add_argument("--pure-worlds", type=int, default=56, help="pure-Python ExpertBot's worlds a decision")
    parser.add_argument("--mc-samples", type=int, default=50, help="MonteCarloBot's worlds a decision (head-to-head)")
    parser.add_argument("--calibrate-games", type=int, default=0, help="measure CPU ms a decision over this many games")
    parser.add_argument(
        "--calibrate-rounds", type=int, default=5, help="ladder rounds of the calibration games (0: full ladders)"
    )
    parser.add_argument("--parts", type=int, default=0, help="play tournaments in parts of this many games")
    parser.add_argument("--cache", type=Path, default=None, help="directory keeping each part's result")
    parser.add_argument(
        "--reverse", action="store_true", help="play the parts last first (a second process shares a cached run)"
    )
    parser.add_argument("--part-offset", type=int, default=0, help="play only the parts from this one on")
    parser.add_argument("--part-stride", type=int, default=1, help="and of those every this many")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (0: one per core)")
    parser.add_argument("--only", nargs="*", default=None, help="play only the tournaments with these title starts")
    args = parser.parse_args()

    report: dict[str, tuple[TournamentResult, float]] = {}
    extra: dict[str, Any] = {}
    executor: Any = "process"
    if args.jobs:
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - only with --jobs

        executor = None if args.jobs == 1 else ProcessPoolExecutor(max_workers=args.jobs)

    def play(
        title: str, bots: Sequence[BotSpec], games: int, rules: Rules | None = None, *, duplicate: bool = False
    ) -> TournamentResult | None:
        """Play a seeded tournament (in parts with `--parts`) and keep its result and its seconds under `title`."""
        if args.only is not None and not any(title.startswith(start) for start in args.only):
            return None
        start = time.perf_counter()
        size = args.parts or games
        if duplicate:
            size -= size % len(bots)
        key = hashlib.sha256(repr((title, bots, rules, args.seed, duplicate, _SOURCE)).encode()).hexdigest()[:16]
        parts: dict[int, TournamentResult] = {}
        if not args.cache and (args.part_offset or args.part_stride != 1):
            parser.error("--part-offset and --part-stride share a run through --cache")
        starts = range(0, games, size)
        mine = [
            first
            for k, first in enumerate(starts)
            if k >= args.part_offset and (k - args.part_offset) % args.part_stride == 0
        ]
        for first in reversed(mine) if args.reverse else mine:
            count = min(size, games - first)
            path = args.cache / f"{key}-{first}-{count}.json" if args.cache else None
            if path is not None and path.exists():
                part = TournamentResult.from_json(path.read_bytes())  # checked: a part is refused if edited
            else:
                part = tournament(
                    bots,
                    count,
                    rules=rules,
                    seed=args.seed,
                    progress=True,
                    duplicate=duplicate,
                    start=first,
                    executor=executor,
                )
                if path is not None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(part.to_json(), encoding="utf-8")
            parts[first] = part
        if args.part_offset or args.part_stride != 1:
            return None  # this process played its share of the parts; a plain run joins them all
        ordered = [parts[first] for first in sorted(parts)]
        result = ordered[0].combined(*ordered[1:])
        report[title] = (result, time.perf_counter() - start)
        return result

    short = Rules(schedule=Schedule.ladder(4, rounds=args.mc_rounds))
    if args.games:
        play("RuleBot vs 3 RandomBots, full games", [RuleBot, RandomBot, RandomBot, RandomBot], args.games)
    if args.mc_games:
        play(
            f"MonteCarloBot ({args.samples} worlds) vs 3 RuleBots, {args.mc_rounds} rounds",
            [BotFactory(MonteCarloBot, worlds=args.samples), RuleBot, RuleBot, RuleBot],
            args.mc_games,
            short,
        )
    if args.special_games:
        play(
            "RuleBot vs 3 RandomBots, full games, all seven special cards",
            [RuleBot, RandomBot, RandomBot, RandomBot],
            args.special_games,
            Preset.ANNIVERSARY_2021.rules(),
        )
    if args.mc_time_ms:
        for compiled in (True, False):
            kind = "compiled rollouts" if compiled else "Python rollouts"
            play(
                f"MonteCarloBot ({args.mc_time_ms:g} ms a decision, {kind}) vs 3 RuleBots, {args.mc_rounds} rounds",
                [
                    BotFactory(MonteCarloBot, worlds=10**6, time_ms=args.mc_time_ms, compiled=compiled),
                    RuleBot,
                    RuleBot,
                    RuleBot,
                ],
                args.mc_games,
                short,
            )
    five = Rules(schedule=Schedule.ladder(4, rounds=5))
    if args.duplicate_games:
        lineups: list[tuple[str, list[BotSpec], str, str]] = [
            ("RuleBot vs 3 RandomBots", [RuleBot, RandomBot, RandomBot, RandomBot], "RuleBot", "RandomBot 1"),
            (
                "MonteCarloBot (4 worlds) vs 3 RuleBots",
                [BotFactory(MonteCarloBot, worlds=4), RuleBot, RuleBot, RuleBot],
                "MonteCarloBot",
                "RuleBot 1",
            ),
        ]
        for lineup, bots, better, worse in lineups:
            widths = {}
            for duplicate in (False, True):
                kind = "duplicate" if duplicate else "seat-rotated"
                title = f"Duplicate: {lineup}, 5 rounds, {kind}"
                result = play(title, bots, args.duplicate_games, five, duplicate=duplicate)
                if result is not None:
                    gap = result.compare(better, worse)
                    widths[kind] = {
                        f"{better} mean, 95% CI width": result[better].ci_high - result[better].ci_low,
                        f"{better} - {worse}": gap.to_dict(),
                        "difference 95% CI width": gap.ci_high - gap.ci_low,
                    }
            extra[f"duplicate vs seat rotation: {lineup}"] = widths
    if args.h2h_games:
        rules = Rules() if args.h2h_rounds == 0 else Rules(schedule=Schedule.ladder(4, rounds=args.h2h_rounds))
        rounds = "full ladders" if args.h2h_rounds == 0 else f"{args.h2h_rounds} rounds"
        result = play(
            f"Head-to-head: ExpertBot ({args.expert_worlds} worlds) vs MonteCarloBot ({args.mc_samples} worlds) "
            f"and 2 RuleBots, {rounds}, duplicate",
            [
                BotFactory(ExpertBot, worlds=args.expert_worlds),
                BotFactory(MonteCarloBot, worlds=args.mc_samples),
                RuleBot,
                RuleBot,
            ],
            args.h2h_games,
            rules,
            duplicate=True,
        )
        if result is not None:
            extra[f"ExpertBot - MonteCarloBot, {rounds}"] = result.compare("ExpertBot", "MonteCarloBot").to_dict()
    rounds = "full ladders" if args.h2h_rounds == 0 else f"{args.h2h_rounds} rounds"
    title = (
        f"Duplicate decisions: MonteCarloBot ({args.mc_samples} worlds) in ExpertBot's seat "
        f"({args.expert_worlds} worlds), with MonteCarloBot and 2 RuleBots, {rounds}"
    )
    if args.decisions_games and (args.only is None or any(title.startswith(start) for start in args.only)):
        rules = Rules() if args.h2h_rounds == 0 else Rules(schedule=Schedule.ladder(4, rounds=args.h2h_rounds))
        monte_carlo = BotFactory(MonteCarloBot, worlds=args.mc_samples)
        began = time.perf_counter()
        gain = compare_decisions(
            monte_carlo,
            BotFactory(ExpertBot, worlds=args.expert_worlds),
            [monte_carlo, RuleBot, RuleBot],
            args.decisions_games,
            rules=rules,
            seed=args.seed,
            executor=executor,
            progress=5,
        )
        extra[title] = {**gain.to_dict(), "seconds": round(time.perf_counter() - began, 1)}
    if args.pure_games:
        play(
            f"Pure Python: ExpertBot ({args.pure_worlds} worlds, no compiled core) vs 3 RuleBots, full ladders, "
            "duplicate",
            [BotFactory(ExpertBot, worlds=args.pure_worlds, compiled=False), RuleBot, RuleBot, RuleBot],
            args.pure_games,
            duplicate=True,
        )
    if args.paper_games:
        single = Rules(schedule=Schedule(cards_per_round=(3,)))
        for name, spec in (
            ("ExpertBot", BotFactory(ExpertBot, worlds=args.expert_worlds)),
            ("MonteCarloBot", BotFactory(MonteCarloBot, worlds=args.mc_samples)),
            ("RuleBot", RuleBot),
        ):
            result = play(f"Paper setting: 4 {name}s, single 3-card rounds", [spec] * 4, args.paper_games, single)
            if result is not None:
                hits = sum(s.hits for s in result.bots)
                rounds_played = sum(s.rounds for s in result.bots)
                extra[f"exact-bid rate, 4 {name}s, single 3-card rounds"] = hits / rounds_played
    if args.calibrate_games:
        for rounds in (args.calibrate_rounds,):
            rules = Rules() if rounds == 0 else Rules(schedule=Schedule.ladder(4, rounds=rounds))
            where = "full ladder" if rounds == 0 else f"{rounds} rounds"
            for name, make in (
                (f"MonteCarloBot ({args.mc_samples} worlds)", lambda g: MonteCarloBot(worlds=args.mc_samples, seed=g)),
                (f"ExpertBot ({args.expert_worlds} worlds)", lambda g: ExpertBot(worlds=args.expert_worlds, seed=g)),
                (
                    f"ExpertBot ({args.pure_worlds} worlds, pure Python)",
                    lambda g: ExpertBot(worlds=args.pure_worlds, seed=g, compiled=False),
                ),
            ):
                extra[f"calibration: {name}, {where}"] = _calibrate(make, rules, args.calibrate_games, args.seed)
    if executor not in ("process", None):
        executor.shutdown()
    if args.json:
        out = {k: {**r.to_dict(), "seconds": round(t, 1)} for k, (r, t) in report.items()}
        print(json.dumps({"seed": args.seed, "tournaments": out, "figures": extra}, indent=2))
        return
    for title, (result, seconds) in report.items():
        print(f"\n{title} ({seconds:.0f} s)\n{result.to_text()}")
    for title, value in extra.items():
        print(f"\n{title}: {json.dumps(value, indent=2)}")


if __name__ == "__main__":
    main()
