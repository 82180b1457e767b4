"""The benchmarks' yardstick: a tuned pure-Python loop of random games on int bitmasks.

`reference_games(games, seed=...)` plays whole games of the standard deck with uniformly
random legal play exactly as a loop of `state.apply(legal[int(uniform() * len(legal))])`
over the public engine would, from the same deals (`new_game(..., seed=deal_seed)`) and
with the same random choices, but on plain ints and lists instead of immutable states. It
is not part of the package: it is the pure-Python speed that the compiled core is compared
with (`bench_fast.py`, `bench_sim.py`, the figures of `docs/performance.md`), and it reads
the engine's private tables to stay the same games. `bench_sim.py` checks its totals
against the engine's in every run.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from wizardrules._tables import DEALER_CHOOSES, win_keys
from wizardrules._tables.codes import JESTER_BITS, WIZARD_BITS
from wizardrules.actions import LOOK, Bid
from wizardrules.engine import new_game
from wizardrules.engine._bids import allowed_bids_at, bid_actions
from wizardrules.engine._layout import (
    FREED,
    NO_BID,
    NO_SUIT,
    SUITS,
    Game,
    RoundCache,
    RoundFields,
    RoundPart,
    hand_of,
)
from wizardrules.engine._moves import TRUMP_ACTIONS
from wizardrules.engine._round import round_trump
from wizardrules.engine._setup import Setup, deal_game, setup_for
from wizardrules.rules import Rules
from wizardrules.scoring import points_of

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


def game_seeds(seed: int, game: int) -> tuple[int, int]:
    """The deal seed and the choice seed of game number `game` of a run seeded `seed`
    (those of `random_games(..., compiled=False)`)."""
    deal_seed = seed * 1_000_000_007 + game
    return deal_seed, deal_seed * 2 + 1


def reference_games(
    games: int, *, players: int | Sequence[str] = 4, rules: Rules | None = None, seed: int = 0
) -> list[tuple[int, ...]]:
    """Play `games` random games of the standard deck; each game's totals."""
    setup = setup_for(players, _DEFAULT_RULES if rules is None else rules)
    return [_play(setup, *game_seeds(seed, g)) for g in range(games)]


def engine_games(
    games: int, *, players: int | Sequence[str] = 4, rules: Rules | None = None, seed: int = 0
) -> list[tuple[int, ...]]:
    """The same games through the public step API; each game's totals."""
    totals = []
    for g in range(games):
        deal_seed, choice_seed = game_seeds(seed, g)
        state = new_game(players, rules=rules, seed=deal_seed)
        uniform = random.Random(choice_seed).random
        while legal := state.legal_actions():
            state = state.apply(legal[int(uniform() * len(legal))])
        totals.append(state.totals)
    return totals


def _play(setup: Setup, deal_seed: int, choice_seed: int) -> tuple[int, ...]:
    # Dealt exactly as new_game(players, rules=rules, seed=deal_seed) deals (R2.5, R2.6).
    game = deal_game(setup, rng=random.Random(deal_seed))
    uniform = random.Random(choice_seed).random
    totals = [0] * game.n
    for rnd in range(game.schedule.rounds):
        _play_round(game, rnd, totals, uniform)
    return tuple(totals)


def _round_part(
    game: Game,
    rnd: int,
    trump: int,
    bids: list[int],
    looked: int,
    blind: int,
    totals: list[int],
    made: int,
    bid_sum: int,
) -> RoundPart:
    """A round part for a bidding situation, for `allowed_bids_at`."""
    fields = RoundFields(
        game=game,
        number=rnd,
        trump=trump,
        bids=tuple(bids),
        looked=looked,
        blind=blind,
        totals=tuple(totals),
        finished=(),
        bids_made=made,
        bid_sum=bid_sum,
        cache=RoundCache(),
        special=None,
        allowed=frozenset(),
    )
    return (*fields,)


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
    bids = [NO_BID] * n
    blind = 0
    bid_sum = 0
    memo = game.allowed_memo
    key = game.bid_keys[rnd]
    for made, seat in enumerate(_ORDERS[n][(dealer + 1) % n]):
        # The engine's own memo of allowed bids, looked up directly (allowed_bids_at's key).
        allowed = None if memo is None else memo.get(key | bid_sum << 1 | (made == n - 1))
        if allowed is None:
            allowed = allowed_bids_at(_round_part(game, rnd, trump, bids, looked, blind, totals, made, bid_sum))
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
    keys_by_led = win_keys()[trump + 1]  # the trick-winner rule (R5.4), as _tables.winner_index reads it
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
            # The first card of the highest key wins, as in _tables.winner_index, decided card by card.
            key = keys[card]
            if key > best_key:
                best, best_key = k, key
        leader = orders[leader][best]
        won[leader] += 1
    return won
