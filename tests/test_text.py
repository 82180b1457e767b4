"""Readable text: `str()` of suits, cards, tricks, events, views and states, and `to_text` in German (R1.3)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wizardrules
from wizardrules import (
    ALL_CARDS,
    BidChanged,
    BidChangeHidden,
    BidHidden,
    BidMade,
    BidsRevealed,
    Card,
    CardError,
    CardPassed,
    CardPlayed,
    CardsPassed,
    CloudChange,
    GameOver,
    HandSeen,
    Language,
    PassHidden,
    PassReceived,
    PlayerError,
    Preset,
    Round,
    RoundScored,
    RoundStarted,
    Rules,
    Schedule,
    ScoreSheet,
    Suit,
    TieBreak,
    Trick,
    TrickVoided,
    TrickWon,
    TrumpChosen,
    new_game,
    parse_cards,
)

NAMES = ("Ann", "Ben", "Cem")


def test_r1_3_str_of_a_suit_is_its_name_and_german_by_to_text() -> None:
    """R1.3: `str(suit)` is the English name as it stands in a sentence; German by `to_text`."""
    assert [str(suit) for suit in Suit] == ["red", "yellow", "green", "blue"]
    assert [suit.to_text(language=Language.DE) for suit in Suit] == ["Rot", "Gelb", "Grün", "Blau"]
    assert f"trump {Suit.GREEN}" == "trump green"
    assert repr(Suit.GREEN) == "<Suit.GREEN: 'G'>"
    with pytest.raises(CardError, match="language 'de'"):
        Suit.RED.to_text(language="de")  # type: ignore[arg-type]


@pytest.mark.parametrize("card", ALL_CARDS)
def test_r1_2_str_of_a_card_stays_its_notation_and_repr_evaluates(card: Card) -> None:
    """R1.2: `str(card)` is the canonical notation, which parses back; the repr evaluates to the card;
    `to_text` gives the display name (R1.3)."""
    assert Card.parse(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card  # noqa: S307 - the repr is a constructor call
    assert card.to_text() == card.display()
    assert card.to_text(language=Language.DE) == card.display(Language.DE)


def test_r5_4_str_of_a_trick_names_cards_trump_and_the_winner() -> None:
    """R5.4 (seed 002): trump red, B13 R2 B9 → the second card wins; the text says who and with what."""
    trick = Trick(leader=2, players=3, trump=Suit.RED, cards=parse_cards("B13 R2 B9"))
    assert str(trick) == "Seat 2 Blue 13, Seat 0 Red 2, Seat 1 Blue 9 (trump red): Seat 0 wins the trick with Red 2"
    assert trick.to_text(language=Language.DE, names=NAMES) == (
        "Cem Blau 13, Ann Rot 2, Ben Blau 9 (Trumpf Rot): Ann gewinnt den Stich mit Rot 2"
    )
    started = Trick(leader=1, players=3, trump=None, cards=parse_cards("W"))
    assert str(started) == "Seat 1 Wizard (no trump); Seat 2 to play"
    assert str(Trick(leader=0, players=3, trump=None)) == "Seat 0 leads; no cards yet"
    assert repr(started) == "Trick(leader=1, players=3, trump=None, cards=(Card.parse('W'),))"


def test_r8_1_str_of_a_bombed_trick_says_nobody_wins_and_who_leads() -> None:
    """R8.1: a Bomb voids the trick; the would-be winner leads next."""
    trick = Trick(leader=0, players=3, trump=None, cards=parse_cards("W BOMB CLOUD:R"))
    assert str(trick).endswith("(no trump): the Bomb voids the trick, nobody wins it; Seat 0 leads next")
    assert trick.to_text(language=Language.DE).endswith(
        "die Bombe hebt den Stich auf, niemand gewinnt ihn; Platz 0 spielt aus"
    )


EVENTS = [
    (TrumpChosen(seat=1, suit=Suit.BLUE), "Seat 1 chooses blue as trump", "Ben wählt Blau als Trumpf"),
    (TrumpChosen(seat=1, suit=None), "Seat 1 chooses no trump", "Ben wählt keinen Trumpf"),
    (HandSeen(seat=0), "Seat 0 looks at the hand", "Ann sieht sich die Karten an"),
    (BidMade(seat=2, bid=3, blind=False), "Seat 2 bids 3", "Cem sagt 3 an"),
    (BidMade(seat=2, bid=0, blind=True), "Seat 2 bids 0 blind", "Cem sagt 0 blind an"),
    (CardPlayed(seat=0, card=Card.parse("G7")), "Seat 0 plays Green 7", "Ann spielt Grün 7"),
    (CardPlayed(seat=0, card=Card.JESTER), "Seat 0 plays the Jester", "Ann spielt den Narren"),
    (
        TrickWon(seat=1, trick=Trick(leader=0, players=3, trump=None, cards=parse_cards("J W G3"))),
        "Seat 1 wins the trick with the Wizard",
        "Ben gewinnt den Stich mit dem Zauberer",
    ),
    (
        TrickVoided(leader=2, trick=Trick(leader=2, players=3, trump=None, cards=parse_cards("R3 BOMB R5"))),
        "The Bomb voids the trick, nobody wins it; Seat 2 leads next",
        "Die Bombe hebt den Stich auf, niemand gewinnt ihn; Cem spielt aus",
    ),
    (
        BidChanged(seat=0, change=CloudChange.UP, bid=2),
        "Seat 0 changes the bid by +1 to 2 (Cloud)",
        "Ann ändert die Ansage um +1 auf 2 (Wolke)",
    ),
    (CardPassed(seat=2, card=Card.FAIRY), "Seat 2 passes the Fairy to the left", "Cem gibt die Fee nach links weiter"),
    (
        CardsPassed(cards=parse_cards("R1 Y2 B3")),
        "Everyone passes a card to the left: Seat 0 Red 1, Seat 1 Yellow 2, Seat 2 Blue 3",
        "Alle geben eine Karte nach links weiter: Ann Rot 1, Ben Gelb 2, Cem Blau 3",
    ),
    (
        RoundScored(
            round=Round(
                number=2,
                cards=2,
                dealer=1,
                bids=(1, 0, 1),
                final_bids=(1, 0, 1),
                blind=(False,) * 3,
                tricks=(1, 0, 1),
                points=(30, 20, 30),
            ),
            totals=(60, 10, -10),
        ),
        "Round 2 is scored: Seat 0 +30 (total 60), Seat 1 +20 (total 10), Seat 2 +30 (total -10)",
        "Runde 2 ist gewertet: Ann +30 (Summe 60), Ben +20 (Summe 10), Cem +30 (Summe -10)",
    ),
    (
        RoundStarted(round_number=3, dealer=2, turned_up=Card.parse("Y9"), trump=Suit.YELLOW),
        "Round 3: Seat 2 deals; Yellow 9 is turned up, trump yellow",
        "Runde 3: Cem gibt; Gelb 9 ist aufgedeckt, Trumpf Gelb",
    ),
    (
        RoundStarted(round_number=1, dealer=0, turned_up=Card.WIZARD, trump=None),
        "Round 1: Seat 0 deals; the Wizard is turned up, trump to be chosen",
        "Runde 1: Ann gibt; der Zauberer ist aufgedeckt, Trumpf wird gewählt",
    ),
    (
        RoundStarted(round_number=20, dealer=1, turned_up=None, trump=None),
        "Round 20: Seat 1 deals; nothing is turned up, no trump",
        "Runde 20: Ben gibt; nichts ist aufgedeckt, kein Trumpf",
    ),
    (
        RoundStarted(round_number=4, dealer=1, turned_up=Card.parse("R2"), trump=None, werewolf=0),
        "Round 4: Seat 1 deals; Red 2 is turned up, trump to be chosen; Seat 0 swaps the Werewolf for it",
        "Runde 4: Ben gibt; Rot 2 ist aufgedeckt, Trumpf wird gewählt; Ann tauscht den Werwolf dagegen",
    ),
    (BidHidden(seat=1), "Seat 1 bids, hidden", "Ben sagt verdeckt an"),
    (
        BidsRevealed(bids=(1, 0, 2), blind=(False, True, False)),
        "The bids are revealed: Seat 0: 1, Seat 1: 0 blind, Seat 2: 2",
        "Die Ansagen werden aufgedeckt: Ann: 1, Ben: 0 blind, Cem: 2",
    ),
    (
        BidChangeHidden(seat=2),
        "Seat 2 changes the bid by one, hidden (Cloud)",
        "Cem ändert die Ansage verdeckt um eins (Wolke)",
    ),
    (PassHidden(seat=0), "Seat 0 chooses a card to pass to the left", "Ann wählt eine Karte zum Weitergeben"),
    (
        PassReceived(seat=1, given=Card.parse("R5"), received=Card.WIZARD),
        "Seat 1 passes Red 5 to the left and gets the Wizard",
        "Ben gibt Rot 5 nach links weiter und bekommt den Zauberer",
    ),
    (
        GameOver(totals=(120, 80, 60), standings=(1, 2, 3), winners=("Ann",)),
        "Game over: Ann wins with 120 points",
        "Spielende: Ann gewinnt mit 120 Punkten",
    ),
    (
        GameOver(totals=(90, 90, 90), standings=(1, 1, 1), winners=NAMES),
        "Game over: Ann, Ben and Cem share the win with 90 points",
        "Spielende: Ann, Ben und Cem teilen sich den Sieg mit 90 Punkten",
    ),
]


@pytest.mark.parametrize(("event", "english", "german"), EVENTS, ids=[type(e[0]).__name__ for e in EVENTS])
def test_str_of_every_event_is_a_sentence_and_german_names_the_players(
    event: object, english: str, german: str
) -> None:
    """Every event reads as a sentence; seats are `Seat N` in `str`, names with `names=`; the repr stays attrs'."""
    assert str(event) == english
    assert event.to_text(language=Language.DE, names=NAMES) == german  # type: ignore[attr-defined]
    assert repr(event).startswith(f"{type(event).__name__}(seat=" if hasattr(event, "seat") else type(event).__name__)


def test_every_event_class_has_a_sentence() -> None:
    """No event falls back to its repr: each class in `Event` is in the table above."""
    classes = {type(event) for event, _, _ in EVENTS}
    assert classes == set(wizardrules.events.EVENT_CLASSES)
    assert {name for name in wizardrules.events.__all__ if name != "Event"} == {cls.__name__ for cls in classes}


def test_text_refuses_a_language_or_names_that_are_not() -> None:
    """Bad arguments get the library's errors naming them, never a KeyError or IndexError."""
    event = BidMade(seat=2, bid=1, blind=False)
    with pytest.raises(CardError, match="language 'en'"):
        event.to_text(language="en")  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="no name for seat 2"):
        event.to_text(names=["Ann", "Ben"])
    with pytest.raises(PlayerError, match="names"):
        event.to_text(names=[1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(PlayerError, match="names"):
        event.to_text(names=5)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        new_game(3, seed=1).to_text(language=None)  # type: ignore[arg-type]


def test_str_of_a_state_and_a_view_names_the_player_to_act() -> None:
    """A state's and a view's text: the round, the trump, (the view's hand) and who acts; reprs stay."""
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    assert str(state) == "Round 1 of 20, trump green: Cem to bid"
    assert repr(state) == "<GameState round 1, bidding, Cem to act>"
    assert str(state.view(1)) == "Round 1 of 20, trump green: Ben holds Wizard; Cem to bid"
    assert state.view(1).to_text(language=Language.DE) == "Runde 1 von 20, Trumpf Grün: Ben hat Zauberer; Cem sagt an"
    assert "Ben" not in str(state.view(0)).split(":")[1].split(";")[0].replace("Ann holds", "")


def test_r4_4_a_view_before_looking_does_not_name_the_hand() -> None:
    """R4.4: with blind bids, a player who has not looked reads that the hand is unseen, not the cards."""
    rules = Rules(variants=wizardrules.Variant.BLIND_BIDS)
    state = new_game(list(NAMES), rules=rules, seed=3)
    text = str(state.view(0))
    assert "Ann has not seen the hand" in text
    assert not any(card.display() in text for card in state.hand(0))


def test_r3_2_a_state_waiting_for_the_trump_says_so() -> None:
    """R3.2: after a Wizard is turned up the dealer chooses: the text says the trump is to be chosen."""
    for seed in range(200):
        state = new_game(list(NAMES), seed=seed)
        if state.phase is wizardrules.Phase.TRUMP:
            break
    else:
        pytest.fail("no deal of 200 turned up a Wizard")
    assert str(state).endswith(f"trump to be chosen: {NAMES[state.dealer]} to choose trump")


def play_out(state: wizardrules.GameState, rng: random.Random) -> wizardrules.GameState:
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_r7_2_a_finished_game_names_its_winners_ties_too() -> None:
    """R7.1, R7.2: the state, every view and the score table of a finished game name the winners."""
    rules = Rules(schedule=Schedule.ladder(3, rounds=2))
    final = play_out(new_game(list(NAMES), rules=rules, seed=9), random.Random(9))
    winners = final.winners()
    words = " and ".join(winners) if len(winners) == 2 else winners[0]
    assert str(final).startswith(f"Game over: {words}")
    assert all(str(final.view(seat)) == str(final) for seat in range(3))
    assert final.scoresheet.to_text().splitlines()[-1] == str(final).removeprefix("Game over: ")
    sheet = ScoreSheet(players=list(NAMES), rules=Rules(schedule=Schedule.ladder(3, rounds=2), tiebreak=TieBreak.NONE))
    sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0])
    done = sheet.record(bids=[0, 1, 0], tricks=[0, 1, 1])
    assert done.totals == (50, 50, 10)
    assert done.to_text().splitlines()[-1] == "Ann and Ben share the win with 50 points"
    assert done.to_text(language=Language.DE).splitlines()[-1] == "Ann und Ben teilen sich den Sieg mit 50 Punkten"
    assert "share the win" not in sheet.to_text()  # no winners before the game is over


@given(st.sampled_from(list(Preset)), st.integers(0, 2**32 - 1))
def test_every_event_of_random_games_reads_in_both_languages(preset: Preset, seed: int) -> None:
    """Over every preset: each event of a random game has an English and a German sentence naming
    players by name when names are given, never by seat; `str` never falls back to the repr."""
    rules = attrs.evolve(preset.rules(), schedule=Schedule.ladder(4, rounds=3))
    try:
        state = new_game(["Ann", "Ben", "Cem", "Dana"], rules=rules, seed=seed)
    except wizardrules.RulesError:  # a preset whose schedule cannot be cut to three rounds
        return
    rng = random.Random(seed)
    events = list(state.start_events())
    texts = [str(state), str(state.view(0))]
    while not state.is_over:
        state, step = state.step(rng.choice(state.legal_actions()))
        events += step
        texts.append(str(state.view(rng.randrange(4))))
    for event in events:
        english = str(event)
        assert english != repr(event)
        assert event.to_text(language=Language.DE, names=state.players)
        assert "Seat" not in event.to_text(names=state.players)
        assert "Platz" not in event.to_text(language=Language.DE, names=state.players)
        texts.append(english)
    assert all(text and "\n" not in text for text in texts)
