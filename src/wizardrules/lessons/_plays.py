"""May I play this card: questions drawn from a seed, by level, and the four situations of the rules (R5.2, R5.3).

Which cards may be played is `legal_plays`'s answer and the led suit `led_suit`'s; the words
say which of the rules' sentences applies to each card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from wizardrules._words import and_list, names_list, trump_text
from wizardrules.cards import Card, CardKind, Language, Suit, parse_cards
from wizardrules.lessons._tricks import Draw
from wizardrules.lessons._values import Choice, PlayQuestion, Task, TaskKind, Verdict
from wizardrules.lessons._words import capital, say
from wizardrules.tricks import led_suit, legal_plays

__all__ = ["SITUATIONS", "play_cards", "play_task", "situation_text", "situations"]

SITUATIONS: Final = (
    ("B9", "R3 B7 G13 J"),
    ("B9", "R3 Y5 G13 W"),
    ("W B9", "R3 B7 G13"),
    ("J G4", "R3 G9 B7 J"),
)
"""The four situations of following suit (seed 002's "situation 1 of 4"), trump red: the led suit
held, the led suit not held, a Wizard first, a Jester first (the trick, then the hand)."""
_SITUATION_TRUMP: Final = Suit.RED


def situation_text(trick: tuple[Card, ...], led: Suit | None, lang: Language) -> str:
    """The trick so far in words, and what it leads (R5.2)."""
    cards = names_list(trick, lang)
    if not trick:
        return say("you lead", lang)
    if led is None:
        return say("wizard first" if Card.WIZARD in trick else "jesters only", lang, cards=cards)
    if trick[0].kind is CardKind.JESTER:
        first = next(card for card in trick if card.is_suit_card)
        return say("suit after jesters", lang, cards=cards, card=first.display(lang), suit=led.display(lang))
    return say("suit led", lang, cards=cards, suit=led.display(lang))


def _verdict(
    card: Card,
    *,
    legal: frozenset[Card],
    trick: tuple[Card, ...],
    led: Suit | None,
    hand: tuple[Card, ...],
    lang: Language,
) -> Verdict:
    """Why `card` may be played or not, by the rule that applies to it."""
    following = tuple(c for c in hand if c.is_suit_card and c.suit is led)
    if card not in legal:
        suit = "" if led is None else led.display(lang)
        held = and_list([c.display(lang) for c in following], lang)
        return Verdict(correct=False, reason=say("must follow", lang, suit=suit, held=held), clause="R5.3")
    if not trick:
        return Verdict(correct=True, reason=say("may lead", lang), clause="R5.3")
    if led is None:
        key = "may after wizard" if Card.WIZARD in trick else "may after jesters"
        return Verdict(correct=True, reason=say(key, lang), clause="R5.2")
    if card.kind in (CardKind.WIZARD, CardKind.JESTER):
        return Verdict(correct=True, reason=say("may always", lang), clause="R5.3")
    if following:
        return Verdict(
            correct=True, reason=say("follows", lang, card=card.display(lang), suit=led.display(lang)), clause="R5.3"
        )
    return Verdict(correct=True, reason=say("void", lang, suit=led.display(lang)), clause="R5.3")


def play_task(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, lang: Language) -> PlayQuestion:
    """The question which cards of `hand` may be played to `trick`, answered by `legal_plays` (R5.3).

    Raises:
        TrickError: the hand and the trick cannot occur together.
    """
    played = tuple(trick)
    legal = legal_plays(hand, played)
    led = led_suit(played)
    held = tuple(sorted(hand))
    choices = tuple(
        Choice(
            answer=card,
            label=card.display(lang),
            verdict=_verdict(card, legal=legal, trick=played, led=led, hand=held, lang=lang),
        )
        for card in held
    )
    situation = situation_text(played, led, lang)
    question = say("play question", lang, trump=capital(trump_text(trump, lang)), situation=situation)
    return PlayQuestion(
        hand=held,
        trick=played,
        trump=trump,
        led=led,
        legal=tuple(card for card in held if card in legal),
        task=Task(kind=TaskKind.PLAY, question=question, choices=choices, clause="R5.3", language=lang),
        language=lang,
    )


def situations(lang: Language) -> tuple[PlayQuestion, ...]:
    """The four situations of following suit, as questions."""
    return tuple(play_task(parse_cards(hand), parse_cards(trick), _SITUATION_TRUMP, lang) for trick, hand in SITUATIONS)


# -- drawing the cards of a question ------------------------------------------------------------------------


def _lead(draw: Draw, led: Suit, size: int, *, extras: bool) -> list[Card]:
    """A trick of `size` cards that a suit card of `led` leads; later cards now and then a Wizard or Jester."""
    trick = [draw.suited([led])]
    for _ in range(size - 1):
        roll = draw.rng.random()
        if extras and roll < 0.2 and draw.special(Card.WIZARD):
            trick.append(Card.WIZARD)
        elif extras and roll > 0.8 and draw.special(Card.JESTER):
            trick.append(Card.JESTER)
        else:
            trick.append(draw.suited(list(Suit)))
    return trick


def _hand(draw: Draw, size: int, led: Suit, *, holds: bool, extras: int) -> list[Card]:
    """A hand of about `size` cards: one or two of `led` or none of it, other suits, and `extras` Wizards or Jesters."""
    rng = draw.rng
    hand = [card for card in (rng.choice((Card.WIZARD, Card.JESTER)) for _ in range(extras)) if draw.special(card)]
    if holds:
        hand += [draw.suited([led]) for _ in range(rng.randint(1, 2))]
    others = [s for s in Suit if s is not led]
    hand.append(draw.suited(others))  # a card the rule may refuse while the hand holds the led suit
    while len(hand) < size:
        hand.append(draw.suited(others))
    return hand


def play_cards(rng: random.Random, level: int, players: int) -> tuple[list[Card], list[Card], Suit | None]:
    """A hand, the trick so far and the trump for a question of `level` at a table of `players`, from `rng`.

    Level 1: a suit card leads, the trick holds suit cards only; 2: Wizards and Jesters in the
    trick after its lead and in the hand; 3: you lead, or a Wizard or Jesters come first.
    """
    draw = Draw(rng)
    size = rng.randint(3, 6)
    trump = rng.choice(list(Suit)) if level == 1 or rng.random() < 0.8 else None
    led_by = rng.choice(list(Suit))
    if level < 3:
        trick = _lead(draw, led_by, rng.randint(1, players - 1), extras=level == 2)
        holds = rng.random() < (0.6 if level == 1 else 0.7)
        extras = int(rng.random() < 0.3) if level == 1 else rng.randint(1, 2)
        return _hand(draw, size, led_by, holds=holds, extras=extras), trick, trump
    shape = rng.choice(("lead", "wizard", "jesters", "jester and suit"))
    if shape == "lead":
        trick = []
    elif shape == "wizard":
        draw.special(Card.WIZARD)
        trick = [Card.WIZARD, *_lead(draw, led_by, rng.randint(1, players - 2), extras=True)]
    elif shape == "jesters":
        trick = [Card.JESTER for _ in range(rng.randint(1, min(3, players - 1))) if draw.special(Card.JESTER)]
    else:
        jesters = rng.randint(1, min(2, players - 2))
        trick = [Card.JESTER for _ in range(jesters) if draw.special(Card.JESTER)]
        trick += _lead(draw, led_by, rng.randint(1, players - 1 - jesters), extras=False)
    led = led_suit(trick)
    hand = _hand(draw, size, led or led_by, holds=rng.random() < 0.7, extras=rng.randint(0, 1))
    return hand, trick, trump
