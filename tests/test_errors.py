"""Bad input of every kind gets a specific WizardRulesError, never a bare TypeError or AttributeError."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from wizardrules import (
    BidContext,
    BidError,
    CardError,
    Deck,
    EntryError,
    FormatError,
    FreeBids,
    Language,
    NotationError,
    Preset,
    Round,
    Rules,
    RulesError,
    Schedule,
    ScoreSheet,
    ScoringError,
    StandardScore,
    Suit,
    Trick,
    TrickError,
    WizardRulesError,
    allowed_bids,
    led_suit,
    legal_plays,
    parse_cards,
    round_points,
    standings,
    trick_winner,
)

CASES: list[tuple[str, Callable[[], object], type[WizardRulesError]]] = [
    ("led_suit(None)", lambda: led_suit(None), TrickError),  # type: ignore[arg-type]
    ("led_suit(text)", lambda: led_suit("B9 W"), TrickError),  # type: ignore[arg-type]
    ("trick_winner(5)", lambda: trick_winner(5, None), TrickError),  # type: ignore[arg-type]
    ("legal_plays(None, ())", lambda: legal_plays(None, ()), TrickError),  # type: ignore[arg-type]
    ("Trick(cards=None)", lambda: Trick(leader=0, players=3, trump=None, cards=None), TrickError),  # type: ignore[arg-type]
    ("allowed_bids(bids=None)", lambda: allowed_bids(FreeBids(), cards=2, bids=None, players=3), BidError),  # type: ignore[arg-type]
    ("BidContext(totals=3)", lambda: BidContext(cards=2, bids=(), players=3, totals=3), BidError),  # type: ignore[arg-type]
    ("standings(None)", lambda: standings(None), ScoringError),  # type: ignore[arg-type]
    ("round_points(blind='no')", lambda: round_points(1, 1, blind="no"), ScoringError),  # type: ignore[arg-type]
    ("StandardScore(hit_bonus='a')", lambda: StandardScore(hit_bonus="a"), ScoringError),  # type: ignore[arg-type]
    ("Schedule(cards_per_round=None)", lambda: Schedule(cards_per_round=None), RulesError),  # type: ignore[arg-type]
    ("Schedule.maximus(4, None)", lambda: Schedule.maximus(4, None), RulesError),  # type: ignore[arg-type]
    ("Rules(special_cards=None)", lambda: Rules(special_cards=None), RulesError),  # type: ignore[arg-type]
    ("Preset.parse(None)", lambda: Preset.parse(None), RulesError),  # type: ignore[arg-type]
    ("Suit.parse(5)", lambda: Suit.parse(5), NotationError),  # type: ignore[arg-type]
    ("parse_cards(None)", lambda: parse_cards(None), NotationError),  # type: ignore[arg-type]
    ("Deck(specials=None)", lambda: Deck(specials=None), CardError),  # type: ignore[arg-type]
    ("Deck().shuffled('x')", lambda: Deck().shuffled("x"), CardError),  # type: ignore[arg-type]
    ("Suit.display('de')", lambda: Suit.RED.display("de"), CardError),  # type: ignore[arg-type]
    ("Round(bids=None)", lambda: _round(bids=None), EntryError),
    ("Round lengths differ", lambda: _round(tricks=(1, 0)), EntryError),
    ("from_json deep nesting", lambda: ScoreSheet.from_json("[" * 100_000), FormatError),
]


def _round(**changes: object) -> Round:
    values: dict[str, object] = {
        "number": 1,
        "cards": 1,
        "dealer": 0,
        "bids": (1, 0, 0),
        "final_bids": (1, 0, 0),
        "blind": (False, False, False),
        "tricks": (1, 0, 0),
        "points": (30, 20, 20),
    }
    values.update(changes)
    return Round(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(("label", "call", "error"), CASES, ids=[case[0] for case in CASES])
def test_bad_input_raises_the_specific_library_error(
    label: str, call: Callable[[], object], error: type[WizardRulesError]
) -> None:
    """Every bad input raises the layer's own error, which is also a ValueError."""
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, ValueError)


def test_r2_6_deck_shuffles_from_a_seed_or_a_random() -> None:
    """R2.6: a seed and a random.Random with that seed give the same order."""
    assert Deck().shuffled(11) == Deck().shuffled(random.Random(11))


def test_display_in_german_needs_a_language() -> None:
    """R1.3: display names come in the two languages of the Language enum."""
    assert Suit.GREEN.display(Language.DE) == "Grün"


def test_messages_name_public_classes_only() -> None:
    """A value of the wrong kind is named by its public class: a state is a `GameState`, never `_State`."""
    from wizardrules import GameRecord, new_game, wire
    from wizardrules.sheet import ScoreSheet as Sheet

    state = new_game(3, seed=1)
    state = state.apply(state.legal_actions()[0])
    asks: list[Callable[[], object]] = [
        lambda: wire.view_from_json(state),  # type: ignore[arg-type]
        lambda: Sheet.from_json(state),  # type: ignore[arg-type]
        lambda: Sheet.from_csv(state),  # type: ignore[arg-type]
        lambda: GameRecord.from_json(state),  # type: ignore[arg-type]
        lambda: parse_cards(state),  # type: ignore[arg-type]
        lambda: Trick(cards=state, leader=0, players=3, trump=None),  # type: ignore[arg-type]
    ]
    messages = []
    for ask in asks:
        with pytest.raises(WizardRulesError) as refused:
            ask()
        messages.append(str(refused.value))
    assert [m for m in messages if "_State" in m] == []
    assert any("GameState" in m for m in messages)
