"""A game's rules in the compiled core's terms, and the arrays of a batch of games.

[`config_for`][wizardrules.fast._kernels.config.config_for] checks once that the compiled core
can play a game of these players and rules and puts the rules into numbers and arrays; the
kernels read nothing else. The rules it leaves to the engine (special cards, a custom bid
policy or score rule) are refused with a `RulesError` that says so.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from attrs import frozen

from wizardrules._convert import shown
from wizardrules._tables import bid_table, points_table, tabulable
from wizardrules.engine._setup import Setup, setup_for
from wizardrules.errors import RulesError
from wizardrules.fast._kernels import numpy
from wizardrules.fast._kernels.rules import C_BID_STRIDE, C_BIDS, C_MOST, C_PLAYERS, C_POINTS, C_ROUNDS, C_SIZE
from wizardrules.fast._kernels.steps import D_TURNED, G_BIDS, G_SIZE, SEATS
from wizardrules.rules import Rules, Variant
from wizardrules.scoring import StandardScore

if TYPE_CHECKING:
    from wizardrules.fast._kernels.rules import Array

_DEFAULT_RULES: Final = Rules()


@frozen(kw_only=True, eq=False)
class Config:
    """A game's rules as the compiled core reads them.

    Attributes:
        setup: the engine's checked setup of the players and rules.
        rules: the rules' vector as the kernels read it (`_kernels.rules`: players, rounds,
            then per round the cards, the fixed trump and whether blind bids are possible, then
            the tables of the score rule's points and of the bid policy's answers).
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
    if not tabulable(rules.bid_policy):
        return (
            f"the compiled core plays bid policies whose answers its tables hold (their depends_on), "
            f"not {shown(rules.bid_policy)}"
        )
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
    return Config(setup=setup, rules=_vector_of(rules, setup.n), clairvoyant=Variant.CLAIRVOYANCE in rules.variants)


@functools.lru_cache(maxsize=64)
def _vector_of(rules: Rules, players: int) -> Array:
    """The rules' vector (read-only), built once per rules and number of players.

    Its tables (`_tables`) ask the score rule and the bid policy in every situation of a game:
    a tenth of a second or so, paid on the first game of these rules.
    """
    np = numpy()
    setup = setup_for(players, rules)
    schedule = setup.schedule
    cards = schedule.cards_per_round
    most = max(cards)
    points = points_table(rules.score_rule, most)
    bids, stride = bid_table(rules.bid_policy, players, cards)
    rounds = schedule.rounds
    cfg = np.zeros(C_SIZE + 3 * rounds + len(points) + len(bids), dtype=np.int64)
    cfg[C_SIZE : C_SIZE + rounds] = cards
    cfg[C_SIZE + rounds : C_SIZE + 2 * rounds] = setup.fixed
    cfg[C_SIZE + 2 * rounds : C_SIZE + 3 * rounds] = setup.blind_rounds
    cfg[C_PLAYERS] = setup.n
    cfg[C_ROUNDS] = rounds
    cfg[C_MOST] = most
    cfg[C_POINTS] = start = C_SIZE + 3 * rounds
    cfg[start : start + len(points)] = points
    cfg[C_BIDS] = start = start + len(points)
    cfg[start:] = bids
    cfg[C_BID_STRIDE] = stride
    cfg.setflags(write=False)
    return cfg


def new_batch(games: int, rounds: int, longest: int) -> tuple[Array, Array, Array]:
    """Arrays for `games` games side by side: their rows (`steps.G_SIZE` columns), their deals, and a
    log of `longest` actions each."""
    np = numpy()
    rows = np.zeros((games, G_SIZE), dtype=np.int64)
    rows[:, G_BIDS : G_BIDS + SEATS] = -1
    deals = np.zeros((games, rounds, SEATS + 1), dtype=np.int64)
    deals[:, :, D_TURNED] = -1
    return rows, deals, np.zeros((games, longest), dtype=np.int16)
