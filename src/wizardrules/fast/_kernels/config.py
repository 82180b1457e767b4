"""A game's rules in the compiled core's terms, and the arrays of a batch of games.

[`config_for`][wizardrules.fast._kernels.config.config_for] checks once that the compiled core
can play a game of these players and rules and puts the rules into numbers and arrays; the
kernels read nothing else. The rules it leaves to the engine (special cards, a custom bid
policy or score rule) are refused with a `RulesError` that says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from attrs import frozen

from wizardrules.fast._kernels import numpy
from wizardrules.fast._kernels.rules import (
    C_BLIND_TIMES,
    C_FIRST_FREE,
    C_HIT,
    C_KEEPER,
    C_MIN_CARDS,
    C_MISS,
    C_PER_TRICK,
    C_PLAYERS,
    C_POLICY,
    C_ROUNDS,
    C_SIZE,
    EQUAL,
    FREE,
    HOOK,
    NOT_EQUAL,
)
from wizardrules.fast._kernels.steps import D_TURNED, G_BIDS, G_SIZE, SEATS
from wizardrules._convert import shown
from wizardrules.bidding import EqualBids, FreeBids, NotEqualBids, ScorekeeperHook
from wizardrules.engine._setup import Setup, setup_for
from wizardrules.errors import RulesError
from wizardrules.rules import Rules, Variant
from wizardrules.scoring import StandardScore

if TYPE_CHECKING:
    from wizardrules.fast._kernels.rules import Array

_DEFAULT_RULES: Final = Rules()
_POLICIES: Final[dict[type, int]] = {FreeBids: FREE, NotEqualBids: NOT_EQUAL, EqualBids: EQUAL, ScorekeeperHook: HOOK}


@frozen(kw_only=True, eq=False)
class Config:
    """A game's rules as the compiled core reads them.

    Attributes:
        setup: the engine's checked setup of the players and rules.
        rules: the rules' vector as the kernels read it (`_compiled.rules`: players, rounds,
            bid policy, score numbers, then per round the cards, the fixed trump and whether
            blind bids are possible).
        clairvoyant: whether round 1 is played with clairvoyance (R4.5).
    """

    setup: Setup
    rules: Array
    clairvoyant: bool

    @property
    def players(self) -> int:
        """The number of players."""
        return self.setup.n

    @property
    def rounds(self) -> int:
        """The number of rounds."""
        return len(self.setup.schedule.cards_per_round)

    @property
    def longest(self) -> int:
        """The most actions a game can take: every card, a look and a bid per seat and a trump a round."""
        cards = self.setup.schedule.cards_per_round
        return self.players * sum(cards) + (2 * self.players + 1) * len(cards)


def compiled_rules_problem(rules: Rules) -> str | None:
    """Why the compiled core leaves `rules` to the engine, or `None` when it can play them."""
    if rules.special_cards:
        names = ", ".join(sorted(s.name.title() for s in rules.special_cards))
        return f"the compiled core plays the standard deck; rules with special cards ({names}) are played by the engine"
    if type(rules.score_rule) is not StandardScore:
        return f"the compiled core scores with StandardScore only, not {shown(rules.score_rule)}"
    if type(rules.bid_policy) not in _POLICIES:
        return f"the compiled core knows the built-in bid policies, not {shown(rules.bid_policy)}"
    return None


def config_for(players: int | Sequence[str], rules: Rules | None) -> Config:
    """Check that the compiled core can play these players and rules, and put the rules in its terms.

    Raises:
        RulesError: players or rules the engine refuses, or rules the compiled core leaves to the
            engine (special cards, R8; a custom bid policy or score rule).
    """
    rules = _DEFAULT_RULES if rules is None else rules
    setup = setup_for(players, rules)
    problem = compiled_rules_problem(rules)
    if problem is not None:
        raise RulesError(f"{problem}: use new_game or play_game")
    np = numpy()
    policy = rules.bid_policy
    score = rules.score_rule
    assert isinstance(score, StandardScore)  # noqa: S101 - checked above
    schedule = setup.schedule
    cfg = np.zeros(C_SIZE + 3 * schedule.rounds, dtype=np.int64)
    cfg[C_SIZE : C_SIZE + schedule.rounds] = schedule.cards_per_round
    cfg[C_SIZE + schedule.rounds : C_SIZE + 2 * schedule.rounds] = setup.fixed
    cfg[C_SIZE + 2 * schedule.rounds :] = setup.blind_rounds
    cfg[C_PLAYERS] = setup.n
    cfg[C_ROUNDS] = setup.schedule.rounds
    cfg[C_POLICY] = _POLICIES[type(policy)]
    if isinstance(policy, NotEqualBids):
        cfg[C_FIRST_FREE] = policy.first_round_free
        cfg[C_MIN_CARDS] = policy.min_cards
    if isinstance(policy, ScorekeeperHook):
        cfg[C_KEEPER] = policy.scorekeeper
    cfg[C_HIT] = score.hit_bonus
    cfg[C_PER_TRICK] = score.per_trick
    cfg[C_MISS] = score.miss_penalty
    cfg[C_BLIND_TIMES] = score.blind_multiplier
    cfg.setflags(write=False)
    return Config(setup=setup, rules=cfg, clairvoyant=Variant.CLAIRVOYANCE in rules.variants)


def new_batch(games: int, rounds: int, longest: int) -> tuple[Array, Array, Array]:
    """Arrays for `games` games side by side: their rows (`steps.G_SIZE` columns), their deals, and a
    log of `longest` actions each."""
    np = numpy()
    rows = np.zeros((games, G_SIZE), dtype=np.int64)
    rows[:, G_BIDS : G_BIDS + SEATS] = -1
    deals = np.zeros((games, rounds, SEATS + 1), dtype=np.int64)
    deals[:, :, D_TURNED] = -1
    return rows, deals, np.zeros((games, longest), dtype=np.int16)
