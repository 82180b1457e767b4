"""Speed of a table server's work: views as JSON, and each seat's events of a step.

Run: python benchmarks/bench_wire.py [--json] [--states N] [--repeat R]

On N random 4-player states (rulebook, hidden bids, secret bids and the 2021 anniversary
deck; rounds 3 to 12, any phase) it reports the per-call cost of `view(seat)`,
`view(seat).to_json()` and `PlayerView.from_json`, and of `step(action)` alone and
followed by `events_for(seat, events)` for every seat, with the two ratios the wire
format promises to keep: `view(seat).to_json()` at most 3x `view(seat)`, a step with every
seat's events at most 2x the step. The best of R runs is kept; machines are noisy, so
compare figures within one run.
"""

from __future__ import annotations

import argparse
import random
import timeit
from collections.abc import Callable, Sequence

from _report import report
from wizardrules import BidReveal, GameState, PlayerView, Preset, new_game


def _states(count: int) -> list[GameState]:
    """Random 4-player states of several rule sets, in rounds 3..12, at any phase."""
    rng = random.Random(7)
    presets = (Preset.RULEBOOK, Preset.HIDDEN_BIDS, Preset.SECRET_BIDS, Preset.ANNIVERSARY_2021)
    states = []
    for game in range(count):
        state = new_game(4, rules=presets[game % len(presets)].rules(), seed=2000 + game)
        target = rng.randint(3, 12)
        while state.round_number < target:
            state = state.apply(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(4 * target)):
            if state.is_over or state.round_number > target:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            states.append(state)
    return states


def _per_call(calls: Sequence[Callable[[], object]], repeat: int) -> float:
    """The best time of `repeat` runs of all `calls`, in µs per call."""

    def run() -> None:
        for call in calls:
            call()

    timer = timeit.Timer(run)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number / len(calls) * 1e6


def _step_with_events(state: GameState, action: object) -> None:
    after, events = state.step(action)  # type: ignore[arg-type]
    for seat in range(4):
        after.events_for(seat, events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--states", type=int, default=200, help="random states to time on")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is kept)")
    args = parser.parse_args()

    states = _states(args.states)
    seats = [(state, state.to_move if i % 2 else (i // 2) % 4) for i, state in enumerate(states)]
    texts = [state.view(seat).to_json() for state, seat in seats]
    view = _per_call([lambda s=s, seat=seat: s.view(seat) for s, seat in seats], args.repeat)
    view_json = _per_call([lambda s=s, seat=seat: s.view(seat).to_json() for s, seat in seats], args.repeat)
    read = _per_call([lambda text=text: PlayerView.from_json(text) for text in texts], args.repeat)
    choices = [random.Random(i).choice(state.legal_actions()) for i, state in enumerate(states)]
    steps = list(zip(states, choices, strict=True))
    step = _per_call([lambda s=s, a=a: s.step(a) for s, a in steps], args.repeat)
    seen = _per_call([lambda s=s, a=a: _step_with_events(s, a) for s, a in steps], args.repeat)
    hidden = [(s, a) for s, a in steps if s.rules.bid_reveal is not BidReveal.OPEN]
    hidden_step = _per_call([lambda s=s, a=a: s.step(a) for s, a in hidden], args.repeat)
    hidden_seen = _per_call([lambda s=s, a=a: _step_with_events(s, a) for s, a in hidden], args.repeat)
    results: dict[str, float] = {
        "states": len(states),
        "view(seat), µs/call": round(view, 2),
        "view(seat).to_json(), µs/call": round(view_json, 2),
        "view(seat).to_json() / view(seat)": round(view_json / view, 2),
        "PlayerView.from_json, µs/call": round(read, 2),
        "step(action), µs/call": round(step, 2),
        "step + events_for every seat, µs/call": round(seen, 2),
        "step + events_for every seat / step": round(seen / step, 2),
        "hidden bids: step + events_for every seat / step": round(hidden_seen / hidden_step, 2),
        "view JSON, bytes (mean)": round(sum(map(len, texts)) / len(texts)),
    }
    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
