"""Duplicate decisions: the games a comparison plays, and what it reports per phase."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from attrs import frozen

from wizardrules._convert import shown
from wizardrules.actions import Action
from wizardrules.bots import Bot
from wizardrules.cards import Language
from wizardrules.engine import GameState, Phase, new_game
from wizardrules.errors import IllegalActionError, RulesError
from wizardrules.rules import Rules
from wizardrules.tournament._results import _half_width, check_follows, json_end
from wizardrules.tournament._seeds import bot_seed, deal_seed, seating

_DECISION_HEADERS: Final = {
    Language.EN: ("phase", "decisions", "differed", "gain a game", "95% CI"),
    Language.DE: ("Phase", "Entscheidungen", "anders", "Gewinn je Spiel", "95-%-KI"),
}
"""The headings of `DecisionComparison.to_text` by language."""

_PHASE_NAMES: Final[dict[Language, dict[Phase | None, str]]] = {
    Language.EN: {**{phase: phase.value for phase in Phase}, None: "all"},
    Language.DE: {
        Phase.TRUMP: "Trumpf",
        Phase.BIDDING: "Ansage",
        Phase.PLAYING: "Spiel",
        Phase.OVER: "Ende",
        Phase.CLOUD: "Wolke",
        Phase.PASSING: "Weitergeben",
        None: "alle",
    },
}
"""Each phase's name in `DecisionComparison.to_text`, and the name of the line of all phases (`None`)."""


@frozen(kw_only=True)
class GameGains:
    """One game's decisions of the reference's seat, per phase: how many, where the candidate differed, and the gain."""

    decisions: dict[Phase, int]
    differed: dict[Phase, int]
    gains: dict[Phase, int]


@frozen(kw_only=True)
class PhaseGain:
    """What the candidate's other choices in one phase gained a game, with a 95% interval.

    Attributes:
        phase: the phase of the decisions (`Phase.BIDDING`, `Phase.PLAYING`, ...).
        decisions: the reference's decisions of this phase with more than one legal action.
        differed: those where the candidate chose another action.
        gains: per game, the sum over those decisions of the seat's round points with the
            candidate's action minus its round points with the reference's.
        mean: the mean gain a game.
        ci_low: the lower end of its 95% confidence interval (over games).
        ci_high: the upper end of its 95% confidence interval.
    """

    phase: Phase
    decisions: int
    differed: int
    gains: tuple[int, ...]
    mean: float
    ci_low: float
    ci_high: float

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval `(ci_low, ci_high)` of the mean gain a game."""
        return (self.ci_low, self.ci_high)

    def to_dict(self) -> dict[str, Any]:
        """The phase's figures as plain data (the phase by name, without the per-game gains)."""
        return {
            "phase": self.phase.name.lower(),
            "decisions": self.decisions,
            "differed": self.differed,
            "mean": self.mean,
            "ci95": [json_end(self.ci_low), json_end(self.ci_high)],
        }


def phase_gain(phase: Phase, decisions: int, differed: int, gains: Sequence[int]) -> PhaseGain:
    """A `PhaseGain` from exact counts and per-game gains (the interval: normal, over games)."""
    mean = sum(gains) / len(gains)
    _, half = _half_width(gains, 1)
    return PhaseGain(
        phase=phase,
        decisions=decisions,
        differed=differed,
        gains=tuple(gains),
        mean=mean,
        ci_low=mean - half,
        ci_high=mean + half,
    )


@frozen(kw_only=True)
class DecisionComparison:
    """Where a candidate bot would decide otherwise than the reference, what it gained, per phase.

    Made by [`compare_decisions`][wizardrules.tournament.compare_decisions]: the
    reference plays every game; at each of its decisions the candidate is shown the same
    view, and where it chooses another action the round is played on both ways from the
    same moment, with the same bots in the same states. A gain is the seat's round points
    with the candidate's action minus those with the reference's: the luck of the deal and
    of every later choice is the same on both sides, so far fewer games measure a change
    than a tournament needs.

    Attributes:
        candidate: the candidate's name.
        reference: the reference's name.
        others: the other seats' bots' names.
        games: the number of games played.
        seed: the comparison's seed.
        start: the number of the first game (0 unless played in parts).
        phases: per phase with decisions, in the order of `Phase`, its gains.
        gains: per game, the gain summed over every phase.
        mean: the mean gain a game over every phase.
        ci_low: the lower end of its 95% confidence interval (over games).
        ci_high: the upper end of its 95% confidence interval.
    """

    candidate: str
    reference: str
    others: tuple[str, ...]
    games: int
    seed: int
    start: int
    phases: tuple[PhaseGain, ...]
    gains: tuple[int, ...]
    mean: float
    ci_low: float
    ci_high: float

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval `(ci_low, ci_high)` of the mean gain a game."""
        return (self.ci_low, self.ci_high)

    def __getitem__(self, phase: Phase) -> PhaseGain:
        """The gains of the decisions of `phase`.

        Raises:
            KeyError: the reference made no decision of that phase.
        """
        for gain in self.phases:
            if gain.phase is phase:
                return gain
        raise KeyError(
            f"no decisions of phase {shown(phase)}; the phases are {shown([g.phase.name for g in self.phases])}"
        )

    def combined(self, *parts: DecisionComparison) -> DecisionComparison:
        """This comparison and the parts that follow it, as one comparison of all their games.

        Raises:
            RulesError: a part is not the next part of the same comparison (other bots or
                seed, or games that do not follow on).
        """
        result = self
        for part in parts:
            if not isinstance(part, DecisionComparison):
                raise RulesError(f"combined: {shown(part)} is not a DecisionComparison")
            if _identity(part) != _identity(result):
                raise RulesError(
                    f"combined: the part comparing {_described(part)} is not part of the comparison of "
                    f"{_described(result)}"
                )
            check_follows(result.start, result.games, part.start)
            result = comparison(
                result.candidate,
                (result.reference, *result.others),
                seed=result.seed,
                start=result.start,
                games=[*_per_game(result), *_per_game(part)],
            )
        return result

    def to_text(self, *, language: Language = Language.EN) -> str:
        """A table, a line per phase and one for all: decisions, how many differed, the gain a game and its 95% CI.

        Args:
            language: the language of the headings; German writes decimal commas (R1.3).

        Raises:
            RulesError: `language` is not a `Language`.

        Examples:
            >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule
            >>> from wizardrules.tournament import compare_decisions
            >>> short = Rules(schedule=Schedule.ladder(4, rounds=2))
            >>> print(compare_decisions(RuleBot, RuleBot, [RandomBot] * 3, 4, rules=short, executor=None).to_text())
            RuleBot's choices in RuleBot's seat: 4 games, seed 0
            phase    decisions  differed  gain a game  95% CI
            bidding          8         0          0.0  [0.0, 0.0]
            playing          4         0          0.0  [0.0, 0.0]
            all             12         0          0.0  [0.0, 0.0]
        """
        if not isinstance(language, Language):
            raise RulesError(f"language {shown(language)}: expected Language.EN or Language.DE")
        german = language is Language.DE

        def number(value: float) -> str:
            text = format(value, ".1f")
            return text.replace(".", ",") if german else text

        sep = ";" if german else ","  # between the interval's ends: German numbers have decimal commas
        names = _PHASE_NAMES[language]
        rows = [
            (names[gain.phase], str(gain.decisions), str(gain.differed), number(gain.mean), gain.ci)
            for gain in self.phases
        ]
        every = (
            names[None],
            str(sum(g.decisions for g in self.phases)),
            str(sum(g.differed for g in self.phases)),
            number(self.mean),
            self.ci,
        )
        table = [(*row[:4], f"[{number(row[4][0])}{sep} {number(row[4][1])}]") for row in (*rows, every)]
        header = _DECISION_HEADERS[language]
        widths = [max(len(row[c]) for row in (header, *table)) for c in range(len(header))]

        def line(row: Sequence[str]) -> str:
            cells = [row[0].ljust(widths[0]), *(cell.rjust(w) for cell, w in zip(row[1:4], widths[1:4], strict=True))]
            return "  ".join([*cells, row[4]]).rstrip()

        seed = shown(self.seed)
        if german:
            title = f"{self.candidate}s Wahl auf dem Platz von {self.reference}: {self.games} Spiele, Seed {seed}"
        else:
            title = f"{self.candidate}'s choices in {self.reference}'s seat: {self.games} games, seed {seed}"
        return "\n".join([title, *(line(row) for row in (header, *table))])

    def to_dict(self) -> dict[str, Any]:
        """The comparison as plain data (JSON-ready; an unbounded interval's ends are `None`)."""
        return {
            "candidate": self.candidate,
            "reference": self.reference,
            "others": list(self.others),
            "games": self.games,
            "seed": self.seed,
            "start": self.start,
            "mean": self.mean,
            "ci95": [json_end(self.ci_low), json_end(self.ci_high)],
            "phases": [gain.to_dict() for gain in self.phases],
        }


def _identity(result: DecisionComparison) -> tuple[object, ...]:
    """What parts of one comparison share: the bots and the seed."""
    return (result.candidate, result.reference, result.others, result.seed)


def _described(result: DecisionComparison) -> str:
    return (
        f"{shown(result.candidate)} with {shown(result.reference)} (with {shown(list(result.others))}), "
        f"seed {shown(result.seed)}"
    )


def _per_game(result: DecisionComparison) -> list[GameGains]:
    """The games of `result` again, as one `GameGains` each (the counts summed into the first)."""
    games = []
    for g in range(result.games):
        first = g == 0
        games.append(
            GameGains(
                decisions={p.phase: p.decisions if first else 0 for p in result.phases},
                differed={p.phase: p.differed if first else 0 for p in result.phases},
                gains={p.phase: p.gains[g] for p in result.phases},
            )
        )
    return games


def comparison(
    candidate: str, table: Sequence[str], *, seed: int, start: int, games: Sequence[GameGains]
) -> DecisionComparison:
    """The `DecisionComparison` of the games' gains, in game order; `table` names the reference, then the others."""
    phases = [phase for phase in Phase if any(game.decisions.get(phase, 0) for game in games)]
    totals = [sum(game.gains.values()) for game in games]
    mean = sum(totals) / len(totals)
    _, half = _half_width(totals, 1)
    return DecisionComparison(
        candidate=candidate,
        reference=table[0],
        others=tuple(table[1:]),
        games=len(games),
        seed=seed,
        start=start,
        phases=tuple(
            phase_gain(
                phase,
                sum(game.decisions.get(phase, 0) for game in games),
                sum(game.differed.get(phase, 0) for game in games),
                [game.gains.get(phase, 0) for game in games],
            )
            for phase in phases
        ),
        gains=tuple(totals),
        mean=mean,
        ci_low=mean - half,
        ci_high=mean + half,
    )


# -- playing (runs in the workers) ------------------------------------------------------


@frozen
class DecisionJob:
    """What a worker needs to play any game of a comparison of decisions."""

    candidate: Callable[[int], Bot]
    candidate_name: str
    factories: tuple[Callable[[int], Bot], ...]
    """The table: the reference first, then the others."""
    names: tuple[str, ...]
    rules: Rules
    seed: int
    portable_errors: bool = False

    def where(self, game: int) -> str:
        """Where an error happened: in which game of the comparison."""
        return f"in game {game} of the comparison of decisions (seed {self.seed})"

    def named_factories(self) -> tuple[tuple[str, Callable[[int], Bot]], ...]:
        """Each bot's name and factory, the candidate's first."""
        return ((self.candidate_name, self.candidate), *zip(self.names, self.factories, strict=True))


def compare_one(job: DecisionJob, game: int) -> GameGains:
    """Play game `game` with the reference; where the candidate would choose otherwise, the round both ways."""
    n = len(job.factories)
    by_seat = seating(game, n)
    bots = [job.factories[i](bot_seed(job.seed, game, i)) for i in by_seat]
    seat = by_seat.index(0)
    candidate = job.candidate(bot_seed(job.seed, game, 0))  # the reference's seed: a copy of it never differs
    state = new_game([job.names[i] for i in by_seat], rules=job.rules, seed=deal_seed(job.seed, game))
    decisions: Counter[Phase] = Counter()
    differed: Counter[Phase] = Counter()
    gains: Counter[Phase] = Counter()
    while not state.is_over:
        mover = state.to_move
        assert mover is not None  # noqa: S101 - a game that is not over has a player to move
        legal = state.legal_actions()
        view = state.view(mover)
        if mover != seat:
            state = state.apply(bots[mover].act(view, legal), seat=mover)
            continue
        before = _copied(bots, job.names, by_seat) if len(legal) > 1 else None
        action = bots[seat].act(view, legal)
        other = candidate.act(view, legal)  # at every decision of the seat, so that it keeps in step
        if not state.is_legal(other, seat=seat):
            raise _refused(state, other, seat, job.candidate_name)
        if before is not None:
            decisions[state.phase] += 1
            if other != action:
                differed[state.phase] += 1
                ours = _round_points(state, other, copy.deepcopy(before), seat)
                theirs = _round_points(state, action, before, seat)
                gains[state.phase] += ours - theirs
        state = state.apply(action, seat=seat)
    return GameGains(decisions=dict(decisions), differed=dict(differed), gains=dict(gains))


def _refused(state: GameState, action: object, seat: int, name: str) -> IllegalActionError:
    """The engine's refusal of the candidate's `action`, naming the candidate (of the same kind as the engine's)."""
    try:
        state.apply(action, seat=seat)  # type: ignore[arg-type] # the candidate's answer, whatever it is
    except IllegalActionError as error:
        return type(error)(
            player=f"the candidate {name} in {error.player}'s seat", action=error.action, reason=error.reason
        )
    return IllegalActionError(  # the engine took what it does not list: not one of `legal_actions()`
        player=f"the candidate {name}", action=shown(action), reason="it is not one of the legal actions"
    )


def _copied(bots: list[Bot], names: tuple[str, ...], by_seat: tuple[int, ...]) -> list[Bot]:
    """A deep copy of the bots as they are, to play a round on from one moment twice alike."""
    try:
        return copy.deepcopy(bots)
    except Exception as error:
        culprits = []
        for bot, i in zip(bots, by_seat, strict=True):
            try:
                copy.deepcopy(bot)
            except Exception:
                culprits.append(f"bot {shown(names[i])}: {shown(bot)}")
        raise RulesError(
            f"{'; '.join(culprits) or 'the bots together'} cannot be copied ({type(error).__name__}: {error}); "
            "comparing decisions plays a round on twice from the same bots"
        ) from error


def _round_points(state: GameState, action: Action, bots: list[Bot], seat: int) -> int:
    """`seat`'s points for the round under way at `state` once it takes `action`, played to its end by `bots`."""
    total, round_number = state.totals[seat], state.round_number
    state = state.apply(action, seat=seat)
    while not state.is_over and state.round_number == round_number:
        mover = state.to_move
        assert mover is not None  # noqa: S101 - a game that is not over has a player to move
        state = state.apply(bots[mover].act(state.view(mover), state.legal_actions()), seat=mover)
    return state.totals[seat] - total
