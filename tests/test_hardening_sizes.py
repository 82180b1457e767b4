"""Sizes checked before work, refusals that change nothing, the command line's exits, equal bots.

One regression test per class of failure, each trying several members of its class:
counts of games, lengths of sequences and sizes of files are refused before anything grows
with them; a refused step leaves an environment as it was (or says it cannot go on); the
command line ends every run in one line and a documented exit code.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from wizardrules import (
    ActionError,
    Bid,
    CardError,
    FormatError,
    GameRecord,
    IllegalActionError,
    MonteCarloBot,
    PlayerError,
    RandomBot,
    RuleBot,
    RulesError,
    ScoreSheet,
    ScoringError,
    TieBreak,
    WrongPhaseError,
    new_game,
    play_game,
    random_games,
    standings,
    svg,
    tournament,
    winners,
)
from wizardrules._convert import MAX_FILE, MAX_GAMES
from wizardrules.cards import ALL_CARDS
from wizardrules.cli import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, EXIT_OUTPUT, main
from wizardrules.engine import PlayerView
from wizardrules.scoring import MAX_RANKED


def at_once(call: Callable[[], object], error: type[Exception]) -> None:
    """`call` raises `error` within a fifth of a second, allocating under 1 MB."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(error):
            call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - started < 0.2
    assert peak < 1_000_000, peak


# -- sizes checked before work ---------------------------------------------------------------------------


@pytest.mark.parametrize("games", [MAX_GAMES + 1, 10**11, 10**309, 10**5000], ids=["max+1", "1e11", "1e309", "1e5000"])
def test_game_counts_are_bounded_before_any_work(games: int) -> None:
    """`tournament`, `random_games` and `simulate --games` refuse more than MAX_GAMES games at once."""
    at_once(lambda: tournament([RuleBot, RuleBot, RuleBot], games, executor=None), RulesError)
    at_once(lambda: random_games(games), RulesError)


def test_simulate_refuses_a_huge_game_count_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --games 1000000000000` is a one-line error with exit code 2, not a MemoryError."""
    assert main(["simulate", "--games", "1000000000000"]) == EXIT_ERROR
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert "10,000,000" in captured.err


def test_sequences_longer_than_their_value_can_be_are_refused_before_they_are_copied() -> None:
    """Standings, winners and a picture's hand refuse sequences too long for them without copying them."""
    at_once(lambda: standings(range(10**12)), ScoringError)
    at_once(lambda: winners(range(MAX_RANKED + 1)), ScoringError)
    at_once(lambda: standings([1, 2], hits=range(10**12), tiebreak=TieBreak.EXACT_HITS), ScoringError)
    many = list(ALL_CARDS) * 20_000
    at_once(lambda: svg.hand(many), CardError)
    at_once(lambda: svg.hand(iter(lambda: ALL_CARDS[0], None)), CardError)
    assert standings(range(1000))[0] == 1000  # long, but within the bound


def test_vector_game_checks_the_length_before_converting() -> None:
    """`VectorGame.step` and `observe` refuse a sequence of the wrong length before numpy copies it."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    fast = pytest.importorskip("wizardrules.fast")
    games = fast.VectorGame(4, players=3, seed=1)
    for huge in (range(2 * 10**8), range(10**12), range(10**30)):
        at_once(lambda huge=huge: games.step(huge), ActionError)  # type: ignore[misc]
        at_once(lambda huge=huge: games.observe(huge), RulesError)  # type: ignore[misc]


def test_vector_game_refuses_bools_as_actions() -> None:
    """A bool is no action index, inside a list as in a bool array; nothing changes."""
    np = pytest.importorskip("numpy", reason='needs the extra rl: pip install -e ".[rl]"')
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    fast = pytest.importorskip("wizardrules.fast")
    games = fast.VectorGame(4, players=3, seed=1)
    before = games.legal_mask().copy()
    for actions in ([0, 0, 0, True], [False, 0, 0, 0], [0, 0, 0, np.True_], np.ones(4, dtype=bool)):
        with pytest.raises(ActionError):
            games.step(actions)
        with pytest.raises(RulesError):
            games.observe(actions)
    assert (games.legal_mask() == before).all()
    games.step(list(before.argmax(axis=1)))  # plain ints are taken


@pytest.mark.parametrize("load", [ScoreSheet.from_json, GameRecord.from_json, ScoreSheet.from_csv])
def test_files_over_the_limit_are_refused_before_they_are_read(load: Callable[[Any], object]) -> None:
    """A file longer than MAX_FILE is a FormatError at once, as text and as bytes."""
    text = " " * (MAX_FILE + 1)
    for given in (text, text.encode(), bytearray(text.encode())):
        at_once(lambda given=given: load(given), FormatError)  # type: ignore[misc]


def test_a_wide_file_is_walked_in_a_fraction_of_its_memory() -> None:
    """The nesting check keeps one level's containers: a file of many lists costs little more than json.loads."""
    body = "[" + "[]," * 200_000 + "0]"
    text = '{"format": "wizardrules/scoresheet", "version": 1, "x": ' + body + "}"
    tracemalloc.start()
    try:
        json.loads(text)
        _, plain = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        with pytest.raises(FormatError):
            ScoreSheet.from_json(text)
        _, loaded = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert loaded < 1.5 * plain, (loaded, plain)


# -- refusals that change nothing -----------------------------------------------------------------------


class _BadBidder:
    """A bot that bids 5 in round 1, which no round-1 hand allows."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView, legal: Sequence[Any]) -> Any:
        return Bid(tricks=5) if view.round_number == 1 else legal[0]


def test_gymnasium_opponent_refusal_changes_nothing_and_stops_the_episode() -> None:
    """A refused opponent move leaves the game as before the step; the next step says why; reset starts anew."""
    np = pytest.importorskip("numpy", reason='needs the extra rl: pip install -e ".[rl]"')
    pytest.importorskip("gymnasium", reason='needs the extra gymnasium: pip install -e ".[gymnasium]"')
    gym = pytest.importorskip("wizardrules.gymnasium")
    env = gym.WizardEnv(players=3, opponents=_BadBidder, seat=0)
    _, info = env.reset(seed=3)
    before = env.game
    assert before.to_move == 0
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.game is before  # the learner's action was not played
    assert not env.action_masks().any()
    with pytest.raises(WrongPhaseError, match="bot failed"):
        env.step(0)
    assert env.game is before
    good = gym.WizardEnv(players=3, seat=0)
    _, info = good.reset(seed=3)
    good.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert good.game.to_move == 0 or good.game.is_over


def test_pettingzoo_backends_raise_the_same_error_for_an_illegal_action() -> None:
    """The engine and the compiled backend raise the same class, with the same message, and change nothing."""
    np = pytest.importorskip("numpy", reason='needs the extra rl: pip install -e ".[rl]"')
    pytest.importorskip("pettingzoo", reason='needs the extra pettingzoo: pip install -e ".[pettingzoo]"')
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    pz = pytest.importorskip("wizardrules.pettingzoo")
    caught = []
    for backend in (pz.Backend.ENGINE, pz.Backend.COMPILED):
        env = pz.raw_env(4, backend=backend)
        env.reset(seed=1)
        mask = env.observe(env.agent_selection)["action_mask"]
        with pytest.raises(IllegalActionError) as info:
            env.step(int(np.flatnonzero(mask == 0)[0]))
        caught.append((type(info.value), str(info.value)))
        assert (env.observe(env.agent_selection)["action_mask"] == mask).all()
    assert caught[0] == caught[1]


# -- the command line ---------------------------------------------------------------------------------------


def _run(args: list[str], **options: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # noqa: S603 - our own command
        [sys.executable, "-m", "wizardrules", *args], capture_output=True, check=False, timeout=120, **options
    )


def test_cli_writes_what_a_non_utf8_output_cannot_hold_escaped() -> None:
    """With `PYTHONIOENCODING=ascii`, German text is escaped, JSON uses \\u escapes; exit code 0."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = _run(["--lang", "de", "trick", "G13 R1", "--trump", "green"], env=env)
    assert done.returncode == EXIT_OK, done.stderr
    assert b"Gr\\xfcn" in done.stdout
    done = _run(["--lang", "de", "--json", "points", "1", "3"], env=env)
    assert done.returncode == EXIT_OK, done.stderr
    assert json.loads(done.stdout)["points"] == -20
    done = _run(["--lang", "de", "--json", "play", "--players", "3"], env=env)
    assert done.returncode == EXIT_OK, done.stderr
    assert json.loads(done.stdout)["rounds"] == 20


def test_cli_with_stdout_closed_ends_in_one_line_and_exit_code_1() -> None:
    """Started with stdout closed: one line on stderr, exit code 1, no traceback."""
    done = _run(["points", "2", "2"], stdout=None, preexec_fn=lambda: os.close(1))
    assert done.returncode == EXIT_OUTPUT
    assert done.stderr.count(b"\n") == 1
    assert b"Traceback" not in done.stderr


def test_cli_with_a_full_disk_ends_in_one_line_and_exit_code_1() -> None:
    """An output that cannot be written (`> /dev/full`): one line on stderr, exit code 1."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "wizardrules", "points", "2", "2"], stdout=full, stderr=subprocess.PIPE, check=False
        )
    assert done.returncode == EXIT_OUTPUT
    assert done.stderr.count(b"\n") == 1
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("jobs", "lang", "line"),
    [
        ("1", "en", "wizardrules: interrupted"),
        ("0", "en", "wizardrules: interrupted"),
        ("1", "de", "wizardrules: abgebrochen"),
    ],
)
def test_cli_ctrl_c_ends_in_one_line_and_exit_code_130(jobs: str, lang: str, line: str) -> None:
    """Ctrl-C (SIGINT to the process group) during `simulate`: one line in the session's language, code 130."""
    proc = subprocess.Popen(  # noqa: S603 - our own command
        [sys.executable, "-m", "wizardrules", "simulate", "--games", "100000", "--jobs", jobs, "--lang", lang],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        time.sleep(3)  # under way
        os.killpg(proc.pid, signal.SIGINT)
        _, errors = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == EXIT_INTERRUPTED
    assert errors.decode() == f"{line}\n"


# -- equal bots ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [lambda: RandomBot(seed=3), lambda: MonteCarloBot(seed=3, worlds=2)])
def test_bots_of_one_seed_are_equal_and_equal_their_copies(make: Callable[[], Any]) -> None:
    """Bots that will draw alike are equal: one seed, their pickles and copies; a draw makes them differ."""
    bot = make()
    assert bot == make()
    assert bot == pickle.loads(pickle.dumps(bot))  # noqa: S301 - our own bytes
    assert bot == copy.deepcopy(bot)
    state = new_game(3, seed=1)
    seat = state.to_move
    assert seat is not None
    bot.act(state.view(seat), state.legal_actions())
    assert bot != make()
    assert bot == pickle.loads(pickle.dumps(bot))  # noqa: S301 - our own bytes
    assert RandomBot(seed=3) != RandomBot(seed=4)


def test_refused_names_in_a_bots_game_change_nothing() -> None:
    """play_game refuses a name the rule refuses before a bot draws."""
    bot = RandomBot(seed=1)
    with pytest.raises(PlayerError):
        play_game([bot, RandomBot(seed=2), RandomBot(seed=3)], names=["A\u202e", "B", "C"], seed=1)
    assert bot == RandomBot(seed=1)
