"""Per-seat events (`GameState.events_for`): each seat gets a step's events as it may know them.

The requirement is the views' own (R4.3, R4.4, R4.5, R8.2, R8.3, R8.6): two states that
differ only in what a seat may not know give that seat equal events. It is checked the way
the views are: over many random games of every preset, with random special cards, bid
reveal modes, blind bids and clairvoyance, (1) the player to move takes each of its hidden
choices in turn and every seat that may not know it gets equal events, and (2) a twin game
whose hidden cards and hidden bids are dealt and made otherwise takes the same step, and
the seat gets equal events. The default run plays a few hundred games, CI (the `ci`
profile) 5,000.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
import pytest

from _games import deck_of, random_game
from wizardrules import (
    Bid,
    BidChanged,
    BidChangeHidden,
    BidHidden,
    BidMade,
    BidReveal,
    BidsRevealed,
    Card,
    CardPassed,
    CardsPassed,
    ChangeBid,
    CloudChange,
    Deal,
    Event,
    GameState,
    PassCard,
    PassHidden,
    PassReceived,
    Phase,
    RoundScored,
    Rules,
    RulesError,
    Schedule,
    SeatError,
    Special,
    WizardRulesError,
    new_game,
    parse_action,
    parse_cards,
)

NAMES = ("Ann", "Ben", "Cem")


def all_seen(after: GameState, events: tuple[Event, ...]) -> list[tuple[Event, ...]]:
    return [after.events_for(seat, events) for seat in range(len(after.players))]


# -- the two checks ---------------------------------------------------------------------------


def check_hidden_choices(state: GameState) -> int:
    """R4.3, R8.2, R8.3: every seat that may not know the mover's hidden choice gets equal events whatever it is.

    Returns how many comparisons were made.
    """
    me = state.to_move
    assert me is not None
    n = len(state.players)
    reveal = state.rules.bid_reveal
    legal = state.legal_actions()
    if state.phase is Phase.PASSING:
        choices = list(legal)
    elif state.phase is Phase.BIDDING and reveal is not BidReveal.OPEN:
        choices = [action for action in legal if isinstance(action, Bid)]
    elif state.phase is Phase.CLOUD and reveal is BidReveal.SECRET:
        choices = list(legal)
    else:
        return 0
    if len(choices) < 2:
        return 0
    steps = [state.step(action) for action in choices]
    after = steps[0][0]
    if after.round_number != state.round_number or after.is_over:
        return 0  # the round's end reveals the secret bids and the Cloud's change (R4.3)
    if state.phase is Phase.PASSING and after.phase is not Phase.PASSING:
        unaware = [seat for seat in range(n) if seat not in (me, (me + 1) % n)]  # only the left one got it
    elif after.phase in (Phase.PASSING, Phase.BIDDING) or reveal is BidReveal.SECRET:
        unaware = [seat for seat in range(n) if seat != me]
    else:  # the last simultaneous bid: all are revealed now, and the events say so (R4.3)
        for (one, first), (other, second) in itertools.pairwise(steps):
            assert all_seen(one, first) != all_seen(other, second)
        return 0
    count = 0
    for seat in unaware:
        seen = after.events_for(seat, steps[0][1])
        for (other, events), action in zip(steps[1:], choices[1:], strict=True):
            assert other.events_for(seat, events) == seen, f"seat {seat} tells {choices[0]} from {action} of {me}"
            count += 1
    return count


def twin(state: GameState, seat: int, rng: random.Random) -> tuple[GameState, bool] | None:
    """The same game with the cards `seat` cannot see dealt otherwise and the bids it cannot see made otherwise.

    Returns the twin and whether a bid was changed, or `None` when the changed game does not replay.
    """
    view = state.view(seat)
    n = len(state.players)
    deals = list(state.deals)
    number = state.round_number - 1
    dealt = deals[number]
    hands = [list(hand) for hand in dealt.hands]
    if not view.passed and state.phase is not Phase.PASSING:  # passed cards are known to two seats: left alone
        played: list[Counter[Card]] = [Counter() for _ in range(n)]
        for trick in (*view.completed_tricks, view.current_trick):
            for who, card in zip(trick.seats, trick.cards, strict=True):
                played[who][card.undeclared] += 1
        hidden = [other for other in range(n) if view.seen_hands[other] is None]
        movable = {o: Counter(dealt.hands[o]) - played[o] - Counter([Card.WEREWOLF]) for o in hidden}
        undealt = deck_of(state.rules) - sum((Counter(hand) for hand in dealt.hands), Counter())
        undealt -= Counter([Card.WEREWOLF] if dealt.turned_up is None else [dealt.turned_up, Card.WEREWOLF])
        pool = [*undealt.elements()]
        for cards in movable.values():
            pool += cards.elements()
        rng.shuffle(pool)
        for other, cards in movable.items():
            kept = Counter(dealt.hands[other]) - cards
            count = sum(cards.values())
            hands[other] = [*kept.elements(), *pool[:count]]
            del pool[:count]
        deals[number] = Deal(hands=hands, turned_up=dealt.turned_up)
    hidden_bids = {o for o in range(n) if view.bids[o] is None and state.bids[o] is not None}
    changed = False
    copy = new_game(state.players, rules=state.rules, deal=deals, first_dealer=state.first_dealer)
    try:
        for taken in state.actions:
            action = taken
            if (
                isinstance(taken, Bid)
                and copy.round_number == state.round_number
                and copy.phase is Phase.BIDDING
                and copy.to_move in hidden_bids
            ):
                tricks = rng.randint(0, state.cards)
                changed |= tricks != taken.tricks
                action = Bid(tricks, blind=taken.blind)
            copy = copy.apply(action)
    except WizardRulesError:
        return None
    return copy, changed


def check_twin(state: GameState, rng: random.Random) -> int:
    """A seat gets equal events from a step of two games that differ only in what it may not know.

    Returns 1 when the events were compared, else 0.
    """
    seat = rng.randrange(len(state.players))
    made = twin(state, seat, rng)
    if made is None:
        return 0
    other, changed = made
    assert other.view(seat) == state.view(seat), "the twin differs only in what the seat may not know"
    common = [action for action in state.legal_actions() if other.is_legal(action)]
    if not common:
        return 0
    action = rng.choice(common)
    (after, events), (other_after, other_events) = state.step(action), other.step(action)
    if after.view(seat) != other_after.view(seat):
        # the step revealed what differs: the hidden bids (R4.3), or the seat's own hand when it looked or
        # bid blind (R4.4)
        own = state.to_move == seat and state.view(seat).hand is None
        assert changed or own or after.round_number != state.round_number
        return 0
    seen, other_seen = after.events_for(seat, events), other_after.events_for(seat, other_events)
    assert seen == other_seen, f"seat {seat} tells the games apart by {action}: {seen} != {other_seen}"
    return 1


def check_consistent(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    """Each seat's events are the full events, redacted only where it may not know, with the reveals of its view."""
    me = before.to_move
    reveal = after.rules.bid_reveal
    for seat in range(len(after.players)):
        seen = after.events_for(seat, events)
        rest = [event for event in seen if not isinstance(event, BidsRevealed)]
        assert len(rest) == len(events)
        for full, mine in zip(events, rest, strict=True):
            if full == mine:
                assert not isinstance(full, CardsPassed)
                assert not (isinstance(full, CardPassed) and full.seat != seat)
                assert not (isinstance(full, BidMade) and full.seat != seat and reveal is not BidReveal.OPEN)
            elif isinstance(mine, BidHidden):
                assert isinstance(full, BidMade)
                assert full.seat == mine.seat != seat
                assert reveal is not BidReveal.OPEN
            elif isinstance(mine, BidChangeHidden):
                assert isinstance(full, BidChanged)
                assert full.seat == mine.seat != seat
                assert reveal is BidReveal.SECRET
            elif isinstance(mine, PassHidden):
                assert isinstance(full, CardPassed)
                assert full.seat == mine.seat != seat
            else:
                assert isinstance(full, CardsPassed)
                assert isinstance(mine, PassReceived)
                assert (mine.seat, mine.given, mine.received) == (seat, *after.view(seat).passed[-1])
        reveals = [event for event in seen if isinstance(event, BidsRevealed)]
        if reveal is BidReveal.SIMULTANEOUS and before.phase is Phase.BIDDING and after.phase is not Phase.BIDDING:
            view = after.view(seat)
            assert reveals == [BidsRevealed(bids=view.bids, blind=view.blind)]  # type: ignore[arg-type]
        elif reveal is BidReveal.SECRET and any(isinstance(event, RoundScored) for event in events):
            scored = next(event for event in events if isinstance(event, RoundScored))
            assert reveals == [BidsRevealed(bids=scored.round.final_bids, blind=scored.round.blind)]
            assert seen[seen.index(reveals[0]) + 1] == scored
        else:
            assert not reveals
        if seat == me:
            assert seen[0] == events[0], "a seat knows its own action"
    if reveal is BidReveal.OPEN and not any(isinstance(event, (CardPassed, CardsPassed)) for event in events):
        assert all(seen == events for seen in all_seen(after, events))


# -- many random games ---------------------------------------------------------------------


def play_and_check(seed: int) -> tuple[int, int]:
    """Play one random game (its first rounds, sometimes all) checking every step; the comparisons made."""
    rng = random.Random(seed)
    state = random_game(rng)
    length = 10_000 if rng.random() < 0.02 else rng.choice((15, 30, 60, 100))  # now and then a whole game
    twins = set(rng.sample(range(length), min(2, length)))
    choices = compared = 0
    for step in range(length):
        if state.is_over:
            break
        choices += check_hidden_choices(state)
        if step in twins:
            compared += check_twin(state, rng)
        after, events = state.step(rng.choice(state.legal_actions()))
        check_consistent(state, after, events)
        state = after
    return choices, compared


def test_per_seat_events_depend_only_on_what_the_seat_may_know(thorough: bool) -> None:
    """R4.3-R4.5, R8: over random games of every preset, hidden choices, cards and bids never show in a seat's events.

    5,000 games in CI (the `ci` profile), a few hundred by default.
    """
    games = 5000 if thorough else 300
    choices = compared = 0
    for seed in range(games):
        more_choices, more_compared = play_and_check(seed)
        choices += more_choices
        compared += more_compared
    # the checks did compare: hidden choices at most steps that have them, twins at most checkpoints
    assert choices > games
    assert compared > games // 2


# -- examples ------------------------------------------------------------------------------


def secret_game() -> GameState:
    rules = Rules(bid_reveal=BidReveal.SECRET, schedule=Schedule(cards_per_round=(2,)))
    hands = [parse_cards("R5 B3"), parse_cards("W G2"), parse_cards("Y9 Y10")]
    return new_game(NAMES, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("G13"))], first_dealer=2)


def test_r4_3_secret_bids_are_hidden_then_revealed_before_the_round_is_scored() -> None:
    """R4.3: a secret bid reaches the others as `BidHidden`; the round's last trick reveals them all."""
    state, events = secret_game().step(parse_action("bid 1"))
    assert state.events_for(0, events) == events
    assert state.events_for(1, events) == (BidHidden(seat=0),)
    for text in ("bid 0", "bid 2", "play R5", "play W", "play Y9", "play G2", "play Y10", "play B3"):
        state, events = state.step(parse_action(text))
    seen = state.events_for(2, events)
    reveal = next(event for event in seen if isinstance(event, BidsRevealed))
    assert reveal == BidsRevealed(bids=(1, 0, 2), blind=(False, False, False))
    assert isinstance(seen[seen.index(reveal) + 1], RoundScored)
    assert BidsRevealed not in map(type, events), "the full events need no reveal"


def test_r4_3_simultaneous_bids_are_revealed_after_the_last_bid() -> None:
    """R4.3: simultaneous bids are hidden while bidding and revealed together before the first card."""
    rules = attrs.evolve(secret_game().rules, bid_reveal=BidReveal.SIMULTANEOUS)
    game = new_game(NAMES, rules=rules, deal=secret_game().deals, first_dealer=2)
    game = game.apply(parse_action("bid 1"))
    game, second = game.step(parse_action("bid 0"))
    assert game.events_for(2, second) == (BidHidden(seat=1),)
    game, last = game.step(parse_action("bid 2"))
    revealed = BidsRevealed(bids=(1, 0, 2), blind=(False, False, False))
    assert game.events_for(0, last) == (BidHidden(seat=2), revealed)
    assert game.events_for(2, last) == (BidMade(seat=2, bid=2, blind=False), revealed)


def test_r8_3_passed_cards_reach_each_seat_as_it_saw_them() -> None:
    """R8.3: a card chosen to pass is hidden from the others; each seat learns what it gave and got."""
    rules = Rules(special_cards=frozenset({Special.JUGGLER}), schedule=Schedule(cards_per_round=(3,)))
    hands = [parse_cards("JUGGLER R5 R6"), parse_cards("R1 G2 G3"), parse_cards("R2 Y9 Y10")]
    state = new_game(NAMES, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("B13"))], first_dealer=2)
    for text in ("bid 1", "bid 1", "bid 1", "play JUGGLER:R", "play R1", "play R2"):
        state = state.apply(parse_action(text))
    assert state.phase is Phase.PASSING
    state, events = state.step(PassCard(Card.parse("R5")))
    assert state.events_for(0, events) == (CardPassed(seat=0, card=Card.parse("R5")),)
    assert state.events_for(1, events) == (PassHidden(seat=0),)
    state, _ = state.step(PassCard(Card.parse("G2")))
    state, events = state.step(PassCard(Card.parse("Y9")))
    assert isinstance(events[-1], CardsPassed)
    assert state.events_for(0, events)[-1] == PassReceived(seat=0, given=Card.parse("R5"), received=Card.parse("Y9"))
    assert state.events_for(1, events)[-1] == PassReceived(seat=1, given=Card.parse("G2"), received=Card.parse("R5"))
    assert state.events_for(2, events) == (
        CardPassed(seat=2, card=Card.parse("Y9")),
        PassReceived(seat=2, given=Card.parse("Y9"), received=Card.parse("G2")),
    )


def test_r8_2_a_secret_bids_cloud_change_is_hidden() -> None:
    """R8.2, R4.3: under secret bids the direction of the Cloud's change is hidden from the others."""
    rules = Rules(
        bid_reveal=BidReveal.SECRET, special_cards=frozenset({Special.CLOUD}), schedule=Schedule(cards_per_round=(2,))
    )
    hands = [parse_cards("CLOUD R6"), parse_cards("R1 G2"), parse_cards("R2 Y9")]
    state = new_game(NAMES, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("B13"))], first_dealer=2)
    for text in ("bid 1", "bid 1", "bid 1", "play CLOUD:R", "play R1", "play R2"):
        state = state.apply(parse_action(text))
    assert state.phase is Phase.CLOUD
    state, events = state.step(ChangeBid(CloudChange.UP))
    assert state.events_for(0, events) == events
    assert state.events_for(1, events) == (BidChangeHidden(seat=0),)


def test_open_bids_give_every_seat_the_full_events() -> None:
    """R4.3: open bids and every other public event reach every seat as they are."""
    state = new_game(NAMES, seed=4)
    start = state.start_events()
    assert all(state.events_for(seat, start) == start for seat in range(3))
    state, events = state.step(state.legal_actions()[0])
    assert all(state.events_for(seat, events) == events for seat in range(3))


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None])
def test_events_for_refuses_a_seat_not_at_the_table(seat: object) -> None:
    state = new_game(NAMES, seed=4)
    with pytest.raises(SeatError, match="not at the table"):
        state.events_for(seat, ())  # type: ignore[arg-type]


@pytest.mark.parametrize("events", [None, "BidMade", (1, 2), [BidHidden(seat=0)], iter(())])
def test_events_for_refuses_what_are_not_the_events_of_a_step(events: object) -> None:
    """Only the events `step` returns are redacted: anything else is a RulesError naming it."""
    state = new_game(NAMES, seed=4)
    with pytest.raises(RulesError, match="must be the events of a step"):
        state.events_for(0, events)  # type: ignore[arg-type]
