"""The lessons' values: frozen, with their answers computed when they are made, and a JSON-ready `to_dict()`.

In `to_dict()` forms, cards are written in their notation with their names in the value's
language (`{"card": "B9", "name": "Blue 9", "short": "◆9"}`), suits by their English name
in lower case (`"green"`), no trump as `null`, as the wire format writes them.
"""

from __future__ import annotations

import enum
from typing import Any, Final, TypeAlias

from attrs import frozen

from wizardrules._convert import shown
from wizardrules.cards import Card, Language, Suit
from wizardrules.errors import BidError, NotationError, RulesError, ScoringError, TrickError
from wizardrules.rules import FixedTrump, ScheduleKind
from wizardrules.tricks import WinReason

__all__ = [
    "Answer",
    "BidQuestion",
    "Choice",
    "GameLength",
    "GameOption",
    "PlayQuestion",
    "Step",
    "Task",
    "TaskKind",
    "TrickQuestion",
    "TrumpReason",
    "TurnUp",
    "Verdict",
    "card_json",
    "cards_json",
    "suit_json",
]

JSON: TypeAlias = Any
Answer: TypeAlias = "int | Card | Suit | None"
"""An answer to a task: a number, a card, a suit, or `None` for no trump."""


def card_json(card: Card, lang: Language) -> dict[str, str]:
    """A card for a page: its notation, its name and its short name with the suit's symbol."""
    return {"card": str(card), "name": card.display(lang), "short": card.display(lang, symbols=True)}


def cards_json(cards: tuple[Card, ...], lang: Language) -> list[dict[str, str]]:
    """Cards for a page, each as [`card_json`][wizardrules.lessons._values.card_json] writes it."""
    return [card_json(card, lang) for card in cards]


def suit_json(suit: Suit | None) -> str | None:
    """A suit by its English name in lower case, `None` for no trump (as the wire format writes it)."""
    return None if suit is None else suit.name.lower()


def _answer_json(answer: Answer) -> JSON:
    if isinstance(answer, Card):
        return str(answer)
    if isinstance(answer, Suit):
        return suit_json(answer)
    return answer


class TaskKind(enum.Enum):
    """What a task asks for, and so what its answers are."""

    COUNT = "count"
    """A number of cards or rounds (R1.1, R2.2); the answer is a whole number."""
    TRUMP = "trump"
    """The trump to name (R3.2); the answer is a `Suit`, or `None` for no trump."""
    BID = "bid"
    """A bid the bidder may make (R4.2); the answer is a whole number."""
    PLAY = "play"
    """A card of the hand that may be played (R5.3); the answer is a `Card` or its notation."""
    WINNER = "winner"
    """The card that takes the trick (R5.4); the answer is its index in play order, from 0."""
    POINTS = "points"
    """A round's points (R6.1); the answer is a whole number."""


_REFUSED_BY: Final = {
    TaskKind.COUNT: RulesError,
    TaskKind.TRUMP: RulesError,
    TaskKind.BID: BidError,
    TaskKind.PLAY: TrickError,
    TaskKind.WINNER: TrickError,
    TaskKind.POINTS: ScoringError,
}


@frozen(kw_only=True)
class Verdict:
    """The verdict on an answer: right or not, why, and the rule clause that decides it.

    Attributes:
        correct: whether the answer is right.
        reason: why, in the task's language.
        clause: the clause of the rules that decides it (`R5.4`).
    """

    correct: bool
    reason: str
    clause: str

    def to_dict(self) -> dict[str, JSON]:
        """The verdict as plain values: `correct`, `reason`, `clause`."""
        return {"correct": self.correct, "reason": self.reason, "clause": self.clause}


@frozen(kw_only=True)
class Choice:
    """One answer a task offers, with its label and the verdict on it.

    Attributes:
        answer: the answer: a number, a card, a suit, or `None` for no trump.
        label: the answer as a page shows it, in the task's language.
        verdict: the verdict on this answer.
    """

    answer: Answer
    label: str
    verdict: Verdict

    def to_dict(self) -> dict[str, JSON]:
        """The choice as plain values; a card by its notation, a suit by its name (`"red"`)."""
        return {"answer": _answer_json(self.answer), "label": self.label, "verdict": self.verdict.to_dict()}


@frozen(kw_only=True)
class Task:
    """A small question with its answers: every choice's verdict is the rules' answer, worked out in advance.

    Attributes:
        kind: what the task asks for, and so what its answers are.
        question: the question, in `language`.
        choices: the answers to choose from, each with its verdict; several may be right.
        clause: the clause of the rules the task is about.
        language: the language of the question, the labels and the reasons.
    """

    kind: TaskKind
    question: str
    choices: tuple[Choice, ...]
    clause: str
    language: Language

    @property
    def answers(self) -> tuple[Answer, ...]:
        """The right answers, in the order of the choices."""
        return tuple(choice.answer for choice in self.choices if choice.verdict.correct)

    def check(self, answer: object) -> Verdict:
        """The verdict on `answer`: right or not, the reason, and the rule clause.

        A card may be given by its notation (`"B7"`), a suit by its name or letter, no trump
        as `None` or `"none"`.

        Raises:
            RulesError: a count or a trump that is not one of the choices.
            BidError: a bid that is not one of the choices.
            TrickError: a card or a position that is not one of the choices.
            ScoringError: points that are not one of the choices.
            NotationError: text that is no card, or no suit.

        Examples:
            >>> from wizardrules.lessons import tutorial
            >>> task = tutorial()[4].task
            >>> [str(card) for card in task.answers], task.check("R3").correct, task.check("B7").clause
            (['J', 'B7'], False, 'R5.3')
        """
        given = self._read(answer)
        for choice in self.choices:
            if choice.answer == given and type(choice.answer) is type(given):
                return choice.verdict
        offered = ", ".join(str(_answer_json(choice.answer)) for choice in self.choices)
        raise _REFUSED_BY[self.kind](f"answer {shown(answer)} is not one of this task's choices: {offered}")

    def _read(self, answer: object) -> object:
        if self.kind is TaskKind.PLAY and isinstance(answer, str):
            return Card.parse(answer)
        if self.kind is TaskKind.TRUMP and isinstance(answer, str):
            return None if answer.strip().lower() == "none" else Suit.parse(answer)
        if self.kind is TaskKind.TRUMP and answer is not None and not isinstance(answer, Suit):
            raise NotationError(
                f"answer {shown(answer)}: expected a Suit, its name, or None for no trump",
                german=f"Antwort {shown(answer)}: erwartet eine Farbe (Suit), ihren Namen oder None für keinen Trumpf",
            )
        return answer

    def to_dict(self) -> dict[str, JSON]:
        """The task as plain values, every choice with its verdict, so a page can answer without asking again."""
        return {
            "kind": self.kind.value,
            "question": self.question,
            "choices": [choice.to_dict() for choice in self.choices],
            "answers": [_answer_json(answer) for answer in self.answers],
            "clause": self.clause,
            "language": self.language.value,
        }


@frozen(kw_only=True)
class Step:
    """One step of the tutorial: a title, a text, worked examples, and a task.

    Attributes:
        number: the step, counted from 1.
        title: the step's title.
        text: the step's text; paragraphs are separated by an empty line.
        examples: worked examples, one line each (the four trick examples of R5.4, a round played
            out line by line); empty where the step has none.
        task: the step's small question.
        language: the language of every text.
    """

    number: int
    title: str
    text: str
    examples: tuple[str, ...]
    task: Task
    language: Language

    def to_dict(self) -> dict[str, JSON]:
        """The step as plain values, its task with every verdict."""
        return {
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "examples": list(self.examples),
            "task": self.task.to_dict(),
            "language": self.language.value,
        }


@frozen(kw_only=True)
class TrickQuestion:
    """A trick to judge: which card takes it, and why (R5.4).

    Attributes:
        cards: the trick's cards in play order.
        trump: the trump suit, `None` for no trump.
        led: the led suit (R5.2), `None` when no suit is led.
        answer: the index in play order, from 0, of the card that takes the trick.
        rule: the rule that decides it.
        clause: the clause of that rule (`R5.4`).
        reason: the answer in words: which card takes it and by which rule.
        task: the question with a choice per card, for `check`.
        language: the language of the texts.
    """

    cards: tuple[Card, ...]
    trump: Suit | None
    led: Suit | None
    answer: int
    rule: WinReason
    clause: str
    reason: str
    task: Task
    language: Language

    @property
    def question(self) -> str:
        """The question in words: the trump, the cards, and which card takes the trick."""
        return self.task.question

    def check(self, answer: object) -> Verdict:
        """The verdict on `answer`, an index into `cards` (see [`Task.check`][wizardrules.lessons.Task.check]).

        Raises:
            TrickError: the answer is not an index of the trick.
        """
        return self.task.check(answer)

    def to_dict(self) -> dict[str, JSON]:
        """The question as plain values: cards, trump, led suit, answer, rule, reason, and the task."""
        return {
            "cards": cards_json(self.cards, self.language),
            "trump": suit_json(self.trump),
            "led": suit_json(self.led),
            "answer": self.answer,
            "rule": self.rule.name,
            "clause": self.clause,
            "reason": self.reason,
            "question": self.question,
            "task": self.task.to_dict(),
            "language": self.language.value,
        }


@frozen(kw_only=True)
class PlayQuestion:
    """May I play this card: a hand, the trick so far, and each card's verdict (R5.2, R5.3).

    Attributes:
        hand: the cards held, in display order.
        trick: the cards played so far, in play order; empty when you lead.
        trump: the trump suit, `None` for no trump.
        led: the led suit (R5.2), `None` while no suit is led.
        legal: the cards of `hand` that may be played, in the hand's order.
        task: the question with a choice per card of the hand, each with its reason.
        language: the language of the texts.
    """

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit | None
    led: Suit | None
    legal: tuple[Card, ...]
    task: Task
    language: Language

    @property
    def question(self) -> str:
        """The situation and the question in words."""
        return self.task.question

    @property
    def refusals(self) -> dict[Card, str]:
        """For each card of the hand that may not be played, the reason."""
        return {
            choice.answer: choice.verdict.reason
            for choice in self.task.choices
            if isinstance(choice.answer, Card) and not choice.verdict.correct
        }

    def check(self, answer: object) -> Verdict:
        """The verdict on playing `answer`, a card of the hand or its notation.

        Raises:
            NotationError: the text is not a card.
            TrickError: the card is not in the hand.
        """
        return self.task.check(answer)

    def to_dict(self) -> dict[str, JSON]:
        """The question as plain values; `cards` gives each card of the hand with `legal`, `reason` and `clause`."""
        return {
            "hand": cards_json(self.hand, self.language),
            "trick": cards_json(self.trick, self.language),
            "trump": suit_json(self.trump),
            "led": suit_json(self.led),
            "legal": [str(card) for card in self.legal],
            "cards": [
                {**card_json(card, self.language), "legal": choice.verdict.correct}
                | {"reason": choice.verdict.reason, "clause": choice.verdict.clause}
                for choice in self.task.choices
                if isinstance((card := choice.answer), Card)
            ],
            "question": self.question,
            "task": self.task.to_dict(),
            "language": self.language.value,
        }


@frozen(kw_only=True)
class BidQuestion:
    """What may the next bidder bid: every bid 0..cards, allowed or blocked, and why (R4.1, R4.2).

    Attributes:
        rule: the bid rule's name, in `language`.
        cards: the cards each player holds this round.
        bids: the bids made so far, in bidding order.
        players: the number of players.
        round_number: the round, counted from 1.
        allowed: the bids the policy allows, in increasing order.
        task: the question with a choice per bid 0..cards, each with its reason.
        language: the language of the texts.
    """

    rule: str
    cards: int
    bids: tuple[int, ...]
    players: int
    round_number: int
    allowed: tuple[int, ...]
    task: Task
    language: Language

    @property
    def question(self) -> str:
        """The situation and the question in words."""
        return self.task.question

    def check(self, answer: object) -> Verdict:
        """The verdict on bidding `answer`.

        Raises:
            BidError: the answer is not a bid 0..cards.
        """
        return self.task.check(answer)

    def to_dict(self) -> dict[str, JSON]:
        """The question as plain values; `options` gives each bid with `allowed` and `reason`."""
        return {
            "rule": self.rule,
            "cards": self.cards,
            "bids": list(self.bids),
            "players": self.players,
            "round_number": self.round_number,
            "allowed": list(self.allowed),
            "options": [
                {"bid": choice.answer, "allowed": choice.verdict.correct, "reason": choice.verdict.reason}
                for choice in self.task.choices
            ],
            "question": self.question,
            "task": self.task.to_dict(),
            "language": self.language.value,
        }


class TrumpReason(enum.Enum):
    """Why a round has the trump it has, or who names it (R3, R8.6, R8.10).

    Examples:
        >>> TrumpReason.WIZARD.clause, TrumpReason.WIZARD.display(Language.DE)
        ('R3.2', 'ein Zauberer: der Geber bestimmt den Trumpf')
    """

    SUIT = "a suit card makes its suit trump"
    WIZARD = "a Wizard: the dealer names the trump"
    JESTER = "a Jester: no trump"
    NOTHING_LEFT = "no card left to turn up: no trump"
    FIXED = "the schedule fixes the trump"
    SPECIAL_CHOOSES = "a special card: the dealer names the trump, as after a Wizard"
    SPECIAL_NO_TRUMP = "a Bomb or Fairy: no trump"
    WEREWOLF = "the Werewolf: its holder swaps it for the turned-up card and names the trump"

    @property
    def clause(self) -> str:
        """The clause of the rules this reason is (`R3.2`)."""
        return _TRUMP_CLAUSES[self]

    def display(self, lang: Language = Language.EN) -> str:
        """The reason in words, in English or German."""
        return _TRUMP_REASONS_DE[self] if lang is Language.DE else self.value


_TRUMP_CLAUSES: Final = {
    TrumpReason.SUIT: "R3.1",
    TrumpReason.WIZARD: "R3.2",
    TrumpReason.JESTER: "R3.3",
    TrumpReason.NOTHING_LEFT: "R3.4",
    TrumpReason.FIXED: "R3.5",
    TrumpReason.SPECIAL_CHOOSES: "R8.10",
    TrumpReason.SPECIAL_NO_TRUMP: "R8.10",
    TrumpReason.WEREWOLF: "R8.6",
}
_TRUMP_REASONS_DE: Final = {
    TrumpReason.SUIT: "eine Zahlenkarte macht ihre Farbe zum Trumpf",
    TrumpReason.WIZARD: "ein Zauberer: der Geber bestimmt den Trumpf",
    TrumpReason.JESTER: "ein Narr: kein Trumpf",
    TrumpReason.NOTHING_LEFT: "keine Karte mehr zum Aufdecken: kein Trumpf",
    TrumpReason.FIXED: "der Spielplan legt den Trumpf fest",
    TrumpReason.SPECIAL_CHOOSES: "eine Sonderkarte: der Geber bestimmt den Trumpf, wie beim Zauberer",
    TrumpReason.SPECIAL_NO_TRUMP: "Bombe oder Fee: kein Trumpf",
    TrumpReason.WEREWOLF: "der Werwolf: wer ihn hat, tauscht ihn gegen die aufgedeckte Karte und bestimmt den Trumpf",
}


@frozen(kw_only=True)
class TurnUp:
    """The card turned up for trump in a round, and the trump it makes (R3, R8.6, R8.10).

    Attributes:
        round: the round, counted from 1.
        players: the number of players.
        cards: the cards each player holds this round.
        dealer: the dealer's seat.
        hands: each seat's hand as the round starts (after the Werewolf's swap, R8.6).
        turned_up: the card turned up, `None` when none is (R3.4, R3.5).
        trump: the trump suit, `None` for no trump or while it is to be named.
        chooser: the seat that names the trump (the dealer, or the Werewolf's holder), `None` when nobody does.
        choices: what the chooser may name: suits, and `None` for no trump where that is allowed (R8.6).
        reason: the rule that decides the trump.
        text: the answer in words.
        language: the language of the text.
    """

    round: int
    players: int
    cards: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turned_up: Card | None
    trump: Suit | None
    chooser: int | None
    choices: tuple[Suit | None, ...]
    reason: TrumpReason
    text: str
    language: Language

    @property
    def clause(self) -> str:
        """The clause of the rule that decides the trump."""
        return self.reason.clause

    def to_dict(self) -> dict[str, JSON]:
        """The answer as plain values: the turned-up card, the trump, who names it, the reason and the text."""
        return {
            "round": self.round,
            "players": self.players,
            "cards": self.cards,
            "dealer": self.dealer,
            "hands": [cards_json(hand, self.language) for hand in self.hands],
            "turned_up": None if self.turned_up is None else card_json(self.turned_up, self.language),
            "trump": suit_json(self.trump),
            "chooser": self.chooser,
            "choices": [suit_json(choice) for choice in self.choices],
            "reason": self.reason.name,
            "clause": self.clause,
            "text": self.text,
            "language": self.language.value,
        }


@frozen(kw_only=True)
class GameOption:
    """A shorter game than the one asked about: a built-in schedule with fewer rounds (R2.4).

    Attributes:
        kind: the schedule, for `Rules(schedule=...)`.
        name: its name, in `language`.
        rounds: its number of rounds.
        cards_per_round: the cards each player holds, round by round.
        text: the schedule in words.
        language: the language of the texts.
    """

    kind: ScheduleKind
    name: str
    rounds: int
    cards_per_round: tuple[int, ...]
    text: str
    language: Language

    def to_dict(self) -> dict[str, JSON]:
        """The option as plain values."""
        return {
            "kind": self.kind.value,
            "name": self.name,
            "rounds": self.rounds,
            "cards_per_round": list(self.cards_per_round),
            "text": self.text,
        }


@frozen(kw_only=True)
class GameLength:
    """How long a game is: its rounds, its last round, and the shorter games on offer (R2.2-R2.4, R3.4).

    Attributes:
        players: the number of players.
        rounds: the number of rounds.
        cards_per_round: the cards each player holds, round by round.
        last_cards: the cards each player holds in the last round.
        cards_left: the cards left over in the last round, once everyone is dealt.
        last_turns_up: whether a card is turned up for trump in the last round: only when
            cards are left (special cards in the deck, R2.2) and the schedule fixes no trump.
        last_fixed_trump: the trump the schedule fixes for the last round, `None` when it fixes none (R3.5).
        stop_after: the rounds after which a shorter ladder game may stop (R2.3); empty for other schedules.
        shorter: the built-in schedules with fewer rounds that these rules can play (R2.4).
        text: the answer in words.
        language: the language of the texts.
    """

    players: int
    rounds: int
    cards_per_round: tuple[int, ...]
    last_cards: int
    cards_left: int
    last_turns_up: bool
    last_fixed_trump: FixedTrump | None
    stop_after: tuple[int, ...]
    shorter: tuple[GameOption, ...]
    text: str
    language: Language

    def to_dict(self) -> dict[str, JSON]:
        """The answer as plain values, the shorter games with it."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "cards_per_round": list(self.cards_per_round),
            "last_cards": self.last_cards,
            "cards_left": self.cards_left,
            "last_turns_up": self.last_turns_up,
            "last_fixed_trump": None if self.last_fixed_trump is None else self.last_fixed_trump.name.lower(),
            "stop_after": list(self.stop_after),
            "shorter": [option.to_dict() for option in self.shorter],
            "text": self.text,
            "language": self.language.value,
        }
