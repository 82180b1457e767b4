"""The rules app's Python side: every answer the app shows comes from here, and from the library.

The app (`rules.js`) calls these functions through the shell (`app.call(name, args)`, see
`../shell.py`): plain values in, plain values out. The rules are the library's own:
`wizardrules.lessons` gives the tutorial, the questions, the game length and the turned-up
trump; `decide_trick` the trick checker; the standard score rule the points; the pictures are
`wizardrules.svg`'s, one card at a time (the page lays out a trick or a hand as a row of cards,
which wraps on a phone), drawn with names of at least 12 px. What this module adds is words:
the short texts of the deck's cards and the rules topics to look up, in English and German.

Only the public API is used, so the module runs unchanged under CPython, where the tests call
it (tests/test_rules_app.py).

Example:
    >>> answer = quiz_check(seed=3, level=1, answer=0, lang="en")
    >>> sorted(answer)
    ['answer', 'clause', 'correct', 'reason']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from wizardrules import (
    STANDARD_SCORE,
    Card,
    CardError,
    CardKind,
    Deck,
    EqualBids,
    FreeBids,
    Language,
    NotEqualBids,
    RulesError,
    Suit,
    decide_trick,
    led_suit,
    lessons,
    parse_cards,
)
from wizardrules import svg as pictures
from wizardrules.bidding import BidPolicy
from wizardrules.svg import Layout

Answer = dict[str, Any]

BID_RULES: Final[Mapping[str, Callable[[], BidPolicy]]] = {
    "free": FreeBids,
    "not-equal": NotEqualBids,
    "not-equal-first-free": lambda: NotEqualBids(first_round_free=True),
    "equal": EqualBids,
}
"""The bid rules the app offers (R4.2), by the name the page sends."""

LAYOUT: Final = Layout(small_font=12)
"""The pictures' sizes: the names on the cards (Wizard, Jester) as large as the app's smallest text."""

CARD: Final = 76
"""A card's width in a row of cards, in CSS pixels: "Zauberer" on a Wizard is then 12 px tall."""

BIG_CARD: Final = 96
"""A card's width where it stands alone: the deck's cards, the card turned up for trump."""

DECK_CARDS: Final = ("R13", "Y7", "G1", "B10", "W", "J")
"""The cards 'Wizard in 3 minutes' shows face down, to tap open: one of each suit, a Wizard, a Jester."""

_WORDS: Final[Mapping[str, tuple[str, str]]] = {
    "suit": (
        "{name} {symbol}: {count} cards, 1 to 13. The symbol tells the suit without its colour.",
        "{name} {symbol}: {count} Karten, 1 bis 13. Das Zeichen zeigt die Farbe auch ohne Farbe.",
    ),
    "wizard": (
        "{count} Wizards: the strongest card. The first Wizard in a trick takes it.",
        "{count} Zauberer: die stärkste Karte. Der erste Zauberer im Stich holt ihn.",
    ),
    "jester": (
        "{count} Jesters: the weakest card. A Jester takes a trick only when all cards in it are Jesters.",
        "{count} Narren: die schwächste Karte. Ein Narr holt einen Stich nur, wenn nur Narren darin liegen.",
    ),
    "named": ("{suit} is trump: the dealer named it.", "{suit} ist Trumpf: Der Geber hat es bestimmt."),
    "not-a-choice": (
        "{suit} is not a choice here: {choices}",
        "{suit} ist hier keine Wahl: {choices}",
    ),
    "no-trump": ("no trump", "kein Trumpf"),
    "hit": ("hit", "getroffen"),
    "missed": ("missed by {n}", "um {n} daneben"),
    "blind": ("blind", "blind"),
}


def _language(lang: object) -> Language:
    """The app's language code as the library's `Language`; anything but "en" or "de" is refused."""
    if lang == "en":
        return Language.EN
    if lang == "de":
        return Language.DE
    raise CardError(f"language {str(lang)[:20]!r}: the app speaks en or de")


def _say(key: str, language: Language, **fields: object) -> str:
    return _WORDS[key][language is Language.DE].format(**fields)


def _trump(value: object) -> Suit | None:
    if value in (None, "", "none"):
        return None
    return Suit.parse(str(value))


def _picture(card: Card, language: Language, size: float = CARD) -> str:
    return pictures.card(card, size=size, lang=language, layout=LAYOUT)


def _suit_name(suit: Suit | None, language: Language) -> str:
    """A suit as the page writes it, with its symbol (R1.3); no trump in words."""
    return _say("no-trump", language) if suit is None else f"{suit.symbol} {suit.display(language)}"


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"{what} {value!r}: expected a whole number {low}..{high}")
    return value


# -- Wizard in 3 minutes -------------------------------------------------------------------------


def deck(lang: str = "en") -> Answer:
    """The cards to tap open, with their pictures and a line each; the counts are the deck's (R1.1, R1.3).

    Example:
        >>> answer = deck("de")
        >>> answer["size"], answer["cards"][0]["text"]
        (60, 'Rot ▲: 13 Karten, 1 bis 13. Das Zeichen zeigt die Farbe auch ohne Farbe.')
    """
    language = _language(lang)
    cards = tuple(Deck())
    answers = []
    for notation in DECK_CARDS:
        card = Card.parse(notation)
        if card.kind is CardKind.SUIT and card.suit is not None:
            count = sum(1 for c in cards if c.suit is card.suit)
            text = _say("suit", language, name=card.suit.display(language), symbol=card.suit.symbol, count=count)
        else:
            count = sum(1 for c in cards if c.kind is card.kind)
            text = _say("wizard" if card.kind is CardKind.WIZARD else "jester", language, count=count)
        answers.append(
            {
                "card": str(card),
                "name": card.display(language),
                "text": text,
                "svg": _picture(card, language, BIG_CARD),
            }
        )
    suits = [{"letter": s.letter, "name": s.display(language), "symbol": s.symbol} for s in Suit]
    return {"size": len(cards), "cards": answers, "suits": suits}


def length(players: int = 4, lang: str = "en") -> Answer:
    """How long a game of `players` is, its last round and the shorter games (R2.2-R2.4)."""
    return lessons.game_length(players, language=_language(lang)).to_dict()


def trump(seed: int, round: int | None = None, lang: str = "en") -> Answer:
    """The card turned up for trump in the round `seed` deals, the trump it makes and why (R3).

    The answer carries the turned-up card's picture and, when the dealer names the trump, the
    pictures of the dealer's hand to look at first (R3.2).

    Example:
        >>> answer = trump(4, round=1)
        >>> answer["reason"], answer["choices"]
        ('WIZARD', ['red', 'yellow', 'green', 'blue'])
    """
    language = _language(lang)
    turned = lessons.turn_up(seed, round=round, language=language)
    answer = turned.to_dict()
    answer["svg"] = "" if turned.turned_up is None else _picture(turned.turned_up, language, BIG_CARD)
    chooser = turned.chooser
    answer["chooser_hand"] = [] if chooser is None else [_picture(card, language) for card in turned.hands[chooser]]
    answer["choice_names"] = [_suit_name(choice, language) for choice in turned.choices]
    return answer


def name_trump(seed: int, round: int | None, suit: str | None, lang: str = "en") -> Answer:
    """The dealer names `suit` after the card `trump(seed, round)` turns up: only one of its choices (R3.2)."""
    language = _language(lang)
    turned = lessons.turn_up(seed, round=round, language=language)
    chosen = _trump(suit)
    if chosen not in turned.choices:
        names = ", ".join(_say("no-trump", language) if c is None else c.display(language) for c in turned.choices)
        shown = _say("no-trump", language) if chosen is None else chosen.display(language)
        raise RulesError(_say("not-a-choice", language, suit=shown, choices=names or "-"))
    shown = _say("no-trump", language) if chosen is None else chosen.display(language)
    return {"trump": None if chosen is None else chosen.name.lower(), "text": _say("named", language, suit=shown)}


def bids(rule: str, cards: int = 3, made: Sequence[int] = (1, 0, 1), round_number: int = 3, lang: str = "en") -> Answer:
    """What may the dealer bid after `made`: every bid with its verdict under the bid `rule` (R4.1, R4.2).

    Example:
        >>> bids("not-equal")["allowed"]
        [0, 2, 3]
    """
    if not isinstance(rule, str) or rule not in BID_RULES:
        raise RulesError(f"bid rule {str(rule)[:30]!r}: expected one of {', '.join(BID_RULES)}")
    if not isinstance(made, (list, tuple)):
        raise RulesError(f"bids made {str(made)[:30]!r}: expected a list of whole numbers")
    question = lessons.bid_question(
        BID_RULES[rule](), cards=cards, bids=list(made), round_number=round_number, language=_language(lang)
    )
    return question.to_dict()


def _play_answer(question: lessons.PlayQuestion, language: Language) -> Answer:
    answer = question.to_dict()
    answer["trick_svg"] = [_picture(card, language) for card in question.trick]
    answer["cards_svg"] = {str(card): _picture(card, language) for card in question.hand}
    answer["trump_name"] = _suit_name(question.trump, language)
    return answer


def situations(lang: str = "en") -> list[Answer]:
    """The four situations of following suit, trump red (R5.2, R5.3), each card with its verdict."""
    language = _language(lang)
    return [_play_answer(question, language) for question in lessons.play_situations(language)]


def play(seed: int, level: int = 2, lang: str = "en") -> Answer:
    """One more may-I-play situation, drawn from `seed` (R5.3)."""
    language = _language(lang)
    return _play_answer(lessons.play_question(seed, level=level, language=language), language)


def _trick_answer(question: lessons.TrickQuestion, language: Language) -> Answer:
    answer = question.to_dict()
    answer["cards_svg"] = [_picture(card, language) for card in question.cards]
    answer["trump_name"] = _suit_name(question.trump, language)
    led = led_suit(question.cards)
    answer["led_name"] = None if led is None else _suit_name(led, language)
    return answer


def examples(lang: str = "en") -> list[Answer]:
    """The four worked examples of R5.4, with the pictures of their cards."""
    language = _language(lang)
    return [_trick_answer(question, language) for question in lessons.trick_examples(language)]


def points(bid: int, tricks: int, blind: bool = False, lang: str = "en") -> Answer:
    """The points calculator: a round's points and how they come about (R6.1, R6.2).

    Example:
        >>> answer = points(2, 2)
        >>> answer["total"], answer["words"]
        (40, 'hit: 20 + 2 × 10 = +40')
    """
    language = _language(lang)
    _int(bid, "bid", 0, 20)
    _int(tricks, "tricks", 0, 20)
    parts = STANDARD_SCORE.breakdown(bid, tricks, blind=bool(blind))
    head = _say("hit", language) if parts.hit else _say("missed", language, n=parts.count)
    sums = f"{parts.base} + {parts.count} × {parts.unit}" if parts.hit else f"{parts.count} × {parts.unit}"
    blind_part = f", × {parts.multiplier} {_say('blind', language)}" if parts.multiplier != 1 else ""
    return {**attrs.asdict(parts), "words": f"{head}: {sums}{blind_part} = {parts.total:+d}"}


# -- the quiz, the tutorial ----------------------------------------------------------------------


def quiz(seed: int, level: int = 1, lang: str = "en") -> Answer:
    """A quiz question: which card takes this trick (R5.4)? With the pictures of its cards."""
    language = _language(lang)
    question = lessons.trick_question(seed, level=level, language=language)
    return _trick_answer(question, language)


def quiz_check(seed: int, level: int, answer: int, lang: str = "en") -> Answer:
    """The verdict on `answer` (a card's index in play order) for `quiz(seed, level)`, and the winning card's index."""
    language = _language(lang)
    question = lessons.trick_question(seed, level=level, language=language)
    return {**question.check(answer).to_dict(), "answer": question.answer}


def tutorial(lang: str = "en") -> list[Answer]:
    """The eight steps of the introduction, each with its task (R1-R6)."""
    return [step.to_dict() for step in lessons.tutorial(_language(lang))]


def _step(number: object, language: Language) -> lessons.Step:
    steps = lessons.tutorial(language)
    index = _int(number, "step", 1, len(steps))
    return steps[index - 1]


def tutorial_check(step: int, answer: object, lang: str = "en") -> Answer:
    """The verdict on `answer` to the task of `step` (1..8): right or not, why, and the clause."""
    language = _language(lang)
    return _step(step, language).task.check(answer).to_dict()


def progress(answers: object, lang: str = "en") -> Answer:
    """The tutorial's progress kept on the device, checked again: each step's answer with its verdict.

    `answers` maps a step's number (as text) to the answer given. Every entry is checked by the
    task itself; an entry that is not a step, or not one of its task's choices, is dropped with
    the reason in `dropped`.

    Example:
        >>> kept = progress({"1": 60, "2": 10, "9": 1, "3": "purple"})
        >>> sorted(kept["steps"]), kept["steps"]["1"]["correct"], kept["steps"]["2"]["correct"]
        (['1', '2'], True, False)
        >>> [entry["step"] for entry in kept["dropped"]]
        ['9', '3']
    """
    language = _language(lang)
    steps: dict[str, Answer] = {}
    dropped: list[Answer] = []
    if not isinstance(answers, Mapping):
        reason = f"not a list of answers: {type(answers).__name__}"
        return {"steps": steps, "dropped": [{"step": "-", "reason": reason}]}
    for key, answer in answers.items():
        try:
            number = int(key) if isinstance(key, str) and key.isdigit() else key
            verdict = _step(number, language).task.check(answer)
        except (ValueError, TypeError) as error:
            dropped.append({"step": str(key)[:8], "reason": str(error)})
            continue
        steps[str(number)] = {"answer": answer, **verdict.to_dict()}
    return {"steps": steps, "dropped": dropped}


# -- for disputes at the table ------------------------------------------------------------------


def trick(cards: str, trump: str | None = None, lang: str = "en") -> Answer:
    """The trick checker: who takes the trick, the rule that decides it, and its cards' pictures (R5.4, R8.9).

    Example:
        >>> answer = trick("B13 R2 B9", "R")
        >>> answer["winner"], answer["reason"]
        (1, 'the highest trump wins')
    """
    language = _language(lang)
    played = parse_cards(cards)
    suit = _trump(trump)
    decision = decide_trick(played, suit)
    led = led_suit(played)
    return {
        "cards": [{"card": str(c), "name": c.display(language)} for c in played],
        "winner": decision.winner,
        "would_be_winner": decision.would_be_winner,
        "reason": decision.reason.display(language),
        "led": None if led is None else led.display(language),
        "led_name": None if led is None else _suit_name(led, language),
        "cards_svg": [_picture(card, language) for card in played],
        "trump_name": _suit_name(suit, language),
    }


# -- every topic, to look up ----------------------------------------------------------------------

TOPICS: Final[tuple[tuple[str, str, str, str, str], ...]] = (
    # (clause, title en, text en, title de, text de): one topic per clause of the rules, in their order
    (
        "R1.1",
        "The deck",
        "60 cards: Red, Yellow, Green and Blue from 1 to 13, 4 Wizards and 4 Jesters. "
        "All Wizards are alike, and so are all Jesters.",
        "Das Deck",
        "60 Karten: Rot, Gelb, Grün und Blau von 1 bis 13, 4 Zauberer und 4 Narren. "
        "Alle Zauberer sind gleich, alle Narren auch.",
    ),
    (
        "R1.2",
        "Writing cards down",
        "Suit letter and number: R13, Y1, G7, B10; W is a Wizard, J a Jester (Z and N are read too). "
        "Special cards by name: BOMB, CLOUD:R (the Cloud played as red), SHAPESHIFTER:W. "
        "The trick checker reads cards written this way.",
        "Karten aufschreiben",
        "Farbbuchstabe und Zahl: R13, Y1 (Gelb), G7, B10 (Blau); Z ist ein Zauberer, N ein Narr (W und J gehen auch). "
        "Sonderkarten beim Namen: BOMBE, WOLKE:R (die Wolke als Rot gespielt), GESTALTWANDLER:Z. "
        "Der Stich-Prüfer liest Karten in dieser Schreibweise.",
    ),
    (
        "R1.3",
        "Colour-blind symbols",
        "Every suit has a sign as well as a colour: Red ▲, Yellow ●, Green ■, Blue ◆.",
        "Zeichen für Farbenblinde",
        "Jede Farbe hat neben der Farbe ein Zeichen: Rot ▲, Gelb ●, Grün ■, Blau ◆.",
    ),
    (
        "R1.4",
        "Special cards in the deck",
        "The anniversary editions add special cards, one of each, in any selection you agree on: "
        "Bomb, Cloud, Juggler, Dragon, Fairy, Werewolf, Shapeshifter.",
        "Sonderkarten im Deck",
        "Die Jubiläumsausgaben bringen Sonderkarten mit, je eine, in jeder vereinbarten Auswahl: "
        "Bombe, Wolke, Jongleur, Drache, Fee, Werwolf, Gestaltwandler.",
    ),
    (
        "R2.1",
        "Players",
        "Wizard is for 3 to 6 players.",
        "Spieler",
        "Wizard spielen 3 bis 6 Leute.",
    ),
    (
        "R2.2",
        "Rounds and dealing",
        "Round 1 deals one card each, every round one more: 20 rounds with three players, 15 with four, "
        "12 with five, 10 with six, also with special cards in the deck.",
        "Runden und Geben",
        "In Runde 1 bekommt jeder eine Karte, jede Runde eine mehr: zu dritt 20 Runden, zu viert 15, "
        "zu fünft 12, zu sechst 10, auch mit Sonderkarten im Deck.",
    ),
    (
        "R2.3",
        "A shorter game",
        "The players may agree before the start to stop after any round.",
        "Eine kürzere Partie",
        "Vorher vereinbart, darf nach jeder beliebigen Runde Schluss sein.",
    ),
    (
        "R2.4",
        "Tournament, Einfarbig, Maximus",
        "Other schedules: the tournament's rounds; Einfarbig (3 or 4 players, 12 rounds of 4 to 15 cards, "
        "never a trump); Wizard Maximus (5 rounds, the whole deck dealt, the trump fixed per round).",
        "Turnier, Einfarbig, Maximus",
        "Andere Abläufe: die Runden des Turniers; Einfarbig (zu dritt oder viert, 12 Runden mit 4 bis 15 Karten, "
        "nie Trumpf); Wizard Maximus (5 Runden, das ganze Deck verteilt, Trumpf je Runde fest).",
    ),
    (
        "R2.5",
        "The first dealer",
        "Everyone draws a card; the highest deals: a Wizard is highest, then the number cards by rank, "
        "a Jester lowest. Tied players draw again. The deal passes to the left each round.",
        "Der erste Geber",
        "Jeder zieht eine Karte; die höchste gibt: ein Zauberer ist am höchsten, dann die Zahlen nach Wert, "
        "ein Narr am niedrigsten. Bei Gleichstand wird neu gezogen. Der Geber wechselt jede Runde nach links.",
    ),
    (
        "R2.6",
        "Shuffling",
        "Before every round the whole deck is shuffled, and everyone gets the round's number of cards.",
        "Mischen",
        "Vor jeder Runde wird das ganze Deck gemischt, und jeder bekommt so viele Karten, wie die Runde zählt.",
    ),
    (
        "R3.1",
        "Trump",
        "After the deal the top card of the rest is turned up: its suit is trump. Trump beats every other suit.",
        "Trumpf",
        "Nach dem Geben wird die oberste Karte des Reststapels aufgedeckt: ihre Farbe ist Trumpf. "
        "Trumpf schlägt jede andere Farbe.",
    ),
    (
        "R3.2",
        "A Wizard turned up",
        "The dealer looks at the hand and names the trump: one of the four suits, not no trump.",
        "Ein Zauberer aufgedeckt",
        "Der Geber sieht seine Karten an und bestimmt den Trumpf: eine der vier Farben, nicht kein Trumpf.",
    ),
    (
        "R3.3",
        "A Jester turned up",
        "No trump this round.",
        "Ein Narr aufgedeckt",
        "Diese Runde ohne Trumpf.",
    ),
    (
        "R3.4",
        "The last round",
        "All cards are dealt, nothing is left to turn up: no trump.",
        "Die letzte Runde",
        "Alle Karten sind verteilt, nichts bleibt zum Aufdecken: kein Trumpf.",
    ),
    (
        "R3.5",
        "A fixed trump",
        "In Wizard Maximus and Einfarbig each round's trump is fixed in advance (Einfarbig: never a trump): "
        "nothing is turned up.",
        "Fester Trumpf",
        "Bei Wizard Maximus und Einfarbig steht der Trumpf jeder Runde vorher fest (Einfarbig: nie Trumpf): "
        "es wird nichts aufgedeckt.",
    ),
    (
        "R3.6",
        "Special cards and trump",
        "A special card may be turned up too: the Bomb or the Fairy makes no trump, any other has the dealer "
        "name the suit. A Werewolf in a hand changes the trump before the bids.",
        "Sonderkarten und Trumpf",
        "Auch eine Sonderkarte kann aufgedeckt werden: Bombe oder Fee heißt kein Trumpf, bei jeder anderen "
        "bestimmt der Geber die Farbe. Ein Werwolf auf der Hand ändert den Trumpf vor den Ansagen.",
    ),
    (
        "R4.1",
        "Bidding",
        "In turn from the left of the dealer, everyone says how many tricks they will take. Zero is a bid. "
        "The dealer bids last.",
        "Ansagen",
        "Reihum links vom Geber sagt jeder an, wie viele Stiche er holt. Null ist eine Ansage. "
        "Der Geber sagt als Letzter an.",
    ),
    (
        "R4.2",
        "Bid rules",
        "Free: any bid. Not equal (±1, official variant): the bids must not add up to the cards; "
        "round 1 may be free. Equal (house rule): they must add up. Scorekeeper's hook: not equal, "
        "but only for the scorekeeper bidding last while not in the lead.",
        "Ansage-Regeln",
        "Frei: jede Ansage. Ungleiche Stiche (±1, offizielle Variante): die Ansagen dürfen nicht aufgehen; "
        "Runde 1 wahlweise frei. Gleiche Stiche (Hausregel): sie müssen aufgehen. Haken des Schreibers: "
        "ungleich, aber nur für den Schreiber, wenn er zuletzt ansagt und nicht vorn liegt.",
    ),
    (
        "R4.3",
        "Hidden and secret bids",
        "Simultaneous: everyone bids hidden, shown together before the first card. "
        "Secret: the bids stay hidden until the round is over.",
        "Verdeckte und geheime Ansagen",
        "Verdeckt: alle sagen gleichzeitig an, aufgedeckt vor der ersten Karte. "
        "Geheim: die Ansagen bleiben bis zum Rundenende verdeckt.",
    ),
    (
        "R4.4",
        "Blind bids (house rule)",
        "Bid before looking at your cards: the round's points count double, hit or miss. "
        "Once you have looked, you cannot bid blind any more.",
        "Blindansage (Hausregel)",
        "Ansagen, bevor man seine Karten ansieht: die Punkte der Runde zählen doppelt, Treffer wie Patzer. "
        "Wer hingesehen hat, kann nicht mehr blind ansagen.",
    ),
    (
        "R4.5",
        "Clairvoyance",
        "Round 1 only: everyone holds their card to the forehead unseen and sees all the others.",
        "Hellsehen",
        "Nur Runde 1: jeder hält seine Karte ungesehen an die Stirn und sieht alle anderen.",
    ),
    (
        "R5.1",
        "Leading",
        "The player left of the dealer leads the first trick; whoever takes a trick leads the next.",
        "Ausspielen",
        "Links vom Geber wird der erste Stich ausgespielt; wer einen Stich holt, spielt den nächsten aus.",
    ),
    (
        "R5.2",
        "The led suit",
        "The first number card sets the suit. Jesters before it set nothing; a Wizard first frees the whole trick.",
        "Die ausgespielte Farbe",
        "Die erste Zahlenkarte legt die Farbe fest. Narren davor legen nichts fest; "
        "ein Zauberer zuerst hebt den Farbzwang für den ganzen Stich auf.",
    ),
    (
        "R5.3",
        "Following suit",
        "Whoever holds the led suit must play it, a Wizard or a Jester. Without it, any card goes, trump too.",
        "Farbe bedienen",
        "Wer die ausgespielte Farbe hat, muss sie bedienen oder Zauberer oder Narr spielen. "
        "Ohne sie darf jede Karte, auch Trumpf.",
    ),
    (
        "R5.4",
        "Who wins the trick",
        "The first Wizard; else the highest trump; else the highest card of the led suit; "
        "only Jesters: the first Jester.",
        "Wer den Stich gewinnt",
        "Der erste Zauberer; sonst der höchste Trumpf; sonst die höchste Karte der ausgespielten Farbe; "
        "nur Narren: der erste Narr.",
    ),
    (
        "R6.1",
        "Points",
        "Hit: 20 plus 10 per trick (bid 0, took 0: 20). Missed: minus 10 per trick of difference, too many or too few.",
        "Punkte",
        "Getroffen: 20 plus 10 je Stich (0 angesagt, 0 geholt: 20). Daneben: minus 10 je Stich Abstand, "
        "zu viele wie zu wenige.",
    ),
    (
        "R6.2",
        "Points of a blind bid",
        "A blind bid scores the round double, hit or miss: bid 2 blind, took 2: +80; took 3: -20.",
        "Punkte einer Blindansage",
        "Eine Blindansage zählt die Runde doppelt, Treffer wie Patzer: 2 blind angesagt, 2 geholt: +80; 3 geholt: -20.",
    ),
    (
        "R6.3",
        "Totals",
        "Points add up over the rounds; negative totals are normal.",
        "Gesamtstand",
        "Die Punkte werden über die Runden zusammengezählt; Minusstände sind normal.",
    ),
    (
        "R6.4",
        "Other ways to score",
        "Some tables score otherwise (another base for a hit, another value per trick). "
        "This app counts by the rulebook: 20 plus 10 per trick.",
        "Andere Wertungen",
        "Manche Runden zählen anders (ein anderer Grundwert für einen Treffer, ein anderer Wert je Stich). "
        "Diese App zählt nach dem Regelheft: 20 plus 10 je Stich.",
    ),
    (
        "R7.1",
        "The end",
        "After the last round the highest total wins.",
        "Spielende",
        "Nach der letzten Runde gewinnt der höchste Stand.",
    ),
    (
        "R7.2",
        "Ties",
        "Equal totals: the rulebook has several winners. By agreement, more rounds bid exactly rank higher; "
        "still equal, the place is shared. Places then read 1, 1, 3, 4.",
        "Gleichstand",
        "Gleicher Stand: laut Regelheft gibt es mehrere Sieger. Wer will, lässt öfter exakt getroffene Ansagen "
        "entscheiden; immer noch gleich, wird der Platz geteilt. Die Plätze lauten dann 1, 1, 3, 4.",
    ),
    (
        "R8.1",
        "Bomb",
        "Nobody wins the trick with the Bomb: it counts for no one, so the round has one trick fewer to take. "
        "Whoever would have won it without the Bomb leads next.",
        "Bombe",
        "Den Stich mit der Bombe gewinnt niemand: er zählt keinem, die Runde hat einen Stich weniger. "
        "Wer ihn ohne die Bombe geholt hätte, spielt aus.",
    ),
    (
        "R8.2",
        "Cloud",
        "Played as a 9¾ of a suit you name. Whoever takes its trick changes their bid by one, up or down "
        "(at 0 only up, at the round's cards only down). With the Bomb in the trick nobody changes.",
        "Wolke",
        "Gespielt als 9¾ einer Farbe nach Wahl. Wer ihren Stich holt, ändert seine Ansage um eins, hoch oder runter "
        "(bei 0 nur hoch, bei der Kartenzahl der Runde nur runter). Liegt die Bombe im Stich, ändert keiner.",
    ),
    (
        "R8.3",
        "Juggler",
        "Played as a 7½ of a suit you name. After its trick, unless it was the round's last, "
        "everyone passes one card to the left, all at once.",
        "Jongleur",
        "Gespielt als 7½ einer Farbe nach Wahl. Nach seinem Stich, außer dem letzten der Runde, "
        "gibt jeder gleichzeitig eine Karte nach links.",
    ),
    (
        "R8.4",
        "Dragon",
        "The Dragon takes every trick, Wizards too, unless the Fairy is in it: then the Fairy wins.",
        "Drache",
        "Der Drache holt jeden Stich, auch gegen Zauberer, außer die Fee liegt darin: dann gewinnt die Fee.",
    ),
    (
        "R8.5",
        "Fairy",
        "The Fairy loses every trick, below the Jesters, except a trick with the Dragon in it: that one she takes.",
        "Fee",
        "Die Fee verliert jeden Stich, noch unter den Narren, außer einen Stich mit dem Drachen: den holt sie.",
    ),
    (
        "R8.6",
        "Werewolf",
        "Its holder swaps it for the turned-up card before the bids and names the trump or no trump. "
        "It is never played.",
        "Werwolf",
        "Wer ihn hat, tauscht ihn vor den Ansagen gegen die Trumpfkarte und bestimmt Trumpf oder keinen Trumpf. "
        "Er wird nie gespielt.",
    ),
    (
        "R8.7",
        "Shapeshifter",
        "Declared a Wizard or a Jester when it is played; it then counts as that card.",
        "Gestaltwandler",
        "Beim Ausspielen zum Zauberer oder Narren erklärt; er zählt dann als diese Karte.",
    ),
    (
        "R8.8",
        "The led suit with special cards",
        "Cloud and Juggler set the led suit like number cards. The Dragon and a Shapeshifter played as a Wizard "
        "free the trick like a Wizard. The Bomb, the Fairy and a Shapeshifter played as a Jester set nothing.",
        "Die ausgespielte Farbe mit Sonderkarten",
        "Wolke und Jongleur legen die Farbe fest wie Zahlenkarten. Der Drache und ein Gestaltwandler als Zauberer "
        "heben den Farbzwang auf wie ein Zauberer. Bombe, Fee und ein Gestaltwandler als Narr legen nichts fest.",
    ),
    (
        "R8.9",
        "Who wins with special cards",
        "With the Bomb: nobody. Dragon and Fairy: the Fairy. The Dragon: the Dragon. Otherwise as usual, "
        "the Shapeshifter as declared, Cloud and Juggler as cards of their suit. Only Jesters, Fairy and Bomb: "
        "the first Jester, or else the Fairy.",
        "Wer mit Sonderkarten gewinnt",
        "Mit der Bombe: niemand. Drache und Fee: die Fee. Der Drache: der Drache. Sonst wie immer, "
        "der Gestaltwandler wie erklärt, Wolke und Jongleur als Karten ihrer Farbe. Nur Narren, Fee und Bombe: "
        "der erste Narr, sonst die Fee.",
    ),
    (
        "R8.10",
        "A special card turned up",
        "Bomb or Fairy: no trump. Dragon, Cloud, Juggler, Shapeshifter or Werewolf: the dealer names the suit.",
        "Eine Sonderkarte aufgedeckt",
        "Bombe oder Fee: kein Trumpf. Drache, Wolke, Jongleur, Gestaltwandler oder Werwolf: "
        "der Geber bestimmt die Farbe.",
    ),
    (
        "R8.11",
        "Cloud and Juggler in one trick",
        "After the trick, first the Cloud's winner changes the bid, then the Juggler's cards are passed.",
        "Wolke und Jongleur in einem Stich",
        "Nach dem Stich ändert zuerst der Gewinner der Wolke seine Ansage, dann werden die Karten des Jongleurs "
        "weitergegeben.",
    ),
)
"""The rules topics to look up, by clause of the rules, in English and German."""


def _fold(text: str) -> str:
    """Text for matching: lower case, without accents (ü matches u), ß as ss."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def topics(query: str = "", lang: str = "en") -> Answer:
    """Every rules topic and the tutorial's steps, or those matching every word of `query`.

    A word matches in either language (a German word finds the topic in English too), without
    regard to case or accents. The topics are shown in `lang`.

    Example:
        >>> [topic["clause"] for topic in topics("wolke ansage", "de")["topics"]]
        ['R8.2', 'R8.11']
        >>> [topic["title"] for topic in topics("narr", "en")["topics"]][:2]
        ['The deck', 'Writing cards down']
        >>> [topic["title"] for topic in topics("grun", "de")["topics"]][:2]
        ['Das Deck', 'Zeichen für Farbenblinde']
        >>> topics("", "en")["count"] == len(TOPICS) + 8
        True
    """
    language = _language(lang)
    if not isinstance(query, str):
        raise RulesError(f"search {str(query)[:40]!r}: expected text")
    german = language is Language.DE
    found: list[tuple[Answer, str]] = [
        (
            {"clause": clause, "title": de_title if german else en_title, "text": de_text if german else en_text},
            _fold(" ".join((clause, en_title, en_text, de_title, de_text))),
        )
        for clause, en_title, en_text, de_title, de_text in TOPICS
    ]
    for en_step, de_step in zip(lessons.tutorial(Language.EN), lessons.tutorial(Language.DE), strict=True):
        step = de_step if german else en_step
        shown = {"clause": step.task.clause, "title": step.title, "text": step.text, "step": step.number}
        words = " ".join((step.task.clause, en_step.title, en_step.text, de_step.title, de_step.text))
        found.append((shown, _fold(words)))
    wanted = _fold(query).split()[:8]
    matching = [topic for topic, text in found if all(word in text for word in wanted)]
    return {"topics": matching, "count": len(matching), "query": query[:80]}


API: Final[dict[str, Callable[..., Any]]] = {
    "deck": deck,
    "length": length,
    "trump": trump,
    "name_trump": name_trump,
    "bids": bids,
    "situations": situations,
    "play": play,
    "examples": examples,
    "points": points,
    "quiz": quiz,
    "quiz_check": quiz_check,
    "tutorial": tutorial,
    "tutorial_check": tutorial_check,
    "progress": progress,
    "trick": trick,
    "topics": topics,
}
"""What the app may call, by name (see ../shell.py)."""
