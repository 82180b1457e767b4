"""Tests of RULES R8 (special cards) in the game engine, through the public API.

The examples build games from explicit deals on one-round schedules, with every special card
in the deck unless a test says otherwise. Three players Ann (seat 0), Ben (1) and Cem (2);
Ann deals, so Ben bids first and leads the first trick, and Ann bids last (R4.1, R5.1). "Left"
is the next seat: Ann passes to Ben, Ben to Cem, Cem to Ann (R8.3).

The property tests play whole games of random legal actions under the anniversary decks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

import pytest
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import (
    Action,
    BidChanged,
    Card,
    CardKind,
    CardNotHeldError,
    CardPassed,
    CardPlayed,
    CardsPassed,
    ChangeBid,
    ChooseTrump,
    CloudChange,
    Deal,
    Event,
    GameRecord,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalTrumpError,
    MustFollowSuitError,
    NotationError,
    PassCard,
    Phase,
    Play,
    Preset,
    Round,
    RoundScored,
    RoundStarted,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    Special,
    Suit,
    Trick,
    TrickVoided,
    TrickWon,
    TrumpChosen,
    UndeclaredCardError,
    Variant,
    WrongPhaseError,
    legal_plays,
    new_game,
    parse_action,
    parse_cards,
    random_games,
    round_points,
)
from wizardrules.bots import sample_world

NAMES: Final = ("Ann", "Ben", "Cem", "Dan", "Eve", "Fay")
ANN, BEN, CEM = 0, 1, 2
ALL_SPECIALS: Final = frozenset(Special)
FOUR_SUITS: Final = frozenset(ChooseTrump(suit) for suit in Suit)
UP: Final = ChangeBid(CloudChange.UP)
DOWN: Final = ChangeBid(CloudChange.DOWN)


def deal(*hands: str, up: str | None = None) -> Deal:
    """A round's deal from card notation, one string per seat."""
    return Deal(hands=[parse_cards(h) for h in hands], turned_up=None if up is None else Card.parse(up))


def game(*deals: Deal, specials: Iterable[Special] = ALL_SPECIALS, **rules: Any) -> GameState:
    """A game of the given deals, one round each, with `specials` in the deck; Ann deals first."""
    schedule = Schedule(cards_per_round=tuple(len(d.hands[0]) for d in deals))
    players = NAMES[: len(deals[0].hands)]
    return new_game(
        players, rules=Rules(special_cards=specials, schedule=schedule, **rules), deal=deals, first_dealer=0
    )


def run(state: GameState, actions: str) -> GameState:
    """Apply actions given in notation, separated by commas."""
    for text in actions.split(","):
        if text.strip():
            state = state.apply(parse_action(text))
    return state


def trick(leader: int, cards: str, trump: Suit | None = Suit.YELLOW, players: int = 3) -> Trick:
    """A complete or partial trick value, to compare with the engine's."""
    return Trick(leader=leader, players=players, trump=trump, cards=parse_cards(cards))


def play(card: str) -> Play:
    return Play(Card.parse(card))


def hand_set(state: GameState, seat: int) -> list[Card]:
    return sorted(state.hand(seat))


def cards(text: str) -> list[Card]:
    return sorted(parse_cards(text))


# -- R8.1 Bomb -----------------------------------------------------------------------------------


def test_r8_1_bomb_trick_counts_for_no_one_and_the_would_be_winner_leads() -> None:
    """R8.1: nobody takes the Bomb's trick; Cem, whose R13 would have won, leads next."""
    state = run(game(deal("BOMB G2", "R9 G5", "R13 G7", up="Y1")), "bid 0, bid 1, bid 0, play R9, play R13")
    state, events = state.step(play("BOMB"))
    voided = trick(BEN, "R9 R13 BOMB")
    assert events == (CardPlayed(seat=ANN, card=Card.BOMB), TrickVoided(leader=CEM, trick=voided))
    assert state.completed_tricks == (voided,)
    assert state.completed_tricks[0].winner is None
    assert state.tricks_won == (0, 0, 0)
    assert (state.phase, state.to_move) == (Phase.PLAYING, CEM)
    state = run(state, "play G7, play G2, play G5")
    assert state.is_over
    assert state.tricks_won == (0, 0, 1)
    assert state.totals == (20, 20, 30)


def test_r8_1_bomb_round_has_one_trick_fewer_on_the_sheet() -> None:
    """R8.1: the Bomb round's sheet shows `bombs == 1` and tricks adding up to cards minus 1."""
    state = run(
        game(deal("BOMB G2", "R9 G5", "R13 G7", up="Y1")),
        "bid 0, bid 1, bid 0, play R9, play R13, play BOMB, play G7, play G2, play G5",
    )
    (scored,) = state.scoresheet.rounds
    assert scored.bombs == 1
    assert sum(scored.tricks) == scored.cards - 1 == 1
    assert scored.points == (20, 20, 30)
    assert state.scoresheet.totals == state.totals


def test_r8_1_bomb_round_without_the_bomb_played_has_no_bomb_trick() -> None:
    """R8.1: a Bomb in the deck but not dealt voids nothing: `bombs == 0`, all tricks are taken."""
    state = run(game(deal("R1 G2", "R9 G5", "R13 G7", up="Y1")), "bid 0, bid 0, bid 2, play R9, play R13, play R1")
    state = run(state, "play G7, play G2, play G5")
    (scored,) = state.scoresheet.rounds
    assert (scored.bombs, sum(scored.tricks)) == (0, 2)


def test_r8_1_r8_4_bomb_and_dragon_dragon_player_leads_but_takes_nothing() -> None:
    """R8.1, R8.4: the Dragon would win, so its player leads next, but the Bomb voids the trick."""
    state = run(game(deal("BOMB R1", "DRAGON R2", "W R3", up="Y1")), "bid 0, bid 0, bid 0")
    state, events = state.step(play("DRAGON"))
    state = run(state, "play W")
    state, events = state.step(play("BOMB"))
    assert events[-1] == TrickVoided(leader=BEN, trick=trick(BEN, "DRAGON W BOMB"))
    assert (state.to_move, state.tricks_won) == (BEN, (0, 0, 0))
    state = run(state, "play R2, play R3, play R1")
    assert state.scoresheet.rounds[0].tricks == (0, 0, 1)
    assert state.scoresheet.rounds[0].bombs == 1


def test_r8_1_r8_2_bomb_and_cloud_nobody_wins_no_bid_changes() -> None:
    """R8.1, R8.2 (seed 000): a Cloud in the Bomb's trick changes no bid; play goes straight on."""
    state = run(game(deal("BOMB R1", "CLOUD R2", "R9 R3", up="Y1")), "bid 1, bid 1, bid 0, play CLOUD:R, play R9")
    state, events = state.step(play("BOMB"))
    assert events[-1] == TrickVoided(leader=BEN, trick=trick(BEN, "CLOUD:R R9 BOMB"))
    assert (state.phase, state.to_move) == (Phase.PLAYING, BEN)  # no Cloud phase; the Cloud's Ben leads
    assert state.cloud is None
    assert state.bids == (0, 1, 1)
    state = run(state, "play R2, play R3, play R1")
    (scored,) = state.scoresheet.rounds
    assert scored.bids == scored.final_bids == (0, 1, 1)
    assert scored.cloud is None
    assert (scored.bombs, scored.tricks) == (1, (0, 0, 1))


def test_r8_1_r8_3_bomb_trick_holding_the_juggler_still_passes() -> None:
    """R8.1, R8.3: the Juggler's passing follows a voided trick too, starting with the would-be winner."""
    state = run(game(deal("BOMB R1", "JUGGLER R2", "R8 R3", up="Y1")), "bid 0, bid 0, bid 0, play JUGGLER:R, play R8")
    state = state.apply(play("BOMB"))
    assert (state.phase, state.to_move, state.tricks_won) == (Phase.PASSING, CEM, (0, 0, 0))
    state = run(state, "pass R3, pass R1, pass R2")
    assert [state.hand(seat) for seat in range(3)] == [parse_cards("R3"), parse_cards("R1"), parse_cards("R2")]
    assert (state.phase, state.to_move) == (Phase.PLAYING, CEM)


# -- R8.2 Cloud ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "plays", "winner"),
    [
        pytest.param(("R8", "CLOUD", "R9"), "play CLOUD:R, play R9, play R8", BEN, id="beats-the-9"),
        pytest.param(("R10", "CLOUD", "R9"), "play CLOUD:R, play R9, play R10", ANN, id="loses-to-the-10"),
        pytest.param(("R1", "R13", "CLOUD"), "play R13, play CLOUD:Y, play R1", CEM, id="trumps-as-yellow"),
        pytest.param(("R1", "R13", "CLOUD"), "play R13, play CLOUD:G, play R1", BEN, id="off-suit-loses"),
    ],
)
def test_r8_2_cloud_is_a_9_3_4_of_the_named_suit(hands: tuple[str, str, str], plays: str, winner: int) -> None:
    """R8.2: the Cloud counts as a 9¾ of the suit named when played; it can be trump (yellow here)."""
    state = run(game(deal(*hands, up="Y1")), "bid 0, bid 0, bid 0, " + plays)
    assert state.completed_tricks[0].winner == winner
    assert state.tricks_won[winner] == 1
    assert (state.phase, state.to_move) == (Phase.CLOUD, winner)


def test_r8_2_cloud_winner_changes_their_bid_by_one_either_way() -> None:
    """R8.2: the Cloud's winner, at a bid between 0 and the cards, may go +1 or -1 and must choose."""
    state = run(game(deal("R5 G5", "CLOUD R2", "R9 R3", up="Y1")), "bid 1, bid 0, bid 1, play CLOUD:R, play R9")
    state = state.apply(play("R5"))
    assert (state.phase, state.to_move) == (Phase.CLOUD, BEN)
    assert set(state.legal_actions()) == {UP, DOWN}
    with pytest.raises(WrongPhaseError, match=r"R8\.2"):
        state.apply(play("R2"))
    for change, bid in ((UP, 2), (DOWN, 0)):
        after, events = state.step(change)
        assert events == (BidChanged(seat=BEN, change=change.change, bid=bid),)
        assert after.bids == (1, bid, 0)
        assert after.cloud == (BEN, change.change)
        assert (after.phase, after.to_move) == (Phase.PLAYING, BEN)


def test_r8_2_cloud_at_bid_zero_only_goes_up() -> None:
    """R8.2: at bid 0 the Cloud's winner can only go +1; -1 is an illegal bid."""
    state = run(
        game(deal("R5 G5", "CLOUD R2", "R9 R3", up="Y1")), "bid 0, bid 0, bid 0, play CLOUD:R, play R9, play R5"
    )
    assert state.legal_actions() == (UP,)
    with pytest.raises(IllegalBidError, match=r"R8\.2"):
        state.apply(DOWN)
    assert state.apply(UP).bids == (0, 1, 0)


def test_r8_2_cloud_at_bid_equal_to_cards_only_goes_down() -> None:
    """R8.2: at a bid of the round's card count the Cloud's winner can only go -1."""
    state = run(
        game(deal("R5 G5", "CLOUD R2", "R9 R3", up="Y1")), "bid 2, bid 0, bid 0, play CLOUD:R, play R9, play R5"
    )
    assert state.legal_actions() == (DOWN,)
    with pytest.raises(IllegalBidError, match=r"R8\.2"):
        state.apply(UP)
    assert state.apply(DOWN).bids == (0, 1, 0)


def test_r8_2_cloud_on_the_last_trick_changes_the_bid_before_scoring() -> None:
    """R8.2: a Cloud in the round's last trick still changes the bid, and the round scores it."""
    state = run(game(deal("R2", "CLOUD", "R1", up="Y1")), "bid 0, bid 0, bid 0, play CLOUD:R, play R1, play R2")
    assert not state.is_over
    assert (state.phase, state.to_move, state.legal_actions()) == (Phase.CLOUD, BEN, (UP,))
    state, events = state.step(UP)
    assert state.is_over
    assert isinstance(events[0], BidChanged)
    assert isinstance(events[1], RoundScored)
    scored = events[1].round
    assert (scored.bids, scored.final_bids, scored.tricks) == ((0, 0, 0), (0, 1, 0), (0, 1, 0))
    assert scored.points == (20, 30, 20)  # Ben's changed bid 1 is hit
    assert state.totals == (20, 30, 20)
    assert state.cloud == (BEN, CloudChange.UP)


def test_r8_2_cloud_change_on_the_scoresheet_and_in_the_points() -> None:
    """R8.2: the sheet keeps the bids as made, the final bids and the change; points use the final bid."""
    state = run(
        game(deal("CLOUD R13", "R9 B2", "R1 G3", up="Y1")),
        "bid 0, bid 1, bid 1, play R9, play R1, play CLOUD:R",
    )
    assert (state.phase, state.to_move) == (Phase.CLOUD, ANN)
    state = run(state, "cloud +1, play R13, play B2, play G3")
    (scored,) = state.scoresheet.rounds
    assert isinstance(scored, Round)
    assert scored.bids == (1, 0, 1)
    assert scored.final_bids == (2, 0, 1)
    assert scored.cloud == (ANN, CloudChange.UP)
    assert scored.tricks == (2, 0, 0)
    assert scored.points == (round_points(2, 2), round_points(0, 0), round_points(1, 0)) == (40, 20, -10)
    assert state.totals == state.scoresheet.totals == (40, 20, -10)


# -- R8.3 Juggler --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ann", "winner"), [pytest.param("R6", BEN, id="beats-the-7"), pytest.param("R8", ANN, id="loses-to-the-8")]
)
def test_r8_3_juggler_is_a_7_1_2_of_the_named_suit(ann: str, winner: int) -> None:
    """R8.3: the Juggler counts as a 7½ of the suit named when played."""
    state = run(game(deal(ann, "JUGGLER", "R7", up="Y1")), f"bid 0, bid 0, bid 0, play JUGGLER:R, play R7, play {ann}")
    assert state.is_over
    assert state.completed_tricks == (trick(BEN, f"JUGGLER:R R7 {ann}"),)
    assert state.completed_tricks[0].winner == winner
    assert state.tricks_won[winner] == 1


def test_r8_3_after_the_juggler_trick_everyone_passes_a_card_left_at_once() -> None:
    """R8.3: from the trick's winner on, each chooses a card in turn; then all pass left together."""
    state = run(
        game(deal("R1 W G4", "JUGGLER B5 J", "R8 Y2 B6", up="G1")),
        "bid 0, bid 0, bid 1, play JUGGLER:R, play R8, play R1",
    )
    dealt = state.hands
    assert (state.phase, state.to_move, state.tricks_won) == (Phase.PASSING, CEM, (0, 0, 1))
    assert set(state.legal_actions()) == {PassCard(card) for card in parse_cards("Y2 B6")}
    assert state.passes == (None, None, None)
    state, events = state.step(parse_action("pass B6"))
    assert events == (CardPassed(seat=CEM, card=Card.parse("B6")),)
    assert state.hands == dealt  # nothing moves before everyone has chosen
    assert state.passes == (None, None, Card.parse("B6"))
    assert (state.phase, state.to_move) == (Phase.PASSING, ANN)
    with pytest.raises(CardNotHeldError):
        state.apply(parse_action("pass B6"))
    with pytest.raises(WrongPhaseError, match=r"R8\.3"):
        state.apply(play("W"))
    state = state.apply(parse_action("pass W"))
    assert state.hands == dealt
    assert state.to_move == BEN
    state, events = state.step(parse_action("pass J"))
    assert events == (
        CardPassed(seat=BEN, card=Card.JESTER),
        CardsPassed(cards=(Card.WIZARD, Card.JESTER, Card.parse("B6"))),
    )
    assert [hand_set(state, seat) for seat in range(3)] == [cards("G4 B6"), cards("B5 W"), cards("J Y2")]
    assert state.passes == ()
    assert (state.phase, state.to_move) == (Phase.PLAYING, CEM)  # the trick's winner leads
    assert state.current_trick == trick(CEM, "", Suit.GREEN)


def test_r8_3_no_passing_after_a_juggler_on_the_last_trick() -> None:
    """R8.3: a Juggler in the round's last trick passes nothing; the round is scored at once."""
    state = run(game(deal("R1 G2", "R9 JUGGLER", "R13 G7", up="Y1")), "bid 0, bid 0, bid 0, play R9, play R13, play R1")
    assert (state.phase, state.to_move) == (Phase.PLAYING, CEM)
    state = run(state, "play G7, play G2")
    state, events = state.step(play("JUGGLER:G"))
    assert state.is_over
    assert [type(event) for event in events][:3] == [CardPlayed, TrickWon, RoundScored]
    assert not any(isinstance(event, (CardPassed, CardsPassed)) for event in events)


# -- R8.4 Dragon, R8.5 Fairy ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "plays", "winner"),
    [
        pytest.param(("W", "W", "DRAGON"), "W DRAGON W", CEM, id="dragon-beats-wizards"),
        pytest.param(("R2", "R13", "DRAGON"), "R13 DRAGON R2", CEM, id="dragon-beats-the-lead"),
        pytest.param(("Y13", "R13", "DRAGON"), "R13 DRAGON Y13", CEM, id="dragon-beats-trump"),
        pytest.param(("FAIRY", "DRAGON", "R13"), "DRAGON R13 FAIRY", ANN, id="fairy-beats-dragon"),
        pytest.param(("FAIRY", "W", "DRAGON"), "W DRAGON FAIRY", ANN, id="dragon-fairy-and-wizard"),
    ],
)
def test_r8_4_dragon_wins_over_everything_unless_the_fairy_is_there(
    hands: tuple[str, str, str], plays: str, winner: int
) -> None:
    """R8.4, R8.9: the Dragon wins over Wizards and trumps; with the Fairy in the trick the Fairy wins."""
    state = run(game(deal(*hands, up="Y1")), "bid 0, bid 0, bid 0, " + ", ".join(f"play {c}" for c in plays.split()))
    assert state.completed_tricks == (trick(BEN, plays),)
    assert state.scoresheet.rounds[0].tricks[winner] == 1


@pytest.mark.parametrize(
    ("hands", "plays", "winner"),
    [
        pytest.param(("J", "J", "FAIRY"), "J FAIRY J", BEN, id="below-jesters"),
        pytest.param(("J", "FAIRY", "R1"), "FAIRY R1 J", CEM, id="below-a-suit-card"),
        pytest.param(("FAIRY", "SHAPESHIFTER", "J"), "SHAPESHIFTER:J J FAIRY", BEN, id="below-a-declared-jester"),
    ],
)
def test_r8_5_fairy_loses_every_trick_without_the_dragon(hands: tuple[str, str, str], plays: str, winner: int) -> None:
    """R8.5, R8.9: the Fairy loses even to Jesters when the Dragon is not in the trick."""
    state = run(game(deal(*hands, up="Y1")), "bid 0, bid 0, bid 0, " + ", ".join(f"play {c}" for c in plays.split()))
    assert state.completed_tricks[0].winner == winner
    assert state.tricks_won[winner] == 1


# -- R8.6 Werewolf -------------------------------------------------------------------------------

WOLF_DEAL: Final = deal("R1 R2", "B3 B4", "WEREWOLF G7", up="Y9")


def test_r8_6_werewolf_holder_swaps_it_for_the_turned_up_card() -> None:
    """R8.6: Cem, dealt the Werewolf, takes the turned-up Y9 into the hand before bidding."""
    state = game(WOLF_DEAL)
    assert state.werewolf == CEM
    assert hand_set(state, CEM) == cards("Y9 G7")
    assert all(Card.WEREWOLF not in hand for hand in state.hands)
    assert Card.WEREWOLF in state.deals[0].hands[CEM]  # the deal is kept as dealt, for replays
    assert (state.phase, state.to_move, state.trump) == (Phase.TRUMP, CEM, None)


@pytest.mark.parametrize("suit", [None, *Suit])
def test_r8_6_werewolf_holder_names_the_trump_or_no_trump(suit: Suit | None) -> None:
    """R8.6: the Werewolf's holder names any suit or no trump; the first bidder stays left of the dealer."""
    state = game(WOLF_DEAL)
    assert set(state.legal_actions()) == FOUR_SUITS | {ChooseTrump(None)}
    state, events = state.step(ChooseTrump(suit))
    assert events == (TrumpChosen(seat=CEM, suit=suit),)
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, BEN, suit)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.scoresheet.rounds[0].trump is suit


def test_r8_6_werewolf_turned_up_dealer_chooses_a_suit() -> None:
    """R8.6, R8.10: a turned-up Werewolf swaps with nobody; the dealer names a suit, not no trump."""
    state = game(deal("R1", "B3", "G7", up="WEREWOLF"))
    assert state.werewolf is None
    assert (state.phase, state.to_move) == (Phase.TRUMP, ANN)
    assert set(state.legal_actions()) == FOUR_SUITS
    with pytest.raises(IllegalTrumpError, match=r"R3\.2"):
        state.apply(ChooseTrump(None))
    state, events = state.step(ChooseTrump(Suit.GREEN))
    assert events == (TrumpChosen(seat=ANN, suit=Suit.GREEN),)
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, BEN, Suit.GREEN)


def test_r8_6_werewolf_dealt_with_a_wizard_turned_up_holder_chooses_instead_of_dealer() -> None:
    """R8.6, R3.2: the holder's choice replaces the dealer's after a turned-up Wizard; no trump is allowed."""
    state = game(deal("R1 R2", "B3 B4", "WEREWOLF G7", up="W"))
    assert state.werewolf == CEM
    assert (state.phase, state.to_move) == (Phase.TRUMP, CEM)  # not Ann, the dealer
    assert hand_set(state, CEM) == cards("G7 W")
    assert ChooseTrump(None) in state.legal_actions()
    state, events = state.step(ChooseTrump(None))
    assert events == (TrumpChosen(seat=CEM, suit=None),)
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, BEN, None)


def test_r8_6_werewolf_holder_has_looked_the_dealer_has_not() -> None:
    """R8.6, R4.4: the holder looked to name the trump; the dealer, who chose nothing, may still bid blind."""
    state = game(deal("R1 R2", "B3 B4", "WEREWOLF G7", up="W"), variants=Variant.BLIND_BIDS)
    assert state.looked == (False, False, True)
    state = run(state, "trump red, bid 0 blind, bid 1")
    assert state.to_move == ANN
    assert parse_action("bid 1 blind") in state.legal_actions()


def test_r8_6_werewolf_left_in_the_deck_does_nothing() -> None:
    """R8.6: a Werewolf nobody was dealt changes nothing: the turned-up card sets the trump as usual."""
    state = game(deal("R1", "B3", "G7", up="R5"))
    assert state.werewolf is None
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, BEN, Suit.RED)


def test_r8_6_werewolf_is_never_played() -> None:
    """R8.6: no legal action ever plays the Werewolf, and playing it is refused."""
    state = run(game(WOLF_DEAL), "trump none, bid 0, bid 0, bid 0")
    assert all(action != play("WEREWOLF") for action in state.legal_actions())
    state = state.apply(play("B3"))
    assert play("WEREWOLF") not in state.legal_actions()
    with pytest.raises(CardNotHeldError):
        state.apply(play("WEREWOLF"))


def test_r8_6_round_started_event_names_the_werewolf_holder() -> None:
    """R8.6: the next round's `RoundStarted` says who swapped the Werewolf; its holder then names the trump."""
    state = game(deal("R1", "R2", "R3", up="Y1"), deal("WEREWOLF", "R5", "R6", up="G2"))
    state = run(state, "bid 0, bid 0, bid 0, play R2, play R3")
    state, events = state.step(play("R1"))
    assert isinstance(events[-2], RoundScored)
    assert events[-1] == RoundStarted(round_number=2, dealer=BEN, turned_up=Card.parse("G2"), trump=None, werewolf=ANN)
    assert (state.phase, state.to_move, state.werewolf) == (Phase.TRUMP, ANN, ANN)
    assert state.hand(ANN) == parse_cards("G2")
    state = state.apply(ChooseTrump(None))
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, CEM, None)  # left of Ben, the dealer


@pytest.mark.parametrize("kind", [ScheduleKind.MAXIMUS, ScheduleKind.EINFARBIG])
def test_r8_6_werewolf_needs_a_turned_up_card_in_every_round(kind: ScheduleKind) -> None:
    """R8.6, R3.5: a schedule turning up no card (fixed trumps) cannot be played with the Werewolf."""
    rules = Rules(special_cards={Special.WEREWOLF}, schedule=kind)
    with pytest.raises(RulesError, match="Werewolf"):
        rules.schedule_for(4)
    with pytest.raises(RulesError, match="Werewolf"):
        new_game(4, rules=rules, seed=1)
    new_game(4, rules=Rules(special_cards=ALL_SPECIALS - {Special.WEREWOLF}, schedule=kind), seed=1)


# -- R8.7 Shapeshifter ---------------------------------------------------------------------------


def test_r8_7_shapeshifter_declared_wizard_leads_frees_the_trick_and_wins() -> None:
    """R8.7, R8.8: SHAPESHIFTER:W is a Wizard: led, it frees the trick, and as the first Wizard it wins."""
    state = run(game(deal("W R1", "SHAPESHIFTER R5", "R13 B2", up="Y1")), "bid 0, bid 1, bid 0")
    state = state.apply(play("SHAPESHIFTER:W"))
    assert {play("R13"), play("B2")} <= set(state.legal_actions())
    state = run(state, "play B2, play W")
    assert state.completed_tricks == (trick(BEN, "SHAPESHIFTER:W B2 W"),)
    assert (state.tricks_won, state.to_move) == ((0, 1, 0), BEN)


def test_r8_7_shapeshifter_declared_jester_leads_sets_nothing_and_loses() -> None:
    """R8.7, R8.8: SHAPESHIFTER:J is a Jester: led, it sets no suit, and it loses to the suit card after it."""
    state = run(game(deal("R2 B13", "SHAPESHIFTER R5", "G5 B2", up="Y1")), "bid 0, bid 0, bid 1")
    state = run(state, "play SHAPESHIFTER:J, play G5")
    assert state.current_trick.led_suit is Suit.GREEN
    assert set(state.legal_actions()) == {play("R2"), play("B13")}  # Ann holds no green
    state = run(state, "play B13")
    assert state.completed_tricks[0].winner == CEM


def test_r8_7_shapeshifter_declared_jester_does_not_free_the_trick() -> None:
    """R8.7, R8.8: after a led SHAPESHIFTER:J the first suit card sets the suit, which must be followed."""
    state = run(game(deal("R2 B13", "SHAPESHIFTER R5", "R9 B2", up="Y1")), "bid 0, bid 0, bid 1")
    state = run(state, "play SHAPESHIFTER:J, play R9")
    assert set(state.legal_actions()) == {play("R2")}
    with pytest.raises(MustFollowSuitError):
        state.apply(play("B13"))
    state = run(state, "play R2")
    assert state.completed_tricks[0].winner == CEM


@pytest.mark.parametrize("special", ["CLOUD", "JUGGLER", "SHAPESHIFTER"])
def test_r8_7_r8_2_r8_3_undeclared_play_is_refused(special: str) -> None:
    """R8.2, R8.3, R8.7: a Cloud or Juggler needs a named suit, a Shapeshifter a role, when played."""
    state = run(game(deal("R1", special, "R3", up="Y1")), "bid 0, bid 0, bid 0")
    assert play(special) not in state.legal_actions()
    assert all(a.card.kind.value == special for a in state.legal_actions() if isinstance(a, Play))
    with pytest.raises(UndeclaredCardError) as caught:
        state.apply(play(special))
    assert isinstance(caught.value, IllegalActionError)
    assert (state.phase, state.to_move) == (Phase.PLAYING, BEN)


# -- R8.8 led suit -------------------------------------------------------------------------------


@pytest.mark.parametrize("lead", ["CLOUD:B", "JUGGLER:B"])
def test_r8_8_cloud_and_juggler_set_the_led_suit(lead: str) -> None:
    """R8.8: a led Cloud or Juggler sets its named suit, which the others must follow."""
    special = lead.split(":", maxsplit=1)[0]
    state = run(game(deal("R1 B1", f"{special} Y5", "B2 R13", up="Y1")), "bid 0, bid 0, bid 0")
    state = state.apply(play(lead))
    assert state.current_trick.led_suit is Suit.BLUE
    assert set(state.legal_actions()) == {play("B2")}
    with pytest.raises(MustFollowSuitError):
        state.apply(play("R13"))


@pytest.mark.parametrize("lead", ["DRAGON", "SHAPESHIFTER:W"])
def test_r8_8_dragon_and_declared_wizard_free_the_trick(lead: str) -> None:
    """R8.8: a led Dragon or SHAPESHIFTER:W frees the trick like a Wizard: no suit is ever led."""
    special = lead.split(":", maxsplit=1)[0]
    state = run(game(deal("R1 G2", f"{special} Y5", "R5 B2", up="Y1")), "bid 0, bid 0, bid 0")
    state = run(state, f"play {lead}, play R5")
    assert state.current_trick.led_suit is None
    assert set(state.legal_actions()) == {play("R1"), play("G2")}
    state = state.apply(play("G2"))
    assert state.completed_tricks[0].winner == BEN


@pytest.mark.parametrize("lead", ["BOMB", "FAIRY", "SHAPESHIFTER:J"])
def test_r8_8_bomb_fairy_and_declared_jester_set_nothing(lead: str) -> None:
    """R8.8: after a led Bomb, Fairy or SHAPESHIFTER:J the next suit card sets the led suit."""
    special = lead.split(":", maxsplit=1)[0]
    state = run(game(deal("G2 R9", f"{special} Y5", "G5 B2", up="Y1")), "bid 0, bid 0, bid 0")
    state = state.apply(play(lead))
    assert state.current_trick.led_suit is None
    assert set(state.legal_actions()) == {play("G5"), play("B2")}
    state = state.apply(play("G5"))
    assert set(state.legal_actions()) == {play("G2")}
    with pytest.raises(MustFollowSuitError):
        state.apply(play("R9"))


@pytest.mark.parametrize("special", ["DRAGON", "FAIRY", "BOMB", "CLOUD", "JUGGLER", "SHAPESHIFTER"])
def test_r8_8_special_cards_may_always_be_played(special: str) -> None:
    """R8 (intro): a player holding the led suit may still play any special card, in any declaration."""
    state = run(game(deal("R1 G2", "R5 Y5", f"R9 {special}", up="Y1")), "bid 0, bid 0, bid 0, play R5")
    legal = set(state.legal_actions())
    declared = {Play(card) for card in Special(special).card.declarations()}
    assert legal == {play("R9")} | declared
    for action in declared:  # an off-suit Cloud or Juggler too
        assert state.apply(action).current_trick.cards[-1] == action.card


# -- R8.9 winner ---------------------------------------------------------------------------------


def test_r8_9_jesters_fairy_and_bomb_first_jester_would_win() -> None:
    """R8.9: a trick of a Jester, the Fairy and the Bomb: nobody wins, the first Jester's player leads."""
    state = run(game(deal("BOMB R1", "FAIRY R2", "J R3", up="Y1")), "bid 0, bid 0, bid 0, play FAIRY, play J")
    state, events = state.step(play("BOMB"))
    assert events[-1] == TrickVoided(leader=CEM, trick=trick(BEN, "FAIRY J BOMB"))
    assert state.to_move == CEM


def test_r8_9_declared_cards_count_as_declared() -> None:
    """R8.9: with no Wizard the highest trump wins: a yellow Cloud beats a yellow Juggler and the Y9."""
    state = run(game(deal("Y9", "JUGGLER", "CLOUD", up="Y1")), "bid 0, bid 0, bid 0, play JUGGLER:Y, play CLOUD:Y")
    state = state.apply(play("Y9"))
    assert state.completed_tricks[0].winner == CEM


# -- R8.10 special card turned up ----------------------------------------------------------------


@pytest.mark.parametrize("special", ["BOMB", "FAIRY"])
def test_r8_10_turned_up_bomb_or_fairy_means_no_trump(special: str) -> None:
    """R8.10: a turned-up Bomb or Fairy: no trump, bidding starts at once."""
    state = game(deal("R1", "B3", "G7", up=special))
    assert state.turned_up == Card.parse(special)
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, BEN, None)


@pytest.mark.parametrize("special", ["DRAGON", "CLOUD", "JUGGLER", "SHAPESHIFTER", "WEREWOLF"])
def test_r8_10_turned_up_special_card_dealer_chooses_a_suit(special: str) -> None:
    """R8.10: a turned-up Dragon, Cloud, Juggler, Shapeshifter or Werewolf: the dealer names one of four suits."""
    state = game(deal("R1", "B3", "G7", up=special))
    assert state.turned_up == Card.parse(special)
    assert (state.phase, state.to_move, state.trump) == (Phase.TRUMP, ANN, None)
    assert set(state.legal_actions()) == FOUR_SUITS
    with pytest.raises(IllegalTrumpError, match=r"R3\.2"):
        state.apply(ChooseTrump(None))
    state = state.apply(ChooseTrump(Suit.BLUE))
    assert (state.phase, state.to_move, state.trump) == (Phase.BIDDING, BEN, Suit.BLUE)


# -- R8.11 order of effects ----------------------------------------------------------------------


def test_r8_11_cloud_before_juggler_in_one_trick() -> None:
    """R8.11: a trick holding the Cloud and the Juggler: first the bid change, then the passing."""
    state = run(
        game(deal("CLOUD R5", "R9 B2", "JUGGLER G3", up="Y1")),
        "bid 1, bid 1, bid 1, play R9, play JUGGLER:R, play CLOUD:R",
    )
    assert (state.phase, state.to_move) == (Phase.CLOUD, ANN)
    with pytest.raises(WrongPhaseError):
        state.apply(parse_action("pass R5"))
    state, events = state.step(DOWN)
    assert events == (BidChanged(seat=ANN, change=CloudChange.DOWN, bid=0),)
    assert (state.phase, state.to_move, state.passes) == (Phase.PASSING, ANN, (None, None, None))
    state = run(state, "pass R5, pass B2, pass G3")
    assert state.hands == (parse_cards("G3"), parse_cards("R5"), parse_cards("B2"))
    assert (state.phase, state.to_move) == (Phase.PLAYING, ANN)
    state = run(state, "play G3, play R5, play B2")
    (scored,) = state.scoresheet.rounds
    assert (scored.bids, scored.final_bids, scored.tricks) == ((1, 1, 1), (0, 1, 1), (2, 0, 0))


# -- records and notation ------------------------------------------------------------------------

SPECIAL_GAME_DEALS: Final = (
    deal("CLOUD R5 B7", "R9 B2 BOMB", "JUGGLER G3 W", up="Y1"),
    deal("WEREWOLF DRAGON R1", "FAIRY J G13", "SHAPESHIFTER B4 Y8", up="R12"),
)
SPECIAL_GAME_ACTIONS: Final = (
    "bid 1, bid 1, bid 1, play R9, play JUGGLER:R, play CLOUD:R, cloud +1, pass R5, pass B2, pass G3, "
    "play G3, play BOMB, play W, play B2, play B7, play R5, "
    "trump none, bid 0, bid 1, bid 2, play SHAPESHIFTER:W, play DRAGON, play FAIRY, "
    "play G13, play Y8, play R1, play J, play B4, play R12"
)


def special_game_states() -> list[GameState]:
    state = game(*SPECIAL_GAME_DEALS)
    states = [state]
    for text in SPECIAL_GAME_ACTIONS.split(","):
        state = state.apply(parse_action(text))
        states.append(state)
    return states


def test_record_of_a_special_card_game_replays_to_an_equal_state() -> None:
    """R8: a special-card game's record, also through JSON, replays to an equal state at every step."""
    states = special_game_states()
    phases = {state.phase for state in states}
    assert {Phase.TRUMP, Phase.CLOUD, Phase.PASSING, Phase.OVER} <= phases
    for state in states:
        record = GameRecord.from_state(state)
        assert record.replay() == state
        assert GameRecord.from_json(record.to_json()).replay() == state
    final = states[-1]
    again = GameRecord.from_json(GameRecord.from_state(final).to_json(indent=2))
    assert again == GameRecord.from_state(final)
    assert again.replay().scoresheet == final.scoresheet
    assert [str(action) for action in again.actions] == [t.strip() for t in SPECIAL_GAME_ACTIONS.split(",")]
    first, second = final.scoresheet.rounds
    assert (first.bombs, first.cloud, first.final_bids) == (1, (ANN, CloudChange.UP), (2, 1, 1))
    assert (second.bombs, second.trump, second.tricks) == (0, None, (0, 2, 1))
    assert (first.points, second.points) == ((40, -10, -10), (-10, 40, -10))
    assert final.totals == final.scoresheet.totals == (30, 30, -20)


def test_record_of_a_random_anniversary_game_replays() -> None:
    """R8: random play under the 2021 deck records and replays exactly, through JSON too."""
    state = new_game(4, rules=Preset.ANNIVERSARY_2021.rules(), seed=8)
    rng = random.Random(8)
    while not state.is_over:
        if state.phase in (Phase.CLOUD, Phase.PASSING, Phase.TRUMP):
            assert GameRecord.from_json(GameRecord.from_state(state).to_json()).replay() == state
        state = state.apply(rng.choice(state.legal_actions()))
    assert GameRecord.from_json(GameRecord.from_state(state).to_json()).replay() == state


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("cloud +1", ChangeBid(CloudChange.UP)),
        ("cloud -1", ChangeBid(CloudChange.DOWN)),
        ("trump none", ChooseTrump(None)),
        ("pass R7", PassCard(Card.parse("R7"))),
        ("pass W", PassCard(Card.WIZARD)),
        ("pass CLOUD", PassCard(Card.CLOUD)),
        ("pass SHAPESHIFTER", PassCard(Card.SHAPESHIFTER)),
        ("play CLOUD:R", Play(Card.CLOUD.declared(Suit.RED))),
        ("play JUGGLER:G", Play(Card.JUGGLER.declared(Suit.GREEN))),
        ("play SHAPESHIFTER:W", Play(Card.SHAPESHIFTER.declared(CardKind.WIZARD))),
        ("play SHAPESHIFTER:J", Play(Card.SHAPESHIFTER.declared(CardKind.JESTER))),
        ("play DRAGON", Play(Card.DRAGON)),
        ("play BOMB", Play(Card.BOMB)),
    ],
)
def test_r8_notation_of_the_new_actions_round_trips(text: str, action: Action) -> None:
    """R8: the special actions' notation parses to the action and formats back to the same text."""
    assert parse_action(text) == action
    assert str(action) == text
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("cloud up", ChangeBid(CloudChange.UP)),
        ("Cloud Down", ChangeBid(CloudChange.DOWN)),
        ("TRUMP None", ChooseTrump(None)),
        ("pass z", PassCard(Card.WIZARD)),
        ("play wolke:b", Play(Card.CLOUD.declared(Suit.BLUE))),
    ],
)
def test_r8_notation_aliases(text: str, action: Action) -> None:
    """R8: the notation reads `up`/`down`, any case and the German names."""
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["pass CLOUD:R", "cloud +2", "cloud", "pass", "trump nothing"])
def test_r8_notation_errors(text: str) -> None:
    """R8: a declared card cannot be passed; a Cloud change is +1 or -1."""
    with pytest.raises(NotationError):
        parse_action(text)


# -- layers and the special cards ----------------------------------------------------------------


@pytest.mark.parametrize("rules", [Preset.ANNIVERSARY_2016.rules(), Rules(special_cards={Special.BOMB})])
def test_r8_random_games_play_special_cards_through_the_engine(rules: Rules) -> None:
    """R8: random games with special cards are played by the engine, and each replays to its totals."""
    for game in random_games(2, players=4, rules=rules, seed=8):
        assert game.record().replay().totals == game.totals
        assert len(game.rounds) == 15


@pytest.mark.parametrize("rules", [Preset.ANNIVERSARY_2021.rules(), Rules(special_cards={Special.CLOUD})])
def test_r8_sample_world_refuses_special_cards(rules: Rules) -> None:
    """R8: the world sampler deals the standard deck only and says so."""
    state = new_game(4, rules=rules, seed=3)
    with pytest.raises(RulesError, match="R8"):
        sample_world(state.view(0), random.Random(0))


# -- properties of random games ------------------------------------------------------------------

SPECIAL_RULES: Final = (
    Rules(special_cards=ALL_SPECIALS),
    Preset.ANNIVERSARY_2016.rules(),
    Preset.ANNIVERSARY_2021.rules(),
)


@frozen
class Step:
    """One transition of a random game."""

    before: GameState
    action: Action
    after: GameState
    events: tuple[Event, ...]


@frozen
class PlayedRound:
    """A finished round of a random game: its sheet entry and its trick events."""

    round: Round
    tricks: tuple[TrickWon | TrickVoided, ...]
    totals: tuple[int, ...]


def playout(rules: Rules, players: int, seed: int) -> list[Step]:
    """A whole game of random legal actions, dealt and chosen from `seed`."""
    state = new_game(players, rules=rules, seed=seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        after, events = state.step(action)
        steps.append(Step(state, action, after, events))
        state = after
    return steps


def played_rounds(steps: Sequence[Step]) -> list[PlayedRound]:
    rounds: list[PlayedRound] = []
    tricks: list[TrickWon | TrickVoided] = []
    for step in steps:
        for event in step.events:
            if isinstance(event, (TrickWon, TrickVoided)):
                tricks.append(event)
            elif isinstance(event, RoundScored):
                rounds.append(PlayedRound(event.round, tuple(tricks), event.totals))
                tricks = []
    return rounds


def has(trick: Trick, kind: CardKind) -> bool:
    return any(card.kind is kind for card in trick.cards)


games = st.tuples(st.sampled_from(SPECIAL_RULES), st.integers(3, 6), st.integers(0, 2**32 - 1))
FEW: Final = settings(max_examples=20, deadline=None)


@FEW
@given(games)
def test_r8_1_property_tricks_taken_add_up_to_cards_minus_bomb_tricks(setup: tuple[Rules, int, int]) -> None:
    """R8.1: in every round the tricks taken add up to the cards less the Bomb's voided trick."""
    steps = playout(*setup)
    rounds = played_rounds(steps)
    assert len(rounds) == steps[-1].after.schedule.rounds
    for played in rounds:
        voided = [t for t in played.tricks if isinstance(t, TrickVoided)]
        assert len(played.tricks) == played.round.cards
        assert all(has(t.trick, CardKind.BOMB) == isinstance(t, TrickVoided) for t in played.tricks)
        assert played.round.bombs == len(voided) <= 1
        assert sum(played.round.tricks) == played.round.cards - played.round.bombs


@FEW
@given(games)
def test_r8_2_property_cloud_changes_one_bid_by_one_unless_bombed(setup: tuple[Rules, int, int]) -> None:
    """R8.2: the Cloud's winner changes exactly their bid by exactly one; with the Bomb nobody changes."""
    steps = playout(*setup)
    for step in steps:
        if step.before.phase is Phase.CLOUD:
            seat = step.before.to_move
            assert seat is not None
            (changed,) = (e for e in step.events if isinstance(e, BidChanged))
            old = step.before.bids[seat]
            assert old is not None
            assert changed.seat == seat
            assert changed.bid == old + changed.change.delta
            assert 0 <= changed.bid <= step.before.cards
    for played in played_rounds(steps):
        clouds = [t for t in played.tricks if has(t.trick, CardKind.CLOUD)]
        entry = played.round
        differences = [f - b for b, f in zip(entry.bids, entry.final_bids, strict=True)]
        if clouds and isinstance(clouds[0], TrickWon):
            assert entry.cloud is not None
            seat, change = entry.cloud
            assert seat == clouds[0].seat
            assert sorted(map(abs, differences)) == [0] * (len(differences) - 1) + [1]
            assert differences[seat] == change.delta
        else:
            assert entry.cloud is None
            assert entry.bids == entry.final_bids
        assert entry.points == tuple(round_points(b, t) for b, t in zip(entry.final_bids, entry.tricks, strict=True))


@FEW
@given(games)
def test_r8_3_property_passing_keeps_every_hand_size(setup: tuple[Rules, int, int]) -> None:
    """R8.3: passing keeps each hand's size; each hand gives its chosen card and gets the right neighbour's."""
    for step in playout(*setup):
        if step.before.phase is not Phase.PASSING:
            continue
        before, after = step.before, step.after
        n = len(before.players)
        assert [len(h) for h in after.hands] == [len(h) for h in before.hands]
        assert Counter(c for h in after.hands for c in h) == Counter(c for h in before.hands for c in h)
        passed = [e for e in step.events if isinstance(e, CardsPassed)]
        if after.phase is Phase.PASSING:
            assert after.hands == before.hands
            assert not passed
            continue
        (moved,) = passed
        for seat in range(n):
            expected = Counter(before.hands[seat])
            expected[moved.cards[seat]] -= 1
            expected[moved.cards[(seat - 1) % n]] += 1
            assert Counter(after.hands[seat]) == +expected


@frozen
class EngineTrick:
    """A finished trick as the engine scored it: who it credited and who is to move next."""

    trick: Trick
    credited: int | None
    """The seat whose trick count went up, `None` when nobody's did."""
    next_to_move: int | None
    """The seat to move after the trick, `None` when the trick ended the round."""


def engine_tricks(steps: Sequence[Step]) -> list[EngineTrick]:
    """The finished tricks of a game, with the engine's own credit (not the events' trick winner)."""
    found = []
    for step in steps:
        done = [e.trick for e in step.events if isinstance(e, (TrickWon, TrickVoided))]
        if not done:
            continue
        (finished,) = done
        scored = [e.round for e in step.events if isinstance(e, RoundScored)]
        won_after = scored[0].tricks if scored else step.after.tricks_won
        gained = [after - before for after, before in zip(won_after, step.before.tricks_won, strict=True)]
        assert sorted(gained)[:-1] == [0] * (len(gained) - 1)
        assert max(gained) in (0, 1)
        credited = gained.index(1) if 1 in gained else None
        found.append(EngineTrick(finished, credited, None if scored else step.after.to_move))
    return found


@FEW
@given(games)
def test_r8_4_property_dragon_without_fairy_wins(setup: tuple[Rules, int, int]) -> None:
    """R8.4, R8.5: the engine credits a trick holding the Dragon and not the Fairy to the Dragon's player
    (who leads on after a Bomb); with the Fairy too, to the Fairy's player."""
    for result in engine_tricks(playout(*setup)):
        done = result.trick
        kinds = [card.kind for card in done.cards]
        if CardKind.DRAGON not in kinds:
            continue
        dragon = done.seats[kinds.index(CardKind.DRAGON)]
        winner = done.seats[kinds.index(CardKind.FAIRY)] if CardKind.FAIRY in kinds else dragon
        assert result.credited == (None if CardKind.BOMB in kinds else winner)
        assert result.next_to_move in (None, winner)


@FEW
@given(games)
def test_r8_9_property_engine_agrees_with_the_trick_rules(setup: tuple[Rules, int, int]) -> None:
    """R8.8, R8.9: the engine's legal plays, trick winners and next leaders agree with `wizardrules.tricks`."""
    steps = playout(*setup)
    for step in steps:
        state = step.before
        if state.phase is Phase.PLAYING:
            seat = state.to_move
            assert seat is not None
            allowed = legal_plays(state.hand(seat), state.current_trick.cards)
            assert sorted(state.legal_actions(), key=str) == sorted(
                (Play(declared) for card in allowed for declared in card.declarations()), key=str
            )
    for result in engine_tricks(steps):
        assert result.credited == result.trick.winner
        assert result.next_to_move in (None, result.trick.next_leader)


@FEW
@given(games)
def test_r8_property_scoresheet_totals_equal_state_totals(setup: tuple[Rules, int, int]) -> None:
    """R6.3, R8: after every round the sheet's totals equal the state's, Cloud changes and Bombs included."""
    steps = playout(*setup)
    for step in steps:
        if step.after.round_number != step.before.round_number or step.after.is_over:
            assert step.after.scoresheet.totals == step.after.totals
    final = steps[-1].after
    running = [0] * len(final.players)
    for played in played_rounds(steps):
        running = [total + points for total, points in zip(running, played.round.points, strict=True)]
        assert played.totals == tuple(running)
    assert final.is_over
    assert final.scoresheet.totals == final.totals == tuple(running)
