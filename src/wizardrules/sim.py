"""Fast random playouts: whole games of uniformly random legal play on int bitmasks.

[`random_games`][wizardrules.random_games] plays games exactly as a loop of
`state.apply(rng.choice(state.legal_actions()))` over the public engine would, from the
same deals and with the same random choices, but on plain ints and lists instead of
immutable states. It is the core for rollouts, simulations and benchmarks.

Examples:
    >>> from wizardrules import random_games
    >>> games = random_games(3, players=4, seed=1)
    >>> len(games), len(games[0].rounds), sum(games[0].rounds[0].tricks)
    (3, 15, 1)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from attrs import frozen

from wizardrules._convert import shown
from wizardrules._core import JESTER_BITS, WIN_KEYS, WIZARD_BITS
from wizardrules._tables import DEALER_CHOOSES
from wizardrules.actions import LOOK, Bid
from wizardrules.engine._bids import allowed_bids_at, bid_actions
from wizardrules.engine._layout import FREED, NO_SUIT, SUITS, Game, hand_of, round_part
from wizardrules.engine._moves import TRUMP_ACTIONS
from wizardrules.engine._round import round_trump
from wizardrules.engine._setup import Setup, deal_game, setup_for
from wizardrules.errors import RulesError
from wizardrules.rules import Rules
from wizardrules.scoring import points_of
from wizardrules.sheet import ScoreSheet

__all__ = ["SimGame", "SimRound", "game_seeds", "pick", "random_games"]

T = TypeVar("T")


@functools.cache
def _suit_tables() -> tuple[list[tuple[int, ...]], ...]:
    """Per suit, the single-card bits of every 13-bit set of its cards, in rank order.

    Built on the first playout rather than at import, by doubling: the sets with rank `r` as
    their highest card are the sets below `r` with `r`'s bit added at the end.
    """
    tables = []
    for suit in range(4):
        table: list[tuple[int, ...]] = [()]
        for rank in range(13):
            last = (1 << (13 * suit + rank),)
            table += [bits + last for bits in table]
        tables.append(table)
    return tuple(tables)


_ORDERS: Final = {n: tuple(tuple((leader + k) % n for k in range(n)) for leader in range(n)) for n in range(3, 7)}
"""Per number of players and leader, the seats in playing order."""
_JESTER: Final = (JESTER_BITS,)  # any Jester held: the lowest is played
_WIZARD: Final = (WIZARD_BITS,)
_DEFAULT_RULES: Final = Rules()


@frozen(kw_only=True)
class SimRound:
    """One round of a simulated game, by seat.

    Attributes:
        bids: the bids.
        blind: whether each bid was blind.
        tricks: the tricks taken.
        points: the round's points.
        trump: the trump suit index 0..3 (red, yellow, green, blue), or -1 for none.
    """

    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    trump: int


@frozen(kw_only=True)
class SimGame:
    """The outcome of one simulated game.

    Attributes:
        players: the players' names.
        rules: the rules.
        first_dealer: the seat that dealt round 1.
        deal_seed: the seed of the deals (`new_game(..., seed=deal_seed)` deals the same cards).
        totals: each seat's total points.
        compact_rounds: per round (bids, blind seats as a bit mask, tricks, points, trump
            index or -1); `rounds` gives them as `SimRound` values.
    """

    players: tuple[str, ...]
    rules: Rules
    first_dealer: int
    deal_seed: int
    totals: tuple[int, ...]
    compact_rounds: tuple[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int], ...]

    @property
    def rounds(self) -> tuple[SimRound, ...]:
        """Every round's bids, blind marks, tricks, points and trump."""
        n = len(self.totals)
        return tuple(
            SimRound(
                bids=bids,
                blind=tuple(bool(blind >> seat & 1) for seat in range(n)),
                tricks=tricks,
                points=points,
                trump=trump,
            )
            for bids, blind, tricks, points, trump in self.compact_rounds
        )

    @property
    def hits(self) -> tuple[int, ...]:
        """Each seat's number of exactly hit bids."""
        n = len(self.totals)
        return tuple(sum(r[0][s] == r[2][s] for r in self.compact_rounds) for s in range(n))

    def scoresheet(self) -> ScoreSheet:
        """The game's score sheet (built on request; it re-checks every round)."""
        sheet = ScoreSheet(players=self.players, rules=self.rules, first_dealer=self.first_dealer)
        for r in self.rounds:
            sheet = sheet.record(
                bids=r.bids,
                tricks=r.tricks,
                blind=[seat for seat, is_blind in enumerate(r.blind) if is_blind],
                trump=None if r.trump < 0 else SUITS[r.trump],
            )
        return sheet


def game_seeds(seed: int, game: int) -> tuple[int, int]:
    """The deal seed and the choice seed of game number `game` of a run seeded `seed`.

    Raises:
        RulesError: `seed` or `game` is not an integer.

    Examples:
        >>> game_seeds(0, 2)
        (2, 5)
    """
    if type(seed) is not int or type(game) is not int:
        raise RulesError(f"game_seeds({shown(seed)}, {shown(game)}): the seed and the game number are integers")
    deal_seed = seed * 1_000_000_007 + game
    return deal_seed, deal_seed * 2 + 1


def random_games(
    n: int,
    *,
    players: int | Sequence[str] = 4,
    rules: Rules | None = None,
    seed: int = 0,
) -> tuple[SimGame, ...]:
    """Play `n` whole games of uniformly random legal play.

    Game `g` is dealt by `new_game(players, rules=rules, seed=deal_seed)` and each choice is
    `wizardrules.sim.pick` over the legal actions with `random.Random(choice_seed).random`,
    with the seeds of [`game_seeds(seed, g)`][wizardrules.game_seeds]: the engine driven the
    same way plays the very same game.

    Raises:
        RulesError: `n` is negative, `seed` is not an integer, the players or rules cannot
            play, or the rules have special cards (R8), which these playouts leave out.
    """
    if type(n) is not int or n < 0:
        raise RulesError(f"random_games: {shown(n)} games; give a whole number 0 or more")
    if type(seed) is not int:
        raise RulesError(f"random_games: seed {shown(seed)} must be an integer, as for new_game")
    setup = setup_for(players, _DEFAULT_RULES if rules is None else rules)  # checks the players and rules
    if setup.specials:
        raise RulesError(
            "random_games plays the standard deck; play games with special cards through new_game or play_game (R8)"
        )
    return tuple(_play(setup, *game_seeds(seed, g)) for g in range(n))


def _play(setup: Setup, deal_seed: int, choice_seed: int) -> SimGame:
    # Dealt exactly as new_game(players, rules=rules, seed=deal_seed) deals (R2.5, R2.6).
    game = deal_game(setup, rng=random.Random(deal_seed))
    uniform = random.Random(choice_seed).random
    totals = [0] * game.n
    rounds = [_play_round(game, rnd, totals, uniform) for rnd in range(game.schedule.rounds)]
    return SimGame(
        players=game.players,
        rules=game.rules,
        first_dealer=game.first_dealer,
        deal_seed=deal_seed,
        totals=tuple(totals),
        compact_rounds=tuple(rounds),
    )


_Compact = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int]


def _play_round(game: Game, rnd: int, totals: list[int], uniform: Callable[[], float]) -> _Compact:
    """Play round `rnd` of `game` at random; add its points to `totals`."""
    n = game.n
    dealer = (game.first_dealer + rnd) % n
    trump, looked = _trump(game, rnd, dealer, uniform)
    bids, blind = _bids(game, rnd, dealer, trump, looked, totals, uniform)
    won = _tricks(game, rnd, dealer, trump, uniform)
    memo = game.points_memo
    score = game.rules.score_rule
    points = []
    for seat in range(n):
        key = (bids[seat], won[seat], bool(blind >> seat & 1))
        value = memo.get(key) if memo is not None else None
        if value is None:
            value = points_of(score, *key)
            if memo is not None:
                memo[key] = value
        points.append(value)
        totals[seat] += value
    return (tuple(bids), blind, tuple(won), tuple(points), trump)


def pick(legal: Sequence[T], uniform: Callable[[], float]) -> T:
    """A uniformly random element of `legal` (up to float rounding, 2**-53), one `random()` call."""
    return legal[int(uniform() * len(legal))]


def _trump(game: Game, rnd: int, dealer: int, uniform: Callable[[], float]) -> tuple[int, int]:
    """The round's trump (R3), the dealer's random choice after a Wizard, and the seats that have looked."""
    looked = 0 if game.blind_rounds[rnd] else (1 << game.n) - 1
    trump = round_trump(game, rnd)
    if trump == DEALER_CHOOSES:  # the dealer names trump after looking (R3.2)
        choice = pick(TRUMP_ACTIONS, uniform)
        trump = SUITS.index(choice.suit)
        looked |= 1 << dealer
    return trump, looked


def _bids(
    game: Game, rnd: int, dealer: int, trump: int, looked: int, totals: list[int], uniform: Callable[[], float]
) -> tuple[list[int], int]:
    """Random legal bids in bidding order (R4.1, R4.2, R4.4); the bids by seat and the blind mask."""
    n = game.n
    bids = [-1] * n
    blind = 0
    bid_sum = 0
    memo = game.allowed_memo
    key = game.bid_keys[rnd]
    for made, seat in enumerate(_ORDERS[n][(dealer + 1) % n]):
        # The engine's own memo of allowed bids, looked up directly (allowed_bids_at's key).
        allowed = None if memo is None else memo.get(key | bid_sum << 1 | (made == n - 1))
        if allowed is None:
            situation = round_part(
                game=game,
                number=rnd,
                trump=trump,
                bids=tuple(bids),
                looked=looked,
                blind=blind,
                totals=tuple(totals),
                bids_made=made,
                bid_sum=bid_sum,
            )
            allowed = allowed_bids_at(situation)
        action = pick(bid_actions(allowed, not looked >> seat & 1), uniform)
        if action is LOOK:
            looked |= 1 << seat
            action = pick(bid_actions(allowed, False), uniform)
        assert isinstance(action, Bid)  # noqa: S101 - bid_actions lists Look and bids only
        bids[seat] = action.tricks
        if action.blind:
            blind |= 1 << seat
        looked |= 1 << seat
        bid_sum += action.tricks
    return bids, blind


def _tricks(game: Game, rnd: int, dealer: int, trump: int, uniform: Callable[[], float]) -> list[int]:
    """Random legal plays for every trick (R5); the tricks each seat takes."""
    n = game.n
    hands = [hand_of(game.masks[rnd], seat) for seat in range(n)]
    won = [0] * n
    red, yellow, green, blue = tables = _suit_tables()
    orders = _ORDERS[n]
    keys_by_led = WIN_KEYS[trump + 1]  # the trick-winner rule (R5.4), as _core.winner_index reads it
    no_suit_keys = keys_by_led[NO_SUIT + 2]
    leader = (dealer + 1) % n
    for _ in range(game.cards[rnd]):
        led = NO_SUIT
        led_shift = 64  # no suit led yet: shifting a hand by 64 leaves no suit cards
        keys = no_suit_keys
        best = 0
        best_key = -2  # below every key: the first card leads the trick
        for k, seat in enumerate(orders[leader]):
            hand = hands[seat]
            # The distinct legal cards in the order of legal_actions(): Jester, suits, Wizard.
            following = hand >> led_shift & 0x1FFF
            if following:  # must follow suit (R5.3)
                options = tables[led][following]
            else:
                options = (
                    red[hand & 0x1FFF]
                    + yellow[hand >> 13 & 0x1FFF]
                    + green[hand >> 26 & 0x1FFF]
                    + blue[hand >> 39 & 0x1FFF]
                )
            if hand >> 52:
                if hand & JESTER_BITS:
                    options = _JESTER + options
                if hand & WIZARD_BITS:
                    options += _WIZARD
            held = hand & options[int(uniform() * len(options))]
            bit = held & -held
            hands[seat] = hand ^ bit
            card = bit.bit_length() - 1
            if led == NO_SUIT and card < 56:  # the first suit card or Wizard decides the led suit (R5.2)
                if card < 52:
                    led, led_shift = card // 13, 13 * (card // 13)
                else:
                    led = FREED
                keys = keys_by_led[led + 2]  # the Jesters before it have the same key in every row
            # The first card of the highest key wins, as in _core.winner_index, decided card by card.
            key = keys[card]
            if key > best_key:
                best, best_key = k, key
        leader = orders[leader][best]
        won[leader] += 1
    return won
