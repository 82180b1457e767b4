"""The rules app's lessons: the tutorial, trick and may-I-play questions, the bid helper, game length and trump.

Every answer is the library's: [`decide_trick`][wizardrules.decide_trick] says which card
takes a trick, [`legal_plays`][wizardrules.legal_plays] which cards may be played,
[`allowed_bids`][wizardrules.allowed_bids] and the bid policies which bids are allowed, the
standard score rule how many points a round scores, the schedules how long a game is, and
the engine which trump a turned-up card makes. The texts are English or German
([`Language`][wizardrules.Language]), the questions are deterministic per seed, and every
value is frozen, with a `to_dict()` of plain values for a page (cards in their notation
with their names, suits by name, no trump as `None`).

- [`tutorial`][wizardrules.lessons.tutorial]: the eight steps of the introduction, each with
  a text and a small [`Task`][wizardrules.lessons.Task];
- [`trick_question`][wizardrules.lessons.trick_question] and
  [`trick_examples`][wizardrules.lessons.trick_examples]: which card takes the trick;
- [`play_question`][wizardrules.lessons.play_question] and
  [`play_situations`][wizardrules.lessons.play_situations]: may I play this card;
- [`bid_question`][wizardrules.lessons.bid_question]: what may the dealer (or any bidder) bid;
- [`game_length`][wizardrules.lessons.game_length]: how long a game is, and shorter ones;
- [`turn_up`][wizardrules.lessons.turn_up]: the turned-up card and the trump it makes.

A task's [`check`][wizardrules.lessons.Task.check] gives a
[`Verdict`][wizardrules.lessons.Verdict]: right or not, the reason, and the rule clause.
Every choice's verdict is worked out when the question is made, so `to_dict()` carries them
all and a page can answer taps without asking again.

Examples:
    >>> from wizardrules import Language
    >>> from wizardrules.lessons import trick_question, tutorial
    >>> [step.title for step in tutorial(Language.DE)][:4]
    ['Die Karten', 'Geben und Runden', 'Trumpf', 'Ansagen']
    >>> question = trick_question(7, level=1)
    >>> question.check(question.answer).correct
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from wizardrules.bidding import BidPolicy
from wizardrules.cards import Language
from wizardrules.lessons._bids import bid_context, bid_task
from wizardrules.lessons._inputs import checked_language, checked_level, checked_players, checked_rules, checked_seed
from wizardrules.lessons._plays import play_cards, play_task, situations
from wizardrules.lessons._tricks import examples, trick_cards, trick_task
from wizardrules.lessons._trump import game_length_of, turn_up_of
from wizardrules.lessons._tutorial import steps
from wizardrules.lessons._values import (
    Answer,
    BidQuestion,
    Choice,
    GameLength,
    GameOption,
    PlayQuestion,
    Step,
    Task,
    TaskKind,
    TrickQuestion,
    TrumpReason,
    TurnUp,
    Verdict,
)
from wizardrules.rules import Rules
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS

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
    "bid_question",
    "game_length",
    "play_question",
    "play_situations",
    "trick_examples",
    "trick_question",
    "turn_up",
    "tutorial",
]


def tutorial(language: Language = Language.EN) -> tuple[Step, ...]:
    """The eight steps of the introduction, each with a title, a text and a task (seed 002).

    The steps: the cards (R1.1); dealing and rounds (R2.2); trump, naming it after a Wizard
    (R3); bids and the bid rules (R4.1, R4.2); following suit (R5.2, R5.3); who wins a trick
    (R5.4, with its four worked examples); points (R6.1); a whole round played out by the
    engine, line by line.

    Raises:
        CardError: `language` is not a `Language`.

    Examples:
        >>> steps = tutorial()
        >>> [step.title for step in steps]  # doctest: +NORMALIZE_WHITESPACE
        ['The cards', 'Dealing and rounds', 'Trump', 'Bids', 'Following suit', 'Who wins the trick?',
         'Points', 'A whole round']
        >>> task = steps[2].task
        >>> task.question
        'Round 3: you deal and hold Red 13, Red 9 and Blue 4. Turned up: Wizard. Name the trump.'
        >>> verdict = task.check(None)
        >>> verdict.correct, verdict.clause
        (False, 'R3.2')
        >>> print(verdict.reason)
        After a Wizard the dealer must name one of the four suits: no trump is not a choice.
        >>> tutorial(Language.DE)[6].task.check(-20).reason
        'Angesagt 1, geholt 3: um 2 daneben. 2 × -10 = -20, egal ob zu viele oder zu wenige.'
    """
    return steps(checked_language(language))


def _drawing(
    seed: object, level: object, players: object, language: object, what: str
) -> tuple[random.Random, int, int, Language]:
    """A question's random source, level, players and language, each checked (R2.6: the seed's own source)."""
    rng = random.Random(checked_seed(seed, what))
    checked = checked_level(level, what)
    lang = checked_language(language)
    count = None if players is None else checked_players(players, what)
    return rng, checked, rng.randint(MIN_PLAYERS, MAX_PLAYERS) if count is None else count, lang


def trick_question(
    seed: int, *, level: int = 1, players: int | None = None, language: Language = Language.EN
) -> TrickQuestion:
    """A trick to judge, drawn from `seed`: which card takes it, and why (R5.4).

    The same arguments give the same question. The winning card's position is drawn first,
    so the answers spread evenly over the positions; the answer is `decide_trick`'s.

    Args:
        seed: the question's seed, an integer.
        level: 1 plain (suit cards only: the trump or the led suit decides); 2 a Wizard or a
            Jester after a suit card, now and then no trump; 3 tricky (a Wizard or Jesters
            first, several trumps or Wizards, Jesters only).
        players: the cards in the trick, 3..6; by default drawn from the seed.
        language: the language of the texts.

    Raises:
        RulesError: a seed that is not an integer, a level outside 1..3, or players outside 3..6.
        CardError: `language` is not a `Language`.

    Examples:
        >>> question = trick_question(0, players=4)
        >>> question.question
        'Trump red: Blue 8, Green 13, Green 7, Red 5. Which card takes the trick?'
        >>> question.answer, question.rule.name, question.clause
        (3, 'HIGHEST_TRUMP', 'R5.4')
        >>> question.reason
        'The 4th card takes the trick: Red 5. The highest trump wins.'
        >>> tricky = trick_question(4, level=3, players=4, language=Language.DE)
        >>> tricky.question
        'Kein Trumpf: Narr, Zauberer, Rot 10, Zauberer. Welche Karte holt den Stich?'
        >>> tricky.check(3).reason
        'Der Zauberer holt ihn nicht. Den Stich holt die 2. Karte: Zauberer. Der erste Zauberer gewinnt.'
    """
    rng, level, count, lang = _drawing(seed, level, players, language, "trick_question")
    cards, trump = trick_cards(rng, level, count)
    return trick_task(cards, trump, lang)


def trick_examples(language: Language = Language.EN) -> tuple[TrickQuestion, ...]:
    """The four worked examples of R5.4, one per rule: the first Wizard, the highest trump, the
    highest card of the led suit, the first Jester.

    Raises:
        CardError: `language` is not a `Language`.

    Examples:
        >>> for question in trick_examples():
        ...     print(question.question, "->", question.answer + 1)
        Trump green: Blue 9, Wizard, Green 13, Wizard. Which card takes the trick? -> 2
        Trump red: Blue 13, Red 2, Blue 9. Which card takes the trick? -> 2
        Trump blue: Yellow 7, Yellow 11, Red 13. Which card takes the trick? -> 2
        Trump yellow: Jester, Jester, Jester. Which card takes the trick? -> 1
    """
    return examples(checked_language(language))


def play_question(
    seed: int, *, level: int = 1, players: int | None = None, language: Language = Language.EN
) -> PlayQuestion:
    """May I play this card: a hand and the trick so far, drawn from `seed`, with each card's verdict (R5.3).

    `legal` is `legal_plays`'s answer; each card of the hand has its reason, the ones that may
    not be played in [`refusals`][wizardrules.lessons.PlayQuestion.refusals].

    Args:
        seed: the question's seed, an integer.
        level: 1 a suit card leads and the trick holds suit cards only; 2 Wizards and Jesters
            in the trick after its lead and in the hand; 3 you lead, or a Wizard or Jesters
            come first.
        players: the players at the table, 3..6 (the trick so far has fewer cards); by default
            drawn from the seed.
        language: the language of the texts.

    Raises:
        RulesError: a seed that is not an integer, a level outside 1..3, or players outside 3..6.
        CardError: `language` is not a `Language`.

    Examples:
        >>> question = play_question(4, players=4)
        >>> question.question
        'Trump green. In the trick: Red 7, Red 6, Green 2. Red was led. Which card may you play?'
        >>> " ".join(map(str, question.hand)), " ".join(map(str, question.legal))
        ('R11 G12 B10 W', 'R11 W')
        >>> question.check("G12").reason
        'Red was led and you hold Red 11: follow suit, or play a Wizard or a Jester.'
        >>> question.check("W").reason
        'Wizards and Jesters may always be played, even when you could follow suit.'
    """
    rng, level, count, lang = _drawing(seed, level, players, language, "play_question")
    hand, trick, trump = play_cards(rng, level, count)
    return play_task(hand, trick, trump, lang)


def play_situations(language: Language = Language.EN) -> tuple[PlayQuestion, ...]:
    """The four situations of following suit (R5.2, R5.3), trump red: you hold the led suit;
    you do not; a Wizard came first; a Jester came first and the next suit card set the suit.

    Raises:
        CardError: `language` is not a `Language`.

    Examples:
        >>> for question in play_situations(Language.DE):
        ...     print(" ".join(map(str, question.legal)))
        J B7
        R3 Y5 G13 W
        R3 G13 B7
        J G9
    """
    return situations(checked_language(language))


def bid_question(
    policy: BidPolicy,
    *,
    cards: int,
    bids: Sequence[int],
    players: int | None = None,
    round_number: int = 1,
    totals: Sequence[int] | None = None,
    dealer: int | None = None,
    language: Language = Language.EN,
) -> BidQuestion:
    """What may the next bidder bid: every bid 0..cards, allowed or blocked by `policy`, and why (R4.1, R4.2).

    The arguments are those of [`allowed_bids`][wizardrules.allowed_bids]; by default the next
    bidder is the last, the dealer (`players` is one more than the bids made). A built-in
    policy's refusals are said in German too; a policy of one's own is quoted as it words them.

    Raises:
        BidError: the policy is not a bid policy, or the situation cannot occur.
        CardError: `language` is not a `Language`.

    Examples:
        >>> from wizardrules import NotEqualBids
        >>> question = bid_question(NotEqualBids(), cards=3, bids=[1, 0, 1], round_number=3)
        >>> question.allowed
        (0, 2, 3)
        >>> print(question.question)
        Round 3: everyone holds 3 cards. Bid so far: 1, 0, 1. You bid last. Bid rule: Not equal. What may you bid?
        >>> bid_question(NotEqualBids(), cards=3, bids=[1, 0, 1], language=Language.DE).check(1).reason
        'Die 1 ist gesperrt: Sonst ergäben die Ansagen genau 3.'
    """
    lang = checked_language(language)
    context = bid_context(
        policy, cards=cards, bids=bids, players=players, round_number=round_number, totals=totals, dealer=dealer
    )
    return bid_task(policy, context, lang)


def game_length(players: int, rules: Rules | None = None, *, language: Language = Language.EN) -> GameLength:
    """How long a game of `players` is under `rules`: its rounds, its last round, and shorter games (R2.2-R2.4).

    With special cards in the deck, cards are left in the last round too, and one is turned
    up for trump (R2.2); `last_turns_up` is the engine's deal of that round. `stop_after`
    lists the rounds a shorter ladder game may stop after (R2.3), `shorter` the built-in
    schedules with fewer rounds these rules can play (R2.4).

    Raises:
        RulesError: a number of players outside 3..6, rules that are not `Rules`, or rules
            these players cannot play.
        CardError: `language` is not a `Language`.

    Examples:
        >>> length = game_length(4)
        >>> length.rounds, length.last_cards, length.last_turns_up
        (15, 15, False)
        >>> print(length.text)  # doctest: +NORMALIZE_WHITESPACE
        15 rounds. In the last round everyone holds 15 cards. All 60 are dealt, and there is no trump.
        Too long for one evening? Agree on fewer rounds before you start: stop after any round.
        >>> for option in length.shorter:
        ...     print(option.text)
        Tournament: 10 rounds of 1, 3, 5, 7, 9, 11 to 15 cards.
        Einfarbig: 12 rounds of 4 to 15 cards, never a trump.
        Wizard Maximus: 5 rounds, each dealing 15 cards to everyone, the trump fixed per round.
        >>> from wizardrules import Preset
        >>> special = game_length(4, Preset.ANNIVERSARY_2016.rules(), language=Language.DE)
        >>> special.last_turns_up, special.cards_left
        (True, 6)
        >>> print(special.text)  # doctest: +NORMALIZE_WHITESPACE
        15 Runden. In der letzten Runde hält jeder 15 Karten. 60 der 66 Karten sind verteilt; 6 bleiben übrig,
        und die oberste wird wie in jeder Runde für den Trumpf aufgedeckt. Zu lang für einen Abend? Vereinbart
        vorher weniger Runden: Ihr könnt nach jeder Runde aufhören.
    """
    count = checked_players(players, "game_length")
    return game_length_of(count, checked_rules(rules, "game_length"), checked_language(language))


def turn_up(
    seed: int,
    rules: Rules | None = None,
    *,
    round: int | None = None,
    players: int = 4,
    language: Language = Language.EN,
) -> TurnUp:
    """The card turned up for trump in a round, and the trump it makes, with the reason (R3, R8.6, R8.10).

    The round is the one [`new_game`][wizardrules.new_game]`(players, rules=rules, seed=seed)`
    deals: a suit card makes its suit trump; after a Wizard the dealer names one of the four
    suits (`chooser`, `choices`); a Jester makes no trump; in the last round of a standard
    deck nothing is left to turn up; a schedule may fix the trump; with special cards, the
    Bomb and the Fairy make no trump, the others have the dealer choose, and a Werewolf in a
    hand is swapped for the turned-up card by its holder, who names the trump or no trump.

    Args:
        seed: the game's seed, an integer.
        rules: the rules, the rulebook's by default.
        round: the round, counted from 1; by default one drawn from the seed.
        players: the number of players, 3..6.
        language: the language of the text.

    Raises:
        RulesError: a seed that is not an integer, players outside 3..6, rules these players
            cannot play, or a round the schedule does not have.
        CardError: `language` is not a `Language`.

    Examples:
        >>> answer = turn_up(1, round=1)
        >>> answer.turned_up, answer.trump, answer.reason.name
        (Card.parse('B2'), <Suit.BLUE: 'B'>, 'SUIT')
        >>> print(answer.text)
        Blue 2 is turned up: Blue is trump.
        >>> wizard = turn_up(4, round=1)
        >>> wizard.turned_up, wizard.trump, wizard.chooser == wizard.dealer, len(wizard.choices), wizard.clause
        (Card.parse('W'), None, True, 4, 'R3.2')
        >>> last = turn_up(1, round=15, language=Language.DE)
        >>> last.turned_up, last.trump, last.clause
        (None, None, 'R3.4')
        >>> print(last.text)
        In Runde 15 sind alle 60 Karten verteilt: Nichts bleibt zum Aufdecken, also gibt es keinen Trumpf.
    """
    seed = checked_seed(seed, "turn_up")
    count = checked_players(players, "turn_up")
    lang = checked_language(language)
    return turn_up_of(seed, checked_rules(rules, "turn_up"), number=round, players=count, lang=lang)
