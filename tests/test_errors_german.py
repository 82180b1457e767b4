"""R1.3: the library's refusals in German: `str()` stays English for logs, `to_text` and `german` give German.

Every refusal the engine gives an action, every reason of the built-in bid rules and every
error of the action notation has a German form; a message the table of German forms does
not know would come out English, which these tests look for.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import partial
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from _games import random_states
from wizardrules import (
    ALL_CARDS,
    Bid,
    BidNotAllowedError,
    ChangeBid,
    ChooseTrump,
    CloudChange,
    IllegalActionError,
    Language,
    Look,
    NotationError,
    NotEqualBids,
    PassCard,
    Play,
    PlayUnseen,
    Preset,
    ScorekeeperHook,
    Suit,
    WizardRulesError,
    parse_action,
    verify_bid,
)
from wizardrules.actions import Action

_ENGLISH: Final = re.compile(
    r"\b(the|is|are|not|cannot|must|bids?|plays?|their|they|trick|cards?|expected|allowed|round|hand|and|or|of|to|"
    r"with|first|suit|over|time|already|nobody|only|would|add)\b"
)
_ACTIONS: Final[tuple[Action, ...]] = (
    *(Bid(tricks=n) for n in (0, 1, 2, 9, 67)),
    Bid(tricks=1, blind=True),
    Look(),
    PlayUnseen(),
    *(ChooseTrump(suit) for suit in (*Suit, None)),
    *(ChangeBid(change) for change in CloudChange),
    *(Play(card) for card in ALL_CARDS),
    *(PassCard(card) for card in ALL_CARDS if card.undeclared is card),
)


def refusal(call: Callable[[], object]) -> WizardRulesError | None:
    """The error `call` raises, `None` when it returns."""
    try:
        call()
    except WizardRulesError as error:
        return error
    return None


def english_left(german: str) -> str | None:
    """The first English word in `german` outside quoted notation, card notation and players' names."""
    words = re.sub(r"'[^']*'|\b[A-Z]+(:[A-Z])?\d*\b|Seat \d|Player \d", "", german)
    found = _ENGLISH.search(words)
    return None if found is None else found.group(0)


def test_r1_3_an_error_keeps_english_str_and_gives_german_beside_it() -> None:
    with pytest.raises(NotationError) as refused:
        parse_action("play X9")
    error = refused.value
    assert str(error) == "'X9' is not a card: 'X' is not a suit letter (R, Y, G, B)"
    assert error.to_text() == str(error) == error.to_text(language=Language.EN)
    assert (
        error.german
        == error.to_text(language=Language.DE)
        == "'X9' ist keine Karte: 'X' ist kein Farbbuchstabe (R, Y, G, B)"
    )


@pytest.mark.parametrize("preset", [Preset.RULEBOOK, Preset.ANNIVERSARY_2021, Preset.SECRET_BIDS])
@pytest.mark.parametrize("seed", range(4))
def test_r1_3_every_refusal_of_the_engine_has_a_german_form(preset: Preset, seed: int) -> None:
    """R1.3: whatever action a state refuses, in whatever phase, its refusal reads German."""
    rng = random.Random(seed)
    errors = [
        refusal(partial(state.apply, action, seat=seat))
        for state in random_states(rng, 80, preset)[::3]
        for action in rng.sample(_ACTIONS, 25)
        for seat in {state.to_move or 0, 0, 1}
    ]
    refused = [error for error in errors if isinstance(error, IllegalActionError)]
    assert len(refused) > 100
    assert [(str(e), e.german) for e in refused if english_left(e.german) is not None] == []
    assert all(e.to_text(language=Language.DE) == e.german != str(e) for e in refused)
    assert all(english_left(e.reason_text(language=Language.DE)) is None for e in refused)


_TEXTS: Final = ["bid 99", "bid 1 dark", "pass CLOUD:R", "play R0", "play r07", "trump X", "play CLOUD:Q"]


@given(st.text(max_size=12) | st.sampled_from(_TEXTS))
def test_r1_3_every_notation_error_of_an_action_has_a_german_form(text: str) -> None:
    error = refusal(lambda: parse_action(text))
    assert error is None or isinstance(error, NotationError)
    # the input is quoted back as typed (its own quotes may unbalance the notation's): it is not the message's words
    assert error is None or english_left(error.german.replace(repr(text), "")) is None, error


@pytest.mark.parametrize(
    ("policy", "bids", "players", "dealer", "totals"),
    [
        (NotEqualBids(), [1, 0], 3, None, None),
        (ScorekeeperHook(scorekeeper=2), [1, 0], 3, 2, [10, 0, 0]),
        (Preset.APP_EQUAL.rules().bid_policy, [1, 0], 3, None, None),
    ],
)
def test_r4_2_the_bid_rules_reasons_read_german(
    policy: object, bids: list[int], players: int, dealer: int | None, totals: list[int] | None
) -> None:
    def ask(bid: int) -> None:
        verify_bid(policy, bid, cards=3, bids=bids, players=players, dealer=dealer, totals=totals)  # type: ignore[arg-type]

    errors = [refusal(lambda bid=bid: ask(bid)) for bid in range(4)]  # type: ignore[misc]
    refused = [error for error in errors if isinstance(error, BidNotAllowedError)]
    assert refused
    assert len(refused) == len([error for error in errors if error is not None])
    assert [e.reason for e in refused if english_left(e.reason_text(language=Language.DE)) is not None] == []
    assert [e.german for e in refused if english_left(e.german) is not None] == []
