"""Tournament results carry what they were played under, and are checked when made and when read.

A result records its rules and its bots' specs; `combined` joins only parts of one
tournament; a result whose counts or figures do not add up is refused when it is made
(`RulesError`) and when it is read (`FormatError`), so that `compare`, `to_text` and the
ratings never meet one. `tests/test_fuzz.py` tampers with saved results at random.
"""

from __future__ import annotations

import json
import math
from typing import Any

import attrs
import pytest

from wizardrules import (
    FormatError,
    Language,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    StandardScore,
)
from wizardrules.tournament import BotFactory, BotStats, TournamentResult, tournament

SHORT = Rules(schedule=Schedule.ladder(3, rounds=2))
OTHER = Rules(schedule=Schedule.ladder(3, rounds=2), score_rule=StandardScore(hit_bonus=30))
BOTS = [RuleBot, RandomBot, RandomBot]


def played(games: int = 6, *, rules: Rules = SHORT, start: int = 0, duplicate: bool = False) -> TournamentResult:
    return tournament(BOTS, games, rules=rules, start=start, duplicate=duplicate, executor=None)


def test_a_result_records_its_rules_and_bots() -> None:
    """The rules every game was played under and each bot's spec, in the order of the bots."""
    result = tournament(
        [RuleBot, BotFactory(RandomBot, seed=1), BotFactory(RandomBot).named("R")], 3, rules=SHORT, executor=None
    )
    assert result.rules == SHORT
    assert result.specs == ("RuleBot", "BotFactory(RandomBot, seed=1)", "BotFactory(RandomBot).named('R')")
    assert played().specs == ("RuleBot", "RandomBot", "RandomBot")


@pytest.mark.parametrize("duplicate", [False, True])
@pytest.mark.parametrize("games", [3, 6])
def test_the_saved_forms_read_back_equal(duplicate: bool, games: int) -> None:
    """`from_dict(to_dict())` and `from_json(to_json())` give the result back, unbounded intervals included."""
    result = played(games, duplicate=duplicate)
    assert TournamentResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert TournamentResult.from_json(result.to_json(indent=2)) == result
    if games == 3 and duplicate:  # one deal: the interval over deals is unbounded
        assert math.isinf(result.bots[0].ci_high)
    data = result.to_dict()
    assert data["format"] == "wizardrules/tournament-result"
    assert data["bots"][0]["scores"] == list(result.bots[0].scores)
    assert data["bots"][0]["spec"] == "RuleBot"


def test_combined_refuses_parts_played_under_other_rules_or_bots() -> None:
    """A part of other rules, or of bots of the same names made otherwise, is no part of the tournament."""
    first = played(6)
    with pytest.raises(RulesError, match="other rules"):
        first.combined(played(6, rules=OTHER, start=6))
    other_bots = tournament([RuleBot, BotFactory(RandomBot, seed=1), RandomBot], 6, rules=SHORT, start=6, executor=None)
    assert [s.name for s in other_bots.bots] == [s.name for s in first.bots]
    with pytest.raises(RulesError, match="played by bots"):
        first.combined(other_bots)
    whole, at_once = first.combined(played(6, start=6)), played(12)
    assert [s.scores for s in whole.bots] == [s.scores for s in at_once.bots]
    assert [s.ci for s in whole.bots] == [s.ci for s in at_once.bots]
    assert (whole.rules, whole.specs) == (at_once.rules, at_once.specs)


def test_a_result_whose_counts_disagree_is_refused_when_made() -> None:
    """Games that disagree with the scores, ragged or empty scores, a name that is no text, rounds or wins
    that do not add up, figures that are not the scores': each a RulesError naming it."""
    result = played(6)
    stats = result.bots[0]
    cases: list[tuple[Any, str]] = [
        (lambda: attrs.evolve(result, games=100), "played 6 games, the tournament 100"),
        (lambda: attrs.evolve(stats, scores=stats.scores[:-1]), "the number of its scores"),
        (lambda: attrs.evolve(stats, scores=(), games=0), "the number of its scores"),
        (lambda: attrs.evolve(stats, name=7), "name"),  # type: ignore[arg-type]
        (lambda: attrs.evolve(stats, mean_score=stats.mean_score + 1), "mean_score"),
        (lambda: attrs.evolve(result, bots=(attrs.evolve(stats, mean_score=99.0), *result.bots[1:])), "mean_score"),
        (lambda: attrs.evolve(result, bots=result.bots[:1]), "1 bots cannot play"),
        (lambda: attrs.evolve(result, bots=(*result.bots[:2], result.bots[0])), "must be different"),
        (lambda: attrs.evolve(result, rules=Rules(schedule=Schedule.ladder(3, rounds=3))), "rounds"),
        (lambda: attrs.evolve(result, specs=("RuleBot",)), "specs"),
        (lambda: attrs.evolve(result, duplicate=True, games=6, start=1), "multiples of 3"),
        (lambda: attrs.evolve(stats, hits=stats.rounds + 1), "hits"),
        (lambda: attrs.evolve(stats, scores=(10**5000, *stats.scores[1:])), "beyond what a float holds"),
        (lambda: attrs.evolve(stats, win_rate=0.5), "win_rate"),
    ]
    for make, reason in cases:
        with pytest.raises(RulesError, match=reason):
            make()
    with pytest.raises(RulesError, match="wins add up"):
        TournamentResult(
            games=6,
            seed=0,
            rules=SHORT,
            specs=result.specs,
            bots=tuple(
                BotStats(**{**attrs.asdict(s, recurse=False), "wins": 0.0, "win_rate": 0.0}) for s in result.bots
            ),
        )


def tampered(result: TournamentResult, edit: Any) -> str:
    """`result`'s JSON with `edit` applied to its data and the checksum made again: a forged file."""
    data = json.loads(result.to_json())
    del data["checksum"]
    edit(data)
    from wizardrules import _codec

    data["checksum"] = _codec.checksum(data)
    return json.dumps(data)


def test_a_tampered_result_is_refused_when_read() -> None:
    """An edit is caught by the checksum; a forged file that does not add up by the checks of the figures."""
    result = played(6)
    text = result.to_json()
    with pytest.raises(FormatError, match="edited"):
        TournamentResult.from_json(text.replace('"seed": 0', '"seed": 1'))
    for edit, reason in (
        (lambda d: d.update(games=100), "played 6 games, the tournament 100"),
        (lambda d: d["bots"][0]["scores"].pop(), "games 6 is not what its scores give"),
        (lambda d: d["bots"][0].update(scores=[]), "scores"),
        (lambda d: d["bots"][1].update(name=7), "name 7"),
        (lambda d: d["bots"][0].update(mean_score=1000.0), "mean_score 1000.0 is not what its scores give"),
        (lambda d: d["bots"][0].update(ci95=[0, 1]), "ci95"),
        (lambda d: d["bots"][0].update(wins=1e400), "wins|Infinity is not JSON"),  # 1e400 is written Infinity
        (lambda d: d["bots"][0].update(hits=-1), "hits"),
        (lambda d: d.update(bots=d["bots"][:1]), "1 bots cannot play"),
        (lambda d: d["bots"][0].update(extra=1), "unknown field 'extra'"),
        (lambda d: d.pop("rules"), "'rules' is missing"),
        (lambda d: d["rules"].update(tiebreak="coin"), "tiebreak"),
        (lambda d: d.update(duplicate="yes"), "duplicate"),
        (lambda d: d["bots"][0]["scores"].__setitem__(0, 10**18), "beyond"),
    ):
        with pytest.raises(FormatError, match=reason):
            TournamentResult.from_json(tampered(result, edit))
    with pytest.raises(FormatError, match="not a tournament result"):
        TournamentResult.from_dict({"format": "wizardrules/sheet"})
    with pytest.raises(FormatError, match="not a tournament result"):
        TournamentResult.from_dict([1, 2])
    with pytest.raises(FormatError, match="version 2"):
        TournamentResult.from_dict({**result.to_dict(), "version": 2})


def test_what_reads_a_result_never_fails_on_one() -> None:
    """Whatever passes the checks, `compare`, `to_text` and `to_dict` answer (one game, a duplicate deal)."""
    for result in (played(1), played(3, duplicate=True), played(6)):
        read = TournamentResult.from_json(result.to_json())
        for language in Language:
            assert read.to_text(language=language).count("\n") == 4
        gap = read.compare("RuleBot", "RandomBot 1")
        assert gap.games == read.games
        assert read.to_dict() == result.to_dict()


def test_a_custom_score_rule_has_no_saved_form() -> None:
    """A result of rules with a custom score rule is kept in memory; its saved form is a FormatError."""

    @attrs.frozen
    class Tens:
        def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
            return 10 if bid == tricks else 0

    result = tournament(BOTS, 3, rules=attrs.evolve(SHORT, score_rule=Tens()), executor=None)
    assert result.rules.score_rule == Tens()
    with pytest.raises(FormatError, match="score rule"):
        result.to_json()
