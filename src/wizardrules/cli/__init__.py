"""The `wizardrules` command line: trick checker, points calculator, bid-rule checker and bot games.

`trick` and `play` also draw: `--svg FILE` writes the trick, or the game's score chart.

Run `wizardrules --help` (or `python -m wizardrules --help`) for the commands. `--json` and
`--lang` go before or after the command. Bad input gets a one-line error and exit code 2;
output that cannot be written exit code 1; Ctrl-C one line and exit code 130 (see `main`).
Runs that take more than a few seconds (`play` with Monte Carlo bots, `simulate`) show their
progress on stderr when it is a terminal; stdout keeps only the result. Score tables wider
than the terminal (80 columns when stdout is not one) are cut into parts by players.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import itertools
import json
import os
import re
import shutil
import signal
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any, Final, NoReturn

import attrs

from wizardrules import __version__, _lazy, svg
from wizardrules._codec import what_de
from wizardrules._convert import MAX_FILE, shown
from wizardrules._words import say
from wizardrules.bidding import BidContext, BidPolicy, EqualBids, FreeBids, NotEqualBids
from wizardrules.bots import Bot, ExpertBot, MonteCarloBot, RandomBot, RuleBot, play_game
from wizardrules.cards import Language, Suit, parse_cards
from wizardrules.cli import _human
from wizardrules.cli._help_de import in_german
from wizardrules.errors import FormatError, RulesError, WizardRulesError, _german_text
from wizardrules.rules import Preset, Rules, Schedule, Variant
from wizardrules.scoring import STANDARD_SCORE, PointsBreakdown
from wizardrules.sheet import ScoreSheet, game_nights
from wizardrules.tournament import tournament
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS, decide_trick

__all__ = ["EXIT_ERROR", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_OUTPUT", "main"]

_RULES: Final[dict[str, BidPolicy]] = {
    "free": FreeBids(),
    "not-equal": NotEqualBids(),
    "not-equal-first-free": NotEqualBids(first_round_free=True),
    "equal": EqualBids(),
}


def _trump(text: str) -> Suit | None:
    if text.strip().lower() in {"none", "no", "keine", "kein", "-"}:
        return None
    return Suit.parse(text)


def _save_svg(path: str | None, picture: str) -> None:
    """Write `picture` to `path` when `--svg PATH` was given."""
    if path is None:
        return
    _human.write_picture(path, picture)


def _read_file(name: str, what: str) -> str:
    """The text of the file `name`, read as UTF-8, at most `MAX_FILE` (16 MiB) of it.

    Reading stops one byte past the limit, so a device or pipe without end (`/dev/zero`) is
    refused at once; a FIFO is read as it comes. Text in another encoding is refused with
    the place of its first byte that is not UTF-8.

    Raises:
        FormatError: the file cannot be opened or read, is longer than 16 MiB, or is not UTF-8.

    Examples:
        >>> _read_file("/dev/zero", "score sheet")
        Traceback (most recent call last):
        ...
        wizardrules.errors.FormatError: score sheet '/dev/zero': more than the 16777216 bytes (16 MiB) a file may have
    """
    label = f"{what} {name!r:.80}"
    label_de = f"{what_de(what)} {name!r:.80}"
    try:
        with open(name, "rb") as file:
            data = file.read(MAX_FILE + 1)
    except OSError as problem:
        raise FormatError(
            f"{label}: cannot read it ({problem.strerror or problem})",
            german=f"{label_de}: nicht lesbar ({_human.os_problem_de(problem)})",
        ) from None
    if len(data) > MAX_FILE:
        raise FormatError(
            f"{label}: more than the {MAX_FILE} bytes (16 MiB) a file may have",
            german=f"{label_de}: mehr als die {MAX_FILE} Bytes (16 MiB), die eine Datei haben darf",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise FormatError(
            f"{label}: not UTF-8 text (byte {problem.start + 1} is {data[problem.start]:#04x}); save it as UTF-8",
            german=f"{label_de}: kein UTF-8-Text (Byte {problem.start + 1} ist {data[problem.start]:#04x}); "
            "als UTF-8 speichern",
        ) from None


def _cmd_trick(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    cards = parse_cards(args.cards)
    trump = _trump(args.trump)
    decision = decide_trick(cards, trump)
    _save_svg(args.svg, svg.trick(cards, trump=trump, lang=lang))
    leader = cards[decision.would_be_winner]
    if decision.winner is None:
        text = (
            f"{decision.reason.display(lang)}; "
            f"{'Karte' if lang is Language.DE else 'card'} {decision.would_be_winner + 1} "
            f"({leader.display(lang)}) {'spielt aus' if lang is Language.DE else 'leads next'}"
        )
    else:
        word = "Karte" if lang is Language.DE else "card"
        verb = "gewinnt" if lang is Language.DE else "wins"
        text = f"{word} {decision.winner + 1} ({leader.display(lang)}) {verb}: {decision.reason.display(lang)}"
    return {
        "winner": decision.winner,
        "card": None if decision.winner is None else str(cards[decision.winner]),
        "leads_next": decision.would_be_winner,
        "reason": decision.reason.name.lower(),
        "trump": None if trump is None else trump.name.lower(),
        "text": text,
    }


def _points_de(b: PointsBreakdown) -> str:
    hit = f"getroffen: {b.base} + {b.count} × {b.unit}"
    text = hit if b.hit else f"daneben um {b.count}: {b.count} × {b.unit}"
    if b.multiplier != 1:
        text += f", × {b.multiplier} blind"
    return f"{text} = {b.total:+d}"


def _cmd_points(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    breakdown = STANDARD_SCORE.breakdown(args.bid, args.tricks, blind=args.blind)
    described = _points_de(breakdown) if lang is Language.DE else breakdown.describe()
    return {
        "points": breakdown.total,
        "hit": breakdown.hit,
        "blind": args.blind,
        "text": f"{breakdown.total:+d} ({described})",
    }


def _refusal(reason: str, lang: Language) -> str:
    """A bid rule's reason in the reader's language (seed 002: "sonst ergäben die Ansagen genau 3")."""
    return _german_text(reason) if lang is Language.DE else reason


def _cmd_bids(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    policy = _RULES[args.rule]
    cards = args.cards if args.cards is not None else args.round
    players = args.players if args.players is not None else max(3, len(args.bids) + 1)
    _check_deck(args, cards, players)
    context = BidContext(cards=cards, bids=tuple(args.bids), players=players, round_number=args.round)
    allowed = policy.allowed(context)
    lines = []
    for bid in range(cards + 1):
        reason = policy.refusal(context, bid)
        if reason is None:
            lines.append(f"{bid}: {'erlaubt' if lang is Language.DE else 'allowed'}")
        else:
            lines.append(f"{bid}: {'gesperrt' if lang is Language.DE else 'blocked'} ({_refusal(reason, lang)})")
    return {"allowed": sorted(allowed), "cards": cards, "text": "\n".join(lines)}


def _check_deck(args: argparse.Namespace, cards: int, players: int) -> None:
    """The round's cards must come out of the deck for every player (R2.2)."""
    deck = len(Rules().deck)
    if 3 <= players <= 6 and cards * players > deck:
        most = deck // players
        given = f"--cards {cards}" if args.cards is not None else f"round {args.round}"
        given_de = f"--cards {cards}" if args.cards is not None else f"Runde {args.round}"
        raise RulesError(
            f"{given}: {cards} cards each for {players} players is more than the {deck}-card deck holds; "
            f"{players} players get at most {most} cards each, so the ladder has {most} rounds (R2.2)",
            german=f"{given_de}: je {cards} Karten für {players} Spieler sind mehr, als das Spiel mit {deck} Karten "
            f"hat; {players} Spieler bekommen höchstens {most} Karten, also hat die Leiter {most} Runden (R2.2)",
        )


_BOTS: Final[dict[str, type[Bot]]] = {
    "rule": RuleBot,
    "random": RandomBot,
    "montecarlo": MonteCarloBot,
    "expert": ExpertBot,
}
_PROGRESS_AFTER: Final = 3.0
"""Seconds after which a run still going shows its progress on stderr."""


def _bot_kinds(text: str | None, players: int, *, human: bool = False) -> list[str]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:  # at once, before a bot per player is made (R2.1)
        raise RulesError(
            f"--players {shown(players)}: Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} players (R2.1)",
            german=f"--players {shown(players)}: Wizard ist für {MIN_PLAYERS} bis {MAX_PLAYERS} Spieler (R2.1)",
        )
    kinds = [k.strip() for k in text.split(",")] if text else ["rule"] * players
    if len(kinds) != players:
        raise RulesError(
            f"--bots names {len(kinds)} bots for {players} players",
            german=f"--bots nennt {len(kinds)} {'Bot' if len(kinds) == 1 else 'Bots'} für {players} Spieler",
        )
    known = [*_BOTS, _human.HUMAN] if human else list(_BOTS)
    for kind in kinds:
        if kind not in known:
            raise RulesError(
                f"bot {shown(kind)} is unknown; the bots are: {', '.join(known)}",
                german=f"den Bot {shown(kind)} gibt es nicht; die Bots sind: {', '.join(map(repr, known))}",
            )
    return kinds


def _progress() -> float | bool:
    """Progress once a run has taken a few seconds, when stderr is a terminal (a file gets no counter)."""
    stream = sys.stderr
    return _PROGRESS_AFTER if stream is not None and stream.isatty() else False


_VARIANTS_HELP: Final = (
    "house rules besides the preset's, joined by '+': blind-bids (R4.4), clairvoyance (R4.5: round 1, "
    "you see the others' cards but not your own)"
)
_VARIANTS: Final = {"blind-bids": Variant.BLIND_BIDS, "clairvoyance": Variant.CLAIRVOYANCE}


def _variants(text: str | None) -> Variant:
    """The house rules `--variants` names, joined by `+` or `,`: `blind-bids+clairvoyance`."""
    variants = Variant.NONE
    for name in filter(None, (part.strip().lower() for part in re.split(r"[+,]", text or ""))):
        if name not in _VARIANTS:
            raise RulesError(
                f"--variants: {shown(name)} is not a house rule; they are {', '.join(_VARIANTS)}",
                german=f"--variants: {shown(name)} ist keine Hausregel; die Hausregeln sind "
                f"{', '.join(map(repr, _VARIANTS))}",
            )
        variants |= _VARIANTS[name]
    return variants


def _rules(args: argparse.Namespace) -> Rules:
    """The preset's rules with the `--variants` house rules, for the first `--rounds` rounds when given."""
    rules = Preset.parse(args.preset).rules()
    variants = _variants(args.variants)
    if variants:
        rules = attrs.evolve(rules, variants=rules.variants | variants)
    if args.rounds is not None:
        rules = attrs.evolve(rules, schedule=Schedule.ladder(args.players, rounds=args.rounds))
    return rules


def _cmd_simulate(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    kinds = _bot_kinds(args.bots, args.players)
    rules = _rules(args)
    pooled = args.jobs != 1
    with _ended_at_once_by_ctrl_c(lang):
        result = tournament(
            [_BOTS[kind] for kind in kinds],
            args.games,
            rules=rules,
            seed=args.seed,
            executor="process" if pooled else None,
            progress=_progress(),
            duplicate=args.duplicate,
        )
    out: dict[str, object] = {**result.to_dict(), "text": result.to_text(language=lang)}
    if args.ratings:
        ratings = _ratings_module().rate_tournament(result)
        out["ratings"] = ratings.to_dict()
        out["text"] = f"{out['text']}\n\n{ratings.to_text(language=lang)}"
    return out


@contextlib.contextmanager
def _ended_at_once_by_ctrl_c(lang: Language) -> Iterator[None]:
    """While games are played: Ctrl-C ends the command at once with its one line and code 130.

    Ctrl-C reaches a process pool's workers too, which end at once; waiting for the pool to
    shut down then races with the pool's own thread, which may print a traceback. Without a
    pool, a `KeyboardInterrupt` that lands while a finalizer runs is swallowed by Python
    ("Exception ignored in ...") and the games go on. A command line has nothing to save, so
    it ends here instead (a library caller gets `KeyboardInterrupt`).
    """
    previous = signal.signal(signal.SIGINT, functools.partial(_end_interrupted, lang))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _end_interrupted(lang: Language, signum: int, frame: object) -> NoReturn:
    _say(_interrupted(lang))
    os._exit(EXIT_INTERRUPTED)


def _interrupted(lang: Language) -> str:
    """The line Ctrl-C ends a command with, in the session's language."""
    return "wizardrules: abgebrochen" if lang is Language.DE else "wizardrules: interrupted"


def _ratings_module() -> ModuleType:
    """`wizardrules.tournament.ratings`, or a RulesError naming the extra it needs (loaded when asked for)."""
    module = _lazy.optional("wizardrules.tournament.ratings")
    if module is None:
        raise RulesError(
            "ratings need the 'ratings' extra (openskill): pip install 'wizardrules[ratings]'",
            german="Wertungszahlen brauchen das Extra 'ratings' (openskill): pip install 'wizardrules[ratings]'",
        )
    return module


def _cmd_ratings(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    sheets = []
    for name in args.sheets:
        sheets.append(ScoreSheet.from_json(_read_file(name, "score sheet")))
    ratings = _ratings_module().rate_sheets(sheets)
    return {**ratings.to_dict(), "text": ratings.to_text(language=lang)}


def _night(name: str) -> ScoreSheet:
    """The score sheet in the file `name`: its JSON (`ScoreSheet.to_json`) or its share code (`to_code`)."""
    text = _read_file(name, "score sheet")
    try:
        return ScoreSheet.from_json(text) if text.lstrip().startswith("{") else ScoreSheet.from_code(text)
    except FormatError as error:
        raise FormatError(
            f"score sheet {name!r:.80}: {error}", german=f"Spielblock {name!r:.80}: {error.german}"
        ) from None


def _cmd_nights(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    sheets = [_night(name) for name in args.sheets]
    module = _lazy.optional("wizardrules.tournament.ratings")
    nights = game_nights(sheets) if module is None else module.rate_nights(sheets)
    return {**nights.to_dict(), "text": nights.to_text(language=lang)}


def _cmd_play(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    kinds = _human.seat_human(_bot_kinds(args.bots, args.players, human=True), args.human)
    rules = _rules(args)
    bots: list[Bot | None] = []
    for seat, kind in enumerate(kinds):
        if kind == _human.HUMAN:
            bots.append(None)
        else:
            bots.append(RuleBot() if kind == "rule" else _BOTS[kind](seed=args.seed * 10 + seat))  # type: ignore[call-arg]
    robots = [bot for bot in bots if bot is not None]
    if len(robots) == len(bots):
        # The players are named as play_game names them: "RuleBot 1", "RandomBot 2", ...
        final = play_game(robots, rules=rules, seed=args.seed, progress=_progress())
        _save_svg(args.svg, svg.scores(final.scoresheet, lang=lang))
    else:  # a person at the table: a dialogue on the terminal; --svg keeps their view of the table
        if args.json:
            raise RulesError(
                "--json does not go with a human seat: the game is a dialogue on the terminal",
                german="--json geht nicht mit einem Platz für dich: das Spiel ist ein Dialog im Terminal",
            )
        names = [
            args.name or f"{say('Human', lang)} {seat + 1}" if bot is None else f"{type(bot).__name__} {seat + 1}"
            for seat, bot in enumerate(bots)
        ]
        final = _human.play_with_human(bots, rules=rules, seed=args.seed, names=names, lang=lang, picture=args.svg)
    sheet = final.scoresheet
    return {
        "players": list(sheet.players),
        "totals": list(sheet.totals),
        "standings": list(sheet.standings()),
        "winners": list(sheet.winners()),
        "rounds": len(sheet.rounds),
        # its last line names the winners
        "text": sheet.to_text(language=lang, legend=True, width=_columns(), statistics=True),
    }


def _columns() -> int:
    """The terminal's width for tables: its columns, or 80 when stdout is no terminal (or `COLUMNS` says)."""
    return max(shutil.get_terminal_size((80, 24)).columns, 40)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (see `--help` for the usage)."""

    german: bool = False

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.splitlines())  # argparse repeats what it cannot read: keep it to one line
        if len(message) > 300:
            message = f"{message[:300]}…"
        if self.german:
            self.exit(2, f"{self.prog}: Fehler: {_argparse_german(message)} (siehe --help)\n")
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


_ARGPARSE_DE: Final = tuple(
    (re.compile(pattern), german)
    for pattern, german in (
        (r"argument (\S+): invalid int value: (.+)", r"\1: \2 ist keine ganze Zahl"),
        (r"argument (\S+): invalid choice: (.+?) \(choose from (.+)\)", r"\1: \2 steht nicht zur Wahl (\3)"),
        (r"argument (\S+): expected one argument", r"\1: es fehlt der Wert"),
        (r"argument (\S+): expected at least one argument", r"\1: es fehlt mindestens ein Wert"),
        (r"argument (\S+): ignored explicit argument (.+)", r"\1 nimmt keinen Wert, auch nicht \2"),
        (r"the following arguments are required: (.+)", r"es fehlt: \1"),
        (r"unrecognized arguments: (.+)", r"unbekannt: \1"),
        (r"ambiguous option: (\S+) could match (.+)", r"\1 ist mehrdeutig: \2"),
    )
)
"""argparse's messages about the options, in German: they come from argparse, not from the library."""


class _GermanParser(_Parser):
    """An argument parser whose errors are one line in German (`--lang de`)."""

    german = True


def _argparse_german(message: str) -> str:
    """argparse's `message` in German (`--players: 'x' ist keine ganze Zahl`); one it does not know stays as it is.

    Examples:
        >>> _argparse_german("argument --players: invalid int value: 'x'")
        "--players: 'x' ist keine ganze Zahl"
        >>> _argparse_german("the following arguments are required: bid, tricks")
        "es fehlt: 'bid', 'tricks'"
    """
    for pattern, german in _ARGPARSE_DE:
        found = pattern.fullmatch(message)
        if found is not None:
            names = ", ".join(name if name.startswith("-") else repr(name) for name in found[1].split(", "))
            return found.expand(german.replace(r"\1", names.replace("\\", "\\\\")))
    return message


def _wants_german(argv: Sequence[str]) -> bool:
    """Whether `argv` asks for German (`--lang de` or `--lang=de`), known before the options are parsed."""
    words = list(argv)
    return "--lang=de" in words or any(a == "--lang" and b == "de" for a, b in itertools.pairwise(words))


def _options(*, defaults: bool) -> _Parser:
    """`--json` and `--lang`, for the main parser (with defaults) and each command (without any,
    so that an option given before the command is not reset after it)."""
    options = _Parser(add_help=False)
    options.add_argument(
        "--json",
        action="store_true",
        default=False if defaults else argparse.SUPPRESS,
        help="print a JSON object for scripts",
    )
    options.add_argument(
        "--lang",
        choices=["en", "de"],
        default="en" if defaults else argparse.SUPPRESS,
        help="language of the output: en or de (default en)",
    )
    return options


def _parser(*, german: bool = False) -> argparse.ArgumentParser:
    kind = _GermanParser if german else _Parser
    parser = kind(
        prog="wizardrules",
        description="Rules and scoring of the card game Wizard: settle a dispute at the table.",
        epilog="--json and --lang may also follow the command:\n  wizardrules trick 'Y7 Y11' --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_options(defaults=True)],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=kind)
    options = [_options(defaults=False)]

    trick = commands.add_parser("trick", help="who wins a trick, and by which rule (R5.4)", parents=options)
    trick.add_argument("cards", help='the trick in play order, e.g. "B9 W G13 W"')
    trick.add_argument("--trump", default="none", help="trump suit: red/yellow/green/blue, R/Y/G/B or none")
    trick.add_argument("--svg", metavar="FILE", help="also write a picture of the trick to FILE")
    trick.set_defaults(run=_cmd_trick)

    points = commands.add_parser("points", help="points for a bid and the tricks taken (R6)", parents=options)
    points.add_argument("bid", type=int, help="the bid")
    points.add_argument("tricks", type=int, help="the tricks taken")
    points.add_argument("--blind", action="store_true", help="the bid was blind: points double (R6.2)")
    points.set_defaults(run=_cmd_points)

    bids = commands.add_parser("bids", help="which bids the next bidder may make (R4.2)", parents=options)
    bids.add_argument("bids", type=int, nargs="*", help="the bids already made this round, in order")
    bids.add_argument("--rule", choices=sorted(_RULES), default="not-equal", help="the bid rule")
    bids.add_argument("--round", type=int, default=1, help="the round number (default 1), within the ladder (R2.2)")
    bids.add_argument("--cards", type=int, help="cards per player (default: the round number, as on the ladder)")
    bids.add_argument("--players", type=int, help="players (default: one more than the bids given, at least 3)")
    bids.set_defaults(run=_cmd_bids)

    play = commands.add_parser(
        "play",
        help="a full game between built-in bots, printed as a score table",
        description="A full game between built-in bots, printed as a score table with a legend. The players "
        "are named after their bot and seat: RuleBot 1, RandomBot 2, MonteCarloBot 3.",
        parents=options,
    )
    play.add_argument("--preset", default="rulebook", help="the rules: " + ", ".join(p.value for p in Preset))
    play.add_argument("--players", type=int, default=4, help="number of players, 3..6 (default 4)")
    play.add_argument("--variants", help=_VARIANTS_HELP)
    play.add_argument(
        "--bots",
        help="comma-separated bots per seat: rule, random, montecarlo, expert (default: all rule); "
        "montecarlo searches 20 worlds a decision: a 4-player game with one takes a few seconds with "
        "the fast extra (after its first compile), about half a minute without; expert searches 24 "
        "worlds weighted by the bids; human: you play that seat",
    )
    play.add_argument(
        "--human",
        type=int,
        metavar="N",
        help="you play as player N, counted 1..players (seat N-1 in --json and the API): each turn shows "
        "your hand and the table, "
        "and you answer with a number or an action such as 'play G7'",
    )
    play.add_argument("--name", help="your name at the table with --human (default: Human N, in German Mensch N)")
    play.add_argument("--rounds", type=int, help="play only the first ROUNDS rounds of the ladder")
    play.add_argument("--seed", type=int, default=1, help="seed of the deal (default 1)")
    play.add_argument(
        "--svg",
        metavar="FILE",
        help="also write the game's score chart to FILE; with a human seat, a picture of your view "
        "of the table, kept up to date",
    )
    play.set_defaults(run=_cmd_play)

    simulate = commands.add_parser("simulate", help="many bot games: mean scores, win and hit rates", parents=options)
    simulate.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    simulate.add_argument("--preset", default="rulebook", help="the rules: " + ", ".join(p.value for p in Preset))
    simulate.add_argument("--players", type=int, default=4, help="number of players, 3..6 (default 4)")
    simulate.add_argument("--variants", help=_VARIANTS_HELP)
    simulate.add_argument("--bots", help="comma-separated bots: rule, random, montecarlo, expert (default: all rule)")
    simulate.add_argument("--rounds", type=int, help="play only the first ROUNDS rounds of the ladder")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the tournament (default 1)")
    simulate.add_argument("--jobs", type=int, default=0, help="1: play in this process; else a process pool")
    simulate.add_argument(
        "--duplicate", action="store_true", help="play each deal once per rotation of the seats (games: a multiple)"
    )
    simulate.add_argument("--ratings", action="store_true", help="also rate the bots (needs the ratings extra)")
    simulate.set_defaults(run=_cmd_simulate)

    _nights_parsers(commands, options)
    _serve_parser(commands, options)
    if german:
        in_german(parser)
    return parser


def _nights_parsers(commands: Any, options: Sequence[argparse.ArgumentParser]) -> None:
    """The commands that read game nights' score sheets: `ratings` and `nights`."""
    ratings = commands.add_parser(
        "ratings",
        help="rate the players of game nights from their score sheets (needs the ratings extra)",
        parents=list(options),
    )
    ratings.add_argument("sheets", nargs="+", metavar="SHEET", help="score sheets saved as JSON, in the nights' order")
    ratings.set_defaults(run=_cmd_ratings)

    nights = commands.add_parser(
        "nights",
        help="a table per person across game nights: nights, wins, points, mean place, exact rate, ratings",
        description="A table per person across game nights, one score sheet a night: nights played, wins, "
        "points, mean place and the rate of exact bids; with the ratings extra, each person's rating too, "
        "and the table ranked by it. Names join the nights as the score sheet compares them.",
        parents=list(options),
    )
    nights.add_argument(
        "sheets",
        nargs="+",
        metavar="FILE",
        help="a night's score sheet: its JSON file (ScoreSheet.to_json, the score pad's export) or a file "
        "holding its share code",
    )
    nights.set_defaults(run=_cmd_nights)


def _serve_parser(commands: Any, options: Sequence[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve",
        help="tables for friends on their own phones, in the browser (needs the server extra)",
        parents=list(options),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on; 0.0.0.0 for phones on the network")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--db", default="wizardrules-tables.sqlite", help="the SQLite file of the tables (kept)")
    serve.add_argument("--public-url", help="the address phones reach the server at, for join links and QR codes")
    serve.add_argument("--origin", action="append", default=[], help="another origin whose pages may use the server")
    serve.add_argument(
        "--pad-url",
        help="the score pad app linked at the end of a game, with the game's share code after '#' "
        "(default: this server's copy with --site, else the published site's)",
    )
    serve.add_argument(
        "--site",
        metavar="DIR",
        help="a built documentation site (mkdocs build, after tools/tryit_assets.py): its apps are served "
        "here, so phones without the internet open the score pad from this server",
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the server's limits (turn=90, keep_finished=3600, creates_per_hour=60, ...; see the docs)",
    )
    serve.set_defaults(run=_cmd_serve)


def _cmd_serve(args: argparse.Namespace, lang: Language) -> dict[str, object]:
    try:
        server = importlib.import_module("wizardrules.table.server")
    except ImportError as missing:
        raise RulesError(
            f'serve needs the server extra: pip install "wizardrules[server]" ({missing})',
            german=f'serve braucht das Extra server: pip install "wizardrules[server]" ({missing})',
        ) from None
    if not 0 < args.port < 65536:
        raise RulesError(
            f"--port {args.port} is not a port 1..65535", german=f"--port {args.port} ist kein Port 1..65535"
        )
    limits = server.Limits.parse(args.limit)
    server.check_database(args.db)  # before the line below: a path that is no tables file is one line of error
    if args.site is not None:
        server.check_site(args.site)
    public = args.public_url or server.public_url_for(args.host, args.port)
    _say(f"wizardrules serve: tables in {args.db}; open {public}/ (Ctrl-C stops)")
    server.serve(
        args.db,
        host=args.host,
        port=args.port,
        origins=args.origin,
        public_url=public,
        limits=limits,
        pad_url=args.pad_url,
        site=args.site,
    )
    return {"text": "wizardrules serve: stopped"}


EXIT_OK: Final = 0
"""The command did what was asked."""
EXIT_OUTPUT: Final = 1
"""The output could not be written: its pipe closed early (`... | head`), or stdout is closed."""
EXIT_ERROR: Final = 2
"""Bad input or options: one line on stderr says what and why."""
EXIT_INTERRUPTED: Final = 130
"""Interrupted with Ctrl-C (128 + SIGINT, as shells report it): one line on stderr."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: `sys.argv[1:]`); return the exit code.

    The exit codes: 0 done; 1 the output could not be written (a closed pipe or stdout);
    2 bad input, with one line on stderr; 130 interrupted by Ctrl-C, with one line on stderr.
    Never a traceback. Text that the output's encoding cannot hold is written with
    backslash escapes (`\\xfc`), and JSON with `\\u` escapes.

    Examples:
        >>> main(["points", "2", "2"])
        +40 (hit: 20 + 2 × 10 = +40)
        0
    """
    given = sys.argv[1:] if argv is None else argv
    try:
        parser = _parser(german=_wants_german(given))
        args = parser.parse_args(given)
        lang = Language(args.lang)
        try:
            result = args.run(args, lang)
        except WizardRulesError as error:
            word = "Fehler" if lang is Language.DE else "error"
            _say(f"wizardrules {args.command}: {word}: {error.to_text(language=lang)}")
            return EXIT_ERROR
        if args.json:
            data = {k: v for k, v in result.items() if k != "text"}
            text = json.dumps(data, ensure_ascii=False)
            if _fitted(text, sys.stdout) != text:
                text = json.dumps(data)  # \\u escapes, which any encoding holds
        else:
            text = str(result["text"])
        return _output(text)
    except KeyboardInterrupt:
        _say(_interrupted(Language.DE if _wants_german(given) else Language.EN))
        return EXIT_INTERRUPTED


def _output(text: str) -> int:
    """Print `text` on stdout; the exit code: `EXIT_OK`, or `EXIT_OUTPUT` when it could not be written."""
    stream = sys.stdout
    if stream is None:  # started with stdout closed
        _say("wizardrules: error: stdout is closed, so the output cannot be written")
        return EXIT_OUTPUT
    try:
        print(_fitted(text, stream), file=stream)
        stream.flush()
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly, as Unix tools do
        with contextlib.suppress(OSError, ValueError):  # a stream without a file descriptor
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        return EXIT_OUTPUT
    except (OSError, ValueError) as problem:  # a full disk, a closed stream
        _say(f"wizardrules: error: cannot write the output ({problem})")
        return EXIT_OUTPUT
    return EXIT_OK


def _say(line: str) -> None:
    """Write one line on stderr, in what its encoding can hold; nothing when stderr is closed too."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        print(_fitted(line, stream), file=stream)
        stream.flush()
    except (OSError, ValueError):  # stderr gone as well: nothing left to tell
        pass


def _fitted(text: str, stream: object) -> str:
    """`text` with what `stream`'s encoding cannot hold written as backslash escapes (`\\xfc`)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:  # an encoding Python does not know: leave it to the stream
        pass
    return text
