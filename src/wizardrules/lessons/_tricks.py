"""Which card takes the trick: questions drawn from a seed, by level, and the four worked examples (R5.4).

A question's trick is built to a plan: a position drawn first, so that the answers spread
over the positions, then cards that let that position win at the level asked for. The
answer itself is never the plan's: it is what `decide_trick` says of the cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from wizardrules._words import card_subject, names_list, trump_text
from wizardrules.cards import Card, CardKind, Language, Suit, parse_cards
from wizardrules.errors import TrickError
from wizardrules.lessons._values import Choice, Task, TaskKind, TrickQuestion, Verdict
from wizardrules.lessons._words import capital, ordinal, say
from wizardrules.tricks import WinReason, decide_trick, led_suit

__all__ = ["EXAMPLES", "WIN_CLAUSES", "Draw", "trick_cards", "trick_task"]

WIN_CLAUSES: Final = {
    WinReason.FIRST_WIZARD: "R5.4",
    WinReason.HIGHEST_TRUMP: "R5.4",
    WinReason.HIGHEST_LED: "R5.4",
    WinReason.FIRST_JESTER: "R5.4",
    WinReason.DRAGON: "R8.4",
    WinReason.FAIRY_BEATS_DRAGON: "R8.4",
    WinReason.ONLY_FAIRY: "R8.9",
    WinReason.BOMB: "R8.1",
}
"""The clause of each rule that decides a trick."""

EXAMPLES: Final = (
    ("B9 W G13 W", Suit.GREEN),
    ("B13 R2 B9", Suit.RED),
    ("Y7 Y11 R13", Suit.BLUE),
    ("J J J", Suit.YELLOW),
)
"""The worked examples of R5.4 (seed 002): one per rule, in the rules' order."""


def trick_task(cards: Sequence[Card], trump: Suit | None, lang: Language) -> TrickQuestion:
    """The question which card of `cards` takes the trick, answered by `decide_trick` (R5.4).

    Raises:
        TrickError: the trick cannot occur, or a Bomb voids it and no card takes it (R8.1).
    """
    played = tuple(cards)
    decision = decide_trick(played, trump)
    winner = decision.winner
    if winner is None:
        shown = repr(" ".join(map(str, played)))
        raise TrickError(
            f"trick {shown}: the Bomb voids it, no card takes it (R8.1)",
            german=f"Stich {shown}: die Bombe macht ihn wertlos, keine Karte nimmt ihn (R8.1)",
        )
    clause = WIN_CLAUSES[decision.reason]
    reason = say(
        "takes",
        lang,
        nth=ordinal(winner + 1, lang),
        card=played[winner].display(lang),
        rule=capital(decision.reason.display(lang)),
    )
    choices = tuple(
        Choice(
            answer=index,
            label=say("position", lang, nth=ordinal(index + 1, lang), card=card.display(lang)),
            verdict=Verdict(
                correct=index == winner,
                reason=reason
                if index == winner
                else say("does not take", lang, card=capital(card_subject(card, lang))) + reason,
                clause=clause,
            ),
        )
        for index, card in enumerate(played)
    )
    question = say("trick question", lang, trump=capital(trump_text(trump, lang)), cards=names_list(played, lang))
    return TrickQuestion(
        cards=played,
        trump=trump,
        led=led_suit(played),
        answer=winner,
        rule=decision.reason,
        clause=clause,
        reason=reason,
        task=Task(kind=TaskKind.WINNER, question=question, choices=choices, clause=clause, language=lang),
        language=lang,
    )


def examples(lang: Language) -> tuple[TrickQuestion, ...]:
    """The four worked examples of R5.4, as questions."""
    return tuple(trick_task(parse_cards(text), trump, lang) for text, trump in EXAMPLES)


# -- drawing the cards of a question ------------------------------------------------------------------------


class Draw:
    """The cards of one question, drawn from `rng` without repeats: each suit card once, four Wizards, four Jesters."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[Card] = set()
        self.copies = {CardKind.WIZARD: 0, CardKind.JESTER: 0}

    def suited(self, suits: Sequence[Suit], low: int = 1, high: int = 13) -> Card:
        """A suit card not drawn yet, of one of `suits`, ranked `low..high` (the plans leave enough of them)."""
        free = [Card.suited(s, r) for s in suits for r in range(low, high + 1) if Card.suited(s, r) not in self.used]
        card = self.rng.choice(free)
        self.used.add(card)
        return card

    def special(self, card: Card) -> bool:
        """Draw a Wizard or a Jester, if a copy is left; whether one was."""
        if self.copies[card.kind] >= 4:
            return False
        self.copies[card.kind] += 1
        return True

    def any_suit(self, trump: Suit | None, *, trumps: bool) -> Card:
        """A suit card of any suit, or of any but the trump."""
        return self.suited([s for s in Suit if trumps or s is not trump])


Plan = dict[int, Card]
"""Cards by position in play order."""


def _led_wins(draw: Draw, slots: Sequence[int], target: int, trump: Suit | None) -> Plan:
    """Suit cards at `slots` (the first leads), none a trump: the highest of the led suit at `target`."""
    rng = draw.rng
    led = rng.choice([s for s in Suit if s is not trump])
    top = draw.suited([led], 8, 13)
    plan = {target: top}
    others = [s for s in Suit if s is not led and s is not trump]
    for slot in slots:
        if slot == target:
            continue
        if slot == slots[0] or rng.random() < 0.4:
            plan[slot] = draw.suited([led], 1, top.rank - 1)
        else:
            plan[slot] = draw.suited(others)
    return plan


def _trump_wins(draw: Draw, slots: Sequence[int], target: int, trump: Suit, trumps: int) -> Plan:
    """Suit cards at `slots` with `trumps` trumps among them: the highest trump at `target`."""
    rng = draw.rng
    top = draw.suited([trump], 1 if trumps == 1 else 5, 13)
    plan = {target: top}
    trumped = {target, *rng.sample([slot for slot in slots if slot != target], trumps - 1)}
    led = rng.choice([s for s in Suit if s is not trump])
    for slot in slots:
        if slot == target:
            continue
        if slot in trumped:
            plan[slot] = draw.suited([trump], 1, top.rank - 1)
        elif slot == slots[0]:
            plan[slot] = draw.suited([led])
        else:
            plan[slot] = draw.any_suit(trump, trumps=False)
    return plan


def _filler(draw: Draw, trump: Suit | None, *, wizards: bool, jesters: bool) -> Card:
    """Any card that may follow a Wizard: a suit card, or now and then a Wizard or a Jester."""
    roll = draw.rng.random()
    if wizards and roll < 0.2 and draw.special(Card.WIZARD):
        return Card.WIZARD
    if jesters and roll > 0.75 and draw.special(Card.JESTER):
        return Card.JESTER
    return draw.any_suit(trump, trumps=True)


def _some_trump(rng: random.Random, none_share: float) -> Suit | None:
    return None if rng.random() < none_share else rng.choice(list(Suit))


# Each plan: (fits(players, target), build(draw, players, target) -> (plan, trump)).
Build = Callable[[Draw, int, int], tuple[Plan, Suit | None]]


def _plain_led(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    trump = draw.rng.choice(list(Suit))
    return _led_wins(draw, range(n), target, trump), trump


def _plain_trump(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    trump = draw.rng.choice(list(Suit))
    return _trump_wins(draw, range(n), target, trump, 1), trump


def _jester_slot(draw: Draw, n: int, target: int) -> int:
    """A position for a Jester that neither leads nor wins."""
    draw.special(Card.JESTER)
    return draw.rng.choice([slot for slot in range(1, n) if slot != target])


def _led_with_jester(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """The led suit decides, a Jester among the cards; now and then without trump."""
    trump = _some_trump(draw.rng, 0.3)
    jester = _jester_slot(draw, n, target)
    plan = _led_wins(draw, [slot for slot in range(n) if slot != jester], target, trump)
    return {**plan, jester: Card.JESTER}, trump


def _trump_with_jester(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """The one trump decides, a Jester among the cards."""
    trump = draw.rng.choice(list(Suit))
    jester = _jester_slot(draw, n, target)
    plan = _trump_wins(draw, [slot for slot in range(n) if slot != jester], target, trump, 1)
    return {**plan, jester: Card.JESTER}, trump


def _wizard_wins(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """A suit card leads; the one Wizard, at `target`, takes the trick."""
    trump = _some_trump(draw.rng, 0.25)
    draw.special(Card.WIZARD)
    plan = {target: Card.WIZARD, 0: draw.any_suit(trump, trumps=True)}
    for slot in range(1, n):
        if slot != target:
            plan[slot] = _filler(draw, trump, wizards=False, jesters=True)
    return plan, trump


def _wizard_first(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """A Wizard leads: no suit is led, and nothing after it wins (R5.2, R5.4)."""
    trump = _some_trump(draw.rng, 0.2)
    draw.special(Card.WIZARD)
    plan = {0: Card.WIZARD}
    for slot in range(1, n):
        plan[slot] = _filler(draw, trump, wizards=True, jesters=True)
    return plan, trump


def _jesters_only(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """Only Jesters: the first takes the trick (R5.4)."""
    for _ in range(n):
        draw.special(Card.JESTER)
    return dict.fromkeys(range(n), Card.JESTER), _some_trump(draw.rng, 0.2)


def _jester_leads(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """One or two Jesters lead; the first suit card after them sets the suit (R5.2)."""
    rng = draw.rng
    jesters = rng.randint(1, min(2, target))
    slots = range(jesters, n)
    if rng.random() < 0.5:
        trump = _some_trump(rng, 0.3)
        plan = _led_wins(draw, slots, target, trump)
    else:
        trump = rng.choice(list(Suit))
        plan = _trump_wins(draw, slots, target, trump, rng.randint(1, min(2, len(slots))))
    for slot in range(jesters):
        draw.special(Card.JESTER)
        plan[slot] = Card.JESTER
    return plan, trump


def _several_trumps(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """Two or three trumps: the highest takes the trick, wherever it lies (R5.4)."""
    trump = draw.rng.choice(list(Suit))
    return _trump_wins(draw, range(n), target, trump, draw.rng.randint(2, min(3, n))), trump


def _jester_then_wizard(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """A Jester leads, and a Wizard comes before any suit card, or after one: the first Wizard wins."""
    trump = _some_trump(draw.rng, 0.25)
    draw.special(Card.JESTER)
    draw.special(Card.WIZARD)
    plan = {0: Card.JESTER, target: Card.WIZARD}
    for slot in range(1, n):
        if slot != target:
            plan[slot] = _filler(draw, trump, wizards=slot > target, jesters=True)
    return plan, trump


def _two_wizards(draw: Draw, n: int, target: int) -> tuple[Plan, Suit | None]:
    """Two Wizards or more: the first wins, later ones come too late (R5.4)."""
    trump = _some_trump(draw.rng, 0.25)
    later = draw.rng.randint(target + 1, n - 1)
    draw.special(Card.WIZARD)
    draw.special(Card.WIZARD)
    plan = {target: Card.WIZARD, later: Card.WIZARD}
    for slot in range(n):
        if slot not in plan:
            plan[slot] = _filler(draw, trump, wizards=slot > target, jesters=True)
    return plan, trump


_PLANS: Final[dict[int, tuple[tuple[Callable[[int, int], bool], Build], ...]]] = {
    1: ((lambda n, t: True, _plain_led), (lambda n, t: True, _plain_trump)),
    2: (
        (lambda n, t: t > 0, _wizard_wins),
        (lambda n, t: True, _led_with_jester),
        (lambda n, t: True, _trump_with_jester),
    ),
    3: (
        (lambda n, t: t == 0, _wizard_first),
        (lambda n, t: t == 0 and n <= 4, _jesters_only),
        (lambda n, t: t > 0, _jester_leads),
        (lambda n, t: True, _several_trumps),
        (lambda n, t: t > 0, _jester_then_wizard),
        (lambda n, t: 0 < t < n - 1, _two_wizards),
    ),
}
"""The plans of each level: 1 plain (the trump or the led suit decides), 2 with a Wizard or a Jester
after a suit card, 3 tricky (a Wizard or Jester first, several trumps or Wizards, Jesters only)."""


def trick_cards(rng: random.Random, level: int, players: int) -> tuple[tuple[Card, ...], Suit | None]:
    """A trick of `players` cards for a question of `level`, and its trump, drawn from `rng`."""
    target = rng.randrange(players)
    fitting = [build for fits, build in _PLANS[level] if fits(players, target)]
    plan, trump = rng.choice(fitting)(Draw(rng), players, target)
    return tuple(plan[slot] for slot in range(players)), trump
