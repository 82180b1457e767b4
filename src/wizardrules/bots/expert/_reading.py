"""What the other seats' plays say about their hands, read as `RuleBot` plays them.

`RuleBot` picks its play by one order over the legal cards, fixed by the trick so far and
whether it still needs tricks (a lead: the strongest card while it needs tricks, else the
weakest; on a trick: the cheapest card that takes it while it needs tricks, else the
strongest that loses it, and the weakest when there is none). So a seat that plays `p`
as `RuleBot` held no legal card that order puts before `p`: each play rules cards out of
the hand, as a failure to follow suit rules out a suit. `rulebot_readings` gathers them
per seat and play, and marks the plays that a later play of the same seat shows were not so.
"""

from __future__ import annotations

from typing import TypeAlias

from wizardrules._tables import trick_so_far
from wizardrules._tables.codes import JESTER, JESTERS, SUIT_CARDS, WIZARD, WIZARDS
from wizardrules.bots.expert._codes import FOLLOW, SUITS, codes_of
from wizardrules.bots.expert._simulator import choose
from wizardrules.engine import PlayerView

Reading: TypeAlias = tuple[frozenset[int], bool]
"""One play read as `RuleBot`'s: the card codes it rules out of the hand, and whether it is a known miss."""

_KINDS = (*range(SUIT_CARDS), JESTER, WIZARD)
"""One code per kind of card: the suit cards, a Jester and a Wizard (the copies are alike)."""


def _copies(code: int) -> range:
    if code >= JESTER:
        return JESTERS
    if code >= WIZARD:
        return WIZARDS
    return range(code, code + 1)


def _ruled_out(played: int, trick: list[int], *, led: int, best_key: int, need: int, trump: int) -> set[int]:
    """The card codes a `RuleBot` that played `played` on `trick` cannot have held then."""
    out: set[int] = set()
    free = FOLLOW[led + 2] if led >= 0 else 0  # what a hand holding the led suit may play (R5.3)
    follows = played < SUIT_CARDS and bool(free >> played & 1)  # a card of the led suit
    special = played >= SUIT_CARDS
    for other in _KINDS:
        if other in _copies(played):
            continue
        off_suit = free != 0 and not free >> other & 1
        if off_suit and (follows or special):
            continue  # not legal beside a card of the led suit, or not known to be
        hand = sorted((played, other))
        if choose(hand, trick, led, best_key, need, trump) == other:
            out.update(_copies(other))
    return out


def rulebot_readings(view: PlayerView) -> tuple[tuple[Reading, ...], ...]:
    """Per seat, per play of its this round: the card codes that play rules out, and whether it is a known miss.

    A seat that played as `RuleBot` plays holds none of the ruled-out codes now. A known miss
    is a play that rules out a card the seat played later: it was not `RuleBot`'s play in
    any world. Empty for the viewer and for a seat that has not played.
    """
    n = len(view.players)
    trump = -1 if view.trump is None else SUITS.index(view.trump)
    won = [0] * n
    reads: list[list[tuple[set[int], int]]] = [[] for _ in range(n)]
    played: list[list[int]] = [[] for _ in range(n)]
    taken: set[int] = set()
    for trick in (*view.completed_tricks, view.current_trick):
        cards: list[int] = []
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            (code,) = codes_of((card,), taken)
            bid = view.bids[seat]
            if seat != view.seat and bid is not None:
                led, _best, best_key = trick_so_far(cards, trump)
                out = _ruled_out(code, cards, led=led, best_key=best_key, need=bid - won[seat], trump=trump)
                reads[seat].append((out, len(played[seat])))
            played[seat].append(code)
            cards.append(code)
        if len(cards) == n:
            won[trick.seats[trick_so_far(cards, trump)[1]]] += 1
    return tuple(
        tuple(
            (frozenset(out), any(c in out for later in played[s][at + 1 :] for c in _copies(later)))
            for out, at in reads[s]
        )
        for s in range(n)
    )
