"""A strong reference bot: worlds weighted by what the bids and play say, every choice searched.

[`ExpertBot`][wizardrules.ExpertBot] plays like
[`MonteCarloBot`][wizardrules.MonteCarloBot] (deal the unseen cards, play the round out
for each choice, keep the best) with three differences:

- **Worlds weighted by inference.** It deals many candidate worlds that respect the voids,
  weighs each by how well every other hand explains that seat's bid and its play so far,
  and draws the worlds it searches from them by weight (importance resampling). A bid is
  taken to be the hand's worth at the deal (the cards it holds plus those it played, each
  card worth what `RuleBot` counts it) plus normal noise of `spread` tricks, rounded; once a
  seat has played, the cards it still holds are taken to be worth about the tricks it still
  needs. A seat that bid three is searched in worlds where it holds three tricks' worth, not
  in worlds drawn as if it had said nothing.
- **Bidding by search.** Every bid near the hand's worth is played out in every world, and
  the bid with the best mean wins.
- **A cheap evaluation.** The rollouts run on a small simulator of one round on card codes
  (plain Python, no engine), so a pure-Python decision affords many times the worlds that
  replaying the engine does. With the `fast` extra installed and rules the compiled core
  plays, the candidate worlds are dealt and weighed in numpy, thousands at once, the other
  seats' plays are read as `RuleBot`'s (see the class), and every drawn world and choice is
  played out in one compiled batch. Where even the simulator is
  too dear (large hands), a pure-Python rollout stops after `horizon` tricks and the rest of
  the round is estimated from each hand's worth (a Poisson-binomial count of the tricks it
  may still take).

It plays the standard deck with open bids and no blind bids, under any schedule, bid rule
and score rule (the rollouts ask the game's own; the compiled ones read their tables where
the compiled core plays the rules); in any other game (special cards, hidden or blind
bids) it defers to `MonteCarloBot` with the same budget.

Examples:
    >>> from wizardrules import RuleBot, Rules, Schedule, play_game
    >>> rules = Rules(schedule=Schedule.ladder(4, rounds=3))
    >>> final = play_game([ExpertBot(worlds=4, seed=1), RuleBot(), RuleBot(), RuleBot()], rules=rules, seed=3)
    >>> final.is_over
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

import attrs
from attrs import define, field

from wizardrules import _lazy
from wizardrules._convert import shown
from wizardrules._tables import points_table
from wizardrules.actions import ACTION_CLASSES, Action, Bid, Play
from wizardrules.bots._base import check_turn, seeded_random
from wizardrules.bots._montecarlo import MonteCarloBot
from wizardrules.bots._rulebot import RuleBot
from wizardrules.bots._sampling import check_view, world_state
from wizardrules.bots.expert._codes import (
    DECK,
    SUITS,
    Known,
    Round,
    cards_of_codes,
    in_void,
    known_from,
    mask_of,
    units,
    unmask,
    worths,
)
from wizardrules.bots.expert._reading import rulebot_readings
from wizardrules.bots.expert._simulator import rollout
from wizardrules.bots.expert._worlds import (
    ASTRAY,
    ASTRAY_FLOOR,
    bid_log_table,
    deal,
    exact_deal,
    log_weight,
    play_log_table,
)
from wizardrules.cards import Card
from wizardrules.engine import GameState, Phase, PlayerView
from wizardrules.errors import RulesError
from wizardrules.rules import BidReveal, Variant

__all__ = ["ExpertBot"]


def _supported(view: PlayerView) -> bool:
    """Whether the bot searches this game itself: the standard deck, open bids, no blind bids, its hand seen.

    Any bid policy and score rule: the rollouts ask them (the compiled ones read their tables).
    """
    rules = view.rules
    return (
        not rules.special_cards
        and rules.bid_reveal is BidReveal.OPEN
        and not rules.variants & (Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
        and view.hand is not None
    )


_PYTHON_OVERSAMPLE: Final = 12
"""Candidate worlds per world kept in the pure-Python draw: uniform deals, few of which fit the bids."""

_NUMPY_OVERSAMPLE: Final = 3
"""Candidate worlds per world kept in the numpy draw, half of whose deals fit the plays."""


def _compiled_rollouts() -> ModuleType | None:
    """The compiled batch rollouts, `None` without the `fast` extra (the fast core, a layer above, lends them)."""
    return _lazy.boost(_lazy.Boost.WORLDS)


# -- the bot --------------------------------------------------------------------------------------


def _check_count(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or value < 1:
        raise RulesError(f"ExpertBot {attribute.name}={shown(value)}: must be a whole number 1 or more")


def _check_oversample(bot: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None:
        _check_count(bot, attribute, value)


def _check_spread(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise RulesError(f"ExpertBot {attribute.name}={shown(value)}: must be a positive number")


def _check_rivalry(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise RulesError(f"ExpertBot {attribute.name}={shown(value)}: must be a number from 0 to 1")


def _check_time(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0):
        raise RulesError(
            f"ExpertBot {attribute.name}={shown(value)}: must be a positive number of milliseconds or None"
        )


@define
class ExpertBot:
    """Search over worlds weighted by the bids and the play so far, with bids searched too.

    Each decision deals `oversample` times `worlds` candidate worlds that respect the voids, weighs
    them by how well the other hands explain their bids and play (see the module), draws
    `worlds` of them by weight (importance resampling: a world drawn twice counts twice and is
    played once), and plays the round out from each legal choice in each drawn world (bids
    within `bid_window` of the hand's worth). The choice with the best mean score wins: the
    bot's own round points, less `rivalry` times the mean of the others'.

    With the fast core the bot goes further where the compiled batch pays for it. It reads
    each other seat's plays this round as `RuleBot`'s: `RuleBot` plays the first legal card
    of one order fixed by the trick and whether it needs tricks, so each play rules out the
    cards that order puts first. The candidates are dealt in numpy, half of them with none of
    the cards a seat's plays rule out (so the worlds those plays fit are found however few
    they are), each weighed by how likely it was dealt (importance sampling) and by the
    evidence: its bids, and a tenth for each play `RuleBot` would not have made from the hand.
    In the rollouts the others play as `RuleBot`, and the bot plays its own later cards on its
    best line in each world: once it holds five cards or fewer, every order of them is tried
    against `RuleBot`'s answers, as if it saw the hands (before that, each trick is seen
    through: the cheapest card that takes it while it needs tricks, the dearest that loses it
    once it does not). Play that sees every hand makes more bids than any real play, and play
    that sees only the trick fewer, so a bid is judged by the mean of the two. A world costs
    some five times less there: 20 ms a decision buys about 750 worlds over the ladder's
    first five rounds and 500 over full ladders.

    Attributes:
        worlds: worlds searched per decision.
        seed: the seed of the bot's random source; with `time_ms=None` its choices are a
            function of the seed and the views it was shown.
        time_ms: a time budget per decision in milliseconds for the pure-Python rollouts: no
            new world is started once it is spent (at least one world is always played). The
            compiled core plays all the worlds in one batch.
        compiled: play the rollouts in the compiled core when the `fast` extra is installed
            and the rules are the core's; else on the bot's own pure-Python simulator.
        oversample: candidate worlds dealt per world kept; `None` for 12 in the pure-Python
            draw and 3 in the numpy draw (whose candidates already fit the plays).
        spread: how closely a bid is taken to follow the hand's worth, in tricks (the standard
            deviation of the noise added to the worth before it is rounded to the bid);
            larger trusts the bids less. Every bid keeps at least a 2% chance from any hand.
        horizon: tricks a pure-Python rollout plays before the rest is estimated.
        bid_window: bids further than this from the hand's worth are not searched.
        rivalry: how much the others' points count against the bot's own, from 0 to 1: at 0
            (the default) a choice is judged by the bot's own expected points, at 1 by its
            lead over the mean of the others (`MonteCarloBot`'s score). Judging by its own
            points bids better against searching opponents, whose play the rollouts can only
            guess (see the Strength page).

    Raises:
        RulesError: a count that is not a whole number 1 or more, a spread or time budget
            that is not positive, or a rivalry outside 0 to 1.

    Examples:
        >>> from wizardrules import new_game
        >>> state = new_game(4, seed=2)
        >>> bot = ExpertBot(worlds=8, seed=0)
        >>> bot.act(state.view(state.to_move), state.legal_actions()) in state.legal_actions()
        True
    """

    worlds: int = field(default=24, validator=_check_count)
    seed: int = 0
    time_ms: float | None = field(default=None, validator=_check_time)
    compiled: bool = True
    oversample: int | None = field(default=None, validator=_check_oversample)
    spread: float = field(default=0.5, validator=_check_spread)
    horizon: int = field(default=5, validator=_check_count)
    bid_window: int = field(default=2, validator=_check_count)
    rivalry: float = field(default=0.0, validator=_check_rivalry)
    _rng: random.Random = field(init=False, repr=False)
    _fallback: MonteCarloBot = field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._rng = seeded_random(self.seed, "ExpertBot")
        self._fallback = MonteCarloBot(worlds=self.worlds, seed=self.seed, time_ms=self.time_ms)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The legal action with the best mean score over the weighted worlds.

        Raises:
            RulesError: `view` is not a view, or `legal` not a non-empty sequence of actions.
            DealError: a view no game reaches (see `view_from_json`), refused before anything is
                sized by it.
        """
        check_turn(view, legal, "ExpertBot")
        check_view(view, "ExpertBot.act")
        if not all(isinstance(action, ACTION_CLASSES) for action in legal):
            raise RulesError(f"ExpertBot.act: legal {shown(legal)} holds something that is not an action")
        if len(legal) == 1:
            return legal[0]
        if view.phase not in (Phase.BIDDING, Phase.PLAYING) or not all(isinstance(a, (Bid, Play)) for a in legal):
            return RuleBot().act(view, legal)  # the trump choice and looking at the hand
        if not _supported(view):
            return self._fallback.act(view, legal)
        start = time.monotonic()
        game = self._round(view)
        known = known_from(view)
        choices: list[Action] = list(legal)
        if view.phase is Phase.BIDDING:
            worth_of = worths(game.trump)
            worth = sum(worth_of[c] for c in known.mine)
            near: list[Action] = [a for a in choices if isinstance(a, Bid) and abs(a.tricks - worth) <= self.bid_window]
            choices = near or choices
            if len(choices) == 1:
                return choices[0]
        compiled = _compiled_rollouts() if self.compiled else None
        if compiled is not None and not compiled.possible(view.rules):
            compiled = None
        scores = [0.0] * len(choices)
        if compiled is not None:  # every world in one batch: the time budget is spent on the worlds' draw
            masks, counts, state = self._compiled_worlds(compiled, view, game, known)
            own = compiled.OwnPlay.PLANNING if view.phase is Phase.PLAYING else compiled.OwnPlay.BLENDED
            rows = compiled.batch_scores(view, state, masks, choices, own=own, rivalry=self.rivalry)
            for row, count in zip(rows, counts, strict=True):
                for i, score in enumerate(row):
                    scores[i] += count * score
        else:
            for done, (hands, count) in enumerate(self._worlds(view, game, known)):
                if done and self.time_ms is not None and (time.monotonic() - start) * 1000 >= self.time_ms:
                    break
                for i, action in enumerate(choices):
                    scores[i] += count * rollout(game, known, hands, action)
        best = max(range(len(choices)), key=lambda i: (scores[i], -i))
        return choices[best]

    def sample_worlds(self, view: PlayerView) -> list[tuple[tuple[Card, ...], ...]]:
        """The worlds the bot would search at `view`: per world, every seat's hand now.

        They respect everything `sample_world` respects, and are drawn by how well they
        explain the other seats' bids and play (see the class), from the bot's random source,
        as the bot draws them in pure Python. With the fast core, `act` draws its worlds in
        numpy from the same weights and also weighs the other seats' plays by whether
        `RuleBot` would have made them.

        Raises:
            RulesError: `view` is not a view, or a game the bot does not search itself (special
                cards, hidden or blind bids, a hand it cannot see).
            DealError: a view no game reaches (see `view_from_json`).

        Examples:
            >>> from wizardrules import Bid, new_game
            >>> state = new_game(4, seed=3).apply(Bid(tricks=1))
            >>> worlds = ExpertBot(worlds=5).sample_worlds(state.view(2))
            >>> len(worlds), [len(hand) for hand in worlds[0]]
            (5, [1, 1, 1, 1])
        """
        check_view(view, "ExpertBot.sample_worlds")
        if not _supported(view):
            raise RulesError(
                "ExpertBot.sample_worlds: the bot searches the standard deck with open bids and no blind bids, "
                "with its own hand seen"
            )
        game = self._round(view)
        return [
            tuple(cards_of_codes(hand) for hand in hands)
            for hands, count in self._worlds(view, game, known_from(view))
            for _ in range(count)
        ]

    def _round(self, view: PlayerView) -> Round:
        return Round(
            players=len(view.players),
            seat=view.seat,
            trump=-1 if view.trump is None else SUITS.index(view.trump),
            cards=view.cards,
            dealer=view.dealer,
            bid_policy=view.rules.bid_policy,
            round_number=view.round_number,
            totals=view.totals,
            horizon=self.horizon,
            rivalry=float(self.rivalry),
            points=points_table(view.rules.score_rule, view.cards),
        )

    def _compiled_worlds(
        self, compiled: ModuleType, view: PlayerView, game: Round, known: Known
    ) -> tuple[Sequence[Sequence[int]], Sequence[int], GameState]:
        """The worlds drawn in numpy: per distinct world its hands' masks, its count, and one world's state.

        They are weighed as `_worlds` weighs them in Python, by the bids, the worth still held
        and the plays read as `RuleBot`'s; the numpy draw also deals half of its candidates none
        of the cards a seat's plays rule out, so that the worlds those plays fit are found
        however few they are. Where the voids leave no numpy deal, the worlds are drawn in Python.
        """
        n = game.players
        unit = units(game.trump)
        readings = [[(mask_of(sorted(out)), missed) for out, missed in seat] for seat in rulebot_readings(view)]
        drawn = compiled.draw_worlds(
            known.pool,
            known.sizes,
            game.seat,
            mask_of(known.mine),
            [[in_void(c, known.voids[s]) for c in range(len(DECK))] for s in range(n)],
            unit,
            [sum(unit[c] for c in known.played[s]) for s in range(n)],
            known.bids,
            known.won,
            [bool(known.played[s]) for s in range(n)],
            bid_log_table(game.cards, self.spread),
            play_log_table(game.cards, self.spread),
            readings,
            ASTRAY,
            ASTRAY_FLOOR,
            self.worlds,
            self.worlds * (self.oversample or _NUMPY_OVERSAMPLE),
            self._rng.getrandbits(63),
        )
        if drawn is None:
            worlds = self._worlds(view, game, known)
            masks: Any = [[mask_of(hand) for hand in hands] for hands, _ in worlds]
            counts: Any = [count for _, count in worlds]
        else:
            masks, counts = drawn
        state = world_state(view, [cards_of_codes(unmask(mask)) for mask in masks[0]])
        return masks, counts, state

    def _worlds(self, view: PlayerView, game: Round, known: Known) -> list[tuple[list[list[int]], int]]:
        """`worlds` draws by weight from `oversample` times as many candidates: each distinct world, with its count.

        The candidates are uniform over the deals that respect the voids; a systematic
        resampling by weight then makes the draws follow the weighted distribution (importance
        resampling), and a world drawn `k` times counts `k` times without being played again.
        """
        rng = self._rng
        candidates = []
        for _ in range(self.worlds * (self.oversample or _PYTHON_OVERSAMPLE)):
            hands = deal(known, view.seat, rng, 20)
            if hands is None:
                hands = exact_deal(view, known, rng)
            candidates.append(hands)
        logs = [log_weight(game, known, hands, self.spread) for hands in candidates]
        top = max(logs)
        weights = [math.exp(w - top) for w in logs]
        step = sum(weights) / self.worlds
        point = rng.random() * step
        counts: dict[int, int] = {}
        running = 0.0
        i = 0
        for _ in range(self.worlds):
            while running + weights[i] <= point and i < len(weights) - 1:
                running += weights[i]
                i += 1
            counts[i] = counts.get(i, 0) + 1
            point += step
        return [(candidates[i], count) for i, count in counts.items()]
