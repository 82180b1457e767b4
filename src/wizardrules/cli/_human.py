"""A person at the table: the human seat of `wizardrules play --human N`.

The person sees only their own [`PlayerView`][wizardrules.PlayerView]: the status block
each turn is built from the view, and what the others do is told only as far as the view
says it may be known (a hidden bid stays hidden, another's passed card too). Each turn
lists the legal actions numbered; the person answers with a number or the notation
`parse_action` reads. An input that is no action, or an illegal one, gets the reason and
the question again; nothing is lost. Ctrl-C or the end of input ends the game with one
line on stderr (exit code 130 or 1).

The terminal is input too. A number is read in any script's decimal digits (`３` is 3),
and one longer than the list is answered as out of range without being converted; bytes
that are not UTF-8 are read as U+FFFD (no action, so asked again); a name the terminal's
encoding cannot show is written with backslash escapes. A stdout that is closed, or whose
reader went away (`... | head`), ends the game with exit code 1: quietly for a closed pipe,
as Unix tools do, with one line on stderr otherwise.

`--svg FILE` is written to a temporary file beside it and moved over it, so a reader never
sees half a picture; the temporary file is removed when writing fails. A symbolic link is
written through (its target is replaced, the link kept); a path that names something other
than a regular file (a device, a FIFO, a directory) is refused before the game starts.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Final, TextIO

from wizardrules import svg
from wizardrules._convert import shown
from wizardrules._words import and_list, round_of, seat_label, sentence, trump_text
from wizardrules.actions import Action, Bid, Look, PassCard, Play, PlayUnseen, parse_action
from wizardrules.bots import Bot
from wizardrules.cards import Language
from wizardrules.engine import GameState, Phase, PlayerView, new_game
from wizardrules.errors import IllegalActionError, NotationError, RulesError, _action_german
from wizardrules.events import (
    Event,
)
from wizardrules.rules import Rules
from wizardrules.svg import PictureError

__all__ = ["HUMAN", "check_picture_path", "os_problem_de", "play_with_human", "seat_human", "write_picture"]

HUMAN: Final = "human"
"""The seat kind of a person in `--bots`."""
_WIDTH: Final = 78
"""Text lines fit an 80-column terminal."""

_WORDS: Final = {
    "you": ("you", "du"),
    "players": ("At the table: {names}.", "Am Tisch: {names}."),
    "your turn": ("Your turn", "Du bist dran"),
    "hand": ("Your hand", "Deine Hand"),
    "hand unseen": ("Your hand: not looked at yet", "Deine Hand: noch nicht angesehen"),
    "hand hidden": ("Your hand: unseen in this clairvoyance round", "Deine Hand: in der Hellseh-Runde unsichtbar"),
    "you see": ("You see", "Du siehst"),
    "choose": (
        "Your choice (a number or an action such as {example}): ",
        "Deine Wahl (eine Zahl oder eine Aktion wie {example}): ",
    ),
    "no number": ("There is no action {number}: choose 1 to {last}.", "Es gibt keine Aktion {number}: 1 bis {last}."),
    "not legal": ("Not allowed: {reason}", "Nicht erlaubt: {reason}"),
    "not an action": ("Not an action: {reason}", "Keine Aktion: {reason}"),
    "empty": ("Please choose an action.", "Bitte eine Aktion wählen."),
    "unseen card": ("the card you cannot see", "die Karte, die du nicht siehst"),
    "cannot see": (
        "you cannot see your card in this clairvoyance round: play it unseen ('play unseen')",
        "in der Hellseh-Runde siehst du deine Karte nicht: spiel sie ungesehen ('play unseen')",
    ),
    "look": ("look at your cards", "Karten ansehen"),
    "blind": ("blind: points double", "blind: doppelte Punkte"),
    "deal": ("{cards} cards, dealer {dealer}", "{cards} Karten, Geber {dealer}"),
    "deal 1": ("1 card, dealer {dealer}", "1 Karte, Geber {dealer}"),
    "turned": ("turned up: {card}", "aufgedeckt: {card}"),
    "trick": ("Trick", "Stich"),
    "last trick": ("Last trick", "Letzter Stich"),
    "stopped": ("stopped (Ctrl-C); the game is abandoned", "abgebrochen (Strg-C); das Spiel ist beendet"),
    "eof": ("end of input; the game is abandoned", "Ende der Eingabe; das Spiel ist beendet"),
    "to move": ("to act", "am Zug"),
    "error": ("error", "Fehler"),
    "stdout closed": (
        "stdout is closed, so the table cannot be shown",
        "stdout ist geschlossen, der Tisch bleibt unsichtbar",
    ),
    "stdout gone": (
        "cannot write to stdout ({problem}); the game is abandoned",
        "stdout nimmt nichts mehr an ({problem}); das Spiel ist beendet",
    ),
    "dealer": ("dealer", "Geber"),
}
_TURNS: Final = {
    Phase.TRUMP: ("choose the trump suit", "wähle die Trumpffarbe"),
    Phase.BIDDING: ("bid", "sag an"),
    Phase.PLAYING: ("play a card", "spiel eine Karte"),
    Phase.CLOUD: ("change your bid (Cloud)", "ändere deine Ansage (Wolke)"),
    Phase.PASSING: ("pass a card to the left", "gib eine Karte nach links weiter"),
}


def _w(key: str, lang: Language, **fields: object) -> str:
    english, german = _WORDS[key]
    return (german if lang is Language.DE else english).format(**fields)


def seat_human(kinds: Sequence[str], human: int | None) -> list[str]:
    """The seat kinds with the person at `human` (1..players), if given; at most one person.

    Raises:
        RulesError: `human` is not a player's number, or more than one seat is a person.
    """
    seated = list(kinds)
    if human is not None:
        if not 1 <= human <= len(seated):
            raise RulesError(
                f"--human {shown(human)}: the players are numbered 1 to {len(seated)}",
                german=f"--human {shown(human)}: die Spieler haben die Nummern 1 bis {len(seated)}",
            )
        seated[human - 1] = HUMAN
    if seated.count(HUMAN) > 1:
        raise RulesError(
            "more than one human seat: the terminal shows one player's view at a time",
            german="mehr als ein Platz für Menschen: das Terminal zeigt nur die Sicht eines Spielers",
        )
    return seated


_OS_PROBLEMS_DE: Final = {
    errno.ENOENT: "die Datei gibt es nicht",
    errno.EACCES: "keine Berechtigung",
    errno.EPERM: "keine Berechtigung",
    errno.EISDIR: "das ist ein Verzeichnis",
    errno.ENOTDIR: "ein Teil des Pfads ist kein Verzeichnis",
    errno.ENOSPC: "kein Platz mehr auf dem Datenträger",
    errno.EROFS: "das Dateisystem ist schreibgeschützt",
    errno.ENAMETOOLONG: "der Name ist zu lang",
}


def os_problem_de(problem: OSError) -> str:
    """Why the system refused a file, in German: the common reasons by name, others by their number."""
    known = _OS_PROBLEMS_DE.get(problem.errno or 0)
    return known if known is not None else f"Systemfehler {problem.errno}"


_MOST_DIGITS: Final = 6
"""The longest number an answer is converted from: more digits are out of range of any list of actions."""


class _OutputGoneError(Exception):
    """Stdout cannot be written: closed, or its reader went away (`broken` then)."""

    def __init__(self, problem: BaseException, *, broken: bool) -> None:
        super().__init__(str(problem))
        self.broken = broken


def _guarded(write: Callable[[], object]) -> None:
    try:
        write()
    except BrokenPipeError as problem:
        raise _OutputGoneError(problem, broken=True) from None
    except (OSError, ValueError, RuntimeError) as problem:  # closed; input() with stdout lost
        raise _OutputGoneError(problem, broken=False) from None


def check_picture_path(path: str) -> Path:
    """The regular file `--svg` replaces: `path`, or the target of the symbolic link it is.

    Raises:
        PictureError: the path names a device, a FIFO, a directory or another file that is
            not regular (it would be replaced, or a write to it would block).
    """
    target = Path(os.path.realpath(path))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError as problem:
        raise PictureError(
            f"--svg {path!r:.80}: cannot look at it ({problem.strerror or problem})",
            german=f"--svg {path!r:.80}: nicht erreichbar ({os_problem_de(problem)})",
        ) from None
    if not stat.S_ISREG(mode):
        raise PictureError(
            f"--svg {path!r:.80}: not a regular file; the picture goes to a file of its own",
            german=f"--svg {path!r:.80}: keine gewöhnliche Datei; das Bild kommt in eine eigene Datei",
        )
    return target


def _new_file_mode() -> int:
    """The mode `open` gives a new file: read and write for all, less the process's umask."""
    mask = os.umask(0o022)  # reading the umask means setting it; set back at once
    os.umask(mask)
    return 0o666 & ~mask


def write_picture(path: str, picture: str) -> None:
    """Replace the regular file `path` (or its link's target) with `picture` at once; nothing left on failure.

    The file keeps its permissions (a new one gets those the umask gives), though the
    temporary file it is written to first is private.

    Raises:
        PictureError: the path is not a regular file (`check_picture_path`), or cannot be written.
    """
    target = check_picture_path(path)
    temporary: str | None = None
    try:
        try:
            mode = stat.S_IMODE(target.stat().st_mode)
        except FileNotFoundError:
            mode = _new_file_mode()
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=target.parent, prefix=".table-", suffix=".svg", delete=False
        ) as file:
            temporary = file.name
            file.write(picture)
        os.chmod(temporary, mode)  # the temporary file is made 0600
        os.replace(temporary, target)
        temporary = None
    except OSError as problem:
        raise PictureError(
            f"--svg {path!r:.80}: cannot write the picture ({problem.strerror or problem})",
            german=f"--svg {path!r:.80}: das Bild lässt sich nicht schreiben ({os_problem_de(problem)})",
        ) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


class _Table:
    """The dialogue with the person at `seat`: what they may see, and their answers."""

    def __init__(
        self, *, seat: int, lang: Language, picture: str | None, ask: Callable[[str], str], out: TextIO
    ) -> None:
        self.seat = seat
        self.lang = lang
        self.picture = picture
        self.ask = ask
        self.out = out

    def say(self, text: str = "") -> None:
        out = self.out
        _guarded(lambda: print(text, file=out, flush=True))

    def question(self, prompt: str) -> str:
        """The person's answer to `prompt`; `_OutputGoneError` when the prompt cannot be written."""
        answer = ""

        def asked() -> None:
            nonlocal answer
            answer = self.ask(prompt)

        _guarded(asked)
        return answer

    def draw(self, view: PlayerView) -> None:
        """Keep the picture of the table up to date (`--svg FILE`), replacing the file at once."""
        if self.picture is None:
            return
        write_picture(self.picture, svg.table(view, lang=self.lang))

    def tell(self, events: Sequence[Event], view: PlayerView) -> None:
        """The events of a step as the person's seat may know them (`GameState.events_for`)."""
        for event in events:
            self.say(_wrapped("  " + event.to_text(language=self.lang, names=view.players), "    "))

    def status(self, view: PlayerView) -> None:
        """What the person sees at their turn: round, trump, players, trick and hand."""
        lang = self.lang
        names = view.players
        dealer = seat_label(view.dealer, names, lang)
        deal = (
            _w("deal 1", lang, dealer=dealer) if view.cards == 1 else _w("deal", lang, cards=view.cards, dealer=dealer)
        )
        trump = sentence("trump to choose", lang) if view.phase is Phase.TRUMP else trump_text(view.trump, lang)
        parts = [round_of(view.round_number, view.rounds, lang), deal, trump]
        if view.turned_up is not None:
            parts.append(_w("turned", lang, card=view.turned_up.display(lang)))
        self.say()
        self.say(_wrapped(", ".join(parts), ""))
        for line in _players(view, lang):
            self.say(line)
        if view.current_trick.cards:
            self.say(_wrapped(f"{_w('trick', lang)}: {view.current_trick.to_text(language=lang, names=names)}", "  "))
        elif view.completed_tricks:
            last = view.completed_tricks[-1].to_text(language=lang, names=names)
            self.say(_wrapped(f"{_w('last trick', lang)}: {last}", "  "))
        for other, seen in enumerate(view.seen_hands):
            if other != view.seat and seen is not None:
                cards = ", ".join(card.display(lang) for card in seen) or "-"
                self.say(_wrapped(f"{_w('you see', lang)} {names[other]}: {cards}", "  "))
        if view.hand is None:
            key = "hand hidden" if any(seen is not None for seen in view.seen_hands) else "hand unseen"
            self.say(_w(key, lang))
        else:
            cards = ", ".join(card.display(lang) for card in view.hand) or "-"
            self.say(_wrapped(f"{_w('hand', lang)}: {cards}", "  "))

    def choose(self, view: PlayerView, legal: Sequence[Action], check: Callable[[Action], object]) -> Action:
        """Ask until the person names a legal action; `check` raises the engine's reason for an illegal one."""
        lang = self.lang
        labels = [_label(action, view, lang) for action in legal]
        width = max(len(label) for label in labels) + 6
        columns = max(1, _WIDTH // width)
        self.say(f"{_w('your turn', lang)}: {_TURNS[view.phase][lang is Language.DE]}")
        cells = [f"{number:>3}  {label}".ljust(width) for number, label in enumerate(labels, start=1)]
        for start in range(0, len(cells), columns):
            self.say("".join(cells[start : start + columns]).rstrip())
        prompt = _w("choose", lang, example=str(legal[-1]))
        while True:
            text = self.question(prompt).strip()
            action = self._read(text, legal)
            if action is None:
                continue
            if (
                isinstance(action, Play) and view.hand is None and view.phase is Phase.PLAYING
            ):  # naming a card would tell what it is (R4.5)
                self.say(_fill(_w("not legal", lang, reason=_w("cannot see", lang))))
                continue
            try:
                check(action)
            except IllegalActionError as error:
                self.say(_fill(_w("not legal", lang, reason=error.to_text(language=lang))))
                continue
            return action

    def _read(self, text: str, legal: Sequence[Action]) -> Action | None:
        """The action `text` names, or `None` after telling the person why it names none."""
        lang = self.lang
        if not text:
            self.say(_w("empty", lang))
            return None
        if text.isdecimal():  # digits of any script; int() reads every one of them
            if len(text) > _MOST_DIGITS:
                self.say(_w("no number", lang, number=text[:_MOST_DIGITS] + "…", last=len(legal)))
                return None
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.say(_w("no number", lang, number=number, last=len(legal)))
            return None
        try:
            return parse_action(text)
        except NotationError as error:
            self.say(_fill(_w("not an action", lang, reason=error.to_text(language=lang))))
            return None


def _wrapped(text: str, indent: str) -> str:
    """`text` in lines of at most 78 characters, broken after commas so that no name is split."""
    lines: list[str] = []
    line = ""
    for part in text.split(", "):
        joined = f"{line}, {part}" if line else part
        if line and len(joined) >= _WIDTH:
            lines.append(f"{line},")
            joined = indent + part
        line = joined
    lines.append(line)
    return "\n".join(textwrap.fill(one, _WIDTH, subsequent_indent=indent) for one in lines)


def _fill(text: str) -> str:
    """A message in lines of at most 78 characters."""
    return textwrap.fill(text, _WIDTH, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)


def _bid_cell(view: PlayerView, seat: int) -> str:
    bid = view.bids[seat]
    if bid is not None:
        return f"{bid}B" if view.blind[seat] else str(bid)
    return "?" if seat in _bidders_so_far(view) else "-"


def _bidders_so_far(view: PlayerView) -> set[int]:
    """The seats that have bid this round (known to all, even when the bids are hidden)."""
    n = len(view.players)
    first = (view.dealer + 1) % n
    if view.phase is not Phase.BIDDING:
        return set() if view.phase is Phase.TRUMP else set(range(n))
    done = (view.to_move - first) % n if view.to_move is not None else n
    return {(first + k) % n for k in range(done)}


_HEAD: Final = (("Player", "Bid", "Tricks", "Total"), ("Spieler", "Ansage", "Stiche", "Stand"))


def _players(view: PlayerView, lang: Language) -> list[str]:
    """One row per player: name, bid, tricks and total, marking you, the dealer and who acts."""
    rows = [list(_HEAD[lang is Language.DE])]
    marks = []
    for seat, name in enumerate(view.players):
        rows.append([name, _bid_cell(view, seat), str(view.tricks_won[seat]), str(view.totals[seat])])
        tags = [_w("you", lang)] if seat == view.seat else []
        if seat == view.dealer:
            tags.append(_w("dealer", lang))
        if seat == view.to_move:
            tags.append(_w("to move", lang))
        marks.append(f"  ({', '.join(tags)})" if tags else "")
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for index, row in enumerate(rows):
        cells = [row[0].ljust(widths[0]), *(cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True))]
        mark = marks[index - 1] if index else ""
        lines.append(("  " + "  ".join(cells) + mark).rstrip())
    return lines


def _label(action: Action, view: PlayerView, lang: Language) -> str:
    """The action's notation, with its meaning in words where that helps; in German, the words."""
    if lang is Language.DE:
        return _label_de(action)
    if isinstance(action, PlayUnseen):
        return f"{action} ({_w('unseen card', lang)})"
    if isinstance(action, (Play, PassCard)):
        return f"{action} ({action.card.display(lang)})"
    if isinstance(action, Look):
        return f"{action} ({_w('look', lang)})"
    if isinstance(action, Bid) and action.blind:
        return f"{action} ({_w('blind', lang)})"
    return str(action)


def _label_de(action: Action) -> str:
    """The action in German words: `2 ansagen`, `Grün 7 spielen`, `Rot als Trumpf wählen`."""
    if isinstance(action, PlayUnseen):
        return "die Karte spielen, die du nicht siehst"
    if isinstance(action, Play):
        return f"{action.card.display(Language.DE)} spielen"
    if isinstance(action, PassCard):
        return f"{action.card.display(Language.DE)} weitergeben"
    words = _action_german(str(action))
    if isinstance(action, Bid) and action.blind:
        return f"{words} ({_w('blind', Language.DE)})"
    return words


def play_with_human(
    bots: Sequence[Bot | None],
    *,
    rules: Rules,
    seed: int,
    names: Sequence[str],
    lang: Language,
    picture: str | None = None,
    ask: Callable[[str], str] | None = None,
    out: TextIO | None = None,
) -> GameState:
    """Play a whole game in which the seat whose bot is `None` is a person at this terminal.

    Args:
        bots: a bot per seat, `None` at the person's seat.
        rules: the game's rules.
        seed: the seed of the deal.
        names: the players' names.
        lang: the language of everything the person reads.
        picture: a file to keep the person's view of the table in, as SVG.
        ask: asks the person a question and returns the answer (default: `input`).
        out: where the person reads (default: stdout).

    Returns:
        The final state.

    Raises:
        SystemExit: the person stopped the game, with code 130 for Ctrl-C and 1 at the end of
            input, after one line on stderr.
    """
    seat = list(bots).index(None)
    if picture is not None:
        check_picture_path(picture)  # before the game, not at the person's first turn
    if ask is None:
        _forgiving(sys.stdin, "replace")  # bytes that are not UTF-8 are no action: asked again
        ask = _terminal_line if _on_terminal(sys.stdin) else input
    stream = sys.stdout if out is None else out
    if stream is None:  # started with stdout closed: nobody can see the table
        _tell_stderr(f"wizardrules play: {_w('error', lang)}: {_w('stdout closed', lang)}")
        raise SystemExit(1)
    _forgiving(stream, "backslashreplace")  # a name the terminal cannot show, in escapes
    table = _Table(seat=seat, lang=lang, picture=picture, ask=ask, out=stream)
    try:
        return _play(bots, table, new_game(names, rules=rules, seed=seed))
    except KeyboardInterrupt:
        code, what = 130, "stopped"
    except EOFError:
        code, what = 1, "eof"
    except _OutputGoneError as gone:
        if gone.broken:  # the reader went away (`... | head`): stop quietly, as Unix tools do
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        else:
            _tell_stderr(f"wizardrules play: {_w('error', lang)}: {_w('stdout gone', lang, problem=gone)}")
        raise SystemExit(1) from None
    _tell_stderr(f"\nwizardrules play: {_w(what, lang)}")
    raise SystemExit(code)


def _on_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except (OSError, ValueError):  # closed
        return False


def _terminal_line(prompt: str) -> str:
    """`input(prompt)` for a terminal, reading the whole line whatever bytes it holds.

    On a terminal `input()` reads with C's `fgets` and stops at a NUL byte (Ctrl-@): the
    rest of the line was lost and the answer joined to the next line typed. Reading the
    line from `sys.stdin` takes it as typed, so a NUL is one more byte of no action.

    Raises:
        EOFError: the input ended (Ctrl-D at the start of a line).
    """
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line[:-1] if line.endswith("\n") else line


def _forgiving(stream: object, errors: str) -> None:
    """Make a text stream of the terminal take what its encoding cannot hold (`errors`), where it can."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError, TypeError):
            reconfigure(errors=errors)


def _tell_stderr(line: str) -> None:
    """One line on stderr, in escapes where its encoding cannot hold it; nothing when stderr is gone too."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        encoding = sys.stderr.encoding or "utf-8"
        print(line.encode(encoding, "backslashreplace").decode(encoding), file=sys.stderr, flush=True)


def _play(bots: Sequence[Bot | None], table: _Table, state: GameState) -> GameState:
    seat = table.seat
    view = state.view(seat)
    table.say(_wrapped(_w("players", table.lang, names=and_list(list(state.players), table.lang)), ""))
    table.tell(state.events_for(seat, state.start_events()), view)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None  # noqa: S101 - a game that is not over has a player to act
        legal = state.legal_actions()
        bot = bots[mover]
        if bot is None:
            view = state.view(seat)
            table.draw(view)
            table.status(view)
            action = table.choose(view, view.legal_actions, partial(state.apply, seat=seat))
        else:
            action = bot.act(state.view(mover), legal)
        state, events = state.step(action, seat=mover)
        view = state.view(seat)
        table.tell(state.events_for(seat, events), view)
    table.draw(view)
    return state
