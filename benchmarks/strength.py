"""Strength report: RuleBot against RandomBots, MonteCarloBot against RuleBots.

Run: python benchmarks/strength.py [--json] [--games N] [--mc-games M] [--mc-rounds R] [--samples S]
     [--special-games K]

With `--special-games K` it also plays RuleBot against RandomBots with all seven special
cards (`Preset.ANNIVERSARY_2021`), K full games.

With `--mc-time-ms T` it also plays MonteCarloBot with a budget of T milliseconds per
decision against RuleBots, once with its rollouts compiled (the `fast` extra) and once in
Python: the same budget buys the compiled bot many more worlds. Unlike the others, these
results depend on the machine's speed.

Plays seeded, seat-rotated 4-player tournaments and prints each bot's mean score with a 95%
confidence interval, win rate and exact-hit rate. Results depend only on the seeds, not on
the machine; the run time does.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from wizardrules import MonteCarloBot, Preset, RandomBot, RuleBot, Rules, Schedule, TournamentResult, tournament
from wizardrules.tournament import BotFactory, BotSpec


def main() -> None:
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
    args = parser.parse_args()

    report: dict[str, tuple[TournamentResult, float]] = {}

    def play(title: str, bots: Sequence[BotSpec], games: int, rules: Rules | None = None) -> None:
        """Play a seeded tournament and keep its result and its seconds under `title`."""
        start = time.perf_counter()
        result = tournament(bots, games, rules=rules, seed=args.seed, progress=True)
        report[title] = (result, time.perf_counter() - start)

    short = Rules(schedule=Schedule.ladder(4, rounds=args.mc_rounds))
    play("RuleBot vs 3 RandomBots, full games", [RuleBot, RandomBot, RandomBot, RandomBot], args.games)
    play(
        f"MonteCarloBot ({args.samples} worlds) vs 3 RuleBots, {args.mc_rounds} rounds",
        [BotFactory(MonteCarloBot, samples=args.samples), RuleBot, RuleBot, RuleBot],
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
                    BotFactory(MonteCarloBot, samples=10**6, time_ms=args.mc_time_ms, compiled=compiled),
                    RuleBot,
                    RuleBot,
                    RuleBot,
                ],
                args.mc_games,
                short,
            )
    if args.json:
        print(json.dumps({k: {**r.to_dict(), "seconds": round(t, 1)} for k, (r, t) in report.items()}, indent=2))
        return
    for title, (result, seconds) in report.items():
        print(f"\n{title} ({seconds:.0f} s)\n{result.to_text()}")


if __name__ == "__main__":
    main()
