"""Whether a view is one a game can reach: the check every reader and consumer of a view shares.

A [`PlayerView`][wizardrules.PlayerView] is a plain value: anyone can build one, and
[`view_from_json`][wizardrules.wire.view_from_json] reads one from text. `view_problem`
tells, from the view alone and in time linear in its size, whether any game could show it:
the table's size against the rules (R2.1), the round against the schedule (R2.2-R2.4), every
per-seat field one entry per seat, every seat at the table, every trick of the table's size,
the hands, plays and tricks won adding up to the cards dealt, bids within the round's cards
(R4.1), and no card seen more often than the deck holds it (R1.1, R1.4). It does not replay
the game: a view that passes may still hold a bid the bid rule forbade, or a play that did
not follow suit; the consumers take such a view as it is and answer, within their limits.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from wizardrules._convert import shown
from wizardrules.cards import MAX_DECK_SIZE, Card, CardKind
from wizardrules.engine._layout import Phase
from wizardrules.engine.view import PlayerView
from wizardrules.errors import WizardRulesError
from wizardrules.rules import Rules
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS, Trick

__all__ = ["view_problem"]

_MOST: Final = {CardKind.WIZARD: 4, CardKind.JESTER: 4}
"""How many of each kind but the suit cards a deck holds; the special cards one each (R1.1, R1.4)."""
_STANDARD: Final = frozenset({CardKind.SUIT, CardKind.WIZARD, CardKind.JESTER})


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _in_deck(card: Card, rules: Rules) -> bool:
    if card.kind in _STANDARD:
        return True
    return any(special.kind is card.kind for special in rules.special_cards)


def _tricks_problem(view: PlayerView, n: int) -> str:
    tricks = (*view.completed_tricks, view.current_trick)
    for number, trick in enumerate(tricks, start=1):
        if not isinstance(trick, Trick):
            return f"trick {number} is {shown(trick)}, not a Trick"
        if trick.players != n:
            return f"trick {number} is a trick of {trick.players} players at a table of {n}"
        if trick.trump != view.trump and view.phase is Phase.PLAYING:
            return f"trick {number} is played under trump {trick.trump}, the round's is {view.trump}"
    for number, trick in enumerate(view.completed_tricks, start=1):
        if not trick.is_complete:
            return f"finished trick {number} holds {len(trick.cards)} cards, not {n}"
    if view.current_trick.is_complete:
        return f"the trick being played holds all {n} cards"
    if len(view.completed_tricks) > view.cards:
        return f"{len(view.completed_tricks)} finished tricks in a round of {view.cards} cards"
    return ""


def _cards_problem(view: PlayerView, n: int) -> str:
    """Hands, plays and the turned-up card against the deck and the cards dealt."""
    played = [0] * n
    seen: list[Card] = []
    for trick in (*view.completed_tricks, view.current_trick):
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat] += 1
            seen.append(card)
    for seat in range(n):
        size = view.hand_sizes[seat]
        if size + played[seat] != view.cards:
            return f"seat {seat} holds {size} cards and played {played[seat]}, but the round deals {view.cards}"
    for seat, hand in enumerate(view.seen_hands):
        if hand is None:
            continue
        if not isinstance(hand, tuple) or not all(isinstance(card, Card) for card in hand):
            return f"seen hand {seat} is {shown(hand)}, not a tuple of cards"
        if len(hand) != view.hand_sizes[seat]:
            return f"seat {seat} is seen holding {len(hand)} cards, not its {view.hand_sizes[seat]}"
        seen.extend(hand)
    if view.hand is not None:
        if not isinstance(view.hand, tuple) or not all(isinstance(card, Card) for card in view.hand):
            return f"the hand is {shown(view.hand)}, not a tuple of cards"
        if len(view.hand) != view.hand_sizes[view.seat]:
            return f"the hand holds {len(view.hand)} cards, not the seat's {view.hand_sizes[view.seat]}"
        if view.seen_hands[view.seat] is None:
            seen.extend(view.hand)
        elif view.seen_hands[view.seat] != view.hand:
            return "the seat's own seen hand is not its hand"
    if view.turned_up is not None and view.werewolf is None:  # after the Werewolf's swap a hand holds it (R8.6)
        seen.append(view.turned_up)
    for card, count in Counter(seen).items():
        if not _in_deck(card, view.rules):
            return f"{card} is seen, but the rules' deck has no such card (R1.4)"
        most = 1 if card.kind is CardKind.SUIT else _MOST.get(card.kind, 1)
        if (card.kind is CardKind.SUIT or card.kind in _MOST) and count > most:
            return f"{card} is seen {count} times, more often than the deck holds it ({most}, R1.1)"
    specials = Counter(card.kind for card in seen if card.kind not in _STANDARD)
    for kind, count in specials.items():
        if count > 1:
            return f"the {kind.value.lower()} is seen {count} times, more often than the deck holds it (1, R1.4)"
    return ""


def view_problem(view: object) -> str:
    """Why no game can show `view`, or the empty string when the view alone does not tell.

    Linear in the view's size; it never builds a table of the round's size first.

    Examples:
        >>> from wizardrules import new_game
        >>> view_problem(new_game(4, seed=1).view(0))
        ''
    """
    if not isinstance(view, PlayerView):
        return f"{shown(view)} is not a PlayerView"
    players = view.players
    if not isinstance(players, tuple) or not _whole(len(players), MIN_PLAYERS, MAX_PLAYERS):
        return f"players {shown(players)}: a game has {MIN_PLAYERS} to {MAX_PLAYERS} players (R2.1)"
    n = len(players)
    if not isinstance(view.rules, Rules):
        return f"rules {shown(view.rules)} are not Rules"
    try:
        schedule = view.rules.schedule_for(n)
    except WizardRulesError as error:
        return f"no game of {n} players has these rules: {error}"
    for name in ("seat", "dealer"):
        if not _whole(getattr(view, name), 0, n - 1):
            return f"{name} {shown(getattr(view, name))} is not a seat 0..{n - 1}"
    if view.to_move is not None and not _whole(view.to_move, 0, n - 1):
        return f"to_move {shown(view.to_move)} is not a seat 0..{n - 1} or None"
    if not isinstance(view.phase, Phase) or (view.to_move is None) != (view.phase is Phase.OVER):
        return f"phase {shown(view.phase)} with to_move {shown(view.to_move)}: only a game over has nobody to move"
    if view.rounds != schedule.rounds:
        return f"rounds {shown(view.rounds)}: the rules' schedule for {n} players has {schedule.rounds}"
    if not _whole(view.round_number, 1, schedule.rounds):
        return f"round_number {shown(view.round_number)} is not a round 1..{schedule.rounds}"
    if view.cards != schedule.cards(view.round_number) or not _whole(view.cards, 1, MAX_DECK_SIZE):
        return (
            f"cards {shown(view.cards)}: round {view.round_number} of the rules' schedule deals "
            f"{schedule.cards(view.round_number)} (R2.2)"
        )
    done = len(view.finished_rounds) if isinstance(view.finished_rounds, tuple) else -1
    if done not in (view.round_number - 1, view.round_number):
        return f"{done} finished rounds in round {view.round_number}"
    for name in ("seen_hands", "hand_sizes", "bids", "blind", "tricks_won", "totals"):
        value = getattr(view, name)
        if not isinstance(value, tuple) or len(value) != n:
            return f"{name} {shown(value)} must have one entry per seat, {n}"
    cards = view.cards
    for seat, value in enumerate(view.hand_sizes):
        if not _whole(value, 0, cards):
            return f"seat {seat} holds {shown(value)} cards, not a count 0..{cards}: hand_sizes[{seat}]"
    for seat, value in enumerate(view.tricks_won):
        if not _whole(value, 0, cards):
            return f"tricks_won[{seat}] {shown(value)} is not a count 0..{cards}"
    for seat, total in enumerate(view.totals):
        if type(total) is not int:
            return f"totals[{seat}] {shown(total)} is not a whole number of points"
    for seat, blind in enumerate(view.blind):
        if blind is not None and type(blind) is not bool:
            return f"blind[{seat}] {shown(blind)} is not True, False or None"
    for seat, bid in enumerate(view.bids):
        if bid is not None and not _whole(bid, 0, cards):
            return f"bids[{seat}] {shown(bid)} is not a bid 0..{cards} (R4.1)"
    if not isinstance(view.allowed_bids, frozenset) or not all(_whole(b, 0, cards) for b in view.allowed_bids):
        return f"allowed_bids {shown(view.allowed_bids)} are not bids 0..{cards} (R4.1)"
    for name in ("werewolf",):
        value = getattr(view, name)
        if value is not None and not _whole(value, 0, n - 1):
            return f"{name} {shown(value)} is not a seat 0..{n - 1} or None"
    if not isinstance(view.completed_tricks, tuple):
        return f"completed_tricks {shown(view.completed_tricks)} is not a tuple of tricks"
    problem = _tricks_problem(view, n)
    if problem:
        return problem
    if sum(view.tricks_won) > len(view.completed_tricks):
        return f"{sum(view.tricks_won)} tricks won of {len(view.completed_tricks)} finished"
    return _cards_problem(view, n)
