"""Setting up a game: players and rules checked once, every round dealt, the first state made.

[`new_game`][wizardrules.new_game] deals every round up front from an explicit seed,
`random.Random` or fixed deal (R2.6), so a state never depends on hidden global randomness.
What a game takes from its players and rules alone is a `Setup`, checked and worked out
once (and kept for games with numbered players); `deal_game` adds a game's chance to it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from wizardrules._convert import shown, whole
from wizardrules._tables import follow, led_after, plays, win_keys
from wizardrules._tables.codes import SPECIAL_BIT
from wizardrules.engine._bids import allowed_memo, bid_key
from wizardrules.engine._deal import Deal, Dealt, draw_dealer, given_deals, random_deals
from wizardrules.engine._layout import NO_SUIT, NOT_FIXED, SUITS, Game, RoundCache
from wizardrules.engine._round import start_round
from wizardrules.engine.state import GameState, wrap
from wizardrules.errors import RulesError
from wizardrules.rules import Rules, Schedule, Variant
from wizardrules.scoring import StandardScore
from wizardrules.sheet import ScoreSheet
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS


def new_game(
    players: Sequence[str] | int,
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    deal: Sequence[Deal] | None = None,
    first_dealer: int | None = None,
) -> GameState:
    """Start a game: deal every round from the given chance and return the first state.

    Give exactly one source of chance (R2.6): `seed`, `rng` or an explicit `deal` per round.

    Args:
        players: the players' names in seat order, or their number (named "Player 1", ...).
        rules: the rules; the rulebook's by default.
        seed: a seed for a new `random.Random`.
        rng: a `random.Random` to draw the deals (and the first dealer) from.
        deal: every round's hands and turned-up card, for replays and tests.
        first_dealer: the seat dealing round 1; by default drawn as in R2.5 (seat 0 with `deal`).

    Raises:
        RulesError: a wrong number of players, rules the engine cannot play, or not exactly one source of chance.
        PlayerError: duplicate or empty names.
        DealError: an explicit deal that does not fit the schedule or the deck.

    Examples:
        >>> state = new_game(4, seed=1)
        >>> state.players, state.phase.value, len(state.hand(state.to_move))
        (('Player 1', 'Player 2', 'Player 3', 'Player 4'), 'bidding', 1)
    """
    setup = setup_for(players, _DEFAULT_RULES if rules is None else rules)
    sources = sum(x is not None for x in (seed, rng, deal))
    if sources != 1:
        raise RulesError(f"new_game needs exactly one source of chance (seed=, rng= or deal=), got {sources} (R2.6)")
    if seed is not None:
        if type(seed) is not int:
            raise RulesError(f"seed {shown(seed)} must be an integer")
        rng = random.Random(seed)
    if rng is not None and not isinstance(rng, random.Random):
        raise RulesError(f"rng {shown(rng)} must be a random.Random")
    game = deal_game(setup, rng=rng, deal=deal, first_dealer=first_dealer)
    return wrap(start_round(game, 0, (0,) * setup.n, (), RoundCache()))


class Setup(NamedTuple):
    """What a game takes from its players and rules alone, checked and worked out once."""

    rules: Rules
    players: tuple[str, ...]
    n: int
    schedule: Schedule
    fixed: tuple[int, ...]
    blind_rounds: tuple[bool, ...]
    allowed_memo: dict[int, frozenset[int]] | None
    bid_keys: tuple[int, ...]
    points_memo: dict[tuple[int, int, bool], int] | None
    points_table: tuple[tuple[int, ...], ...] | None
    specials: int


def setup_for(players: Sequence[str] | int, rules: Rules) -> Setup:
    """The setup of a game of `players` (names, or a number of numbered players) under `rules`.

    Raises:
        RulesError: a wrong number of players, or rules the players cannot play.
        PlayerError: duplicate or empty names.
    """
    if not isinstance(players, int):
        return _setup(players, rules)
    if not whole(players, MIN_PLAYERS, MAX_PLAYERS):
        raise RulesError(
            f"{shown(players)} players; Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} (R2.1)",
            german=f"{shown(players)} Spieler; Wizard ist für {MIN_PLAYERS} bis {MAX_PLAYERS} (R2.1)",
        )
    setup = _SETUPS.get((id(rules), players))
    if setup is None or setup.rules is not rules:
        setup = _setup(tuple(f"Player {i + 1}" for i in range(players)), rules)
        if len(_SETUPS) >= _MAX_SETUPS:
            _SETUPS.clear()
        _SETUPS[id(rules), players] = setup
    return setup


def deal_game(
    setup: Setup,
    *,
    rng: random.Random | None = None,
    deal: Sequence[Deal] | None = None,
    first_dealer: int | None = None,
) -> Game:
    """The game of a setup with its chance: the deals from `rng` or `deal`, and the first dealer.

    The first dealer is drawn from `rng` (R2.5) unless given; with `deal` it is seat 0 unless given.

    Raises:
        RulesError: a first dealer who is not a seat.
        DealError: explicit deals that do not fit the schedule or the deck.
    """
    n = setup.n
    if first_dealer is None:
        first_dealer = 0 if rng is None else draw_dealer(n, rng)
    elif not whole(first_dealer, 0, n - 1):
        raise RulesError(f"first_dealer {shown(first_dealer)} must be a seat 0..{n - 1}")
    deals: Dealt
    plays.build()  # the lists of legal plays `GameState.legal_actions` reads, made for the first game
    if rng is not None:
        deals = random_deals(setup.schedule, n, setup.fixed, rng, setup.specials)
    elif deal is not None:
        deals = given_deals(deal, setup.schedule, n, setup.fixed, setup.specials)
    else:
        raise RulesError("a game needs its chance: a random.Random or explicit deals (R2.6)")
    return Game(
        players=setup.players,
        rules=setup.rules,
        schedule=setup.schedule,
        first_dealer=first_dealer,
        n=n,
        next_seat=_NEXT_SEAT[n],
        cards=setup.schedule.cards_per_round,
        masks=tuple(packed for packed, _ in deals),
        turned=tuple(turned for _, turned in deals),
        fixed=setup.fixed,
        blind_rounds=setup.blind_rounds,
        allowed_memo=setup.allowed_memo,
        bid_keys=setup.bid_keys,
        points_memo=setup.points_memo,
        points_table=setup.points_table,
        specials=setup.specials,
        led_after=led_after(),
        follow=follow(),
        win_keys=win_keys(),
    )


def _setup(names: Sequence[str], rules: Rules) -> Setup:
    sheet = ScoreSheet(players=names, rules=rules)  # checks names, rules and player count
    schedule = sheet.schedule
    blind_on = Variant.BLIND_BIDS in rules.variants
    clairvoyance = Variant.CLAIRVOYANCE in rules.variants
    # StandardScore is frozen, so its points can be shared; a custom rule is asked every time.
    standard = rules.score_rule if isinstance(rules.score_rule, StandardScore) else None
    return Setup(
        rules=rules,
        players=sheet.players,
        n=len(sheet.players),
        schedule=schedule,
        fixed=tuple(
            NOT_FIXED if t is None else (NO_SUIT if t.suit is None else SUITS.index(t.suit))
            for t in (schedule.fixed_trump(r) for r in range(1, schedule.rounds + 1))
        ),
        blind_rounds=tuple(blind_on and not (clairvoyance and r == 0) for r in range(schedule.rounds)),
        bid_keys=tuple(bid_key(cards, rnd == 0) for rnd, cards in enumerate(schedule.cards_per_round)),
        allowed_memo=allowed_memo(rules.bid_policy),
        points_memo=None if standard is None else _POINTS_BY_RULE.setdefault(standard, {}),
        points_table=None if standard is None else _points_table(standard, max(schedule.cards_per_round)),
        specials=sum(1 << SPECIAL_BIT[special] for special in rules.special_cards),
    )


def _points_table(rule: StandardScore, most: int) -> tuple[tuple[int, ...], ...]:
    """`[bid][tricks]`: the points of a bid made looking, for bids and tricks up to `most` (kept per rule)."""
    table = _POINTS_TABLES.get((rule, most))
    if table is None:
        if len(_POINTS_TABLES) >= _MAX_SETUPS:
            _POINTS_TABLES.clear()
        table = _POINTS_TABLES[rule, most] = tuple(
            tuple(rule.points(bid, tricks) for tricks in range(most + 1)) for bid in range(most + 1)
        )
    return table


_NEXT_SEAT: Final = tuple(tuple((seat + 1) % n for seat in range(n)) for n in range(MAX_PLAYERS + 1))
"""`_NEXT_SEAT[n][seat]`: the seat after `seat` at a table of `n`."""
_POINTS_BY_RULE: dict[StandardScore, dict[tuple[int, int, bool], int]] = {}
_POINTS_TABLES: dict[tuple[StandardScore, int], tuple[tuple[int, ...], ...]] = {}
_DEFAULT_RULES: Final = Rules()
_SETUPS: dict[tuple[int, int], Setup] = {}
"""The setups of games with numbered players by (id(rules), players): rules are frozen, so the
checks of a rules value and a player count pass once for all. Each setup holds its rules,
which keeps the id from being reused, and is used only for that very rules object."""
_MAX_SETUPS: Final = 64
