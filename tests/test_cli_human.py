"""The human seat of `wizardrules play`: whole games driven through a pseudo-terminal, as a person plays.

The person sees only their own view (R4.3-R4.5): hidden bids stay hidden, other hands unseen.
"""

from __future__ import annotations

import io
import itertools
import os
import pty
import re
import select
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wizardrules
from wizardrules import Language, Preset, RuleBot, Rules, Schedule, new_game
from wizardrules.cli import main
from wizardrules.cli._human import play_with_human, write_picture
from wizardrules.svg import PictureError

Capture = pytest.CaptureFixture[str]

_SRC = str(Path(wizardrules.__file__).resolve().parent.parent)
_PROMPT = re.compile(r"(Your choice|Deine Wahl) \(.*\): $")


class Terminal:
    """`python -m wizardrules ARGS` on a pseudo-terminal of its own, read and typed at as a person does."""

    def __init__(self, *args: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [_SRC, os.environ.get("PYTHONPATH")]))}
        env.pop("PYTHONIOENCODING", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pseudo-terminal is its controlling terminal, as in a shell
            # Ctrl-C as a shell gives it, whatever the test process did with SIGINT: ignored and
            # blocked signals would carry over into the program.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, set())
            os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "wizardrules", *args], env)  # noqa: S606 - no shell wanted
        self.pid = pid
        self.fd = fd
        self.text = ""
        self.mark = 0  # where the output after the last keys typed begins
        self.closed = False

    def read_until(self, pattern: re.Pattern[str], timeout: float = 90.0) -> re.Match[str] | None:
        """Read until the output so far ends with `pattern`; `None` when the program ends first."""
        deadline = time.monotonic() + timeout
        while True:
            found = pattern.search(self.text[max(self.mark, len(self.text) - 300) :])
            if found:
                return found
            if self.closed:
                return None
            left = deadline - time.monotonic()
            assert left > 0, f"no {pattern.pattern!r} within {timeout} s; the screen ends:\n{self.text[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # EIO: the program closed the terminal
                    chunk = b""
                if not chunk:
                    self.closed = True
                self.text += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def type(self, line: str) -> None:
        self.press(line.encode() + b"\n")

    def press(self, keys: bytes) -> None:
        self.mark = len(self.text)
        os.write(self.fd, keys)

    def interrupt(self) -> None:
        """Ctrl-C at the question: SIGINT to the terminal's foreground process group, the program's.

        The key is pressed once the program waits in its read of the terminal. A signal that
        comes between Python's writing of the prompt and its read is noted by Python but waits
        for the read to return (CPython's `input()` checks for signals only around its read),
        which on a busy machine would leave the program asking: a person who presses Ctrl-C
        is never that quick.
        """
        self.wait_until_reading()
        self.mark = len(self.text)
        os.killpg(self.pid, signal.SIGINT)

    def wait_until_reading(self, timeout: float = 30.0) -> None:
        """Wait until the program sleeps in a read of the terminal (Linux's /proc tells; elsewhere a pause)."""
        stat = Path(f"/proc/{self.pid}/stat")
        if not stat.exists():
            time.sleep(0.5)
            return
        deadline = time.monotonic() + timeout
        calm = 0
        while calm < 3:  # asleep, in a read, three looks in a row
            fields = stat.read_text().rsplit(")", 1)[1].split()
            syscall = Path(f"/proc/{self.pid}/syscall").read_text().split()
            calm = calm + 1 if fields[0] == "S" and syscall[:1] in (["0"], ["63"]) else 0  # read: x86-64, arm64
            assert time.monotonic() < deadline, (
                f"the program never waited for input; the screen ends:\n{self.text[-500:]}"
            )
            time.sleep(0.01)

    def exit_code(self) -> int:
        """The program's exit code once it ends (reading what is left of its output)."""
        if not self.closed:
            self.read_until(re.compile(r"(?!x)x"), timeout=90.0)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    started: list[Terminal] = []

    def start(*args: str) -> Terminal:
        terminal = Terminal(*args, cwd=tmp_path)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:  # a failed test leaves no program running
        if not terminal.closed:
            try:
                os.kill(terminal.pid, signal.SIGKILL)
                os.waitpid(terminal.pid, 0)
            except ChildProcessError:
                pass


def play_through(terminal: Terminal, answers: Iterator[str]) -> int:
    """Answer every question with the next of `answers` (then "1") until the game ends; the exit code."""
    prompts = 0
    while terminal.read_until(_PROMPT) is not None:
        terminal.type(next(answers, "1"))
        prompts += 1
    return terminal.exit_code()


def test_a_whole_game_through_a_terminal_with_wrong_inputs_asked_again(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    """R4.1, R5.3: a person plays a whole game; a word that is no action, a number out of range and an
    illegal bid get the reason and the same question again, and the game goes on to its table."""
    terminal = terminals("play", "--preset", "tournament", "--players", "4", "--human", "2", "--svg", "table.svg")
    assert terminal.read_until(_PROMPT) is not None
    first = terminal.text
    assert "At the table: RuleBot 1, Human 2, RuleBot 3 and RuleBot 4." in first
    assert "Your hand: " in first
    assert "Your turn: bid" in first
    assert "  1  bid 0" in first
    assert (tmp_path / "table.svg").read_text(encoding="utf-8").startswith("<svg")
    terminal.type("hello")
    assert terminal.read_until(_PROMPT) is not None
    assert "Not an action: 'hello' is not an action" in terminal.text
    terminal.type("9")
    assert terminal.read_until(_PROMPT) is not None
    assert "There is no action 9: choose 1 to 2." in terminal.text
    terminal.type("bid 5")
    assert terminal.read_until(_PROMPT) is not None
    assert "Not allowed: " in terminal.text.split("bid 5", 1)[1]
    terminal.type("bid 0")  # the notation works as well as the number
    code = play_through(terminal, iter(()))
    assert code == 0
    out = terminal.text
    assert "Human 2 bids 0" in out or "Human 2 bids 0" in first
    assert re.search(r"\n.+ (wins|share the win) with -?\d+ points\n*$", out)
    assert "Traceback" not in out
    picture = (tmp_path / "table.svg").read_text(encoding="utf-8")
    assert picture.startswith("<svg")
    assert "Human 2" in picture


def test_a_game_in_german_through_a_terminal(terminals: Callable[..., Terminal]) -> None:
    """R1.3: `--lang de` asks and tells in German, and names the winners in German."""
    terminal = terminals(
        "play", "--preset", "tournament", "--players", "3", "--bots", "rule,random,human", "--lang", "de"
    )
    assert terminal.read_until(_PROMPT) is not None
    assert "Am Tisch: RuleBot 1, RandomBot 2 und Mensch 3." in terminal.text
    assert "Du bist dran: sag an" in terminal.text
    assert "Deine Hand: " in terminal.text
    terminal.type("spielen")
    assert terminal.read_until(_PROMPT) is not None
    assert "Keine Aktion: " in terminal.text
    code = play_through(terminal, iter(()))
    assert code == 0
    assert re.search(r"(gewinnt|teilen sich den Sieg) mit -?\d+ Punkten\n*$", terminal.text)


def test_ctrl_c_ends_the_game_with_one_line_and_code_130(terminals: Callable[..., Terminal]) -> None:
    """Ctrl-C at the question ends the game: one line on the terminal, no traceback, exit code 130."""
    terminal = terminals("play", "--players", "3", "--human", "1")
    assert terminal.read_until(_PROMPT) is not None
    before = len(terminal.text)
    terminal.interrupt()
    code = terminal.exit_code()
    rest = [line for line in terminal.text[before:].splitlines() if line.strip() and line.strip() != "^C"]
    assert (code, rest) == (130, ["wizardrules play: stopped (Ctrl-C); the game is abandoned"])


def test_end_of_input_ends_the_game_with_one_line_and_code_1(terminals: Callable[..., Terminal]) -> None:
    """The end of input (Ctrl-D) ends the game: one line, no traceback, exit code 1."""
    terminal = terminals("play", "--players", "3", "--human", "3", "--lang", "de")
    assert terminal.read_until(_PROMPT) is not None
    before = len(terminal.text)
    terminal.press(b"\x04")
    assert terminal.exit_code() == 1
    rest = [line for line in terminal.text[before:].splitlines() if line.strip()]
    assert rest == ["wizardrules play: Ende der Eingabe; das Spiel ist beendet"]


def scripted(answers: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """An `ask` that answers from `answers` then "1", and the prompts it was asked."""
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return answers.pop(0) if answers else "1"

    return ask, asked


@pytest.mark.parametrize("preset", ["hidden-bids", "secret-bids"])
def test_r4_3_the_person_never_reads_a_hidden_bid_before_it_is_revealed(preset: str) -> None:
    """R4.3: with hidden or secret bids, the others' bids are told only when the person's view shows them."""
    rules = Preset.parse(preset).rules()
    out = io.StringIO()
    ask, _ = scripted([])
    names = ["Ann", "Ben", "Cem"]
    final = play_with_human(
        [RuleBot(), None, RuleBot()], rules=rules, seed=4, names=names, lang=Language.EN, ask=ask, out=out
    )
    assert final.is_over
    text = out.getvalue()
    assert not re.search(r"\b(Ann|Cem) bids \d", text)  # their bids come with the round's score instead
    assert "Ben bids " in text
    assert re.search(r"Ann +\? ", text)  # the table of the turn marks a hidden bid made
    lines = text.splitlines()
    reveals = [i for i, line in enumerate(lines) if line.startswith("  The bids are revealed: Ann:")]
    assert reveals
    scored_next = all(re.match(r"  Round \d+ is scored", lines[i + 1]) for i in reveals)
    assert scored_next is (preset == "secret-bids")  # secret bids only at the round's end; hidden ones before play


def test_r8_3_the_person_sees_only_their_own_passed_card() -> None:
    """R8.3: after the Juggler's trick the person learns the card they gave and the one they got, no other."""
    rules = Preset.ANNIVERSARY_2016.rules()
    for seed in range(40):
        state = new_game(["Ann", "Ben", "Cem"], rules=rules, seed=seed)
        out = io.StringIO()
        ask, _ = scripted([])
        play_with_human(
            [None, RuleBot(), RuleBot()],
            rules=rules,
            seed=seed,
            names=state.players,
            lang=Language.EN,
            ask=ask,
            out=out,
        )
        text = out.getvalue()
        if re.search(r"Ann passes .+ to the left and gets ", text):
            break
    else:
        pytest.fail("no game of 40 had a Juggler's passing")
    assert not re.search(r"\b(Ben|Cem) passes ", text)
    assert "Ann passes " in text


def test_in_process_ctrl_c_and_end_of_input_exit_codes(capsys: Capture) -> None:
    """A KeyboardInterrupt or EOFError while asking ends with one line on stderr and codes 130 and 1."""
    for error, code, line in (
        (KeyboardInterrupt, 130, "wizardrules play: stopped (Ctrl-C); the game is abandoned"),
        (EOFError, 1, "wizardrules play: end of input; the game is abandoned"),
    ):

        def ask(prompt: str, error: type[BaseException] = error) -> str:
            raise error

        with pytest.raises(SystemExit) as stopped:
            play_with_human(
                [None, RuleBot(), RuleBot()],
                rules=Preset.RULEBOOK.rules(),
                seed=1,
                names=["A", "B", "C"],
                lang=Language.EN,
                ask=ask,
                out=io.StringIO(),
            )
        assert stopped.value.code == code
        assert capsys.readouterr().err.strip() == line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--human", "5"], "--human 5: the players are numbered 1 to 4"),
        (["play", "--bots", "human,human,rule"], "more than one human"),
        (["play", "--human", "1", "--json"], "--json does not go with a human seat"),
        (["simulate", "--bots", "human,rule,rule,rule"], "bot 'human' is unknown"),
    ],
)
def test_bad_human_seats_get_one_line(capsys: Capture, argv: list[str], message: str) -> None:
    """A human seat that cannot be: a one-line error and exit code 2, before any game starts."""
    if "--bots" in argv and argv[0] == "play":
        argv = [*argv, "--players", "3"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_the_turn_fits_an_80_column_terminal_with_six_players() -> None:
    """Every line the person reads fits 80 columns, with six players and long hands."""
    out = io.StringIO()
    ask, _ = scripted([])
    names = ["Annemarie", "Bartholomew", "Cemile", "Dana", "Emilia", "Friedrich Wilhelm"]
    play_with_human(
        [RuleBot(), RuleBot(), None, RuleBot(), RuleBot(), RuleBot()],
        rules=Preset.RULEBOOK.rules(),
        seed=2,
        names=names,
        lang=Language.DE,
        ask=ask,
        out=out,
    )
    long = [line for line in out.getvalue().splitlines() if len(line) > 80]
    assert long == []


def test_name_and_bots_seat_the_person_in_process(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--name` names the person at the table; the final table and its winners line follow the game."""
    answers = iter(["bid 9", "1"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers, "1"))
    assert (
        main(["play", "--preset", "tournament", "--players", "3", "--bots", "human,rule,random", "--name", "Zoe"]) == 0
    )
    out = capsys.readouterr().out
    assert "At the table: Zoe, RuleBot 2 and RandomBot 3." in out
    assert "Not allowed: " in out
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("round "))
    assert [cell.strip() for cell in header.split("|")][2:] == ["Zoe", "RuleBot 2", "RandomBot 3"]
    assert re.fullmatch(r".+ (wins|share the win) with -?\d+ points", lines[-1])


def test_r4_5_the_person_plays_the_unseen_card_of_a_clairvoyance_round(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R4.5: `--variants clairvoyance`: the person sees the others' cards, not their own, and plays it with
    `play unseen`; naming a card instead is refused without telling whether it is the one held."""
    prompts: list[str] = []
    answers = iter(["1", "play R3", "play unseen"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "1")

    monkeypatch.setattr("builtins.input", ask)
    argv = ["play", "--players", "3", "--human", "1", "--variants", "clairvoyance", "--rounds", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    round_1 = out.split("Round 2 of 2", 1)[0]
    assert "Your hand: unseen in this clairvoyance round" in round_1
    assert re.search(r"You see RuleBot 2: \S", round_1)
    assert "  1  play unseen (the card you cannot see)" in round_1
    assert "Not allowed: you cannot see your card in this clairvoyance round: play it\n  unseen ('play unseen')" in out
    assert re.search(r"Human 1 plays \S", round_1)
    assert "Your choice (a number or an action such as play unseen): " in prompts


def test_a_variant_that_is_no_house_rule_gets_one_line(capsys: Capture) -> None:
    """`--variants` names house rules only: anything else is one line and exit code 2."""
    assert main(["play", "--variants", "blind-bids+fog"]) == 2
    err = capsys.readouterr().err
    assert "--variants: 'fog' is not a house rule; they are blind-bids, clairvoyance" in err
    assert err.count("\n") == 1


_HOSTILE: Final = (
    "xyz",
    "bid 99",
    "bid 5",
    "play X9",
    "99",
    "",
    "look",
    "trump green",
    "play R3",
    "play unseen",
    "cloud +1",
    "pass W",
    "bid 1 blind",
    "play W",
    "trump none",
    "play CLOUD",
    "play SHAPESHIFTER:Q",
    "bid 007",
    "pass CLOUD:R",
    "0",
)
_ENGLISH: Final = re.compile(
    r"\b(the|is|are|not|cannot|must|you|your|bids?|plays?|wins?|trick|cards?|expected|allowed|Human|round|turn|"
    r"hand|and|or|of|to|with|choose|points|total|dealer|trump|suit|passes|changes|looks?)\b"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["--variants", "clairvoyance+blind-bids", "--players", "3"],
        ["--preset", "anniversary-2021", "--players", "4"],
        ["--preset", "secret-bids", "--players", "5", "--variants", "blind-bids"],
    ],
    ids=["clairvoyance", "specials", "secret"],
)
def test_r1_3_a_german_session_with_hostile_answers_reads_no_english_sentence(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """R1.3: with `--lang de` every line the person reads is German: the menu, the refusals of the engine and
    the bid rules, the notation's errors, the events and the final table. Notation (`'bid N'`) is quoted."""
    given = itertools.cycle(_HOSTILE)
    calls = itertools.count()

    def ask(prompt: str) -> str:
        return next(given) if next(calls) % 2 == 0 else "1"  # a hostile answer, then a legal one

    monkeypatch.setattr("builtins.input", ask)
    assert main(["play", "--human", "2", "--rounds", "4", "--lang", "de", *argv]) == 0
    out = capsys.readouterr().out
    assert "Mensch 2" in out
    assert "Nicht erlaubt: " in out
    assert "Keine Aktion: " in out
    english = []
    for line in re.sub(r"\n +", " ", out).splitlines():  # a message wrapped over lines is read whole
        words = re.sub(r"'[^']*'|\b[A-Z]+(:[A-Z])?\d*\b|RuleBot \d", "", line)  # notation and names
        if _ENGLISH.search(words):
            english.append(line)
    assert english == []


# -- the terminal is input: hostile bytes, encodings, closed and broken output, --svg targets ----------------

_SHORT_GAME = ("play", "--players", "3", "--human", "1", "--rounds", "2")


def test_hostile_bytes_through_a_terminal_get_the_question_again(terminals: Callable[..., Terminal]) -> None:
    """Bytes that are not UTF-8, digits of other scripts, superscripts, thousands of digits, control
    characters and a NUL typed at the terminal get the reason and the question again; the game goes on."""
    terminal = terminals(*_SHORT_GAME, "--name", "Zo\u00eb")
    for keys, reason in (
        (b"\xff\xfe\xc3", "Not an action: "),
        ("\u0663".encode(), "There is no action 3: choose 1 to 2."),  # Arabic-Indic three
        ("\u00b2".encode(), "Not an action: "),  # a superscript two: a digit, not a decimal
        (b"9" * 5000, "There is no action 999999\u2026: choose 1 to 2."),
        (b"\x1b[A\x00\x7f", "Not an action: "),
        (b"1\x00", "Not an action: "),  # input() on a terminal stopped at the NUL and joined the next line
    ):
        assert terminal.read_until(_PROMPT) is not None
        terminal.press(keys + b"\n")
        assert terminal.read_until(_PROMPT) is not None
        assert reason in terminal.text[terminal.mark :], terminal.text[terminal.mark :]
    assert play_through(terminal, iter(())) == 0
    assert "Traceback" not in terminal.text
    assert re.search(r"(wins|share the win) with -?\d+ points\n*$", terminal.text)


_TERMINAL_KEYS: Final = frozenset(b"\x03\x04\x0f\x11\x12\x13\x15\x16\x17\x1a\x1c\n\r")
"""Bytes the terminal acts on before the program reads a line (Ctrl-C, Ctrl-D, Ctrl-Z, Ctrl-\\, flow control,
line editing) and the line ends: their effects have tests of their own, so the drawn answers leave them out."""
_typed = st.one_of(
    st.binary(min_size=1, max_size=40),
    st.text(min_size=1, max_size=20).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.text("0123456789\u0663\u0966\uff13\u00b2 -+", min_size=1, max_size=300).map(str.encode),
    st.sampled_from([b"play R3", b"bid 2 blind", b"9" * 3000, b"\xed\xa0\x80", b"\xef\xbb\xbf1", b"1\x00"]),
).map(lambda keys: bytes(byte for byte in keys if byte not in _TERMINAL_KEYS))


@settings(max_examples=4, deadline=None)
@given(st.lists(_typed.filter(bool), min_size=1, max_size=6))
def test_any_bytes_typed_at_a_terminal_get_the_question_again(
    tmp_path_factory: pytest.TempPathFactory, typed: list[bytes]
) -> None:
    """Whatever bytes are typed at the terminal, a line gets the reason and the question again, or is a move;
    the game goes on to its end with code 0 and no traceback (a few examples: each starts the program)."""
    terminal = Terminal(*_SHORT_GAME, cwd=tmp_path_factory.mktemp("terminal"))
    try:
        for keys in typed:
            if terminal.read_until(_PROMPT) is None:
                break  # the game is over: the answers before it were moves
            terminal.press(keys + b"\n")
        assert play_through(terminal, iter(())) == 0, terminal.text[-2000:]
    finally:
        if not terminal.closed:
            os.kill(terminal.pid, signal.SIGKILL)
            os.waitpid(terminal.pid, 0)
    assert "Traceback" not in terminal.text
    assert re.search(r"(wins|share the win) with -?\d+ points\n*$", terminal.text), terminal.text[-2000:]


def run_piped(*args: str, env: dict[str, str] | None = None, **popen: Any) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [_SRC, os.environ.get("PYTHONPATH")]))}
    environment.pop("PYTHONIOENCODING", None)
    environment.update(env or {})
    return subprocess.run(  # noqa: S603 - our own program, no shell
        [sys.executable, "-m", "wizardrules", *args],
        check=False,
        env=environment,
        capture_output=True,
        timeout=120,
        **popen,
    )


_ANSWERS = b"1\n" * 400


def test_a_name_the_output_cannot_encode_is_written_in_escapes() -> None:
    """With an ASCII stdout, `--name Zoë` reads `Zo\\xeb` on every line, and the game ends normally."""
    done = run_piped(*_SHORT_GAME, "--name", "Zo\u00eb", input=_ANSWERS, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert b"At the table: Zo\\xeb, RuleBot 2 and RuleBot 3." in done.stdout
    assert b"Traceback" not in done.stderr


def test_output_piped_into_head_and_closed_stdout_end_with_code_1() -> None:
    """A reader that stops (`| head -3`) ends the game quietly with code 1; a closed stdout with one line."""
    with subprocess.Popen(
        [sys.executable, "-m", "wizardrules", "play", "--players", "3", "--human", "1"],  # more than a pipe holds
        env={**os.environ, "PYTHONPATH": _SRC},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as program:
        assert program.stdin is not None
        assert program.stdout is not None
        program.stdin.write(b"1\n" * 20_000)
        program.stdin.close()
        program.stdout.readline()
        program.stdout.close()  # as head does after its lines
        assert program.stderr is not None
        err = program.stderr.read()
        program.wait(timeout=120)
    assert program.returncode == 1
    assert err == b""
    closed = run_piped(*_SHORT_GAME, input=_ANSWERS, stdout=None, pass_fds=(), preexec_fn=lambda: os.close(1))
    assert closed.returncode == 1
    assert closed.stderr.decode().strip() == "wizardrules play: error: stdout is closed, so the table cannot be shown"


def test_svg_writes_through_a_link_and_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    """`--svg` replaces a link's target and keeps the link; a FIFO, a device or a directory is refused
    before the game with one line, and none is replaced."""
    real = tmp_path / "real.svg"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.svg"
    link.symlink_to(real)
    done = run_piped(*_SHORT_GAME, "--svg", str(link), input=_ANSWERS, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8").startswith("<svg")
    fifo = tmp_path / "picture.fifo"
    os.mkfifo(fifo)
    for target in (fifo, Path(os.devnull), tmp_path):
        refused = run_piped(*_SHORT_GAME, "--svg", str(target), input=_ANSWERS, cwd=tmp_path)
        assert refused.returncode == 2, refused.stderr
        assert refused.stderr.decode().count("\n") == 1
        assert "not a regular file" in refused.stderr.decode()
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert stat.S_ISCHR(Path(os.devnull).stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.svg", "picture.fifo", "real.svg"]


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o664, 0o444])
def test_svg_keeps_the_files_permissions(tmp_path: Path, mode: int) -> None:
    """A picture replaces the file with the file's own permissions, though its temporary file is private; a new
    file gets those the umask gives, as `open` does."""
    target = tmp_path / "table.svg"
    target.write_text("old", encoding="utf-8")
    target.chmod(mode)
    write_picture(str(target), "<svg/>")
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_text(encoding="utf-8") == "<svg/>"
    done = run_piped(*_SHORT_GAME, "--svg", str(target), input=_ANSWERS, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_text(encoding="utf-8").startswith("<svg")
    fresh = tmp_path / "new.svg"
    previous = os.umask(0o027)
    try:
        write_picture(str(fresh), "<svg/>")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.svg", "table.svg"]


def test_svg_leaves_no_temporary_file_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture that cannot be moved into place is an error naming the file, and its temporary file is gone."""

    def full_disk(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    target = tmp_path / "table.svg"
    with pytest.raises(PictureError, match="No space left on device"):
        write_picture(str(target), "<svg/>")
    assert list(tmp_path.iterdir()) == []
    ask, _ = scripted([])
    game = partial(
        play_with_human,
        [None, RuleBot(), RuleBot()],
        rules=Preset.RULEBOOK.rules(),
        seed=1,
        names=["A", "B", "C"],
        lang=Language.EN,
        ask=ask,
        out=io.StringIO(),
        picture=str(target),
    )
    with pytest.raises(PictureError, match=r"table\.svg"):
        game()
    assert list(tmp_path.iterdir()) == []


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.one_of(st.text(max_size=12), st.text("0123456789\u0663\u0966\uff13\u00b2", max_size=400)), max_size=8)
)
def test_any_answers_get_the_question_again(answers: list[str]) -> None:
    """Any text typed as an answer gets a reason and the question again, never an exception; the game ends."""
    ask, asked = scripted(list(answers))
    out = io.StringIO()
    final = play_with_human(
        [None, RuleBot(), RuleBot()],
        rules=Rules(schedule=Schedule.ladder(3, rounds=2)),
        seed=1,
        names=["A", "B", "C"],
        lang=Language.EN,
        ask=ask,
        out=out,
    )
    assert final.is_over
    assert len(asked) >= min(len(answers), 1)
