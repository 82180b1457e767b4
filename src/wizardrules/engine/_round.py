"""A round's start and end: its trump and first bidder (R3, R4.1, R8.6), its scoring (R6, R7).

`start_round` turns a dealt round into the first core of the round; `finish_round` scores
a round whose last trick is decided onto the totals and starts the next round, or ends the
game. `sheet_of` writes the finished rounds on a score sheet, the one scoring record that
the engine and the score pad share.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import add, getitem
from typing import Final

from wizardrules._tables import DEALER_CHOOSES, TRUMP_OF_TURNED
from wizardrules._tables.codes import BOMB, WEREWOLF
from wizardrules.bidding import CloudChange
from wizardrules.engine._bids import NO_BIDS, allowed_bids_at
from wizardrules.engine._layout import (
    BIDDING_PHASE,
    NO_BID,
    NO_CARD,
    NO_SEAT,
    NO_SUIT,
    NOT_FIXED,
    OVER_PHASE,
    R_ALLOWED,
    R_CACHE,
    R_FINISHED,
    R_GAME,
    ROUND,
    SEAT_SHIFTS,
    SUITS,
    TRUMP_PHASE,
    Acts,
    Core,
    Done,
    Extra,
    Finished,
    Game,
    Hands,
    RoundCache,
    RoundPart,
    tricks_of,
)
from wizardrules.scoring import points_of
from wizardrules.sheet import ScoreSheet
from wizardrules.tricks import MAX_PLAYERS


def round_trump(game: Game, rnd: int) -> int:
    """The trump a round starts with: a suit index, `NO_SUIT`, or `DEALER_CHOOSES` (R3).

    A schedule may fix the trump (R3.5). Otherwise the turned-up card decides: a suit card
    its suit (R3.1); a Wizard, or a Dragon, Cloud, Juggler, Shapeshifter or Werewolf, the
    dealer's choice (R3.2, R8.10); a Jester, Bomb or Fairy, or no card left, no trump (R3.3,
    R3.4, R8.10). A Werewolf in a hand overrides this at the round's start (R8.6).
    """
    fixed = game.fixed[rnd]
    if fixed != NOT_FIXED:
        return fixed
    return TRUMP_OF_TURNED[game.turned[rnd] + 1]  # NO_TRUMP is NO_SUIT


def _swap_werewolf(game: Game, rnd: int, hands: Hands) -> tuple[Hands, int]:
    """Swap a dealt Werewolf for the turned-up card (R8.6): the hands after it and the holder, or `NO_SEAT`."""
    turned = game.turned[rnd]
    if game.specials >> WEREWOLF & 1 and turned != NO_CARD:  # the rules make sure a card is turned up
        for seat in range(game.n):
            if hands >> (SEAT_SHIFTS[seat] + WEREWOLF) & 1:
                return hands ^ (1 << WEREWOLF | 1 << turned) << SEAT_SHIFTS[seat], seat
    return hands, NO_SEAT


def start_round(
    game: Game, rnd: int, totals: tuple[int, ...], finished: tuple[Finished, ...], cache: RoundCache
) -> Core:
    """The first core of round `rnd`: the trump set or to be chosen, the first bidder to bid (R3, R4.1)."""
    n = game.n
    dealer = (game.first_dealer + rnd) % n
    first_bidder = game.next_seat[dealer]  # left of the dealer, whoever names the trump (R4.1, R8.6)
    looked = 0 if game.blind_rounds[rnd] else (1 << n) - 1
    phase, to_move = BIDDING_PHASE, first_bidder
    trump = round_trump(game, rnd)
    if trump == DEALER_CHOOSES:  # the dealer chooses after looking (R3.2, R8.10)
        phase, to_move, trump = TRUMP_PHASE, dealer, NO_SUIT
        looked |= 1 << dealer
    hands = game.masks[rnd]
    extra = None
    if game.specials:
        hands, wolf = _swap_werewolf(game, rnd, hands)
        extra = Extra(wolf=wolf)
        if wolf != NO_SEAT:  # the Werewolf's holder names the trump instead of the dealer (R8.6)
            phase, to_move, trump = TRUMP_PHASE, wolf, NO_SUIT
            looked = (0 if game.blind_rounds[rnd] else (1 << n) - 1) | 1 << wolf
    memo = game.allowed_memo  # the first bidder's bids, looked up as allowed_bids_at does
    allowed = None if memo is None else memo.get(game.bid_keys[rnd] | (n == 1))
    round_part: RoundPart = (
        game,
        rnd,
        trump,
        (NO_BID,) * n,
        looked,
        0,
        totals,
        finished,
        0,
        0,
        cache,
        extra,
        allowed or NO_BIDS,
    )
    if allowed is None:  # a custom policy, or a situation not in the memo yet
        round_part = (*round_part[:R_ALLOWED], allowed_bids_at(round_part))
    return (round_part, phase, to_move, hands, (), first_bidder, NO_SUIT, 0, None, None)


_BLIND_FLAGS: Final = tuple(
    tuple(tuple(bool(mask >> seat & 1) for seat in range(n)) for mask in range(1 << n)) for n in range(MAX_PLAYERS + 1)
)
"""`_BLIND_FLAGS[n][mask]`: per seat, whether the blind mask `mask` has the seat's bit."""


def finish_round(rp: RoundPart, won_packed: int, done: Done, acts: Acts) -> Core:
    """Score the round onto the totals (R6), then start the next round or end the game (R7)."""
    game, rnd, trump, bids, looked, blind, totals, finished, _made, bid_sum, cache, extra, _allowed = rp
    n = game.n
    won = tuple(won_packed.to_bytes(n, "little"))  # as won_of: the counts are the bytes
    table = game.points_table
    if table is not None and not blind:  # the common case: a built-in score rule and no blind bid
        totals = tuple(map(add, totals, map(getitem, map(table.__getitem__, bids), won)))
    else:
        totals = tuple(map(add, totals, _points(game, zip(bids, won, _BLIND_FLAGS[n][blind], strict=True))))
    cloud = bombs = None
    if extra is not None:
        cloud = extra.cloud
        bombs = sum(BOMB in cards for _leader, cards in tricks_of(done))
    finished = (*finished, (bids, blind, won, trump, cloud, bombs or 0, acts, done))
    if rnd + 1 < len(game.masks):
        return start_round(game, rnd + 1, totals, finished, RoundCache(cache))
    last = (game, rnd, trump, bids, looked, blind, totals, finished, n, bid_sum, RoundCache(cache), extra, NO_BIDS)
    return (
        last,
        OVER_PHASE,
        NO_SEAT,
        0,
        (),
        game.next_seat[(game.first_dealer + rnd) % n],
        NO_SUIT,
        won_packed,
        done,
        None,
    )


def _points(game: Game, keys: Iterable[tuple[int, int, bool]]) -> list[int]:
    """Each seat's points by (bid, tricks, blind), from the score rule (R6).

    A built-in score rule's points are kept in its shared memo; a custom rule has none and
    is asked once per distinct key of the round.
    """
    memo: dict[tuple[int, int, bool], int] = {} if game.points_memo is None else game.points_memo
    points = []
    for key in keys:
        value = memo.get(key)
        if value is None:
            bid, tricks, blind = key
            value = memo[key] = points_of(game.rules.score_rule, bid, tricks, blind)
        points.append(value)
    return points


def sheet_of(s: Core) -> ScoreSheet:
    """The score sheet of the finished rounds, built on first use and kept in the round's cache.

    It is built from the previous round's sheet when that was built, one round on.
    """
    rp = s[ROUND]
    cache: RoundCache = rp[R_CACHE]
    if cache.sheet is not None:
        return cache.sheet
    game: Game = rp[R_GAME]
    finished = rp[R_FINISHED]
    previous = cache.previous
    if previous is not None and previous.sheet is not None and len(previous.sheet.rounds) == len(finished) - 1:
        sheet = previous.sheet
        finished = finished[-1:]
    else:
        sheet = ScoreSheet(players=game.players, rules=game.rules, first_dealer=game.first_dealer)
    cache.previous = None  # the older sheets are no longer needed
    for final_bids, blind, won, trump, cloud, bombs, *_actions in finished:
        bids, change = final_bids, None
        if cloud is not None:  # the sheet takes the bids as made and the Cloud's change (R8.2)
            seat, delta = cloud
            bids = (*bids[:seat], bids[seat] - delta, *bids[seat + 1 :])
            change = (seat, CloudChange(delta))
        sheet = sheet.record(
            bids=bids,
            tricks=won,
            blind=[seat for seat in range(game.n) if blind >> seat & 1],
            trump=None if trump == NO_SUIT else SUITS[trump],
            cloud=change,
            bombs=bombs,
        )
    cache.sheet = sheet
    return sheet
