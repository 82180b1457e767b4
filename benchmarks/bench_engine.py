"""Speed of the game engine through its public step API.

Run: python benchmarks/bench_engine.py [--json] [--games N] [--repeat R]

Plays N full random 4-player games (ladder, rulebook rules) with `legal_actions` and
`apply` only, R times, and reports the best games per second; then the per-call cost of
`legal_actions`, `apply` and `view` on mid-game states. Machines are noisy: compare
figures within one run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import timeit

from wizardrules import GameState, Phase, Preset, Rules, new_game


def play_games(games: int, rules: Rules, seed: int = 0) -> float:
    """Seconds to play `games` full random 4-player games through the public step API."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for game in range(games):
        state = new_game(4, rules=rules, seed=seed + game)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
    return time.perf_counter() - start


def _mid_game_states(count: int) -> list[GameState]:
    rng = random.Random(99)
    states = []
    for game in range(count):
        state = new_game(4, seed=1000 + game)
        target = rng.randint(4, 12)
        while not (state.round_number == target and state.phase is Phase.PLAYING):
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _per_call(label: str, calls: list[object], repeat: int) -> float:
    def run() -> None:
        for call in calls:
            call()  # type: ignore[operator]

    timer = timeit.Timer(run)
    number, _ = timer.autorange()
    best = min(timer.repeat(repeat=repeat, number=number)) / number
    return best / len(calls) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=400, help="games per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is kept)")
    args = parser.parse_args()

    results: dict[str, float] = {}
    for name, rules in (("rulebook", Preset.RULEBOOK.rules()), ("official", Preset.OFFICIAL.rules())):
        best = min(play_games(args.games, rules) for _ in range(args.repeat))
        results[f"games/s, 4 players, {name}"] = round(args.games / best, 1)
    states = _mid_game_states(50)
    actions = [state.legal_actions()[0] for state in states]
    results["legal_actions, µs/call"] = round(_per_call("legal", [s.legal_actions for s in states], args.repeat), 3)
    applies = [lambda s=s, a=a: s.apply(a) for s, a in zip(states, actions, strict=True)]
    results["apply (play a card), µs/call"] = round(_per_call("apply", applies, args.repeat), 3)
    views = [lambda s=s: s.view(s.to_move) for s in states]
    results["view, µs/call"] = round(_per_call("view", views, args.repeat), 3)
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
        return
    width = max(len(k) for k in results)
    for key, value in results.items():
        print(f"{key:<{width}}  {value:>10}")


if __name__ == "__main__":
    main()
