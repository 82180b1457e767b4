"""The lessons' words, in English and German: the tutorial's texts, the questions and the reasons.

Every text is a template with named fields; [`say`][wizardrules.lessons._words.say] fills it
in the language asked for. The numbers in the fields come from the rules functions, never
from here. The words the whole package shares (card and suit names, `trump green`,
`Seat 2`) stay in `wizardrules._words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wizardrules.cards import Language

__all__ = ["TEXTS", "capital", "cards_word", "count_word", "numbers", "ordinal", "say", "tricks_word"]

TEXTS: Final[dict[str, tuple[str, str]]] = {
    # -- answers and labels ------------------------------------------------------------------
    "no trump choice": ("No trump", "Kein Trumpf"),
    "position": ("{nth} card: {card}", "{nth} Karte: {card}"),
    "not among": ("{answer} is not it. ", "{answer} stimmt nicht. "),
    # -- trick questions (R5.4) --------------------------------------------------------------
    "trick question": (
        "{trump}: {cards}. Which card takes the trick?",
        "{trump}: {cards}. Welche Karte holt den Stich?",
    ),
    "takes": ("The {nth} card takes the trick: {card}. {rule}.", "Den Stich holt die {nth} Karte: {card}. {rule}."),
    "does not take": ("{card} does not take it. ", "{card} holt ihn nicht. "),
    # -- may I play this card (R5.2, R5.3) ---------------------------------------------------
    "play question": (
        "{trump}. {situation} Which card may you play?",
        "{trump}. {situation} Welche Karte darfst du spielen?",
    ),
    "you lead": ("You lead: nothing is played yet.", "Du spielst aus: Noch liegt nichts im Stich."),
    "suit led": ("In the trick: {cards}. {suit} was led.", "Im Stich: {cards}. {suit} wurde ausgespielt."),
    "suit after jesters": (
        "In the trick: {cards}. A Jester sets no suit, {card} does: {suit} was led.",
        "Im Stich: {cards}. Ein Narr legt keine Farbe fest, erst {card}: {suit} wurde ausgespielt.",
    ),
    "wizard first": (
        "In the trick: {cards}. A Wizard came first: no suit is led.",
        "Im Stich: {cards}. Zuerst kam ein Zauberer: Es gibt keine Farbe zu bedienen.",
    ),
    "jesters only": (
        "In the trick: {cards}. Only Jesters so far: no suit is led yet.",
        "Im Stich: {cards}. Bisher nur Narren: Noch ist keine Farbe ausgespielt.",
    ),
    "may lead": ("You lead, so any card may be played.", "Du spielst aus, also darfst du jede Karte spielen."),
    "may after wizard": (
        "A Wizard came first: no suit is led for the whole trick, so any card may be played.",
        "Zuerst kam ein Zauberer: Im ganzen Stich gibt es keine Farbe zu bedienen, also darfst du jede Karte spielen.",
    ),
    "may after jesters": (
        "Only Jesters so far: no suit is led yet, so any card may be played. The first suit card sets the suit.",
        "Bisher nur Narren: Noch ist keine Farbe ausgespielt, also darfst du jede Karte spielen. "
        "Erst die erste Zahlenkarte legt die Farbe fest.",
    ),
    "may always": (
        "Wizards and Jesters may always be played, even when you could follow suit.",
        "Zauberer und Narren darfst du immer spielen, selbst wenn du bedienen könntest.",
    ),
    "follows": ("{card} follows the led suit, {suit}.", "{card} bedient die ausgespielte Farbe {suit}."),
    "void": (
        "You have no {suit}, the led suit: any card may be played, trump too.",
        "Du hast kein {suit}, die ausgespielte Farbe: Du darfst jede Karte spielen, auch Trumpf.",
    ),
    "must follow": (
        "{suit} was led and you hold {held}: follow suit, or play a Wizard or a Jester.",
        "{suit} wurde ausgespielt und du hast {held}: Du musst Farbe bedienen oder einen Zauberer oder Narren spielen.",
    ),
    # -- bids (R4.1, R4.2) -------------------------------------------------------------------
    "bid question": (
        "Round {round}: everyone holds {cards}. {made} {who} Bid rule: {rule}. What may you bid?",
        "Runde {round}: Jeder hält {cards}. {made} {who} Ansage-Regel: {rule}. Was darfst du ansagen?",
    ),
    "no bids yet": ("Nobody has bid yet.", "Noch hat niemand angesagt."),
    "bids so far": ("Bid so far: {bids}.", "Bisher angesagt: {bids}."),
    "you bid last": ("You bid last.", "Du sagst als Letzter an."),
    "you bid next": ("You bid next; {after} after you.", "Du sagst jetzt an; nach dir noch {after}."),
    "after one": ("one more player bids", "ein Spieler"),
    "after many": ("{count} more players bid", "{count} Spieler"),
    "one card": ("1 card", "1 Karte"),
    "cards": ("{count} cards", "{count} Karten"),
    "bid allowed": (
        "{bid} is allowed: the bids would add up to {total} ({rule}).",
        "Die {bid} ist erlaubt: Die Ansagen ergäben {total} ({rule}).",
    ),
    "bid blocked": ("{bid} is blocked: {why}.", "Die {bid} ist gesperrt: {why}."),
    "rule free": ("Free", "Frei"),
    "rule not equal": ("Not equal", "Ungleiche Stiche"),
    "rule not equal first free": ("Not equal, round 1 free", "Ungleiche Stiche, 1. Runde frei"),
    "rule equal": ("Equal", "Gleiche Stiche"),
    "rule hook": ("Scorekeeper's hook", "Schreiber-Regel"),
    # the built-in policies' refusals (wizardrules.bidding), in German; {cards} and {total} as there
    "the bids would add up to {cards}": ("", "Sonst ergäben die Ansagen genau {cards}"),
    "the bids would add up to {total}, more than the {cards} cards": (
        "",
        "Sonst ergäben die Ansagen {total}, mehr als die {cards} Karten",
    ),
    "the bids must add up to {cards}, but would add up to {total}": (
        "",
        "Die Ansagen müssen genau {cards} ergeben, ergäben aber {total}",
    ),
    "the scorekeeper is not leading, so the bids must not add up to {cards}": (
        "",
        "Der Schreiber liegt nicht vorn, also dürfen die Ansagen nicht genau {cards} ergeben",
    ),
    # -- trump (R3, R8.6, R8.10) -------------------------------------------------------------
    "trump suit": ("{card} is turned up: {suit} is trump.", "{card} ist aufgedeckt: {suit} ist Trumpf."),
    "trump wizard": (
        "A Wizard is turned up: the dealer looks at the hand and names the trump, one of the four suits.",
        "Ein Zauberer ist aufgedeckt: Der Geber sieht seine Karten an und bestimmt die Trumpffarbe, "
        "eine der vier Farben.",
    ),
    "trump jester": (
        "A Jester is turned up: there is no trump this round.",
        "Ein Narr ist aufgedeckt: In dieser Runde gibt es keinen Trumpf.",
    ),
    "trump nothing left": (
        "Round {round} deals all {deck} cards: nothing is left to turn up, so there is no trump.",
        "In Runde {round} sind alle {deck} Karten verteilt: Nichts bleibt zum Aufdecken, also gibt es keinen Trumpf.",
    ),
    "trump fixed": (
        "The schedule fixes this round's trump, and nothing is turned up: {trump}.",
        "Der Spielplan legt den Trumpf dieser Runde fest, nichts wird aufgedeckt: {trump}.",
    ),
    "trump special chooses": (
        "{card} is turned up: as after a Wizard, the dealer names the trump suit.",
        "{card} ist aufgedeckt: Wie beim Zauberer bestimmt der Geber die Trumpffarbe.",
    ),
    "trump special none": (
        "{card} is turned up: there is no trump this round.",
        "{card} ist aufgedeckt: In dieser Runde gibt es keinen Trumpf.",
    ),
    "trump werewolf": (
        "{card} is turned up, but {who} was dealt the Werewolf: {who} swaps it for {object} and names "
        "the trump suit, or no trump.",
        "{card} ist aufgedeckt, aber {who} hat den Werwolf: {who} tauscht ihn gegen {object} und bestimmt "
        "die Trumpffarbe oder keinen Trumpf.",
    ),
    "trump question": (
        "Round {round}: you deal and hold {hand}. Turned up: {card}. Name the trump.",
        "Runde {round}: Du gibst und hast {hand}. Aufgedeckt: {card}. Bestimme den Trumpf.",
    ),
    "trump named": (
        "{suit} is trump. After a Wizard the dealer names any of the four suits, having looked at the hand.",
        "{suit} ist Trumpf. Nach einem Zauberer bestimmt der Geber eine der vier Farben, nachdem er seine "
        "Karten angesehen hat.",
    ),
    "trump refused": (
        "After a Wizard the dealer must name one of the four suits: no trump is not a choice.",
        "Nach einem Zauberer muss der Geber eine der vier Farben bestimmen: Ohne Trumpf geht nicht.",
    ),
    # -- game length (R2.2-R2.4) -------------------------------------------------------------
    "length": (
        "{rounds} rounds. In the last round everyone holds {cards} cards.",
        "{rounds} Runden. In der letzten Runde hält jeder {cards} Karten.",
    ),
    "length all dealt": (
        "All {deck} are dealt, and there is no trump.",
        "Alle {deck} sind verteilt, und es gibt keinen Trumpf.",
    ),
    "length turned up": (
        "{dealt} of the {deck} cards are dealt; {left} remain, and the top one is turned up for trump "
        "as in every round.",
        "{dealt} der {deck} Karten sind verteilt; {left} bleiben übrig, und die oberste wird wie in jeder "
        "Runde für den Trumpf aufgedeckt.",
    ),
    "length fixed": (
        "The schedule fixes the last round's trump: {trump}.",
        "Der Spielplan legt den Trumpf der letzten Runde fest: {trump}.",
    ),
    "length shorter": (
        "Too long for one evening? Agree on fewer rounds before you start: stop after any round.",
        "Zu lang für einen Abend? Vereinbart vorher weniger Runden: Ihr könnt nach jeder Runde aufhören.",
    ),
    "option tournament": (
        "Tournament: {rounds} rounds of {cards} cards.",
        "Turnier: {rounds} Runden mit {cards} Karten.",
    ),
    "option ladder": (
        "The ladder: {rounds} rounds of {cards} cards.",
        "Die Leiter: {rounds} Runden mit {cards} Karten.",
    ),
    "option einfarbig": (
        "Einfarbig: {rounds} rounds of {cards} cards, never a trump.",
        "Einfarbig: {rounds} Runden mit {cards} Karten, nie Trumpf.",
    ),
    "option maximus": (
        "Wizard Maximus: {rounds} rounds, each dealing {cards} cards to everyone, the trump fixed per round.",
        "Wizard Maximus: {rounds} Runden, jede mit {cards} Karten für jeden und fest vorgegebenem Trumpf.",
    ),
    "name tournament": ("Tournament", "Turnier"),
    "name ladder": ("Ladder", "Leiter"),
    "name einfarbig": ("Einfarbig", "Einfarbig"),
    "name maximus": ("Wizard Maximus", "Wizard Maximus"),
    "to": ("{low} to {high}", "{low} bis {high}"),
    # -- points (R6.1) -----------------------------------------------------------------------
    "points question": (
        "{who} bid {bid} and took {tricks}. How many points does {who} score?",
        "{who} hat {bid} angesagt und {tricks} geholt. Wie viele Punkte bekommt {who}?",
    ),
    "points hit": (
        "Bid {bid}, took {tricks}: a hit. {base} for the right bid + {count} × {unit} per trick = {total:+d}.",
        "Angesagt {bid}, geholt {tricks}: getroffen. {base} für die richtige Ansage + {count} × {unit} je Stich "
        "= {total:+d}.",
    ),
    "points miss": (
        "Bid {bid}, took {tricks}: missed by {count}. {count} × {unit} = {total:+d}, whether too many or too few.",
        "Angesagt {bid}, geholt {tricks}: um {count} daneben. {count} × {unit} = {total:+d}, egal ob zu viele "
        "oder zu wenige.",
    ),
    "trick count one": ("1 trick", "1 Stich"),
    "trick count": ("{count} tricks", "{count} Stiche"),
    # -- the deck (R1.1, R1.4) ---------------------------------------------------------------
    "deck question": ("How many cards are in the game?", "Wie viele Karten sind im Spiel?"),
    "deck answer": (
        "{deck} cards: {suits} suits of {low} to {high} ({numbered} number cards), {wizards} Wizards and "
        "{jesters} Jesters.",
        "{deck} Karten: {suits} Farben von {low} bis {high} ({numbered} Zahlenkarten), {wizards} Zauberer und "
        "{jesters} Narren.",
    ),
    "deck numbered": ("{count} are the number cards alone. ", "{count} sind nur die Zahlenkarten. "),
    "deck with wizards": (
        "{count} are the number cards and the Wizards. ",
        "{count} sind die Zahlenkarten und die Zauberer. ",
    ),
    "deck with specials": (
        "{count} is the deck with all seven special cards of the anniversary editions. ",
        "{count} Karten hat das Deck mit allen sieben Sonderkarten der Jubiläumsausgaben. ",
    ),
    # -- rounds (R2.2) -----------------------------------------------------------------------
    "rounds question": (
        "You are {word} players. How many rounds does the game have?",
        "Ihr spielt zu {word}. Wie viele Runden hat das Spiel?",
    ),
    "rounds answer": (
        "Round 1 deals one card each, every round one more, as long as the {deck} cards go round: "
        "with {word} players that is {rounds} rounds.",
        "In Runde 1 bekommt jeder eine Karte, jede Runde eine mehr, solange die {deck} Karten für alle reichen: "
        "zu {word} sind das {rounds} Runden.",
    ),
    "rounds other": ("{count} rounds is the game of {word} players. ", "{count} Runden hat das Spiel zu {word}. "),
    # -- a whole round (R2-R6) ---------------------------------------------------------------
    "round start": (
        "Round {round}: {who} deals, everyone holds {cards}; {turned}",
        "Runde {round}: {who} gibt, jeder hält {cards}; {turned}",
    ),
    "round tricks": ("Tricks taken: {tricks}.", "Geholte Stiche: {tricks}."),
    "round question": (
        "The round is over. {who} bid {bid} and took {tricks}. How many points does {who} score?",
        "Die Runde ist vorbei. {who} hat {bid} angesagt und {tricks} geholt. Wie viele Punkte bekommt {who}?",
    ),
    # -- the tutorial's eight steps (seed 002) ------------------------------------------------
    "step 1": ("The cards", "Die Karten"),
    "step 1 text": (
        "The game has {deck} cards. Most are number cards from {low} to {high} in four suits: {suits}.\n\n"
        "On top come {wizards} Wizards and {jesters} Jesters. They have no suit and follow rules of their own. "
        "The Wizard is the strongest card in the game, the Jester the weakest; more on that in the trick.\n\n"
        "Every suit has its sign as well as its colour: {signs}. So red and green stay easy to tell apart, "
        "colour-blind or not.",
        "Im Spiel sind {deck} Karten. Die meisten sind Zahlenkarten von {low} bis {high} in vier Farben: "
        "{suits}.\n\n"
        "Dazu kommen {wizards} Zauberer und {jesters} Narren. Sie haben keine Farbe und halten sich an eigene "
        "Regeln. Der Zauberer ist die stärkste Karte im Spiel, der Narr die schwächste. Mehr dazu beim Stich.\n\n"
        "Jede Farbe hat ihr Zeichen: {signs}. So bleiben Rot und Grün auch bei Farbschwäche gut zu unterscheiden.",
    ),
    "step 2": ("Dealing and rounds", "Geben und Runden"),
    "step 2 text": (
        "In round 1 everyone gets one card, in round 2 two, in round 3 three. So it goes on until the deck "
        "no longer goes round.\n\n"
        "How many rounds that makes depends on the number of players: {ladder}.\n\n"
        "The deal passes clockwise, to the left, after every round. The player left of the dealer bids first "
        "and leads the first trick.",
        "In Runde 1 bekommt jeder eine Karte, in Runde 2 zwei, in Runde 3 drei. So geht es weiter, bis der "
        "Stapel nicht mehr für alle reicht.\n\n"
        "Wie viele Runden das sind, hängt von der Zahl der Mitspieler ab: {ladder}.\n\n"
        "Der Geber wechselt nach jeder Runde im Uhrzeigersinn. Wer links vom Geber sitzt, sagt zuerst an und "
        "spielt den ersten Stich aus.",
    ),
    "ladder item": ("{rounds} with {word}", "zu {word} {rounds}"),
    "step 3": ("Trump", "Trumpf"),
    "step 3 text": (
        "After the deal the top card of the rest of the deck is turned up. Its suit is trump this round.\n\n"
        "Trump beats every other suit. Even the smallest trump takes the trick against a 13 of another suit.\n\n"
        "If a Wizard is turned up, the dealer picks the trump suit. If a Jester is turned up, there is no "
        "trump.\n\n"
        "In the last round all cards are dealt. Nothing is left to turn up, so there is no trump.",
        "Nach dem Geben wird die oberste Karte des Reststapels aufgedeckt. Ihre Farbe ist in dieser Runde "
        "Trumpf.\n\n"
        "Trumpf schlägt jede andere Farbe. Selbst die kleinste Trumpfkarte holt den Stich gegen eine 13 in "
        "einer anderen Farbe.\n\n"
        "Liegt dort ein Zauberer, sucht der Geber die Trumpffarbe aus. Liegt dort ein Narr, gibt es keinen "
        "Trumpf.\n\n"
        "In der letzten Runde sind alle Karten verteilt. Nichts bleibt zum Aufdecken, also gibt es keinen Trumpf.",
    ),
    "step 4": ("Bids", "Ansagen"),
    "step 4 text": (
        "Once everyone knows their cards, the bidding starts: in turn, beginning left of the dealer. Everyone "
        "says how many tricks they will take. Zero is a bid too.\n\n"
        "The dealer bids last and knows all the other bids: a small advantage that moves round with the "
        "deal.\n\n"
        "Whether the bids may add up is settled by the bid rule. There are three:\n\n"
        "{free} (the base rule): the sum of the bids does not matter.\n\n"
        "{not_equal} (the official variant): the sum must not equal the number of cards, so at least one "
        "player misses. Round 1 may be played free.\n\n"
        "{equal} (a house rule): the sum must equal the number of cards exactly.",
        "Sobald alle ihre Karten kennen, wird angesagt: reihum, links vom Geber beginnend. Jeder sagt, wie "
        "viele Stiche er holen will. Null ist auch eine Ansage.\n\n"
        "Der Geber sagt als Letzter an und kennt alle anderen Ansagen. Ein kleiner Vorteil, der mit dem Geben "
        "reihum wandert.\n\n"
        "Ob die Summe aller Ansagen aufgehen darf, regelt die Ansage-Regel. Es gibt drei:\n\n"
        "{free} (Grundregel): Die Summe der Ansagen ist egal.\n\n"
        "{not_equal} (offizielle Variante): Die Summe darf nicht der Zahl der Karten entsprechen, mindestens "
        "einer liegt also daneben. Wahlweise ist die 1. Runde frei.\n\n"
        "{equal} (Hausregel): Die Summe muss genau der Zahl der Karten entsprechen.",
    ),
    "step 4 question": (
        "Round {round}: everyone holds {cards}. {bids}. You deal and bid last. Bid rule: {rule}. What may you bid?",
        "Runde {round}: Jeder hält {cards}. {bids}. Du gibst und sagst als Letzter an. Ansage-Regel: {rule}. "
        "Was darfst du ansagen?",
    ),
    "named bid": ("{who} bids {bid}", "{who} sagt {bid}"),
    "step 5": ("Following suit", "Farbe bedienen"),
    "step 5 text": (
        "The player left of the dealer leads the first card. Its suit must be followed: whoever holds that suit "
        "must play it.\n\n"
        "Whoever does not hold the suit may play any card, trump too.\n\n"
        "Wizards and Jesters may always be played, even when you could follow suit.\n\n"
        "If a Wizard comes first, anything goes. If a Jester comes first, the next number card sets the suit.",
        "Links vom Geber wird die erste Karte ausgespielt. Ihre Farbe muss bedient werden: Wer diese Farbe hat, "
        "muss sie auch spielen.\n\n"
        "Wer die Farbe nicht hat, darf jede Karte spielen, auch Trumpf.\n\n"
        "Zauberer und Narren darfst du immer spielen, selbst wenn du bedienen könntest.\n\n"
        "Kommt zuerst ein Zauberer, ist alles erlaubt. Kommt zuerst ein Narr, bestimmt die nächste Zahlenkarte "
        "die Farbe.",
    ),
    "may be played": (
        "{situation} You hold {hand}, and may play {cards}.",
        "{situation} Du hast {hand} und darfst {cards} spielen.",
    ),
    "step 6": ("Who wins the trick?", "Wer gewinnt den Stich?"),
    "step 6 text": (
        "A trick is one card from everyone. Who takes it is decided by this order, from the top down:\n\n"
        "1. The first Wizard. If there is a Wizard in the trick, the first one wins. Later Wizards come too "
        "late.\n\n"
        "2. The highest trump. No Wizard? Then the highest trump takes the trick.\n\n"
        "3. The highest card of the led suit. No trump either? Then the highest card of the suit that came "
        "first wins. Other suits go away empty-handed.\n\n"
        "4. The first Jester. If there are only Jesters in the trick, the first one takes it: the Jester's "
        "only triumph.\n\n"
        "Whoever takes the trick leads the next one.",
        "Ein Stich ist eine Karte von jedem. Wer ihn holt, entscheidet diese Reihenfolge, von oben nach "
        "unten:\n\n"
        "1. Der erste Zauberer. Liegt ein Zauberer im Stich, gewinnt der erste. Spätere Zauberer kommen zu "
        "spät.\n\n"
        "2. Der höchste Trumpf. Kein Zauberer? Dann holt der höchste Trumpf den Stich.\n\n"
        "3. Die höchste Karte der ausgespielten Farbe. Auch kein Trumpf? Dann gewinnt die höchste Karte der "
        "Farbe, die zuerst kam. Andere Farben gehen leer aus.\n\n"
        "4. Der erste Narr. Liegen nur Narren im Stich, holt ihn der erste. Der einzige Triumph des Narren.\n\n"
        "Wer den Stich holt, spielt die nächste Karte aus.",
    ),
    "worked trick": ("{trump}: {cards}. {reason}", "{trump}: {cards}. {reason}"),
    "step 7": ("Points", "Punkte"),
    "step 7 text": (
        "Hit: {bonus} points plus {per} for every trick. Bidding zero and taking zero scores {zero} too.\n\n"
        "Missed: {penalty} points off for every trick of difference, whether too many or too few.\n\n"
        "After the last round the player with the most points wins. On a tie there are several winners.",
        "Getroffen: {bonus} Punkte plus {per} für jeden Stich. Auch null angesagt und null geholt bringt "
        "{zero}.\n\n"
        "Daneben: {penalty} Punkte Abzug für jeden Stich Abstand. Egal, ob zu viele oder zu wenige.\n\n"
        "Nach der letzten Runde gewinnt, wer die meisten Punkte hat. Bei Gleichstand gibt es mehrere Sieger.",
    ),
    "worked points": ("{who}: {reason}", "{who}: {reason}"),
    "step 8": ("A whole round", "Eine ganze Runde"),
    "step 8 text": (
        "Now all of it together: deal, turn up the trump, bid, play the tricks, score. {players} play round "
        "{round}, so everyone holds {cards}. {dealer} deals: {first} bids first and leads the first trick.\n\n"
        "Read the round line by line: every card follows the rules of the steps before.",
        "Jetzt alles zusammen: geben, Trumpf aufdecken, ansagen, Stiche spielen, abrechnen. {players} spielen "
        "Runde {round}, jeder hält also {cards}. {dealer} gibt: {first} sagt zuerst an und spielt den ersten "
        "Stich aus.\n\n"
        "Lies die Runde Zeile für Zeile: Jede Karte folgt den Regeln der Schritte davor.",
    ),
}
"""Each text's template in English and German, by key.

The four keys written as English sentences are the built-in bid policies' refusals, as
`wizardrules.bidding` words them; their English is the policy's own, so only the German is
written here."""

_ORDINAL_EN: Final = {1: "1st", 2: "2nd", 3: "3rd"}
_COUNT_DE: Final = {3: "dritt", 4: "viert", 5: "fünft", 6: "sechst"}
_COUNT_EN: Final = {3: "three", 4: "four", 5: "five", 6: "six"}


def say(key: str, lang: Language, **fields: object) -> str:
    """The text `key` in `lang`, its fields filled in.

    Examples:
        >>> say("takes", Language.DE, nth="2.", card="Zauberer", rule="Der erste Zauberer gewinnt")
        'Den Stich holt die 2. Karte: Zauberer. Der erste Zauberer gewinnt.'
    """
    english, german = TEXTS[key]
    return (german if lang is Language.DE else english).format(**fields)


def ordinal(number: int, lang: Language) -> str:
    """`2nd` in English, `2.` in German.

    Examples:
        >>> [ordinal(n, Language.EN) for n in (1, 2, 3, 4)], ordinal(2, Language.DE)
        (['1st', '2nd', '3rd', '4th'], '2.')
    """
    if lang is Language.DE:
        return f"{number}."
    return _ORDINAL_EN.get(number, f"{number}th")


def count_word(players: int, lang: Language) -> str:
    """A number of players 3..6 in words: `three`, ..., and in German the `zu dritt` word: `dritt`, `viert`, ...

    Examples:
        >>> count_word(5, Language.EN), count_word(5, Language.DE)
        ('five', 'fünft')
    """
    return (_COUNT_DE if lang is Language.DE else _COUNT_EN)[players]


def cards_word(count: int, lang: Language) -> str:
    """`1 card`, `3 cards` (`1 Karte`, `3 Karten`)."""
    return say("one card", lang) if count == 1 else say("cards", lang, count=count)


def tricks_word(count: int, lang: Language) -> str:
    """`1 trick`, `3 tricks` (`1 Stich`, `3 Stiche`)."""
    return say("trick count one", lang) if count == 1 else say("trick count", lang, count=count)


def capital(text: str) -> str:
    """`text` with its first letter a capital one."""
    return text[:1].upper() + text[1:]


def numbers(values: Sequence[int], lang: Language) -> str:
    """Numbers in a list, runs of three or more written as a range: `1, 3, 5, 11 to 15`.

    Examples:
        >>> numbers([1, 3, 5, 7, 9, 11, 12, 13, 14, 15], Language.EN), numbers(range(4, 16), Language.DE)
        ('1, 3, 5, 7, 9, 11 to 15', '4 bis 15')
    """
    parts: list[str] = []
    run: list[int] = []
    for value in [*values, None]:
        if value is not None and run and value == run[-1] + 1:
            run.append(value)
            continue
        if len(run) >= 3:
            parts.append(say("to", lang, low=run[0], high=run[-1]))
        else:
            parts += [str(number) for number in run]
        run = [] if value is None else [value]
    return ", ".join(parts)
