"""Speed of the RL adapters: whole games through PettingZoo's AEC API, and encodings per second.

Run: python benchmarks/bench_rl.py [--json] [--games N] [--repeat R] [--preset NAME]

Needs the extras: pip install -e ".[pettingzoo,gymnasium]" (and `fast` for the compiled backend).

1. Full 4-player games per second through the AEC API, observations and masks included,
   with the environment as users make it (`wizardrules.pettingzoo.env()`), on each of its
   backends (the engine; the compiled core, with the `fast` extra), and for comparison the
   engine's inside PettingZoo's `OrderEnforcingWrapper`, each agent choosing a random legal
   action from its mask:

       for agent in env.agent_iter():
           observation, reward, termination, truncation, info = env.last()
           legal = np.flatnonzero(observation["action_mask"])
           env.step(None if termination or truncation else int(legal[int(uniform() * len(legal))]))

2. Encodings per second, on every state of N random games, for the player to act:
   `Observer.observation`, `Observer.information_state`, `ActionCodec.mask`.

3. A breakdown of one AEC step through the environment on the engine, timed inside the same loop by an
   environment whose `observe` and `step` clock their parts: the engine's `view`, the
   observation's encoding, the mask (the engine's `legal_actions` included), the engine's
   `apply`, the rest of `observe` and `step` (the environment's own work), and the rest of
   the loop (PettingZoo's `agent_iter` and `last`, the random choice). The clocks add about
   0.3 µs a step.

4. The same games through `env()` on the engine with every view replayed from a first run of the same
   seeds (`GameState.view` patched for the timing only), so that views cost nothing: what
   everything but the view costs, and so what a cheaper view could reach.

Each figure is the best of R runs. Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import timeit
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from _report import report
from wizardrules import GameState, Preset, Rules, new_game
from wizardrules.pettingzoo import Backend, WizardEnv, env
from wizardrules.rl import ActionCodec, Observer

TARGET_GAMES_PER_SECOND = 100


def aec_games(make: Callable[[], Any], games: int, seed: int = 0) -> tuple[float, int]:
    """Seconds for `games` whole games through the AEC API, and the steps they took."""
    game = make()
    uniform = random.Random(seed).random
    steps = 0
    start = time.perf_counter()
    for number in range(games):
        game.reset(seed=seed + number)
        for _agent in game.agent_iter():
            observation, _reward, termination, truncation, _info = game.last()
            if termination or truncation:
                game.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                game.step(int(legal[int(uniform() * len(legal))]))
            steps += 1
    return time.perf_counter() - start, steps


class TimedEnv(WizardEnv):
    """The environment, clocking the parts of `observe` and `step` (nanoseconds, summed)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(4, rules, illegal_reward=-1.0, backend=Backend.ENGINE)
        self.clock = dict.fromkeys(("view", "encode", "mask", "observe", "apply", "step"), 0)

    def observe(self, agent: str) -> dict[str, Any]:
        clock, now = self.clock, time.perf_counter_ns
        start = now()
        state = self.game
        seat = self._seat[agent]
        if seat == state.to_move:
            before = now()
            mask = self.codec.mask(state).view(np.int8)
            clock["mask"] += now() - before
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        before = now()
        view = state.view(seat)
        middle = now()
        observation = self._encode(view)
        end = now()
        clock["view"] += middle - before
        clock["encode"] += end - middle
        clock["observe"] += end - start
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        start = time.perf_counter_ns()
        super().step(action)
        self.clock["step"] += time.perf_counter_ns() - start


def breakdown(rules: Rules, games: int) -> dict[str, float]:
    """µs per step of each part of an AEC step through the environment (see the module's docstring)."""
    timed = TimedEnv(rules)
    apply = GameState.apply
    spent = [0]

    def clocked_apply(state: GameState, action: Any, seat: int | None = None) -> GameState:
        start = time.perf_counter_ns()
        after = apply(state, action, seat)
        spent[0] += time.perf_counter_ns() - start
        return after

    GameState.apply = clocked_apply  # type: ignore[method-assign]
    try:
        total, steps = aec_games(lambda: timed, games)
    finally:
        GameState.apply = apply  # type: ignore[method-assign]
    clock = timed.clock
    clock["apply"] = spent[0]
    parts = {
        "view": clock["view"],
        "observation encoding": clock["encode"],
        "mask (legal_actions included)": clock["mask"],
        "apply": clock["apply"],
        "observe's and step's own work": clock["observe"]
        - clock["view"]
        - clock["encode"]
        - clock["mask"]
        + clock["step"]
        - clock["apply"],
    }
    parts["PettingZoo's agent_iter and last, the loop's choice"] = total * 1e9 - clock["observe"] - clock["step"]
    return {name: ns / steps / 1000 for name, ns in parts.items()}


def without_views(rules: Rules, games: int, repeat: int) -> float:
    """Games per second through `env()` with every view replayed from a first run of the same games."""
    view = GameState.view
    recorded: list[Any] = []

    def recording(state: GameState, seat: int) -> Any:
        recorded.append(view(state, seat))
        return recorded[-1]

    replayed = iter(())

    def replaying(state: GameState, seat: int) -> Any:
        return next(replayed)

    try:
        GameState.view = recording  # type: ignore[method-assign]
        aec_games(lambda: env(players=4, rules=rules, backend=Backend.ENGINE), games)
        gc.freeze()  # the recorded views stay out of the collector's way, as no views pile up in a real run
        GameState.view = replaying  # type: ignore[method-assign]
        best = float("inf")
        for _ in range(repeat):
            replayed = iter(recorded)
            best = min(best, aec_games(lambda: env(players=4, rules=rules, backend=Backend.ENGINE), games)[0])
    finally:
        GameState.view = view  # type: ignore[method-assign]
        gc.unfreeze()
    return games / best


def recorded_states(rules: Rules, games: int) -> list[GameState]:
    """Every state of `games` random 4-player games but the final ones: each has a player to act."""
    rng = random.Random(1)
    states = []
    for number in range(games):
        state = new_game(4, rules=rules, seed=1000 + number)
        while not state.is_over:
            states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return states


def per_call(call: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """The best mean µs of `call(item)` over `items`, of `repeat` runs."""

    def run() -> None:
        for item in items:
            call(item)

    return min(timeit.repeat(run, number=1, repeat=repeat)) / len(items) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=40, help="games per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is kept)")
    parser.add_argument(
        "--preset", default="rulebook", choices=[p.value for p in Preset], help="the rules (default rulebook)"
    )
    args = parser.parse_args()
    rules = Preset.parse(args.preset).rules()

    results: dict[str, float | str] = {"rules": f"{args.preset}, 4 players"}
    timings = {
        "env(), engine": lambda: env(players=4, rules=rules, backend=Backend.ENGINE),
        "OrderEnforcingWrapper(env()), engine": lambda: OrderEnforcingWrapper(
            env(players=4, rules=rules, backend=Backend.ENGINE)
        ),
    }
    if env(players=4, rules=rules).backend is Backend.COMPILED:
        timings["env(), compiled"] = lambda: env(players=4, rules=rules, backend=Backend.COMPILED)
        aec_games(timings["env(), compiled"], 1)  # compile, or load the compiled core from the cache
    step_us: dict[str, float] = {}
    for name, make in timings.items():
        best, steps = min(aec_games(make, args.games) for _ in range(args.repeat))
        results[f"AEC games/s through {name}"] = round(args.games / best, 1)
        step_us[name] = best / steps * 1e6
        results[f"AEC µs/step through {name}"] = round(step_us[name], 2)
    results["AEC target, games/s"] = TARGET_GAMES_PER_SECOND
    results["AEC games/s through env(), engine, views replayed (costing nothing)"] = round(
        without_views(rules, args.games, args.repeat), 1
    )

    states = recorded_states(rules, max(1, args.games // 4))
    codec, observer = ActionCodec(rules, 4), Observer(rules, 4)
    views = [state.view(state.to_move) for state in states]  # type: ignore[arg-type]
    results["observation, encodings/s"] = round(1e6 / per_call(observer.observation, views, args.repeat))
    results["information_state, encodings/s"] = round(1e6 / per_call(observer.information_state, views, args.repeat))
    results["mask, masks/s"] = round(1e6 / per_call(codec.mask, states, args.repeat))
    results["view, views/s"] = round(1e6 / per_call(lambda s: s.view(s.to_move), states, args.repeat))

    parts = min((breakdown(rules, args.games) for _ in range(args.repeat)), key=lambda p: sum(p.values()))
    for name, us in parts.items():
        results[f"step: {name}, µs"] = round(us, 2)
    results["step: total (with the clocks), µs"] = round(sum(parts.values()), 2)
    results["step: the view's share, %"] = round(100 * parts["view"] / sum(parts.values()), 1)

    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
