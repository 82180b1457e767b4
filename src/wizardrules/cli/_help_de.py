"""The command line's help in German: each English text of `wizardrules --help` and its commands' help, translated.

`cli._parser(german=True)` (a session with `--lang de`) puts these in place of the English
texts after it has built the parser, and `GermanHelpFormatter` gives argparse's own words
(the usage line, the groups' titles) in German. A test checks that every text of the
parser has its German form here.

Examples:
    >>> HELP_DE["the bid"]
    'die Ansage'
"""

from __future__ import annotations

import argparse
from typing import Final

__all__ = [
    "GROUPS_DE",
    "HELP_DE",
    "GermanHelpFormatter",
    "GermanRawDescriptionHelpFormatter",
    "english_texts",
    "in_german",
]

HELP_DE: Final[dict[str, str]] = {
    "Rules and scoring of the card game Wizard: settle a dispute at the table.": (
        "Regeln und Wertung des Kartenspiels Wizard: einen Streit am Tisch klären."
    ),
    "--json and --lang may also follow the command:\n  wizardrules trick 'Y7 Y11' --json": (
        "--json und --lang dürfen auch nach dem Befehl stehen:\n  wizardrules trick 'Y7 Y11' --json"
    ),
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "print a JSON object for scripts": "ein JSON-Objekt für Skripte ausgeben",
    "language of the output: en or de (default en)": "Sprache der Ausgabe: en oder de (Vorgabe en)",
    "show program's version number and exit": "die Versionsnummer zeigen und beenden",
    "who wins a trick, and by which rule (R5.4)": "wer einen Stich gewinnt, und nach welcher Regel (R5.4)",
    "points for a bid and the tricks taken (R6)": "Punkte für eine Ansage und die gemachten Stiche (R6)",
    "which bids the next bidder may make (R4.2)": "welche Ansagen der nächste Spieler machen darf (R4.2)",
    "a full game between built-in bots, printed as a score table": (
        "eine ganze Partie zwischen eingebauten Bots, ausgegeben als Punktetabelle"
    ),
    "many bot games: mean scores, win and hit rates": "viele Bot-Partien: mittlere Punkte, Sieg- und Trefferquoten",
    "rate the players of game nights from their score sheets (needs the ratings extra)": (
        "Wertungszahlen für die Spieler von Spieleabenden aus ihren Spielblöcken (braucht das Extra 'ratings')"
    ),
    "a table per person across game nights: nights, wins, points, mean place, exact rate, ratings": (
        "eine Tabelle je Person über Spieleabende: Abende, Siege, Punkte, mittlerer Platz, Trefferquote, Wertungszahlen"
    ),
    "tables for friends on their own phones, in the browser (needs the server extra)": (
        "Tische für Freunde auf ihren eigenen Handys, im Browser (braucht das Extra 'server')"
    ),
    'the trick in play order, e.g. "B9 W G13 W"': 'der Stich in der Reihenfolge des Ausspielens, z. B. "B9 W G13 W"',
    "trump suit: red/yellow/green/blue, R/Y/G/B or none": "Trumpffarbe: red/yellow/green/blue, R/Y/G/B oder none",
    "also write a picture of the trick to FILE": "auch ein Bild des Stichs in FILE schreiben",
    "the bid": "die Ansage",
    "the tricks taken": "die gemachten Stiche",
    "the bid was blind: points double (R6.2)": "die Ansage war blind: die Punkte zählen doppelt (R6.2)",
    "the bids already made this round, in order": "die Ansagen, die in dieser Runde schon gemacht sind, der Reihe nach",
    "the bid rule": "die Ansageregel",
    "the round number (default 1), within the ladder (R2.2)": "die Nummer der Runde (Vorgabe 1), in der Leiter (R2.2)",
    "cards per player (default: the round number, as on the ladder)": (
        "Karten je Spieler (Vorgabe: die Nummer der Runde, wie in der Leiter)"
    ),
    "players (default: one more than the bids given, at least 3)": (
        "Spieler (Vorgabe: einer mehr als die angegebenen Ansagen, mindestens 3)"
    ),
    (
        "A full game between built-in bots, printed as a score table with a legend. The players are "
        "named after their bot and seat: RuleBot 1, RandomBot 2, MonteCarloBot 3."
    ): (
        "Eine ganze Partie zwischen eingebauten Bots, ausgegeben als Punktetabelle mit Legende. Die "
        "Spieler heißen nach ihrem Bot und Platz: RuleBot 1, RandomBot 2, MonteCarloBot 3."
    ),
    (
        "the rules: rulebook, official, hidden-bids, secret-bids, app-free, app-not-equal, app-equal, "
        "score-pad, tournament, anniversary-2016, anniversary-2021"
    ): (
        "die Regeln: rulebook, official, hidden-bids, secret-bids, app-free, app-not-equal, app-equal, "
        "score-pad, tournament, anniversary-2016, anniversary-2021"
    ),
    "number of players, 3..6 (default 4)": "Zahl der Spieler, 3..6 (Vorgabe 4)",
    (
        "house rules besides the preset's, joined by '+': blind-bids (R4.4), clairvoyance (R4.5: round 1, "
        "you see the others' cards but not your own)"
    ): (
        "Hausregeln zusätzlich zu denen von --preset, mit '+' verbunden: blind-bids (R4.4), clairvoyance "
        "(R4.5: Runde 1, du siehst die Karten der anderen, aber nicht deine eigene)"
    ),
    (
        "comma-separated bots per seat: rule, random, montecarlo, expert (default: all rule); montecarlo "
        "searches 20 worlds a decision: a 4-player game with one takes a few seconds with the fast extra "
        "(after its first compile), about half a minute without; expert searches 24 worlds weighted by "
        "the bids; human: you play that seat"
    ): (
        "Bots je Platz, durch Kommas getrennt: rule, random, montecarlo, expert (Vorgabe: alle rule); "
        "montecarlo durchsucht 20 Welten je Entscheidung: eine Partie zu viert mit einem dauert mit dem "
        "Extra 'fast' ein paar Sekunden (nach dem ersten Übersetzen), ohne etwa eine halbe Minute; expert "
        "durchsucht 24 nach den Ansagen gewichtete Welten; human: du spielst diesen Platz"
    ),
    (
        "you play as player N, counted 1..players (seat N-1 in --json and the API): each turn shows your "
        "hand and the table, and you answer with a number or an action such as 'play G7'"
    ): (
        "du spielst als Spieler N, gezählt 1..Spieler (Platz N-1 in --json und der API): jeder Zug zeigt "
        "deine Hand und den Tisch, und du antwortest mit einer Zahl oder einer Aktion wie 'play G7'"
    ),
    "your name at the table with --human (default: Human N, in German Mensch N)": (
        "dein Name am Tisch mit --human (Vorgabe: Mensch N, auf Englisch Human N)"
    ),
    "play only the first ROUNDS rounds of the ladder": "nur die ersten ROUNDS Runden der Leiter spielen",
    "seed of the deal (default 1)": "Startwert des Gebens (Vorgabe 1)",
    (
        "also write the game's score chart to FILE; with a human seat, a picture of your view of the "
        "table, kept up to date"
    ): (
        "auch den Punkteverlauf der Partie in FILE schreiben; mit einem Platz für dich ein Bild des Tisches, "
        "wie du ihn siehst, stets auf dem neuesten Stand"
    ),
    "number of games (default 200)": "Zahl der Partien (Vorgabe 200)",
    "comma-separated bots: rule, random, montecarlo, expert (default: all rule)": (
        "Bots, durch Kommas getrennt: rule, random, montecarlo, expert (Vorgabe: alle rule)"
    ),
    "seed of the tournament (default 1)": "Startwert des Turniers (Vorgabe 1)",
    "1: play in this process; else a process pool": "1: in diesem Prozess spielen; sonst in einem Prozess-Pool",
    "play each deal once per rotation of the seats (games: a multiple)": (
        "jedes Geben einmal je Drehung der Plätze spielen (Partien: ein Vielfaches)"
    ),
    "also rate the bots (needs the ratings extra)": "auch Wertungszahlen für die Bots (braucht das Extra 'ratings')",
    "score sheets saved as JSON, in the nights' order": (
        "als JSON gespeicherte Spielblöcke, in der Reihenfolge der Abende"
    ),
    (
        "A table per person across game nights, one score sheet a night: nights played, wins, points, mean "
        "place and the rate of exact bids; with the ratings extra, each person's rating too, and the table "
        "ranked by it. Names join the nights as the score sheet compares them."
    ): (
        "Eine Tabelle je Person über Spieleabende, ein Spielblock je Abend: gespielte Abende, Siege, Punkte, "
        "mittlerer Platz und der Anteil genau erfüllter Ansagen; mit dem Extra 'ratings' auch die "
        "Wertungszahl jeder Person, nach der die Tabelle dann geordnet ist. Namen verbinden die Abende so, "
        "wie der Spielblock sie vergleicht."
    ),
    (
        "a night's score sheet: its JSON file (ScoreSheet.to_json, the score pad's export) or a file "
        "holding its share code"
    ): (
        "der Spielblock eines Abends: seine JSON-Datei (ScoreSheet.to_json, der Export des Spielblocks) oder "
        "eine Datei mit seinem Teilen-Code"
    ),
    "address to listen on; 0.0.0.0 for phones on the network": (
        "Adresse, auf der der Server hört; 0.0.0.0 für Handys im Netz"
    ),
    "port (default 8000)": "Port (Vorgabe 8000)",
    "the SQLite file of the tables (kept)": "die SQLite-Datei der Tische (bleibt erhalten)",
    "the address phones reach the server at, for join links and QR codes": (
        "die Adresse, unter der Handys den Server erreichen, für Einladungslinks und QR-Codes"
    ),
    "another origin whose pages may use the server": "ein weiterer Ursprung, dessen Seiten den Server nutzen dürfen",
    (
        "the score pad app linked at the end of a game, with the game's share code after '#' (default: this "
        "server's copy with --site, else the published site's)"
    ): (
        "die Spielblock-App, auf die das Ende einer Partie verweist, mit dem Teilen-Code der Partie nach '#' "
        "(Vorgabe: die Kopie dieses Servers mit --site, sonst die der veröffentlichten Seite)"
    ),
    (
        "a built documentation site (mkdocs build, after tools/tryit_assets.py): its apps are served here, "
        "so phones without the internet open the score pad from this server"
    ): (
        "eine gebaute Dokumentation (mkdocs build, nach tools/tryit_assets.py): ihre Apps liefert dieser "
        "Server aus, sodass Handys ohne Internet den Spielblock von hier öffnen"
    ),
    ("set one of the server's limits (turn=90, keep_finished=3600, creates_per_hour=60, ...; see the docs)"): (
        "eine Grenze des Servers setzen (turn=90, keep_finished=3600, creates_per_hour=60, ...; siehe die Doku)"
    ),
}
"""Each English help text of the command line (descriptions, epilogs, arguments, commands) and its German form."""

GROUPS_DE: Final[dict[str, str]] = {"positional arguments": "Argumente", "options": "Optionen"}
"""argparse's titles of the argument groups, in German."""


class GermanHelpFormatter(argparse.HelpFormatter):
    """argparse's formatter with its usage line in German (`Aufruf:`)."""

    def add_usage(self, usage: str | None, actions: object, groups: object, prefix: str | None = None) -> None:
        """The usage line, headed `Aufruf:` unless a prefix is given."""
        super().add_usage(usage, actions, groups, "Aufruf: " if prefix is None else prefix)  # type: ignore[arg-type]


class GermanRawDescriptionHelpFormatter(GermanHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """The German formatter that keeps the description's and epilog's line breaks."""


def in_german(parser: argparse.ArgumentParser) -> None:
    """Put the German texts into `parser` and its commands' parsers, with argparse's own words in German.

    It reads argparse's parsers as they are built (their actions, the commands' parsers and the
    groups), which argparse keeps in attributes of its own. A text without a German form stays
    English (a test checks that there is none).
    """
    for found in _parsers(parser):
        found.description = _german(found.description)
        found.epilog = _german(found.epilog)
        kind = found.formatter_class
        raw = isinstance(kind, type) and issubclass(kind, argparse.RawDescriptionHelpFormatter)
        found.formatter_class = GermanRawDescriptionHelpFormatter if raw else GermanHelpFormatter
        for group in found._action_groups:
            group.title = GROUPS_DE.get(group.title or "", group.title)
        for action in found._actions:
            action.help = _german(action.help)
            if isinstance(action, argparse._SubParsersAction):
                for command in action._choices_actions:
                    command.help = _german(command.help)


def english_texts(parser: argparse.ArgumentParser) -> list[str]:
    """Every help text of `parser` and its commands' parsers that a person reads, once each, in order."""
    texts: list[str] = []
    for found in _parsers(parser):
        texts += [text for text in (found.description, found.epilog) if text]
        for action in found._actions:
            if action.help and action.help != argparse.SUPPRESS:
                texts.append(action.help)
            if isinstance(action, argparse._SubParsersAction):
                texts += [command.help for command in action._choices_actions if command.help]
    return list(dict.fromkeys(texts))


def _german(text: str | None) -> str | None:
    return None if text is None else HELP_DE.get(text, text)


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """`parser` and every command's parser below it, each once."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in dict.fromkeys(action.choices.values()):
                found += _parsers(command)
    return found
