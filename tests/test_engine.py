"""Tests of the game engine (RULES R2.6, R3-R7) through its public API.

Most tests build games from explicit deals on short custom schedules, so every hand, turned-up
card and trick is known. The main example game `G` (three players Ann, Ben, Cem; Ann deals
round 1; schedule 1, 2):

- round 1: Ann `R1`, Ben `W`, Cem `B7`; `G2` turned up (trump green); Ben bids first and leads;
- round 2: Ann `R2 R3`, Ben `W J`, Cem `B8 B9`; a Wizard turned up, so Ben (the dealer)
  chooses the trump; Cem bids first and leads.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs
import pytest

from wizardrules import (
    Action,
    ActionError,
    Bid,
    BidMade,
    BidReveal,
    Card,
    CardNotHeldError,
    CardPlayed,
    ChooseTrump,
    Deal,
    DealError,
    EqualBids,
    Event,
    FixedTrump,
    FormatError,
    GameOver,
    GameRecord,
    GameState,
    HandSeen,
    IllegalActionError,
    IllegalBidError,
    Look,
    MonteCarloBot,
    MustFollowSuitError,
    NotationError,
    NotEqualBids,
    NotYourTurnError,
    Phase,
    Play,
    PlayerView,
    PlayUnseen,
    Preset,
    RandomBot,
    RoundScored,
    RoundStarted,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    Special,
    Suit,
    TrickWon,
    TrumpChosen,
    Variant,
    WizardRulesError,
    WrongPhaseError,
    legal_plays,
    new_game,
    parse_action,
    parse_cards,
    round_points,
)

NAMES: Final = ("Ann", "Ben", "Cem")
ONE_TWO: Final = Schedule(cards_per_round=(1, 2))
ALL_SUITS: Final = frozenset(ChooseTrump(suit) for suit in Suit)
ALL_STANDARD: Final = tuple(
    [Card.suited(suit, rank) for suit in Suit for rank in range(1, 14)] + [Card.WIZARD] * 4 + [Card.JESTER] * 4
)


def deal(*hands: str, up: str | None = None) -> Deal:
    """A round's deal from card notation, one string per seat."""
    return Deal(hands=[parse_cards(h) for h in hands], turned_up=None if up is None else Card.parse(up))


G_DEALS: Final = (deal("R1", "W", "B7", up="G2"), deal("R2 R3", "W J", "B8 B9", up="W"))


def game_g(**rules: Any) -> GameState:
    """The example game `G` under the rulebook with `rules` changed."""
    return new_game(NAMES, rules=Rules(schedule=ONE_TWO, **rules), deal=G_DEALS, first_dealer=0)


def run(state: GameState, actions: str) -> GameState:
    """Apply actions given in notation, separated by commas."""
    for text in actions.split(","):
        if text.strip():
            state = state.apply(parse_action(text))
    return state


def random_game(state: GameState, rng: random.Random, until: Callable[[GameState], bool] | None = None) -> GameState:
    """Play random legal actions until the game is over (or `until` holds)."""
    while not state.is_over and not (until is not None and until(state)):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def played_cards(actions: Iterable[Action]) -> frozenset[Card]:
    return frozenset(a.card for a in actions if isinstance(a, Play))


def bid_values(actions: Iterable[Action]) -> list[tuple[int, bool]]:
    return sorted((a.tricks, a.blind) for a in actions if isinstance(a, Bid))


# G played to the end: the bids of round 1 are Ben 0, Cem 0, Ann 0 (Ben's Wizard takes the
# trick); round 2: Ben names red, bids Cem 1, Ann 2, Ben 0; Ann's R2 trumps Cem's B8, Ben's W
# takes the last trick.
G_ROUND_1: Final = "bid 0, bid 0, bid 0, play W, play B7, play R1"
G_ROUND_2: Final = "trump red, bid 1, bid 2, bid 0, play B8, play R2, play J, play R3, play W, play B9"


# -- R3 trump ---------------------------------------------------------------------------------


def test_r3_1_turned_up_suit_card_sets_trump() -> None:
    """R3.1: the turned-up G2 makes green trump; bidding starts at once."""
    state = game_g()
    assert state.turned_up == Card.parse("G2")
    assert state.trump is Suit.GREEN
    assert state.phase is Phase.BIDDING
    view = state.view(0)
    assert view.trump is Suit.GREEN
    assert view.turned_up == Card.parse("G2")
    assert state.current_trick.trump is Suit.GREEN


def test_r3_2_wizard_turned_up_dealer_chooses_trump() -> None:
    """R3.2: a turned-up Wizard: trump phase, the dealer moves, the four suits are the legal actions."""
    state = run(game_g(), G_ROUND_1)
    assert state.round_number == 2
    assert state.turned_up == Card.WIZARD
    assert state.phase is Phase.TRUMP
    assert state.dealer == 1
    assert state.to_move == 1
    assert state.trump is None
    assert set(state.legal_actions()) == ALL_SUITS
    assert len(state.legal_actions()) == 4
    for choice in Suit:
        after = state.apply(ChooseTrump(choice))
        assert after.trump is choice
        assert after.phase is Phase.BIDDING
        assert after.to_move == 2  # bidding starts left of the dealer (R4.1)
        assert after.looked[1]
        assert after.view(0).trump is choice
        assert after.current_trick.trump is choice


def test_r3_2_dealer_who_chose_trump_has_looked_and_cannot_bid_blind() -> None:
    """R3.2, R4.4: with blind bids on, the dealer who chose the trump may only bid normally."""
    state = new_game(
        NAMES,
        rules=Rules(schedule=Schedule(cards_per_round=(2,)), variants=Variant.BLIND_BIDS),
        deal=[deal("R2 R3", "W J", "B8 B9", up="W")],
        first_dealer=1,
    )
    assert state.phase is Phase.TRUMP
    state = state.apply(ChooseTrump(Suit.YELLOW))
    assert state.looked == (False, True, False)
    # Cem and Ann have not looked: Look plus blind bids.
    assert set(state.legal_actions()) == {Look(), *(Bid(tricks=b, blind=True) for b in range(3))}
    state = run(state, "bid 1 blind, look, bid 0")
    assert state.to_move == 1
    assert set(state.legal_actions()) == {Bid(tricks=b) for b in range(3)}
    assert state.view(1).hand == state.hand(1)
    assert sorted(map(str, state.hand(1))) == ["J", "W"]
    with pytest.raises(IllegalBidError) as info:
        state.apply(Bid(tricks=1, blind=True))
    assert info.value.player == "Ben"
    state = state.apply(Bid(tricks=1))
    assert state.phase is Phase.PLAYING
    assert state.blind == (False, False, True)


def test_r3_2_dealer_sees_their_hand_while_choosing_trump_with_blind_bids() -> None:
    """R3.2: the dealer chooses the trump after looking at their hand, so their view shows it."""
    state = new_game(
        NAMES,
        rules=Rules(schedule=Schedule(cards_per_round=(2,)), variants=Variant.BLIND_BIDS),
        deal=[deal("R2 R3", "W J", "B8 B9", up="W")],
        first_dealer=1,
    )
    assert state.phase is Phase.TRUMP
    assert state.view(1).hand == state.hand(1)


def test_r3_3_jester_turned_up_means_no_trump() -> None:
    """R3.3: a turned-up Jester: no trump, straight to bidding."""
    state = new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=[G_DEALS[0], deal("R2 R3", "W J", "B8 B9", up="J")])
    state = run(state, G_ROUND_1)
    assert state.round_number == 2
    assert state.turned_up == Card.JESTER
    assert state.trump is None
    assert state.phase is Phase.BIDDING
    assert all(isinstance(a, Bid) for a in state.legal_actions())


def test_r3_4_whole_deck_dealt_turns_up_nothing() -> None:
    """R3.4: when the round deals the whole deck no card is turned up and there is no trump."""
    deck = sorted(ALL_STANDARD)
    state = new_game(
        NAMES,
        rules=Rules(schedule=Schedule(cards_per_round=(20,))),
        deal=[Deal(hands=[deck[0:20], deck[20:40], deck[40:60]])],
    )
    assert state.turned_up is None
    assert state.trump is None
    assert state.phase is Phase.BIDDING
    # The same from a seed: the ladder's last round for 4 players deals 15 cards each.
    seeded = new_game(4, rules=Rules(schedule=Schedule(cards_per_round=(15,))), seed=11)
    assert seeded.turned_up is None
    assert seeded.trump is None
    assert seeded.deals[0].turned_up is None


def test_r3_5_maximus_fixes_the_trump_of_every_round() -> None:
    """R3.5: Maximus turns up nothing; the trumps are red, yellow, green, blue, none."""
    state = new_game(4, rules=Rules(schedule=ScheduleKind.MAXIMUS), seed=3)
    rng = random.Random(3)
    trumps: list[Suit | None] = []
    while not state.is_over:
        if not trumps or state.round_number > len(trumps):
            assert state.turned_up is None
            assert state.phase is Phase.BIDDING
            trumps.append(state.trump)
        state = state.apply(rng.choice(state.legal_actions()))
    assert trumps == [Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLUE, None]
    assert [r.trump for r in state.scoresheet.rounds] == trumps


def test_r3_5_einfarbig_never_has_a_trump() -> None:
    """R3.5: Einfarbig rounds turn up nothing and have no trump."""
    state = new_game(3, rules=Rules(schedule=ScheduleKind.EINFARBIG), seed=5)
    assert (state.turned_up, state.trump, state.cards) == (None, None, 4)
    rng = random.Random(5)
    seen = 0
    while not state.is_over:
        assert state.trump is None
        assert state.turned_up is None
        assert state.phase is not Phase.TRUMP
        seen = max(seen, state.round_number)
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen == 12


def test_r3_5_fixed_trump_in_a_custom_schedule() -> None:
    """R3.5: a custom schedule's fixed trump applies and an explicit deal turns up nothing."""
    schedule = Schedule(cards_per_round=(1, 1), trumps=(FixedTrump.BLUE, None))
    state = new_game(
        NAMES, rules=Rules(schedule=schedule), deal=[deal("R1", "W", "B7"), deal("R2", "J", "B8", up="Y5")]
    )
    assert (state.trump, state.turned_up) == (Suit.BLUE, None)
    state = run(state, "bid 0, bid 0, bid 0, play W, play B7, play R1")
    assert (state.trump, state.turned_up) == (Suit.YELLOW, Card.parse("Y5"))


# -- R4 bidding -------------------------------------------------------------------------------


def test_r4_1_bidding_starts_left_of_the_dealer_who_bids_last() -> None:
    """R4.1: bids go clockwise from the dealer's left; the dealer bids last; the deal passes left."""
    state = new_game(4, rules=Rules(schedule=Schedule(cards_per_round=(1, 1, 1))), seed=21, first_dealer=1)
    for round_number, dealer in ((1, 1), (2, 2), (3, 3)):
        assert state.round_number == round_number
        assert state.dealer == dealer
        order = []
        while state.phase is not Phase.PLAYING:
            if state.phase is Phase.BIDDING:
                order.append(state.to_move)
            assert state.view(0).to_move == state.to_move
            state = state.apply(state.legal_actions()[0])
        assert order == [(dealer + k) % 4 for k in range(1, 5)]
        while state.round_number == round_number and not state.is_over:
            state = state.apply(state.legal_actions()[0])


def test_r4_1_bids_are_zero_to_cards() -> None:
    """R4.1: with free bids every bid 0..cards is offered, zero included."""
    state = run(game_g(), G_ROUND_1 + ", trump red")
    assert set(state.legal_actions()) == {Bid(tricks=0), Bid(tricks=1), Bid(tricks=2)}
    assert state.view(2).allowed_bids == frozenset({0, 1, 2})
    assert state.view(0).allowed_bids == frozenset()


def test_r4_2_not_equal_bids_dealer_cannot_make_the_sum() -> None:
    """R4.2: under NotEqualBids the dealer's sum-matching bid is not offered and is refused."""
    state = run(game_g(bid_policy=NotEqualBids()), "bid 0, bid 0")
    assert state.to_move == 0
    assert Bid(tricks=1) not in state.legal_actions()
    assert state.legal_actions() == (Bid(tricks=0),)
    with pytest.raises(IllegalBidError, match="add up") as info:
        state.apply(Bid(tricks=1))
    assert info.value.player == "Ann"
    assert info.value.action == "bid 1"
    assert "add up" in info.value.reason
    # Round 2: Cem 1, Ann 0, so Ben may not bid 1; the earlier bidders are free.
    state = run(state, "bid 0, play W, play B7, play R1, trump green")
    assert set(state.legal_actions()) == {Bid(tricks=b) for b in range(3)}
    state = run(state, "bid 1, bid 0")
    assert set(state.legal_actions()) == {Bid(tricks=0), Bid(tricks=2)}
    assert state.view(1).allowed_bids == frozenset({0, 2})
    with pytest.raises(IllegalBidError, match="add up"):
        state.apply(Bid(tricks=1))


def test_r4_2_equal_bids_last_bidder_has_one_bid() -> None:
    """R4.2 equal: the last bidder has exactly the bid that makes the sum; earlier ones stay under."""
    state = run(game_g(bid_policy=EqualBids()), G_ROUND_1.replace("bid 0, bid 0, bid 0", "bid 1, bid 0, bid 0"))
    state = state.apply(ChooseTrump(Suit.RED))
    assert set(state.legal_actions()) == {Bid(tricks=b) for b in range(3)}
    state = state.apply(Bid(tricks=2))
    assert state.legal_actions() == (Bid(tricks=0),)
    state = state.apply(Bid(tricks=0))
    assert state.legal_actions() == (Bid(tricks=0),)
    with pytest.raises(IllegalBidError):
        state.apply(Bid(tricks=1))


def test_r4_4_blind_bids_offer_look_and_blind_bids_before_looking() -> None:
    """R4.4: before looking: Look plus blind bids, own hand hidden; after Look: normal bids, hand shown."""
    state = game_g(variants=Variant.BLIND_BIDS)
    assert state.to_move == 1
    assert set(state.legal_actions()) == {Look(), Bid(tricks=0, blind=True), Bid(tricks=1, blind=True)}
    assert state.view(1).hand is None
    assert state.looked == (False, False, False)
    looked = state.apply(Look())
    assert looked.to_move == 1
    assert looked.phase is Phase.BIDDING
    assert set(looked.legal_actions()) == {Bid(tricks=0), Bid(tricks=1)}
    assert looked.view(1).hand == (Card.WIZARD,)
    assert looked.looked == (False, True, False)
    assert looked.view(2).hand is None


def test_r4_4_blind_bid_scores_double_and_is_marked() -> None:
    """R4.4, R6.2: a blind bid doubles the round's points; the sheet marks the bid blind."""
    state = run(game_g(variants=Variant.BLIND_BIDS), "look, bid 1, bid 0 blind, look, bid 0")
    assert state.blind == (False, False, True)
    state = run(state, "play W, play B7, play R1")
    sheet = state.scoresheet
    assert sheet.rounds[0].blind == (False, False, True)
    assert sheet.rounds[0].points == (20, 30, 40)
    assert state.totals == (20, 30, 40)
    assert "0B" in sheet.history()[0]
    # A missed blind bid is doubled too: Ann bids 0 blind and takes a trick in round 2.
    state = run(state, "trump red, look, bid 0, bid 0 blind, bid 1")
    state = run(state, "play B8, play R2, play J, play R3, play W, play B9")
    last = state.scoresheet.rounds[1]
    assert last.blind == (True, False, False)
    assert last.points == (2 * round_points(0, 1), round_points(1, 1), round_points(0, 0))
    assert state.totals == (0, 60, 60)


def test_r4_5_clairvoyance_round_1_shows_others_hands_not_own() -> None:
    """R4.5: in round 1 each view hides the own hand and shows the others'; round 2 is normal."""
    state = game_g(variants=Variant.CLAIRVOYANCE)
    for seat in range(3):
        view = state.view(seat)
        assert view.hand is None
        assert view.seen_hands[seat] is None
        for other in range(3):
            if other != seat:
                assert view.seen_hands[other] == state.hand(other)
    state = run(state, "bid 0, bid 0")
    assert state.view(0).hand is None
    state = run(state, "bid 0, play W")
    assert state.view(2).seen_hands == ((Card.parse("R1"),), (), None)
    state = run(state, "play B7, play R1, trump red")
    assert state.round_number == 2
    for seat in range(3):
        view = state.view(seat)
        assert view.hand == state.hand(seat)
        assert view.seen_hands == tuple(view.hand if o == seat else None for o in range(3))


def test_r4_5_no_blind_bids_in_a_clairvoyance_round() -> None:
    """R4.5 (documented decision): nobody bids blind in the clairvoyance round; round 2 allows it."""
    state = game_g(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
    assert set(state.legal_actions()) == {Bid(tricks=0), Bid(tricks=1)}
    with pytest.raises(IllegalBidError):
        state.apply(Bid(tricks=0, blind=True))
    state = run(state, G_ROUND_1 + ", trump red")
    assert Look() in state.legal_actions()
    assert Bid(tricks=2, blind=True) in state.legal_actions()


def test_r4_3_simultaneous_bids_are_hidden_until_bidding_ends() -> None:
    """R4.3: simultaneous bids are hidden from the others until the first card."""
    state = run(game_g(bid_reveal=BidReveal.SIMULTANEOUS), "bid 1, bid 0")
    assert state.view(1).bids == (None, 1, None)
    assert state.view(2).bids == (None, None, 0)
    assert state.view(0).bids == (None, None, None)
    state = state.apply(Bid(tricks=0))
    assert state.phase is Phase.PLAYING
    for seat in range(3):
        assert state.view(seat).bids == (0, 1, 0)
        assert state.view(seat).blind == (False, False, False)


def test_r4_3_secret_bids_stay_hidden_during_play() -> None:
    """R4.3: secret bids stay hidden from the others while the tricks are played."""
    state = run(game_g(bid_reveal=BidReveal.SECRET), "bid 1, bid 0, bid 0, play W, play B7")
    assert state.view(0).bids == (0, None, None)
    assert state.view(1).bids == (None, 1, None)
    assert state.view(2).blind == (None, None, False)


# -- R5 tricks --------------------------------------------------------------------------------


def test_r5_1_left_of_dealer_leads_and_winner_leads_next() -> None:
    """R5.1: the player left of the dealer leads the first trick; the trick's winner leads the next."""
    state = run(game_g(), "bid 0, bid 0, bid 0")
    assert state.phase is Phase.PLAYING
    assert state.to_move == 1
    assert state.current_trick.leader == 1
    state = run(state, "play W, play B7, play R1, trump red, bid 1, bid 1, bid 0")
    assert (state.dealer, state.to_move, state.current_trick.leader) == (1, 2, 2)
    state = run(state, "play B8, play R2, play J")
    # Ann's R2 trumps the lead: she leads the second trick.
    assert state.completed_tricks[0].winner == 0
    assert state.to_move == 0
    assert state.current_trick.leader == 0
    assert state.current_trick.cards == ()
    assert state.tricks_won == (1, 0, 0)


SUIT_DEAL: Final = deal("J B3 R5", "R7 W G2", "R9 B4 Y1", up="G13")


def suit_game() -> GameState:
    """Three cards each, trump green, Cem deals so Ann leads; everybody bids 1."""
    state = new_game(NAMES, rules=Rules(schedule=Schedule(cards_per_round=(3,))), deal=[SUIT_DEAL], first_dealer=2)
    return run(state, "bid 1, bid 1, bid 1")


def play_set(state: GameState) -> frozenset[Card]:
    return played_cards(state.legal_actions())


def test_r5_3_must_follow_suit() -> None:
    """R5.3: a player holding the led suit must follow it or play a Wizard or Jester."""
    state = suit_game()
    assert state.to_move == 0
    assert play_set(state) == cards("J B3 R5")  # the lead is free
    state = run(state, "play J, play R7")  # the Jester sets nothing; R7 leads red
    assert state.to_move == 2
    assert play_set(state) == cards("R9")
    for text in ("Y1", "B4"):
        with pytest.raises(MustFollowSuitError) as info:
            state.apply(Play(Card.parse(text)))
        assert info.value.player == "Cem"
        assert info.value.action == f"play {text}"
        assert "red" in info.value.reason
    state = state.apply(Play(Card.parse("R9")))
    assert state.completed_tricks[-1].winner == 2  # highest red, no green played
    assert state.to_move == 2
    state = state.apply(Play(Card.parse("B4")))
    assert play_set(state) == cards("B3")
    with pytest.raises(MustFollowSuitError):
        state.apply(Play(Card.parse("R5")))
    state = state.apply(Play(Card.parse("B3")))
    assert play_set(state) == cards("W G2")  # Ben has no blue: anything
    state = state.apply(Play(Card.parse("G2")))
    assert state.completed_tricks[-1].winner == 1  # the trump wins
    state = state.apply(Play(Card.WIZARD))
    assert play_set(state) == cards("Y1")
    state = run(state, "play Y1, play R5")
    assert state.scoresheet.rounds[0].tricks == (0, 2, 1)


def test_r5_3_wizards_and_jesters_may_always_be_played() -> None:
    """R5.3: Wizards and Jesters are playable while holding the led suit."""
    hands = deal("R5 W J", "R7 R8 J", "R9 W B4", up="G13")
    state = new_game(NAMES, rules=Rules(schedule=Schedule(cards_per_round=(3,))), deal=[hands], first_dealer=2)
    state = run(state, "bid 0, bid 0, bid 0, play R5")
    assert play_set(state) == cards("R7 R8 J")
    assert play_set(state) == legal_plays(state.hand(1), state.current_trick.cards)
    state = state.apply(Play(Card.JESTER))
    assert play_set(state) == cards("R9 W")
    state = state.apply(Play(Card.WIZARD))
    assert state.completed_tricks[-1].winner == 2


def test_r5_2_wizard_lead_frees_the_trick_jester_lead_does_not() -> None:
    """R5.2, R5.3: after a Wizard lead anything goes; after a Jester lead the next suit card leads."""
    hands = deal("W J R5", "R7 B2 J", "R9 B4 Y1", up="G13")
    state = new_game(NAMES, rules=Rules(schedule=Schedule(cards_per_round=(3,))), deal=[hands], first_dealer=2)
    state = run(state, "bid 0, bid 0, bid 0, play W")
    assert play_set(state) == cards("R7 B2 J")
    state = state.apply(Play(Card.parse("B2")))
    assert play_set(state) == cards("R9 B4 Y1")  # B2 came after the Wizard: still free
    state = state.apply(Play(Card.parse("R9")))
    assert state.completed_tricks[-1].winner == 0
    state = state.apply(Play(Card.JESTER))
    assert play_set(state) == cards("R7 J")  # a Jester lead sets nothing
    state = state.apply(Play(Card.parse("R7")))
    assert play_set(state) == cards("B4 Y1")  # Cem has no red


# -- R6, R7 scoring and end of game -----------------------------------------------------------


def test_r6_rounds_are_scored_on_the_sheet() -> None:
    """R6.1, R6.3: each round's points go onto the score sheet and the totals run over rounds."""
    state = run(game_g(), "bid 1, bid 0, bid 0, play W, play B7, play R1")
    sheet = state.scoresheet
    assert len(sheet.rounds) == 1
    first = sheet.rounds[0]
    assert (first.number, first.cards, first.dealer) == (1, 1, 0)
    assert first.bids == (0, 1, 0)
    assert first.tricks == (0, 1, 0)
    assert first.points == (20, 30, 20)
    assert first.trump is Suit.GREEN
    assert state.totals == (20, 30, 20)
    assert state.view(2).totals == (20, 30, 20)
    state = run(state, "trump red, bid 0, bid 2, bid 1")
    state = run(state, "play B8, play R2, play J, play R3, play W, play B9")
    second = state.scoresheet.rounds[1]
    assert second.tricks == (1, 1, 0)
    assert second.points == (-10, 30, 20)
    assert second.trump is Suit.RED
    assert state.totals == (10, 60, 40)
    assert state.scoresheet.totals == state.totals


def test_r7_game_over_with_standings_and_shared_places() -> None:
    """R7.1, R7.2: after the last round the highest total wins; ties share the place."""
    state = run(game_g(), G_ROUND_1)
    assert state.totals == (20, -10, 20)
    state = run(state, G_ROUND_2)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move is None
    assert state.legal_actions() == ()
    assert state.totals == (10, -20, 10)
    assert state.standings() == (1, 3, 1)
    assert state.winners() == ("Ann", "Cem")
    assert state.scoresheet.is_over
    assert state.view(1).to_move is None
    assert state.view(1).phase is Phase.OVER


def test_r7_single_winner() -> None:
    """R7.1: one player with the highest total wins alone."""
    state = run(game_g(), "bid 1, bid 0, bid 0, play W, play B7, play R1")
    state = run(state, "trump red, bid 0, bid 1, bid 1, play B8, play R2, play J, play R3, play W, play B9")
    assert state.totals == (50, 60, 40)
    assert state.standings() == (2, 1, 3)
    assert state.winners() == ("Ben",)


# -- bad deals and bad configurations -------------------------------------------------------------

ROUND_1: Final = G_DEALS[0]


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        pytest.param([ROUND_1], "rounds", id="too-few-rounds"),
        pytest.param([ROUND_1, G_DEALS[1], ROUND_1], "rounds", id="too-many-rounds"),
        pytest.param([ROUND_1, deal("R2 R3", "W", "B8 B9", up="W")], "cards", id="short-hand"),
        pytest.param([ROUND_1, deal("R2 R3 R4", "W J", "B8 B9", up="W")], "cards", id="long-hand"),
        pytest.param([ROUND_1, deal("R2 R3", "W J", up="W")], "hands", id="missing-hand"),
        pytest.param([ROUND_1, deal("R2 R2", "W J", "B8 B9", up="W")], "R2", id="duplicate-card"),
        pytest.param([ROUND_1, deal("R2 R3", "R3 J", "B8 B9", up="W")], "R3", id="card-in-two-hands"),
        pytest.param([ROUND_1, deal("W W", "W W", "W B9", up="G1")], "W", id="five-wizards"),
        pytest.param([ROUND_1, deal("R2 R3", "W J", "B8 B9", up="R2")], "turned", id="turned-up-card-in-a-hand"),
        pytest.param([ROUND_1, deal("R2 R3", "W J", "B8 B9")], "turned up", id="missing-turned-up-card"),
    ],
)
def test_deal_error_for_impossible_deals(deals: list[Deal], message: str) -> None:
    """R2.6: an explicit deal that cannot occur raises DealError."""
    with pytest.raises(DealError, match=message):
        new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=deals)


def test_deal_error_for_a_turned_up_card_where_none_is_allowed() -> None:
    """R3.4, R3.5: a turned-up card in a whole-deck or fixed-trump round raises DealError."""
    deck = sorted(ALL_STANDARD)
    with pytest.raises(DealError):
        new_game(
            NAMES,
            rules=Rules(schedule=Schedule(cards_per_round=(20,))),
            deal=[Deal(hands=[deck[0:20], deck[20:40], deck[40:59]], turned_up=deck[59])],
        )
    with pytest.raises(DealError):
        new_game(
            NAMES,
            rules=Rules(schedule=Schedule(cards_per_round=(1,), trumps=(FixedTrump.RED,))),
            deal=[deal("R1", "W", "B7", up="G2")],
        )


def test_deal_error_for_a_deal_that_is_not_a_deal() -> None:
    """R2.6: something other than a Deal in the deal list raises DealError."""
    with pytest.raises(DealError):
        new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=[ROUND_1, "R1 W B7"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    "kwargs",
    [
        pytest.param({}, id="no-chance"),
        pytest.param({"seed": 1, "rng": random.Random(1)}, id="seed-and-rng"),
        pytest.param({"seed": 1, "deal": G_DEALS}, id="seed-and-deal"),
        pytest.param({"seed": 1, "first_dealer": 3}, id="first-dealer-too-high"),
        pytest.param({"seed": 1, "first_dealer": -1}, id="first-dealer-negative"),
        pytest.param({"deal": G_DEALS, "first_dealer": 1.0}, id="first-dealer-float"),
    ],
)
def test_rules_error_for_chance_and_first_dealer(kwargs: dict[str, Any]) -> None:
    """R2.5, R2.6: exactly one source of chance and a real seat as first dealer."""
    with pytest.raises(RulesError):
        new_game(NAMES, rules=Rules(schedule=ONE_TWO), **kwargs)


@pytest.mark.parametrize("players", [2, 7, ["Ann", "Ben"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_rules_error_for_2_or_7_players(players: int | list[str]) -> None:
    """R2.1: Wizard is for 3 to 6 players."""
    with pytest.raises(RulesError):
        new_game(players, seed=1)


def test_r8_6_werewolf_needs_a_turned_up_card_in_every_round() -> None:
    """R8.6: the Werewolf is swapped for the turned-up card, so a schedule round without one is refused."""
    for schedule in (ScheduleKind.MAXIMUS, ScheduleKind.EINFARBIG):
        with pytest.raises(RulesError, match="Werewolf"):
            new_game(4, rules=Rules(special_cards=[Special.WEREWOLF], schedule=schedule), seed=1)
    whole_deck = Schedule(cards_per_round=(1, 21))  # 3 x 21 = 63: the whole deck of 60 + 3 cards
    three = Rules(special_cards=[Special.WEREWOLF, Special.BOMB, Special.CLOUD], schedule=whole_deck)
    with pytest.raises(RulesError, match="Werewolf"):
        new_game(3, rules=three, seed=1)
    for special in Special:
        one_round = Rules(special_cards=[special], schedule=Schedule(cards_per_round=(1,)))
        assert not new_game(4, rules=one_round, seed=1).is_over


def test_r2_1_three_to_six_players_play() -> None:
    """R2.1: 3, 4, 5 and 6 players each get a game with every seat holding the round's cards."""
    for n in range(3, 7):
        state = new_game(n, seed=n)
        assert len(state.players) == n
        assert [len(state.hand(seat)) for seat in range(n)] == [1] * n


# -- the illegal-action catalogue ---------------------------------------------------------------


def check_rejected(
    state: GameState,
    action: Action,
    error: type[IllegalActionError],
    *,
    player: str,
    seat: int | None = None,
    reason: str = "",
) -> IllegalActionError:
    """`action` is refused with `error` naming `player` and the action, and `state` still works."""
    before = (state.actions, state.legal_actions(), state.to_move, state.phase, state.hands, state.totals)
    twin = GameRecord.from_state(state).replay()
    with pytest.raises(error) as info:
        state.apply(action, seat=seat)
    e = info.value
    assert type(e) is error
    assert e.player == player
    assert e.action == str(action)
    assert e.reason
    assert reason in e.reason
    assert str(e).startswith(f"{player} cannot {action}")
    assert e.reason in str(e)
    assert not state.is_legal(action, seat=seat)
    # The state is unchanged and still usable.
    assert (state.actions, state.legal_actions(), state.to_move, state.phase, state.hands, state.totals) == before
    assert state == twin
    if not state.is_over:
        legal = state.legal_actions()[0]
        assert state.apply(legal) == twin.apply(legal)
        if state.to_move is not None:
            assert state.apply(legal, seat=state.to_move) == twin.apply(legal)
    return e


def test_catalogue_not_your_turn_when_bidding() -> None:
    """Another seat than the one to move: NotYourTurnError naming the would-be actor."""
    state = game_g()
    e = check_rejected(state, Bid(tricks=0), NotYourTurnError, player="Ann", seat=0)
    assert "Ben" in e.reason
    check_rejected(state, Bid(tricks=0), NotYourTurnError, player="Cem", seat=2)


def test_catalogue_not_your_turn_when_playing_and_choosing() -> None:
    """NotYourTurnError also for plays and the trump choice, even of a card the seat holds."""
    state = run(game_g(), "bid 0, bid 0, bid 0")
    check_rejected(state, Play(Card.parse("R1")), NotYourTurnError, player="Ann", seat=0)
    check_rejected(state, Play(Card.parse("B7")), NotYourTurnError, player="Cem", seat=2)
    state = run(state, "play W, play B7, play R1")
    assert state.phase is Phase.TRUMP
    check_rejected(state, ChooseTrump(Suit.RED), NotYourTurnError, player="Cem", seat=2)


def test_catalogue_wrong_phase_play_during_bidding() -> None:
    """A card played during bidding: WrongPhaseError."""
    check_rejected(game_g(), Play(Card.WIZARD), WrongPhaseError, player="Ben")


def test_catalogue_wrong_phase_bid_during_play() -> None:
    """A bid during the tricks: WrongPhaseError."""
    state = run(game_g(), "bid 0, bid 0, bid 0")
    check_rejected(state, Bid(tricks=0), WrongPhaseError, player="Ben")
    check_rejected(state, Bid(tricks=1, blind=True), WrongPhaseError, player="Ben")


def test_catalogue_wrong_phase_trump_outside_the_trump_phase() -> None:
    """Choosing a trump when no Wizard was turned up, or after the choice: WrongPhaseError."""
    state = game_g()
    check_rejected(state, ChooseTrump(Suit.RED), WrongPhaseError, player="Ben")
    state = run(state, "bid 0, bid 0, bid 0")
    check_rejected(state, ChooseTrump(Suit.RED), WrongPhaseError, player="Ben")
    state = run(state, "play W, play B7, play R1, trump red")
    check_rejected(state, ChooseTrump(Suit.BLUE), WrongPhaseError, player="Cem")


def test_catalogue_wrong_phase_bid_or_play_during_trump_choice() -> None:
    """Bids, plays and Look while the dealer must name the trump: WrongPhaseError."""
    state = run(game_g(variants=Variant.BLIND_BIDS), "look, bid 0, look, bid 0, look, bid 0, play W, play B7, play R1")
    assert state.phase is Phase.TRUMP
    check_rejected(state, Bid(tricks=0), WrongPhaseError, player="Ben")
    check_rejected(state, Play(Card.WIZARD), WrongPhaseError, player="Ben")
    check_rejected(state, Look(), WrongPhaseError, player="Ben")


def test_catalogue_wrong_phase_after_the_game_is_over() -> None:
    """Any action after the last round: WrongPhaseError."""
    state = run(run(game_g(), G_ROUND_1), G_ROUND_2)
    assert state.is_over
    for action in (Bid(tricks=0), Play(Card.WIZARD), ChooseTrump(Suit.RED), Look()):
        with pytest.raises(WrongPhaseError) as info:
            state.apply(action)
        assert info.value.action == str(action)
        assert "over" in info.value.reason
        assert not state.is_legal(action)
    assert GameRecord.from_state(state).replay() == state


def test_catalogue_wrong_phase_after_the_game_is_over_names_the_seat() -> None:
    """After the game, an action by a given seat is refused naming that player."""
    state = run(run(game_g(), G_ROUND_1), G_ROUND_2)
    for seat, name in enumerate(NAMES):
        with pytest.raises(WrongPhaseError) as info:
            state.apply(Bid(tricks=0), seat=seat)
        assert info.value.player == name
        assert "over" in info.value.reason
        assert not state.is_legal(Bid(tricks=0), seat=seat)


def test_catalogue_wrong_phase_look_without_blind_bids() -> None:
    """Look when blind bids are off: WrongPhaseError."""
    check_rejected(game_g(), Look(), WrongPhaseError, player="Ben")


def test_catalogue_look_twice_or_while_playing() -> None:
    """Look after looking or during the tricks is refused with WrongPhaseError."""
    state = game_g(variants=Variant.BLIND_BIDS).apply(Look())
    with pytest.raises(IllegalActionError) as info:
        state.apply(Look())
    assert (info.value.player, info.value.action) == ("Ben", "look")
    assert state.legal_actions() == (Bid(tricks=0), Bid(tricks=1))
    state = run(state, "bid 0, look, bid 0, look, bid 0")
    check_rejected(state, Look(), WrongPhaseError, player="Ben")


def test_catalogue_card_not_held() -> None:
    """A card the player does not hold: CardNotHeldError."""
    state = run(game_g(), "bid 0, bid 0, bid 0")
    e = check_rejected(state, Play(Card.parse("R1")), CardNotHeldError, player="Ben")
    assert "R1" in e.reason
    check_rejected(state, Play(Card.JESTER), CardNotHeldError, player="Ben")
    check_rejected(state, Play(Card.parse("G2")), CardNotHeldError, player="Ben")  # the turned-up card
    state = state.apply(Play(Card.WIZARD))
    check_rejected(state, Play(Card.WIZARD), CardNotHeldError, player="Cem")  # the card on the table
    state = run(state, "play B7, play R1, trump red, bid 0, bid 0, bid 0, play B8")
    check_rejected(state, Play(Card.parse("B9")), CardNotHeldError, player="Ann")


def test_catalogue_must_follow_suit() -> None:
    """Not following while holding the led suit: MustFollowSuitError."""
    state = run(suit_game(), "play R5")
    assert state.to_move == 1
    e = check_rejected(state, Play(Card.parse("G2")), MustFollowSuitError, player="Ben")
    assert "red" in e.reason
    state = state.apply(Play(Card.WIZARD))
    check_rejected(state, Play(Card.parse("Y1")), MustFollowSuitError, player="Cem", reason="red")
    check_rejected(state, Play(Card.parse("B4")), MustFollowSuitError, player="Cem", reason="red")
    state = run(suit_game(), "play B3, play R7")  # Ben has no blue
    check_rejected(state, Play(Card.parse("R9")), MustFollowSuitError, player="Cem", reason="blue")


def test_catalogue_bid_out_of_range() -> None:
    """A bid above the round's cards: IllegalBidError."""
    state = game_g()
    check_rejected(state, Bid(tricks=2), IllegalBidError, player="Ben")
    check_rejected(state, Bid(tricks=67), IllegalBidError, player="Ben")
    with pytest.raises(ActionError, match="whole number 0 or more"):
        Bid(tricks=-1)  # a negative bid is no action at all
    state = run(state, G_ROUND_1 + ", trump red")
    check_rejected(state, Bid(tricks=3), IllegalBidError, player="Cem")


def test_catalogue_bid_forbidden_by_policy() -> None:
    """A bid the bid policy forbids: IllegalBidError naming the policy's reason."""
    state = run(game_g(bid_policy=NotEqualBids()), "bid 1, bid 0")
    check_rejected(state, Bid(tricks=0), IllegalBidError, player="Ann", reason="add up")
    state = run(game_g(bid_policy=EqualBids()), "bid 1")
    check_rejected(state, Bid(tricks=1), IllegalBidError, player="Cem")


def test_catalogue_blind_bid_after_looking() -> None:
    """A blind bid after Look: IllegalBidError."""
    state = game_g(variants=Variant.BLIND_BIDS).apply(Look())
    check_rejected(state, Bid(tricks=0, blind=True), IllegalBidError, player="Ben", reason="looked")


def test_catalogue_normal_bid_before_looking() -> None:
    """A normal bid before looking when blind bids are on: IllegalBidError."""
    state = game_g(variants=Variant.BLIND_BIDS)
    check_rejected(state, Bid(tricks=0), IllegalBidError, player="Ben")
    state = run(state, "bid 1 blind")
    check_rejected(state, Bid(tricks=1), IllegalBidError, player="Cem")


def test_catalogue_blind_bid_without_the_variant() -> None:
    """A blind bid when the rules have no blind bids: IllegalBidError."""
    check_rejected(game_g(), Bid(tricks=0, blind=True), IllegalBidError, player="Ben")


def test_catalogue_is_legal_matches_legal_actions() -> None:
    """is_legal is exactly membership in legal_actions, for the seat to move and no other."""
    state = run(game_g(variants=Variant.BLIND_BIDS), "look, bid 0")
    candidates: list[Action] = [
        Look(),
        *(Bid(tricks=b, blind=blind) for b in range(3) for blind in (False, True)),
        *(ChooseTrump(suit) for suit in Suit),
        *(Play(card) for card in parse_cards("R1 W B7 J")),
    ]
    for action in candidates:
        assert state.is_legal(action) == (action in state.legal_actions())
        assert state.is_legal(action, seat=2) == (action in state.legal_actions())
        assert not state.is_legal(action, seat=0)


# -- determinism (R2.6) ---------------------------------------------------------------------------


def play_seeded(seed: int, actions_seed: int, rules: Rules | None = None) -> GameState:
    return random_game(new_game(4, rules=rules, seed=seed), random.Random(actions_seed))


def test_r2_6_same_seed_and_actions_give_equal_states() -> None:
    """R2.6: the same seed and the same actions give equal states, step by step."""
    rules = Rules(schedule=Schedule.ladder(4, rounds=4))
    a = new_game(4, rules=rules, seed=99)
    b = new_game(4, rules=rules, seed=99)
    rng = random.Random(1)
    while not a.is_over:
        assert a == b
        assert hash(a) == hash(b)
        action = rng.choice(a.legal_actions())
        a, b = a.apply(action), b.apply(action)
    assert a == b
    assert a.totals == b.totals
    assert play_seeded(5, 6) == play_seeded(5, 6)


def test_r2_6_rng_equals_seed() -> None:
    """R2.6: `rng=random.Random(s)` deals exactly as `seed=s`."""
    for s in range(10):
        assert new_game(5, rng=random.Random(s)) == new_game(5, seed=s)
        assert new_game(5, rng=random.Random(s)).first_dealer == new_game(5, seed=s).first_dealer


def test_r2_6_different_seeds_deal_differently() -> None:
    """R2.6: different seeds give different deals."""
    deals = {new_game(4, seed=s).deals for s in range(30)}
    assert len(deals) == 30
    assert len({new_game(4, seed=s).first_dealer for s in range(30)}) > 1


def test_r2_6_global_random_state_is_untouched() -> None:
    """R2.6: dealing and playing never draw from (or reseed) the global random state."""
    random.seed(2024)
    expected = [random.random() for _ in range(5)]
    random.seed(2024)
    state = new_game(4, seed=8)
    state = random_game(state, random.Random(8))
    new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=G_DEALS)
    new_game(3, rng=random.Random(3), rules=Rules(variants=Variant.BLIND_BIDS, schedule=ONE_TWO))
    GameRecord.from_state(state).replay()
    GameRecord.from_json(GameRecord.from_state(state).to_json())
    state.view(0)
    assert [random.random() for _ in range(5)] == expected


def test_r2_6_rng_is_used_up_front() -> None:
    """R2.6: the game draws all of its chance at new_game; later use of the rng changes nothing."""
    rng = random.Random(4)
    state = new_game(4, rng=rng)
    rng.random()  # drawing from the caller's rng afterwards does not affect the game
    assert state == new_game(4, seed=4)
    assert random_game(state, random.Random(0)) == random_game(new_game(4, seed=4), random.Random(0))


def test_r2_5_first_dealer_named_or_drawn() -> None:
    """R2.5: `first_dealer` names the dealer of round 1; without it the seeded draw picks every seat."""
    for first in range(4):
        state = new_game(4, seed=1, first_dealer=first)
        assert state.first_dealer == first
        assert state.dealer == first
    assert new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=G_DEALS).first_dealer == 0
    drawn = {new_game(4, seed=s).first_dealer for s in range(40)}
    assert drawn == {0, 1, 2, 3}


# -- records ---------------------------------------------------------------------------------------

RECORD_RULES: Final = [
    pytest.param(Preset.RULEBOOK.rules(), id="rulebook"),
    pytest.param(Preset.OFFICIAL.rules(), id="official"),
    pytest.param(Preset.HIDDEN_BIDS.rules(), id="hidden-bids"),
    pytest.param(Preset.SECRET_BIDS.rules(), id="secret-bids"),
    pytest.param(Preset.APP_EQUAL.rules(), id="app-equal"),
    pytest.param(Preset.TOURNAMENT.rules(), id="tournament"),
    pytest.param(Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE), id="blind-clairvoyance"),
    pytest.param(Rules(schedule=ScheduleKind.MAXIMUS, bid_policy=ScorekeeperHook(scorekeeper=1)), id="maximus-hook"),
]


@pytest.mark.parametrize("rules", RECORD_RULES)
def test_record_replays_to_an_equal_state(rules: Rules) -> None:
    """A game's record, also through JSON, replays to an equal state, mid-game and at the end."""
    state = new_game(4, rules=rules, seed=17)
    rng = random.Random(17)
    steps = 0
    while not state.is_over:
        if steps % 23 == 0:
            assert GameRecord.from_state(state).replay() == state
            assert GameRecord.from_json(GameRecord.from_state(state).to_json()).replay() == state
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert GameRecord.from_state(state).replay() == state
    text = GameRecord.from_state(state).to_json()
    again = GameRecord.from_json(text)
    assert again == GameRecord.from_state(state)
    assert again.replay() == state
    assert again.replay().scoresheet == state.scoresheet
    assert json.loads(text)["totals"] == list(state.totals)


def test_record_of_an_explicit_deal() -> None:
    """A record keeps the explicit deal and first dealer and replays to the same game."""
    state = run(game_g(variants=Variant.BLIND_BIDS), "look, bid 1, bid 0 blind")
    record = GameRecord.from_state(state)
    assert [[sorted(map(str, h)) for h in d.hands] for d in record.deals] == [
        [sorted(map(str, h)) for h in d.hands] for d in G_DEALS
    ]
    assert [d.turned_up for d in record.deals] == [d.turned_up for d in G_DEALS]
    assert record.first_dealer == 0
    assert record.players == NAMES
    assert [str(a) for a in record.actions] == ["look", "bid 1", "bid 0 blind"]
    assert GameRecord.from_json(record.to_json(indent=2)).replay() == state


def finished_g_json() -> dict[str, Any]:
    state = run(run(game_g(), "bid 1, bid 0, bid 0, play W, play B7, play R1"), G_ROUND_2)
    data: dict[str, Any] = json.loads(GameRecord.from_state(state).to_json())
    assert GameRecord.from_json(json.dumps(data)).replay() == state
    return data


def tamper_action(data: dict[str, Any]) -> None:
    assert data["actions"][0] == "bid 1"
    data["actions"][0] = "bid 0"  # legal, but Ben's points change


def tamper_action_illegal(data: dict[str, Any]) -> None:
    data["actions"][3] = "play G5"


def tamper_extra_action(data: dict[str, Any]) -> None:
    data["actions"].append("bid 0")


def tamper_totals(data: dict[str, Any]) -> None:
    data["totals"][1] += 10


def tamper_totals_type(data: dict[str, Any]) -> None:
    data["totals"] = [float(t) for t in data["totals"]]


def tamper_deal_card(data: dict[str, Any]) -> None:
    assert data["deals"][0]["hands"][0] == "R1"
    data["deals"][0]["hands"][0] = "R4"


def tamper_deal_duplicate(data: dict[str, Any]) -> None:
    data["deals"][1]["hands"][2] = "R2 B9"


def tamper_deal_turned_up(data: dict[str, Any]) -> None:
    data["deals"][0]["turned_up"] = None


def tamper_format(data: dict[str, Any]) -> None:
    data["format"] = "wizardrules/sheet"


def tamper_version(data: dict[str, Any]) -> None:
    data["version"] = 2


def tamper_version_text(data: dict[str, Any]) -> None:
    data["version"] = "1"


def tamper_no_version(data: dict[str, Any]) -> None:
    del data["version"]


def tamper_actions_text(data: dict[str, Any]) -> None:
    data["actions"] = "bid 1"


def tamper_actions_numbers(data: dict[str, Any]) -> None:
    data["actions"] = [1, 0, 0]


def tamper_actions_notation(data: dict[str, Any]) -> None:
    data["actions"][0] = "dance"


def tamper_no_actions(data: dict[str, Any]) -> None:
    del data["actions"]


def tamper_first_dealer(data: dict[str, Any]) -> None:
    data["first_dealer"] = 5


def tamper_rules(data: dict[str, Any]) -> None:
    data["rules"] = "rulebook"


@pytest.mark.parametrize(
    "tamper",
    [
        tamper_action,
        tamper_action_illegal,
        tamper_extra_action,
        tamper_totals,
        tamper_totals_type,
        tamper_deal_card,
        tamper_deal_duplicate,
        tamper_deal_turned_up,
        tamper_format,
        tamper_version,
        tamper_version_text,
        tamper_no_version,
        tamper_actions_text,
        tamper_actions_numbers,
        tamper_actions_notation,
        tamper_no_actions,
        tamper_first_dealer,
        tamper_rules,
    ],
)
def test_record_tampered_json_raises_format_error(tamper: Callable[[dict[str, Any]], None]) -> None:
    """A changed action, total, deal, format or version, or a malformed action list: FormatError."""
    data = finished_g_json()
    tamper(data)
    with pytest.raises(FormatError):
        GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "not json", "[]", "null", "42", '"game"', b"\xff\xfe"])
def test_record_not_json_raises_format_error(text: str | bytes) -> None:
    """Text that is not a JSON game record: FormatError."""
    with pytest.raises(FormatError):
        GameRecord.from_json(text)


# -- action notation ---------------------------------------------------------------------------------


def test_actions_notation_round_trips_for_every_legal_action() -> None:
    """Every action offered in some games formats and parses back to itself."""
    kinds: set[type] = set()
    blind_seen = False
    for seed, rules in enumerate(
        [
            Rules(schedule=Schedule(cards_per_round=(1, 2, 3, 15))),
            Rules(variants=Variant.BLIND_BIDS, schedule=Schedule(cards_per_round=(3, 5, 15))),
            Preset.OFFICIAL.rules(),
        ]
    ):
        for game in range(4):
            state = new_game(4, rules=rules, seed=100 * seed + game)
            rng = random.Random(game)
            while not state.is_over:
                for action in state.legal_actions():
                    text = str(action)
                    assert parse_action(text) == action
                    assert parse_action(text.upper()) == action
                    assert parse_action(f"  {text}  ") == action
                    kinds.add(type(action))
                    blind_seen = blind_seen or (isinstance(action, Bid) and action.blind)
                state = state.apply(rng.choice(state.legal_actions()))
    assert kinds == {Bid, Play, ChooseTrump, Look}
    assert blind_seen


def test_actions_notation_examples() -> None:
    """The compact notation: `bid 2`, `bid 0 blind`, `look`, `play R13`, `trump green`."""
    assert str(Bid(tricks=2)) == "bid 2"
    assert str(Bid(tricks=0, blind=True)) == "bid 0 blind"
    assert str(Look()) == "look"
    assert str(Play(Card.parse("R13"))) == "play R13"
    assert str(Play(Card.WIZARD)) == "play W"
    assert str(ChooseTrump(Suit.GREEN)) == "trump green"
    assert parse_action("play r13") == Play(Card.parse("R13"))
    assert parse_action("Play Z") == Play(Card.WIZARD)
    assert parse_action("trump G") == ChooseTrump(Suit.GREEN)
    assert parse_action("BID 3 BLIND") == Bid(tricks=3, blind=True)


def test_actions_bid_takes_its_tricks_by_position() -> None:
    """`Bid(1)` is `Bid(tricks=1)`; `blind` only by name, so no bare True reads as a blind bid."""
    assert Bid(1) == Bid(tricks=1)
    assert Bid(0, blind=True) == parse_action("bid 0 blind")
    with pytest.raises(TypeError):
        Bid(1, True)  # type: ignore[call-arg]
    with pytest.raises(ActionError, match="whole number"):
        Bid(-1)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "bid",
        "bid -1",
        "bid x",
        "bid 1.5",
        "bid 2 open",
        "bid 2 blind now",
        "bid 68",
        "bid 100",
        "play",
        "play R14",
        "play R0",
        "play R1 R2",
        "play X7",
        "trump",
        "trump purple",
        "look now",
        "jump",
        "bidd 2",
        "2",
    ],
)
def test_actions_bad_notation_raises_notation_error(text: str) -> None:
    """Text that is not an action raises NotationError."""
    with pytest.raises(NotationError):
        parse_action(text)


def test_actions_non_text_raises_notation_error() -> None:
    """Only text is action notation."""
    for value in (None, 2, b"bid 2", ["bid", "2"]):
        with pytest.raises(NotationError):
            parse_action(value)  # type: ignore[arg-type]


# -- views ----------------------------------------------------------------------------------------------


def twin_games(hands_a: Sequence[str], hands_b: Sequence[str], up: str, **rules: Any) -> tuple[GameState, GameState]:
    """Two one-round games (two cards each, Cem deals so Ann leads) from different deals."""
    kwargs: dict[str, Any] = {"schedule": Schedule(cards_per_round=(2,)), **rules}
    a = new_game(NAMES, rules=Rules(**kwargs), deal=[deal(*hands_a, up=up)], first_dealer=2)
    b = new_game(NAMES, rules=Rules(**kwargs), deal=[deal(*hands_b, up=up)], first_dealer=2)
    return a, b


def test_views_do_not_depend_on_other_players_hidden_cards() -> None:
    """Views are equal for games differing only in another player's cards, until those are played."""
    a, b = twin_games(("R5 B3", "W G2", "Y9 Y10"), ("R5 B3", "W G2", "B12 J"), up="G13")
    assert a != b
    for seat in (0, 1):
        assert a.view(seat) == b.view(seat)
    assert a.view(2) != b.view(2)
    for text in ("bid 1", "bid 1", "bid 0", "play R5", "play W"):
        a, b = a.apply(parse_action(text)), b.apply(parse_action(text))
        for seat in (0, 1):
            assert a.view(seat) == b.view(seat)
    assert a.to_move == 2
    assert a.view(0).hand_sizes == (1, 1, 2)


def test_views_do_not_depend_on_the_unseen_rest_of_the_deck() -> None:
    """Views are equal when the hidden cards of two players are swapped around."""
    a, b = twin_games(("R5 B3", "W G2", "Y9 Y10"), ("R5 B3", "Y9 G2", "W Y10"), up="G13")
    assert a.view(0) == b.view(0)
    a, b = run(a, "bid 0, bid 0, bid 2"), run(b, "bid 0, bid 0, bid 2")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_views_hide_own_hand_before_looking_with_blind_bids() -> None:
    """R4.4: before looking, a player's view does not depend on their own cards."""
    a, b = twin_games(("R5 B3", "W G2", "Y9 Y10"), ("J J", "W G2", "Y9 Y10"), up="G13", variants=Variant.BLIND_BIDS)
    assert a.view(0) == b.view(0)
    assert a.view(0).hand is None
    a, b = run(a, "look"), run(b, "look")
    assert sorted(map(str, a.view(0).hand or ())) == ["B3", "R5"]  # looking shows the hand
    assert a.view(0) != b.view(0)
    a, b = twin_games(("R5 B3", "W G2", "Y9 Y10"), ("J J", "W G2", "Y9 Y10"), up="G13", variants=Variant.BLIND_BIDS)
    a, b = run(a, "bid 1 blind, look"), run(b, "bid 1 blind, look")
    assert a.view(1) == b.view(1)  # Ben looked at his own cards, not Ann's
    assert a.view(2) == b.view(2)


def test_views_hide_own_hand_in_a_clairvoyance_round() -> None:
    """R4.5: in the clairvoyance round a player's view does not depend on their own card."""
    rules = Rules(schedule=Schedule(cards_per_round=(1,)), variants=Variant.CLAIRVOYANCE)
    a = new_game(NAMES, rules=rules, deal=[deal("R5", "W", "Y9", up="G13")], first_dealer=2)
    b = new_game(NAMES, rules=rules, deal=[deal("J", "W", "Y9", up="G13")], first_dealer=2)
    assert a.view(0) == b.view(0)
    a, b = run(a, "bid 1, bid 1, bid 1"), run(b, "bid 1, bid 1, bid 1")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_r4_5_play_unseen_is_the_clairvoyant_players_play_and_plays_the_held_card() -> None:
    """R4.5: on their turn in the clairvoyance round a player's view lists `play unseen`; it plays their card."""
    state = run(game_g(variants=Variant.CLAIRVOYANCE), "bid 0, bid 0, bid 0")
    assert state.to_move == 1
    view = state.view(1)
    assert view.hand is None
    assert view.legal_actions == (PlayUnseen(),)
    assert state.legal_actions() == (Play(Card.WIZARD),)  # the table's list names the card
    assert state.is_legal(PlayUnseen(), seat=1)
    assert not state.is_legal(PlayUnseen(), seat=2)
    after, events = state.step(parse_action("play unseen"), seat=1)
    assert events == (CardPlayed(seat=1, card=Card.WIZARD),)
    assert after.current_trick.cards == (Card.WIZARD,)
    assert after == state.apply(Play(Card.WIZARD))
    after = run(after, "play unseen, play unseen")
    assert after.round_number == 2
    record = GameRecord.from_state(after)
    assert [str(action) for action in record.actions][3:6] == ["play W", "play B7", "play R1"]
    assert GameRecord.from_json(record.to_json()).replay() == after
    assert not after.is_legal(PlayUnseen())  # round 2 is played with the cards seen


def test_r4_5_play_unseen_out_of_turn_or_outside_clairvoyance_names_no_card() -> None:
    """R4.5: refused `play unseen` says why without naming anybody's card; the state is unchanged."""
    state = run(game_g(variants=Variant.CLAIRVOYANCE), "bid 0, bid 0, bid 0")
    with pytest.raises(NotYourTurnError) as wrong_seat:
        state.apply(PlayUnseen(), seat=2)
    assert str(wrong_seat.value) == "Cem cannot play unseen: it is Ben's turn"
    with pytest.raises(WrongPhaseError, match="time to bid"):
        game_g(variants=Variant.CLAIRVOYANCE).apply(PlayUnseen())
    plain = run(game_g(), "bid 0, bid 0, bid 0")
    assert not plain.is_legal(PlayUnseen())
    with pytest.raises(WrongPhaseError, match=r"only in a clairvoyance round \(R4\.5\)"):
        plain.apply(PlayUnseen())
    round_2 = run(game_g(variants=Variant.CLAIRVOYANCE), G_ROUND_1 + ", trump red, bid 1, bid 2, bid 0")
    with pytest.raises(WrongPhaseError, match="only in a clairvoyance round"):
        round_2.apply(PlayUnseen())


def test_r4_5_r8_2_an_unseen_cloud_takes_the_first_declaration_the_state_lists() -> None:
    """R4.5, R8.2: a Cloud played unseen is declared as the first of its legal plays (red)."""
    rules = Rules(schedule=ONE_TWO, variants=Variant.CLAIRVOYANCE, special_cards=frozenset({Special.CLOUD}))
    state = new_game(NAMES, rules=rules, deal=[deal("CLOUD", "W", "B7", up="G2"), G_DEALS[1]], first_dealer=2)
    state = run(state, "bid 0, bid 0, bid 0")
    assert state.to_move == 0
    assert state.view(0).legal_actions == (PlayUnseen(),)
    first = state.legal_actions()[0]
    assert isinstance(first, Play)
    assert first.card == Card.parse("CLOUD:R")
    assert state.apply(PlayUnseen()).current_trick.cards == (Card.parse("CLOUD:R"),)


@pytest.mark.parametrize("seed", range(6))
def test_r4_5_a_client_that_reads_only_its_views_plays_a_clairvoyance_game_to_the_end(seed: int) -> None:
    """R4.5: every seat to move finds an action in its own view, the clairvoyance round included."""
    rules = Rules(variants=Variant.CLAIRVOYANCE | Variant.BLIND_BIDS)
    state = new_game(NAMES, rules=rules, seed=seed)
    rng = random.Random(seed)
    unseen = 0
    while not state.is_over:
        me = state.to_move
        assert me is not None
        legal = state.view(me).legal_actions
        assert legal
        unseen += PlayUnseen() in legal
        state = state.apply(rng.choice(legal), seat=me)
    assert unseen == 3  # each of the three players' one card of round 1


def test_r4_5_clairvoyance_needs_a_one_card_first_round() -> None:
    """R4.5: clairvoyance is played with one card; a first round of more cards is a RulesError."""
    rules = Rules(schedule=Schedule(cards_per_round=(2, 3)), variants=Variant.CLAIRVOYANCE)
    with pytest.raises(RulesError, match="one card"):
        new_game(NAMES, rules=rules, seed=1)


def test_views_equal_for_hidden_secret_bids() -> None:
    """R4.3: with secret bids, states differing only in another player's bids give equal views."""
    base = game_g(bid_reveal=BidReveal.SECRET)
    a = run(base, "bid 1, bid 0, bid 0")
    b = run(base, "bid 0, bid 1, bid 1")
    assert a != b
    assert a.view(0) != b.view(0)  # Ann's own bid differs ...
    c = run(base, "bid 0, bid 1, bid 0")
    assert a.view(0) == c.view(0)  # ... but Ben's and Cem's are hidden from her
    assert a.view(0).bids == (0, None, None)
    for text in ("play W", "play B7"):
        a, c = a.apply(parse_action(text)), c.apply(parse_action(text))
        assert a.view(0) == c.view(0)
    d = run(base, "bid 0, bid 0, bid 1, play W, play B7")
    assert a.view(2) == d.view(2)
    assert a.view(1) != d.view(1)


def test_views_equal_for_hidden_simultaneous_bids_while_bidding() -> None:
    """R4.3: simultaneous bids are hidden while bidding, revealed before the first card."""
    base = game_g(bid_reveal=BidReveal.SIMULTANEOUS)
    a, b = run(base, "bid 1, bid 0"), run(base, "bid 0, bid 1")
    assert a.view(0) == b.view(0)
    a, b = a.apply(Bid(tricks=0)), b.apply(Bid(tricks=0))
    assert a.view(0) != b.view(0)


def test_views_open_bids_are_public() -> None:
    """R4.3: open bids are seen by everyone at once."""
    state = run(game_g(), "bid 1")
    for seat in range(3):
        assert state.view(seat).bids == (None, 1, None)
        assert state.view(seat).blind == (None, False, None)


def test_views_hold_no_state() -> None:
    """A view is a plain value: no field refers to a GameState."""
    state = run(game_g(), "bid 1, bid 0")
    view = state.view(0)
    assert isinstance(view, PlayerView)
    for value in attrs.asdict(view, recurse=False).values():
        assert not isinstance(value, GameState)
    assert view.seat == 0
    assert view.players == NAMES
    assert view.hand == (Card.parse("R1"),)
    assert view.seen_hands == ((Card.parse("R1"),), None, None)
    assert view.hand_sizes == (1, 1, 1)
    assert (view.round_number, view.rounds, view.cards, view.dealer) == (1, 2, 1, 0)
    assert view.is_my_turn
    assert view.allowed_bids == frozenset({0, 1})
    assert not state.view(1).is_my_turn
    with pytest.raises(WizardRulesError):
        state.view(3)


# -- events ----------------------------------------------------------------------------------------------


def test_events_of_a_full_small_game() -> None:
    """`step` returns the transition's events in order, for a whole game."""
    state = game_g(variants=Variant.BLIND_BIDS)
    log: list[tuple[str, tuple[Event, ...]]] = []
    script = (
        "look, bid 1, bid 0 blind, look, bid 0, play W, play B7, play R1, "
        "trump red, look, bid 1, bid 2 blind, bid 0, play B8, play R2, play J, play R3, play W, play B9"
    )
    for text in script.split(","):
        state, events = state.step(parse_action(text))
        log.append((text.strip(), events))
    types = [[type(e) for e in events] for _, events in log]
    assert types == [
        [HandSeen],
        [BidMade],
        [BidMade],
        [HandSeen],
        [BidMade],
        [CardPlayed],
        [CardPlayed],
        [CardPlayed, TrickWon, RoundScored, RoundStarted],
        [TrumpChosen],
        [HandSeen],
        [BidMade],
        [BidMade],
        [BidMade],
        [CardPlayed],
        [CardPlayed],
        [CardPlayed, TrickWon],
        [CardPlayed],
        [CardPlayed],
        [CardPlayed, TrickWon, RoundScored, GameOver],
    ]
    assert log[0][1] == (HandSeen(seat=1),)
    assert log[2][1] == (BidMade(seat=2, bid=0, blind=True),)
    assert log[5][1] == (CardPlayed(seat=1, card=Card.WIZARD),)
    end_1 = log[7][1]
    assert isinstance(end_1[1], TrickWon)
    assert end_1[1].seat == 1
    assert end_1[1].trick.cards == parse_cards("W B7 R1")
    assert isinstance(end_1[2], RoundScored)
    assert end_1[2].round.points == (20, 30, 40)
    assert end_1[2].totals == (20, 30, 40)
    assert end_1[3] == RoundStarted(round_number=2, dealer=1, turned_up=Card.WIZARD, trump=None)
    assert log[8] == ("trump red", (TrumpChosen(seat=1, suit=Suit.RED),))
    first_trick = log[15][1][1]
    assert isinstance(first_trick, TrickWon)
    assert first_trick.seat == 0
    end = log[-1][1]
    assert isinstance(end[2], RoundScored)
    assert end[2].round == state.scoresheet.rounds[1]
    assert end[3] == GameOver(totals=state.totals, standings=state.standings(), winners=state.winners())
    assert state.is_over


def test_events_round_started_reports_the_trump() -> None:
    """RoundStarted names the new round's trump when a suit card is turned up."""
    state = new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=[G_DEALS[0], deal("R2 R3", "W J", "B8 B9", up="Y4")])
    state = run(state, "bid 0, bid 0, bid 0, play W, play B7")
    _, events = state.step(Play(Card.parse("R1")))
    assert events[-1] == RoundStarted(round_number=2, dealer=1, turned_up=Card.parse("Y4"), trump=Suit.YELLOW)


def test_events_start_events_open_round_1() -> None:
    """`start_events` gives round 1 the RoundStarted that `step` gives every later round (R2.6, R3)."""
    state = new_game(NAMES, rules=Rules(schedule=ONE_TWO), deal=[G_DEALS[0], deal("R2 R3", "W J", "B8 B9", up="Y4")])
    assert state.start_events() == (
        RoundStarted(round_number=1, dealer=0, turned_up=state.turned_up, trump=state.trump),
    )
    state = run(state, "bid 0, bid 0, bid 0, play W, play B7")
    state, events = state.step(Play(Card.parse("R1")))
    assert state.start_events() == (events[-1],)  # a state a step moved into a new round: the same event


@pytest.mark.parametrize("preset", [Preset.RULEBOOK, Preset.ANNIVERSARY_2021])
def test_events_every_round_starts_once_for_an_event_driven_ui(preset: Preset) -> None:
    """start_events, then step's events: one RoundStarted per round in order, before the round's first bid, a
    trump not yet named reported by TrumpChosen, and nothing to start once the game is over."""
    rng = random.Random(3)
    state = new_game(["Ann", "Ben", "Cem"], rules=preset.rules(), seed=8)
    log = list(state.start_events())
    while not state.is_over:
        state, events = state.step(rng.choice(state.legal_actions()))
        log += events
    started = [event for event in log if isinstance(event, RoundStarted)]
    assert [event.round_number for event in started] == list(range(1, len(state.scoresheet.rounds) + 1))
    for start in started:
        assert start.dealer == (state.first_dealer + start.round_number - 1) % 3
    for at, event in enumerate(log):
        if isinstance(event, RoundStarted):
            opening = next(e for e in log[at:] if isinstance(e, (TrumpChosen, BidMade)))
            if isinstance(opening, TrumpChosen):  # named by the dealer (R3.2, R8.10): not known at the start
                assert event.trump is None
                assert event.turned_up is not None
    assert state.start_events() == ()


def test_events_step_checks_like_apply() -> None:
    """`step` refuses illegal actions like `apply` and returns the same state."""
    state = game_g()
    with pytest.raises(NotYourTurnError):
        state.step(Bid(tricks=0), seat=0)
    after, _ = state.step(Bid(tricks=0), seat=1)
    assert after == state.apply(Bid(tricks=0))


def test_states_copy_and_pickle_to_equal_states() -> None:
    """A state survives copy.deepcopy and pickle as an equal, still playable value."""
    import copy
    import pickle

    state = new_game(["Ann", "Ben", "Cem"], seed=11)
    state = state.apply(state.legal_actions()[0])
    for clone in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):  # noqa: S301 - our own bytes
        assert clone == state
        assert clone.legal_actions() == state.legal_actions()
        assert clone.apply(clone.legal_actions()[0]) == state.apply(state.legal_actions()[0])


def test_r8_6_before_the_werewolf_holder_names_trump_others_wait_for_them() -> None:
    """R8.6: while the Werewolf's holder is to name the trump, a bid is refused naming that holder."""
    rules = Rules(special_cards=[Special.WEREWOLF], schedule=Schedule(cards_per_round=(1,)))
    deal = Deal(hands=[parse_cards("R1"), parse_cards("WEREWOLF"), parse_cards("B7")], turned_up=Card.parse("G2"))
    state = new_game(3, rules=rules, deal=[deal], first_dealer=0)
    assert (state.phase, state.to_move, state.werewolf) == (Phase.TRUMP, 1, 1)
    with pytest.raises(WrongPhaseError, match="Player 2, who swapped the Werewolf, must first name the trump"):
        state.apply(Bid(tricks=0))


def test_r1_2_a_deal_refuses_declared_cards_saying_so() -> None:
    """R1.2, R8.2: a deal holds cards as dealt; a declared Cloud is a card as played."""
    rules = Rules(special_cards=[Special.CLOUD], schedule=Schedule(cards_per_round=(1,)))
    hands = [parse_cards("CLOUD:R"), parse_cards("R2"), parse_cards("R3")]
    with pytest.raises(DealError, match="is a card as played; a deal holds cards as dealt"):
        new_game(3, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("G1"))])
    hands = [parse_cards("CLOUD"), parse_cards("R2"), parse_cards("R3")]
    with pytest.raises(DealError, match=r"turned-up .* is a card as played"):
        new_game(3, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("CLOUD:G"))])


def test_r8_6_playing_the_werewolf_is_refused_with_the_rule() -> None:
    """R8.6: the Werewolf is never played; asking to play it cites the rule."""
    rules = Rules(special_cards=[Special.WEREWOLF], schedule=Schedule(cards_per_round=(1,)))
    hands = [parse_cards("R1"), parse_cards("R2"), parse_cards("R3")]
    state = new_game(3, rules=rules, deal=[Deal(hands=hands, turned_up=Card.parse("G1"))], first_dealer=0)
    for _ in range(3):
        state = state.apply(Bid(tricks=0))
    with pytest.raises(CardNotHeldError, match=r"the Werewolf is never played: .*\(R8\.6\)"):
        state.apply(Play(Card.parse("WEREWOLF")))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_2_r8_special_cards_keep_the_ladder_and_turn_up_a_card_in_the_last_round(players: int) -> None:
    """R2.2, R1.4: with special cards the ladder still counts on 60 cards, so its last round turns up a card."""
    for specials in ([Special.BOMB], list(Special)):
        state = new_game(players, rules=Rules(special_cards=specials), seed=players)
        assert state.schedule.cards_per_round == tuple(range(1, 60 // players + 1))
        last = state.deals[-1]
        assert all(len(hand) == 60 // players for hand in last.hands)
        assert last.turned_up is not None
        dealt = [card for hand in last.hands for card in hand] + [last.turned_up]
        assert len(dealt) == 61  # 60 dealt and one turned up, of 60 + k cards
    standard = new_game(players, seed=players).deals[-1]
    assert standard.turned_up is None  # the standard deck is used up (R3.4)


def test_apply_takes_the_seat_positionally_or_by_keyword() -> None:
    """`apply(action, seat)` checks the seat as `apply(action, seat=...)` does (R4.1, R5.1)."""
    state = new_game(4, seed=1)
    action = state.legal_actions()[0]
    me = state.to_move
    assert me is not None
    assert state.apply(action, me) == state.apply(action, seat=me) == state.apply(action)
    with pytest.raises(NotYourTurnError):
        state.apply(action, (me + 1) % 4)


@pytest.mark.parametrize("make", [RuleBot, lambda: RandomBot(seed=1), lambda: MonteCarloBot(worlds=2, seed=1)])
def test_r4_5_a_bot_given_its_views_actions_plays_the_unseen_card(make: Callable[[], Any]) -> None:
    """R4.5: a bot driven by its view alone (as over the wire) answers `play unseen` in the clairvoyance round."""
    state = new_game(NAMES, rules=Rules(variants=Variant.CLAIRVOYANCE), seed=2)
    while state.phase is not Phase.PLAYING:
        state = state.apply(state.legal_actions()[0])
    me = state.to_move
    assert me is not None
    view = state.view(me)
    assert make().act(view, view.legal_actions) == PlayUnseen()
