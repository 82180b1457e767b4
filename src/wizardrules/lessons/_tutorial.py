"""The tutorial's eight steps (seed 002's introduction): the cards, dealing and rounds, trump, bids,
following suit, who wins a trick, points, a whole round.

Every number in a text and every verdict of a task is the rules' answer: the deck's counts,
the ladder, the engine starting a round after a Wizard, `allowed_bids`, `legal_plays`,
`decide_trick`, the standard score rule, and a round the engine plays out.
"""

from __future__ import annotations

import functools
from typing import Final

from wizardrules._words import and_list, names_list, sentence, trump_text
from wizardrules.actions import ChooseTrump, parse_action
from wizardrules.bidding import NotEqualBids
from wizardrules.cards import Card, Deck, Language, Special, Suit, parse_cards
from wizardrules.engine import Deal
from wizardrules.events import GameOver, RoundScored
from wizardrules.lessons._bids import bid_context, bid_task, rule_name
from wizardrules.lessons._plays import situation_text, situations
from wizardrules.lessons._tricks import examples, trick_task
from wizardrules.lessons._trump import explain_turn_up, hand_text, round_game
from wizardrules.lessons._values import Choice, Step, Task, TaskKind, Verdict
from wizardrules.lessons._words import capital, cards_word, count_word, say, tricks_word
from wizardrules.rules import Rules, Schedule
from wizardrules.scoring import STANDARD_SCORE, round_points
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["steps"]

_NAMES: Final = ("Lena", "Tom", "Mia")
"""The players of the tutorial's examples, as in seed 002."""
_RULES: Final = Rules()


# -- 1 the cards (R1.1) ------------------------------------------------------------------------------------


def _deck_step(lang: Language) -> Step:
    cards = Deck().cards
    suited = [card for card in cards if card.is_suit_card]
    ranks = sorted({card.rank for card in suited})
    counts = {
        "deck": len(cards),
        "numbered": len(suited),
        "wizards": cards.count(Card.WIZARD),
        "jesters": cards.count(Card.JESTER),
    }
    answer = say(
        "deck answer",
        lang,
        **counts,
        suits=len({card.suit for card in suited}),
        low=ranks[0],
        high=ranks[-1],
    )
    wrong = {
        counts["numbered"]: "deck numbered",
        counts["numbered"] + counts["wizards"]: "deck with wizards",
        len(Deck(specials=frozenset(Special))): "deck with specials",
    }
    choices = tuple(
        Choice(
            answer=count,
            label=str(count),
            verdict=Verdict(
                correct=count == counts["deck"],
                reason=answer if count == counts["deck"] else say(wrong[count], lang, count=count) + answer,
                clause="R1.1",
            ),
        )
        for count in sorted({*wrong, counts["deck"]})
    )
    suits = [suit.display(lang) for suit in Suit]
    text = say(
        "step 1 text",
        lang,
        **counts,
        low=ranks[0],
        high=ranks[-1],
        suits=and_list(suits, lang),
        signs=", ".join(f"{suit.display(lang)} {suit.symbol}" for suit in Suit),
    )
    task = Task(kind=TaskKind.COUNT, question=say("deck question", lang), choices=choices, clause="R1.1", language=lang)
    return Step(number=1, title=say("step 1", lang), text=text, examples=(), task=task, language=lang)


# -- 2 dealing and rounds (R2.2) ---------------------------------------------------------------------------

_ROUNDS_PLAYERS: Final = 5


def _rounds_step(lang: Language) -> Step:
    ladders = {n: Schedule.ladder(n).rounds for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    players = _ROUNDS_PLAYERS
    right = ladders[players]
    answer = say("rounds answer", lang, deck=len(Deck()), word=count_word(players, lang), rounds=right)
    by_rounds = {rounds: n for n, rounds in ladders.items()}
    choices = tuple(
        Choice(
            answer=rounds,
            label=str(rounds),
            verdict=Verdict(
                correct=rounds == right,
                reason=answer
                if rounds == right
                else say("rounds other", lang, count=rounds, word=count_word(by_rounds[rounds], lang)) + answer,
                clause="R2.2",
            ),
        )
        for rounds in sorted(by_rounds)
    )
    items = [say("ladder item", lang, rounds=rounds, word=count_word(n, lang)) for n, rounds in ladders.items()]
    text = say("step 2 text", lang, ladder=and_list(items, lang))
    question = say("rounds question", lang, word=count_word(players, lang))
    task = Task(kind=TaskKind.COUNT, question=question, choices=choices, clause="R2.2", language=lang)
    return Step(number=2, title=say("step 2", lang), text=text, examples=(), task=task, language=lang)


# -- 3 trump (R3) ------------------------------------------------------------------------------------------

_TRUMP_DEAL: Final = Deal(
    hands=(parse_cards("R13 R9 B4"), parse_cards("G2 Y8 J"), parse_cards("B11 G6 R1"), parse_cards("Y12 W G9")),
    turned_up=Card.WIZARD,
)
"""Round 3 at four: you deal, and a Wizard is turned up."""
_TURNED_EXAMPLES: Final = ("G7", "W", "J")


def _trump_examples(lang: Language) -> tuple[str, ...]:
    """A suit card, a Wizard and a Jester turned up in round 1 at four, and the last round at four."""
    hands = tuple(parse_cards(text) for text in ("R3", "Y9", "B1", "G11"))
    lines = [
        explain_turn_up(
            _RULES, 4, Deal(hands=hands, turned_up=Card.parse(text)), number=1, cards=1, fixed=None, dealer=0, lang=lang
        ).text
        for text in _TURNED_EXAMPLES
    ]
    last = Schedule.ladder(4).rounds
    deck = Deck().cards
    dealt = Deal(hands=tuple(deck[seat * last : (seat + 1) * last] for seat in range(4)))
    lines.append(explain_turn_up(_RULES, 4, dealt, number=last, cards=last, fixed=None, dealer=0, lang=lang).text)
    return tuple(lines)


def _trump_step(lang: Language) -> Step:
    hand = _TRUMP_DEAL.hands[0]
    state = round_game(_RULES, 4, _TRUMP_DEAL, cards=len(hand), fixed=None, dealer=0)
    named = {action.suit for action in state.legal_actions() if isinstance(action, ChooseTrump)}
    choices = tuple(
        Choice(
            answer=suit,
            label=say("no trump choice", lang) if suit is None else suit.display(lang),
            verdict=Verdict(
                correct=suit in named,
                reason=say("trump named", lang, suit=suit.display(lang))
                if suit in named and suit is not None
                else say("trump refused", lang),
                clause="R3.2",
            ),
        )
        for suit in (*Suit, None)
    )
    question = say("trump question", lang, round=3, hand=hand_text(hand, lang), card=Card.WIZARD.display(lang))
    task = Task(kind=TaskKind.TRUMP, question=question, choices=choices, clause="R3.2", language=lang)
    text = say("step 3 text", lang)
    return Step(
        number=3, title=say("step 3", lang), text=text, examples=_trump_examples(lang), task=task, language=lang
    )


# -- 4 bids (R4.1, R4.2) -----------------------------------------------------------------------------------

_BIDS: Final = (1, 0, 1)
"""Seed 002's example: round 3, Lena bids 1, Tom 0, Mia 1, and you deal."""


def _bids_step(lang: Language) -> Step:
    policy = NotEqualBids()
    cards = 3
    context = bid_context(policy, cards=cards, bids=_BIDS, players=None, round_number=3, totals=None, dealer=None)
    bids = [say("named bid", lang, who=_NAMES[0], bid=_BIDS[0])]
    bids += [f"{who} {bid}" for who, bid in zip(_NAMES[1:], _BIDS[1:], strict=True)]
    question = say(
        "step 4 question",
        lang,
        round=3,
        cards=cards_word(cards, lang),
        bids=and_list(bids, lang),
        rule=rule_name(policy, lang),
    )
    task = bid_task(policy, context, lang, question).task
    text = say(
        "step 4 text",
        lang,
        free=say("rule free", lang),
        not_equal=say("rule not equal", lang),
        equal=say("rule equal", lang),
    )
    return Step(number=4, title=say("step 4", lang), text=text, examples=(), task=task, language=lang)


# -- 5 following suit (R5.2, R5.3) -------------------------------------------------------------------------


def _follow_step(lang: Language) -> Step:
    questions = situations(lang)
    lines = tuple(
        say(
            "may be played",
            lang,
            situation=situation_text(question.trick, question.led, lang),
            hand=and_list([card.display(lang) for card in question.hand], lang),
            cards=and_list([card.display(lang) for card in question.legal], lang),
        )
        for question in questions
    )
    text = say("step 5 text", lang)
    return Step(number=5, title=say("step 5", lang), text=text, examples=lines, task=questions[0].task, language=lang)


# -- 6 who wins the trick (R5.4) ---------------------------------------------------------------------------

_TRICK: Final = ("G12 J R1 G13", Suit.RED)
"""Even the smallest trump takes the trick against a 13 of another suit."""


def _trick_step(lang: Language) -> Step:
    lines = tuple(
        say(
            "worked trick",
            lang,
            trump=capital(trump_text(question.trump, lang)),
            cards=names_list(question.cards, lang),
            reason=question.reason,
        )
        for question in examples(lang)
    )
    cards, trump = _TRICK
    task = trick_task(parse_cards(cards), trump, lang).task
    return Step(
        number=6, title=say("step 6", lang), text=say("step 6 text", lang), examples=lines, task=task, language=lang
    )


# -- 7 points (R6.1) ---------------------------------------------------------------------------------------


def _points_reason(bid: int, tricks: int, lang: Language) -> str:
    parts = STANDARD_SCORE.breakdown(bid, tricks)
    key = "points hit" if parts.hit else "points miss"
    return say(
        key, lang, bid=bid, tricks=tricks, base=parts.base, count=parts.count, unit=parts.unit, total=parts.total
    )


def _points_task(question: str, *, bid: int, tricks: int, most: int, right: int, lang: Language) -> Task:
    """Points for `bid` and `tricks`: the right answer, the points of other trick counts, and a hit's points."""
    reason = _points_reason(bid, tricks, lang)
    values = sorted({round_points(bid, other) for other in range(most + 1)} | {round_points(tricks, tricks), right})
    choices = tuple(
        Choice(
            answer=value,
            label=f"{value:+d}",
            verdict=Verdict(
                correct=value == right,
                reason=reason if value == right else say("not among", lang, answer=f"{value:+d}") + reason,
                clause="R6.1",
            ),
        )
        for value in values
    )
    return Task(kind=TaskKind.POINTS, question=question, choices=choices, clause="R6.1", language=lang)


_POINTS: Final = ((0, 2, 2), (2, 0, 0), (1, 1, 3))
"""Seed 002's score pad: Lena bid 2 and took 2, Mia 0 and 0, Tom 1 and 3 (who, bid, tricks)."""


def _points_step(lang: Language) -> Step:
    lines = tuple(
        say("worked points", lang, who=_NAMES[who], reason=_points_reason(bid, tricks, lang))
        for who, bid, tricks in _POINTS[:-1]
    )
    who, bid, tricks = _POINTS[-1]
    question = say("points question", lang, who=_NAMES[who], bid=bid, tricks=tricks_word(tricks, lang))
    task = _points_task(question, bid=bid, tricks=tricks, most=3, right=round_points(bid, tricks), lang=lang)
    text = say(
        "step 7 text",
        lang,
        bonus=STANDARD_SCORE.hit_bonus,
        per=STANDARD_SCORE.per_trick,
        penalty=STANDARD_SCORE.miss_penalty,
        zero=round_points(0, 0),
    )
    return Step(number=7, title=say("step 7", lang), text=text, examples=lines, task=task, language=lang)


# -- 8 a whole round (R2-R6) -------------------------------------------------------------------------------

_ROUND: Final = 3
_ROUND_DEALER: Final = 2
_ROUND_TURNED: Final = Card.parse("G7")
_ROUND_DEAL: Final = Deal(
    hands=(parse_cards("R12 G3 J"), parse_cards("W B5 R9"), parse_cards("R4 G10 B13")), turned_up=_ROUND_TURNED
)
_ROUND_ACTIONS: Final = (
    "bid 1",
    "bid 1",
    "bid 0",
    "play R12",
    "play R9",
    "play R4",
    "play G3",
    "play W",
    "play G10",
    "play B5",
    "play B13",
    "play J",
)
"""The round: Lena, Tom and Mia bid 1, 1 and 0, and play out three tricks (Mia deals, trump green)."""
_ASKED: Final = 2
"""The player the round's task asks about: Mia, who bid 0 and takes a trick."""


def _round_step(lang: Language) -> Step:
    cards = len(_ROUND_DEAL.hands[0])
    state = round_game(_RULES, _NAMES, _ROUND_DEAL, cards=cards, fixed=None, dealer=_ROUND_DEALER)
    lines = [
        say(
            "round start",
            lang,
            round=_ROUND,
            who=_NAMES[_ROUND_DEALER],
            cards=cards_word(cards, lang),
            turned=sentence("turned up", lang, card=_ROUND_TURNED.display(lang), trump=trump_text(state.trump, lang)),
        )
    ]
    for text in _ROUND_ACTIONS:
        state, events = state.step(parse_action(text))
        lines += [
            event.to_text(language=lang, names=_NAMES)
            for event in events
            if not isinstance(event, (RoundScored, GameOver))  # the task asks for the points
        ]
    scored = state.scoresheet.rounds[0]
    lines.append(
        say("round tricks", lang, tricks=", ".join(f"{who} {n}" for who, n in zip(_NAMES, scored.tricks, strict=True)))
    )
    bid, tricks = scored.bids[_ASKED], scored.tricks[_ASKED]
    question = say("round question", lang, who=_NAMES[_ASKED], bid=bid, tricks=tricks_word(tricks, lang))
    task = _points_task(question, bid=bid, tricks=tricks, most=cards, right=scored.points[_ASKED], lang=lang)
    first = _NAMES[(_ROUND_DEALER + 1) % len(_NAMES)]
    text = say(
        "step 8 text",
        lang,
        players=and_list(list(_NAMES), lang),
        round=_ROUND,
        cards=cards_word(cards, lang),
        dealer=_NAMES[_ROUND_DEALER],
        first=first,
    )
    return Step(number=8, title=say("step 8", lang), text=text, examples=tuple(lines), task=task, language=lang)


@functools.cache
def steps(lang: Language) -> tuple[Step, ...]:
    """The eight steps in `lang` (made once per language: they are immutable)."""
    return tuple(
        step(lang)
        for step in (
            _deck_step,
            _rounds_step,
            _trump_step,
            _bids_step,
            _follow_step,
            _trick_step,
            _points_step,
            _round_step,
        )
    )
