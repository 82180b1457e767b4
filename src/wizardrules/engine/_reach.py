"""Whether a view is one a game can reach: the check every reader and consumer of a view shares.

A [`PlayerView`][wizardrules.PlayerView] is a plain value: anyone can build one, and
[`view_from_json`][wizardrules.wire.view_from_json] reads one from text. `reach_problem`
(which `engine.view.view_problem` calls for a `PlayerView`) tells, from the view alone and in
time linear in its size, whether any game could show it: the table's size against the rules
(R2.1), the round against the schedule (R2.2-R2.4), every per-seat field one entry per seat,
every seat at the table, every trick of the table's size, the hands, plays and tricks won
adding up to the cards dealt, bids within the round's cards (R4.1), and no card seen more
often than the deck holds it (R1.1, R1.4). The finished rounds are the schedule's, row by
row: each a `Round` of the table's size, its cards, dealer, bids, tricks and Bomb as the
rules allow, its points what the rules' score rule gives, and the totals the sum of those
points (R6.3). Since a round's points are bounded (`scoring.POINTS_LIMIT`) and a schedule has
at most `MAX_ROUNDS` rounds, the totals of a view that passes fit a 64-bit integer. The
special cards' facts (the Cloud's change, the Juggler's passing) and the legal actions are
checked for their types and the rules' cards.

It does not replay the game: a view that passes may still hold a bid the bid rule forbade,
or a play that did not follow suit; the consumers take such a view as it is and answer,
within their limits.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from wizardrules._convert import shown, type_name
from wizardrules.actions import Bid, ChangeBid, ChooseTrump, Look, PassCard, Play, PlayUnseen
from wizardrules.bidding import CloudChange
from wizardrules.cards import MAX_DECK_SIZE, Card, CardKind, Special, Suit
from wizardrules.engine._layout import Phase
from wizardrules.errors import WizardRulesError
from wizardrules.rules import Rules, Schedule, Variant
from wizardrules.scoring import ScoreRule, points_of
from wizardrules.sheet import Round
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS, Trick

if TYPE_CHECKING:  # the view's module calls this one: it lies below the view
    from wizardrules.engine.view import PlayerView

__all__ = ["reach_problem"]

_MOST: Final = {CardKind.WIZARD: 4, CardKind.JESTER: 4}
"""How many of each kind but the suit cards a deck holds; the special cards one each (R1.1, R1.4)."""
_STANDARD: Final = frozenset({CardKind.SUIT, CardKind.WIZARD, CardKind.JESTER})


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _in_deck(card: Card, rules: Rules) -> bool:
    if card.kind in _STANDARD:
        return True
    return any(special.kind is card.kind for special in rules.special_cards)


def _dealt(card: object, rules: Rules) -> bool:
    """Whether `card` is a card of the rules' deck as dealt: not a Cloud, Juggler or Shapeshifter as played."""
    return isinstance(card, Card) and card.undeclared == card and _in_deck(card, rules)


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
        if type(hand) is not tuple or not all(isinstance(card, Card) and card.undeclared == card for card in hand):
            return f"seen hand {seat} is {shown(hand)}, not a tuple of cards as dealt"
        if len(hand) != view.hand_sizes[seat]:
            return f"seat {seat} is seen holding {len(hand)} cards, not its {view.hand_sizes[seat]}"
        seen.extend(hand)
    if view.hand is not None:
        if type(view.hand) is not tuple or not all(isinstance(c, Card) and c.undeclared == c for c in view.hand):
            return f"the hand is {shown(view.hand)}, not a tuple of cards as dealt"
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


def _phase_problem(view: PlayerView) -> str:
    """The bids and tricks against the phase: the trump is named before any bid (R3.2, R8.6), every bid made
    before the first card (R4.1), and a seat to bid has not bid yet."""
    phase = view.phase
    if phase in (Phase.TRUMP, Phase.BIDDING):
        if view.completed_tricks or view.current_trick.cards:
            return f"cards are played in the {phase.value} phase"
        if phase is Phase.TRUMP and any(bid is not None for bid in view.bids):
            return f"bids {shown(view.bids)} are made before the trump is named"
        if phase is Phase.BIDDING and view.to_move is not None and view.bids[view.to_move] is not None:
            return f"seat {view.to_move} is to bid, and has bid {view.bids[view.to_move]}"
    elif phase is not Phase.OVER and view.bids[view.seat] is None:
        return f"seat {view.seat} has not bid, and the {phase.value} phase comes after the bids"
    return ""


_ACTIONS: Final = (Bid, Play, ChooseTrump, Look, ChangeBid, PassCard, PlayUnseen)


def _points(rule: ScoreRule, key: tuple[int, int, bool], memo: dict[tuple[int, int, bool], int | str]) -> int | str:
    """The rule's points for (final bid, tricks, blind), or why it gives none: a custom rule is the user's code."""
    found = memo.get(key)
    if found is None:
        bid, tricks, blind = key
        try:
            found = points_of(rule, bid, tricks, blind)
        except Exception as error:  # a custom rule's failure: no game scores this round
            reason = f"{type_name(error)}: {shown(str(error))}"
            found = f"the score rule gives no points for bid {bid}, tricks {tricks}: {reason}"
        memo[key] = found
    return found


def _round_problem(found: Round, number: int, rules: Rules, n: int, dealer: int) -> str:
    """What of the finished round `found` no game records as round `number`, but its points."""
    if found.number != number:
        return f"finished round {number} is numbered {shown(found.number)}"
    if len(found.bids) != n:
        return f"finished round {number} has {len(found.bids)} players' entries at a table of {n}"
    if found.dealer != dealer:
        return f"finished round {number} was dealt by seat {found.dealer}, the schedule's dealer is seat {dealer}"
    cards = found.cards
    if any(bid > cards for bid in (*found.bids, *found.final_bids)):
        return f"finished round {number} holds a bid beyond its {cards} cards (R4.1)"
    changed = [seat for seat in range(n) if found.bids[seat] != found.final_bids[seat]]
    if changed and (
        Special.CLOUD not in rules.special_cards
        or len(changed) > 1
        or abs(found.final_bids[changed[0]] - found.bids[changed[0]]) != 1
    ):
        return f"finished round {number}: bids {found.bids} became {found.final_bids}, more than a Cloud changes (R8.2)"
    if any(found.blind) and Variant.BLIND_BIDS not in rules.variants:
        return f"finished round {number} holds a blind bid, and the rules have no blind bids (R4.4)"
    bombs = int(Special.BOMB in rules.special_cards)
    if found.bombs > bombs:
        return f"finished round {number} voided {found.bombs} tricks by a Bomb; the rules' deck holds {bombs} (R8.1)"
    if sum(found.tricks) + found.bombs != cards:
        return (
            f"finished round {number}: tricks {found.tricks} and {found.bombs} voided by a Bomb "
            f"do not add up to its {cards} cards"
        )
    return ""


_last_rounds: list[tuple[tuple[Round, ...], Rules, int, int, tuple[int, ...] | str]] = []
"""The finished rounds checked last, with the rules, the table's size and the first dealer, and
their points' sums or their problem: the engine shares one tuple of finished rounds among the
views of a round, so a search or a picture checks them once a round, not once a view."""


def _rounds_problem(view: PlayerView, n: int, schedule: Schedule) -> str:
    """The finished rounds against the schedule and the score rule, and the totals against their points (R6.3)."""
    rounds, rules = view.finished_rounds, view.rules
    first_dealer = (view.dealer - view.round_number + 1) % n
    last = _last_rounds[0] if _last_rounds else None
    if last is not None and last[0] is rounds and last[1] is rules and last[2:4] == (n, first_dealer):
        sums = last[4]
    else:
        sums = _rounds_sums(rounds, rules, n, first_dealer, schedule)
        _last_rounds[:] = [(rounds, rules, n, first_dealer, sums)]
    if isinstance(sums, str):
        return sums
    for seat, total in enumerate(view.totals):
        if type(total) is not int or total != sums[seat]:
            return (
                f"totals[{seat}] {shown(total)} is not the sum of the seat's points "
                f"in the finished rounds, {sums[seat]} (R6.3)"
            )
    return ""


def _rounds_sums(
    rounds: tuple[Round, ...], rules: Rules, n: int, first_dealer: int, schedule: Schedule
) -> tuple[int, ...] | str:
    """Each seat's points over `rounds`, or why no game of `n` players under `rules` finished them."""
    sums = [0] * n
    memo: dict[tuple[int, int, bool], int | str] = {}
    for number, found in enumerate(rounds, start=1):
        if not isinstance(found, Round):
            return f"finished round {number} is {shown(found)}, not a Round"
        dealt = schedule.cards(number)
        if found.cards != dealt:
            return f"finished round {number} dealt {shown(found.cards)} cards, the schedule's round {dealt} (R2.2)"
        problem = _round_problem(found, number, rules, n, (first_dealer + number - 1) % n)
        if problem:
            return problem
        for seat in range(n):
            points = _points(rules.score_rule, (found.final_bids[seat], found.tricks[seat], found.blind[seat]), memo)
            if isinstance(points, str):
                return f"finished round {number}: {points}"
            if found.points[seat] != points:
                given = shown(found.points[seat])
                return f"finished round {number} gives seat {seat} {given} points, the score rule {points} (R6)"
            sums[seat] += points
    return tuple(sums)


def _specials_problem(view: PlayerView, n: int) -> str:
    """The Cloud's change, the Juggler's passing and the legal actions: of their types, and of the rules' cards."""
    specials = view.rules.special_cards
    cloud = view.cloud
    if cloud is not None and not (
        Special.CLOUD in specials
        and type(cloud) is tuple
        and len(cloud) == 2
        and _whole(cloud[0], 0, n - 1)
        and isinstance(cloud[1], CloudChange)
    ):
        return f"cloud {shown(cloud)} is not (seat, CloudChange) of a game with the Cloud (R8.2)"
    passing = view.passing
    if passing is not None and not (_dealt(passing, view.rules) and view.phase is Phase.PASSING):
        return f"passing {shown(passing)} is not a card of the deck chosen while passing (R8.3)"
    passed = view.passed
    if type(passed) is not tuple or len(passed) > (Special.JUGGLER in specials):
        return f"passed {shown(passed)} is not a tuple of the Juggler's passings, one at most (R8.3)"
    for number, pair in enumerate(passed):
        if not (type(pair) is tuple and len(pair) == 2 and all(_dealt(card, view.rules) for card in pair)):
            return f"passed[{number}] {shown(pair)} is not (card given, card received) of the deck"
    legal = view.legal_actions
    if type(legal) is not tuple or not all(isinstance(action, _ACTIONS) for action in legal):
        return f"legal_actions {shown(legal)} is not a tuple of actions"
    if legal and view.to_move != view.seat:
        return f"legal_actions {shown(legal)}: seat {view.seat} is not to act"
    return ""


_last_schedule: list[tuple[Rules, int, Schedule | str]] = []
"""The rules and table size asked last, and their schedule (or why there is none): the views
of one game share their rules, and a schedule is made anew each time it is asked for."""


def _schedule_of(rules: Rules, n: int) -> Schedule | str:
    last = _last_schedule[0] if _last_schedule else None
    if last is not None and last[0] is rules and last[1] == n:
        return last[2]
    try:
        found: Schedule | str = rules.schedule_for(n)
    except WizardRulesError as error:
        found = f"no game of {n} players has these rules: {error}"
    _last_schedule[:] = [(rules, n, found)]
    return found


def reach_problem(view: PlayerView) -> str:
    """Why no game can show the `PlayerView` `view`, or the empty string when the view alone does not tell.

    Linear in the view's size; it never builds a table of the round's size first. Consumers
    call `engine.view.view_problem`, which takes any value.
    """
    players = view.players
    if type(players) is not tuple or not _whole(len(players), MIN_PLAYERS, MAX_PLAYERS):
        return f"players {shown(players)}: a game has {MIN_PLAYERS} to {MAX_PLAYERS} players (R2.1)"
    if not all(type(name) is str for name in players):
        return f"players {shown(players)}: a player's name is text"
    n = len(players)
    if not isinstance(view.rules, Rules):
        return f"rules {shown(view.rules)} are not Rules"
    schedule = _schedule_of(view.rules, n)
    if isinstance(schedule, str):
        return schedule
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
    if type(view.finished_rounds) is not tuple:
        return f"finished_rounds {shown(view.finished_rounds)} is not a tuple of rounds"
    done = view.round_number - (view.phase is not Phase.OVER)  # a game over has finished its last round
    if len(view.finished_rounds) != done:
        return (
            f"{len(view.finished_rounds)} finished rounds in round {view.round_number} ({view.phase.value}), not {done}"
        )
    if view.trump is not None and not isinstance(view.trump, Suit):
        return f"trump {shown(view.trump)} is not a Suit or None"
    if view.turned_up is not None and not _dealt(view.turned_up, view.rules):
        return f"turned_up {shown(view.turned_up)} is not a card of the rules' deck as dealt, or None"
    for name in ("seen_hands", "hand_sizes", "bids", "blind", "tricks_won", "totals"):
        value = getattr(view, name)
        if type(value) is not tuple or len(value) != n:
            return f"{name} {shown(value)} must have one entry per seat, {n}"
    cards = view.cards
    for seat, value in enumerate(view.hand_sizes):
        if not _whole(value, 0, cards):
            return f"seat {seat} holds {shown(value)} cards, not a count 0..{cards}: hand_sizes[{seat}]"
    for seat, value in enumerate(view.tricks_won):
        if not _whole(value, 0, cards):
            return f"tricks_won[{seat}] {shown(value)} is not a count 0..{cards}"
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
    if type(view.completed_tricks) is not tuple:
        return f"completed_tricks {shown(view.completed_tricks)} is not a tuple of tricks"
    problem = (
        _tricks_problem(view, n)
        or _phase_problem(view)
        or _specials_problem(view, n)
        or _rounds_problem(view, n, schedule)
    )
    if problem:
        return problem
    if sum(view.tricks_won) > len(view.completed_tricks):
        return f"{sum(view.tricks_won)} tricks won of {len(view.completed_tricks)} finished"
    return _cards_problem(view, n)
