"""The score pad's library: each player's statistics, share codes, game nights and the German CSV.

The sheets come from random games of every preset played through the engine (special
cards, blind bids, clairvoyance, hidden bids), then entered on a pad again in random ways:
a round in one entry or in two, a Cloud's change as its own entry, and an open round left
with its bids only. The statistics are checked against a computation of their own from the
rounds (R4.4, R6, R7, R8.1, R8.2); codes against the sheet they came from.
"""

from __future__ import annotations

import itertools
import json
import random
import string
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _games import random_game
from wizardrules import (
    CloudChange,
    EntryKind,
    EqualBids,
    FormatError,
    Language,
    NotEqualBids,
    PlayerStatistics,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    ScoreSheet,
    Special,
    StandardScore,
    Suit,
    TieBreak,
    UndoError,
    Variant,
    _lazy,
    game_nights,
    new_game,
)
from wizardrules._codec import checksum
from wizardrules.cli import main

UNRESERVED = string.ascii_letters + string.digits + "-._~"


def played(rng: random.Random, preset: Preset) -> ScoreSheet:
    """The score sheet of a random game of `preset`, played to its end or stopped in a round."""
    state = random_game(rng, preset)
    stop = rng.random() < 0.3
    while not state.is_over:
        if stop and state.scoresheet.rounds and rng.random() < 0.02:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state.scoresheet


def entered(sheet: ScoreSheet, rng: random.Random) -> ScoreSheet:
    """`sheet`'s rounds entered on a new pad, each in one entry or in two (and a Cloud's change on its own)."""
    pad = ScoreSheet(sheet.players, rules=sheet.rules, first_dealer=sheet.first_dealer)
    for done in sheet.rounds:
        blind = [seat for seat, is_blind in enumerate(done.blind) if is_blind]
        if rng.random() < 0.5:
            pad = pad.record(
                bids=done.bids, blind=blind, cloud=done.cloud, tricks=done.tricks, bombs=done.bombs, trump=done.trump
            )
            continue
        pad = pad.record_bids(done.bids, blind=blind)
        if done.cloud is not None:
            pad = pad.change_bid(*done.cloud)
        pad = pad.record_tricks(done.tricks, bombs=done.bombs, trump=done.trump)
    return pad


@st.composite
def sheets(draw: st.DrawFn) -> ScoreSheet:
    """A sheet of a random game of any preset, entered in random ways, sometimes with an open round's bids."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    preset = draw(st.sampled_from(list(Preset)))
    whole = played(rng, preset)
    pad = entered(whole, rng)
    reopen = draw(st.booleans())
    if pad.rounds and reopen:  # the last round open again, with its bids (and a Cloud's change)
        done = pad.rounds[-1]
        while len(pad.rounds) == done.number or pad.pending is not None:
            pad = pad.undo()
        pad = pad.record_bids(done.bids, blind=[seat for seat, b in enumerate(done.blind) if b])
        if done.cloud is not None:
            pad = pad.change_bid(*done.cloud)
    return pad


# -- statistics --------------------------------------------------------------------------------------


def expected_statistics(sheet: ScoreSheet, seat: int) -> dict[str, object]:
    """A player's figures, computed here from the rounds alone."""
    rounds = sheet.rounds
    bids = [r.final_bids[seat] for r in rounds]
    taken = [r.tricks[seat] for r in rounds]
    points = [r.points[seat] for r in rounds]
    hits = [b == t for b, t in zip(bids, taken, strict=True)]
    runs = [len(list(group)) for hit, group in itertools.groupby(hits) if hit]
    return {
        "player": sheet.players[seat],
        "rounds": len(rounds),
        "total": sum(points),
        "exact": sum(hits),
        "over": sum(t > b for b, t in zip(bids, taken, strict=True)),
        "under": sum(t < b for b, t in zip(bids, taken, strict=True)),
        "miss": sum(abs(b - t) for b, t in zip(bids, taken, strict=True)),
        "blind": sum(r.blind[seat] for r in rounds),
        "best": max(points, default=None),
        "worst": min(points, default=None),
        "streak": max(runs, default=0),
    }


@given(sheet=sheets())
def test_r6_r7_statistics_agree_with_the_rounds(sheet: ScoreSheet) -> None:
    """Every figure of every player, in seat order, as computed from the finished rounds (R6.3, R7)."""
    stats = sheet.statistics()
    assert [s.player for s in stats] == list(sheet.players)
    assert tuple(s.place for s in stats) == sheet.standings()
    assert tuple(s.total for s in stats) == sheet.totals
    assert tuple(s.exact for s in stats) == sheet.hits
    for seat, s in enumerate(stats):
        want = expected_statistics(sheet, seat)
        assert (s.player, s.rounds, s.total, s.exact) == (want["player"], want["rounds"], want["total"], want["exact"])
        assert (s.over, s.under, s.blind, s.best, s.worst, s.streak) == (
            want["over"],
            want["under"],
            want["blind"],
            want["best"],
            want["worst"],
            want["streak"],
        )
        assert s.over + s.under + s.exact == s.rounds
        count = s.rounds
        assert s.hit_rate == pytest.approx(s.exact / count if count else 0.0)
        assert s.mean_miss == pytest.approx(want["miss"] / count if count else 0.0)  # type: ignore[operator]


def test_statistics_before_the_first_round() -> None:
    """No rounds: counts of 0, rates of 0.0, no best or worst round."""
    stats = ScoreSheet(["Ann", "Ben", "Cem"]).statistics()
    assert stats[0] == PlayerStatistics(
        player="Ann",
        rounds=0,
        total=0,
        place=1,
        exact=0,
        hit_rate=0.0,
        over=0,
        under=0,
        mean_miss=0.0,
        blind=0,
        best=None,
        worst=None,
        streak=0,
    )


def test_r8_2_statistics_read_the_bid_a_cloud_changed() -> None:
    """Ann bid 1, a Cloud made it 2, she took 2: an exact round, not one over (R8.2)."""
    rules = Rules(special_cards=frozenset({Special.CLOUD}))
    sheet = ScoreSheet(["Ann", "Ben", "Cem"], rules=rules).record(bids=[0, 0, 0], tricks=[1, 0, 0])
    sheet = sheet.record(bids=[1, 0, 0], cloud=("Ann", CloudChange.UP), tricks=[2, 0, 0])
    ann = sheet.statistics()[0]
    assert (ann.exact, ann.over, ann.under, ann.streak, ann.best) == (1, 1, 0, 1, 40)


def test_r8_1_statistics_read_the_tricks_left_after_a_bomb() -> None:
    """Round 2 has two cards and a Bomb voids one: Ann bid 1 and took the 1 left, an exact round (R8.1)."""
    rules = Rules(special_cards=frozenset({Special.BOMB}))
    sheet = ScoreSheet(["Ann", "Ben", "Cem"], rules=rules).record(bids=[0, 0, 0], tricks=[0, 1, 0])
    sheet = sheet.record(bids=[1, 1, 0], tricks=[1, 0, 0], bombs=1)
    ann, ben, _ = sheet.statistics()
    assert (ann.exact, ann.hit_rate, ben.over, ben.under, ben.mean_miss) == (2, 1.0, 1, 1, 1.0)


def test_r4_4_statistics_count_blind_rounds() -> None:
    """A blind bid counts as a blind round, and doubles the round's points (R4.4, R6.2)."""
    sheet = ScoreSheet(["Ann", "Ben", "Cem"], rules=Rules(variants=Variant.BLIND_BIDS))
    sheet = sheet.record(bids=[0, 1, 0], blind=["Ben"], tricks=[0, 1, 0])
    ben = sheet.statistics()[1]
    assert (ben.blind, ben.best, ben.exact) == (1, 60, 1)


def test_r7_2_statistics_place_as_the_standings() -> None:
    """Equal totals: the exact-hits tie-break orders the places (R7.2)."""
    sheet = ScoreSheet(["Ann", "Ben", "Cem"], rules=Rules(tiebreak=TieBreak.EXACT_HITS))
    sheet = sheet.record(bids=[0, 0, 1], tricks=[1, 0, 0]).record(bids=[0, 1, 0], tricks=[0, 1, 1])
    assert [s.place for s in sheet.statistics()] == list(sheet.standings())


def test_statistics_in_text_and_json() -> None:
    """to_text shows them in English and German; the JSON carries them and refuses them changed."""
    sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    sheet = sheet.record(bids=[1, 1, 1], tricks=[2, 0, 0])
    english = sheet.to_text(statistics=True)
    german = sheet.to_text(statistics=True, language=Language.DE)
    assert "statistics" in english
    assert "hit rate" in english
    assert "50%" in english
    assert "0.50" in english
    assert "Statistik" in german
    assert "Trefferquote" in german
    assert "50 %" in german
    assert "0,50" in german
    assert "statistics" not in sheet.to_text()
    data = json.loads(sheet.to_json())
    assert data["statistics"] == [s.to_dict() for s in sheet.statistics()]
    assert ScoreSheet.from_json(sheet.to_json()) == sheet
    data["statistics"][0]["exact"] = 2
    with pytest.raises(FormatError, match="statistics"):
        ScoreSheet.from_json(json.dumps(data))
    del data["statistics"]  # a file written before there were statistics still reads
    data.pop("checksum")
    data["checksum"] = checksum(data)
    assert ScoreSheet.from_json(json.dumps(data)) == sheet


def test_statistics_table_is_cut_to_the_width() -> None:
    """Six long names: the statistics are cut into parts by players, as the score table is."""
    names = [f"Player number {seat}" for seat in range(6)]
    sheet = ScoreSheet(names).record(bids=[1, 0, 0, 0, 0, 0], tricks=[1, 0, 0, 0, 0, 0])
    text = sheet.to_text(statistics=True, width=60)
    assert max(len(line) for line in text.splitlines()) <= 60
    assert all(name in text for name in names)


# -- share codes --------------------------------------------------------------------------------------


def undo_chain(sheet: ScoreSheet) -> list[ScoreSheet]:
    chain = [sheet]
    while chain[-1].entries:
        chain.append(chain[-1].undo())
    return chain


@given(sheet=sheets())
def test_share_code_round_trips_with_every_entry(sheet: ScoreSheet) -> None:
    """from_code(to_code()) is the sheet, entry by entry: undo steps back through the same sheets."""
    code = sheet.to_code()
    assert set(code) <= set(UNRESERVED)
    back = ScoreSheet.from_code(code)
    assert back == sheet
    assert (back.rules, back.first_dealer, back.entries) == (sheet.rules, sheet.first_dealer, sheet.entries)
    assert undo_chain(back) == undo_chain(sheet)
    assert back.to_code() == code


@settings(max_examples=10)
@given(sheet=sheets(), data=st.data())
def test_share_code_refuses_a_changed_character(sheet: ScoreSheet, data: st.DataObject) -> None:
    """Any character changed to another one is refused with the library's error, never read as a sheet."""
    code = sheet.to_code()
    position = data.draw(st.integers(0, len(code) - 1))
    other = data.draw(st.sampled_from([c for c in UNRESERVED + "+/= é" if c != code[position]]))
    with pytest.raises(FormatError, match="share code"):
        ScoreSheet.from_code(code[:position] + other + code[position + 1 :])


def test_share_code_refuses_every_single_change_of_a_whole_game() -> None:
    """Every position, every other code character, a dropped and a doubled character: all refused."""
    rng = random.Random(5)
    sheet = entered(played(rng, Preset.ANNIVERSARY_2021), rng)
    code = sheet.to_code()
    alphabet = string.ascii_letters + string.digits + "-_"
    refused = 0
    for position in range(len(code)):
        for other in alphabet:
            if other != code[position]:
                with pytest.raises(FormatError):
                    ScoreSheet.from_code(code[:position] + other + code[position + 1 :])
                refused += 1
        for changed in (
            code[:position] + code[position + 1 :],
            code[:position] + code[position] * 2 + code[position + 1 :],
        ):
            with pytest.raises(FormatError):
                ScoreSheet.from_code(changed)
    assert refused == len(code) * (len(alphabet) - 1)


def official(names: list[str], rng: random.Random, *, split: bool = False, trumps: bool = False) -> ScoreSheet:
    """A whole official 4-player game with these names, bids and tricks of a random game."""
    game = new_game(4, rules=Preset.OFFICIAL.rules(), seed=rng.randrange(2**32))
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    pad = ScoreSheet(names, rules=Preset.OFFICIAL.rules())
    for done in game.scoresheet.rounds:
        trump = rng.choice(list(Suit)) if trumps and done.number < 15 else None
        if split:
            pad = pad.record_bids(done.bids).record_tricks(done.tricks, trump=trump)
        else:
            pad = pad.record(bids=done.bids, tricks=done.tricks, trump=trump)
    return pad


@settings(max_examples=5)
@given(seed=st.integers(0, 2**32 - 1))
def test_share_code_of_a_whole_official_game_fits_300_characters(seed: int) -> None:
    """4 players, names of 8 characters (4 bytes each in UTF-8), every round in two entries and its trump kept."""
    rng = random.Random(seed)
    widest = [f"{chr(0x1F600 + seat) * 8}" for seat in range(4)]
    plain = ["Annalena", "Benjamin", "Carolina", "Dominika"]
    for names in (widest, plain):
        for sheet in (official(names, rng), official(names, rng, split=True, trumps=True)):
            assert sheet.is_over
            assert len(sheet.rounds) == 15
            assert len(sheet.to_code()) <= 300
    assert len(official(plain, rng).to_code()) <= 140


@pytest.mark.parametrize(
    "rules",
    [
        Rules(bid_policy=NotEqualBids(first_round_free=True, min_cards=3)),
        Rules(bid_policy=EqualBids(), tiebreak=TieBreak.EXACT_HITS),
        Rules(bid_policy=ScorekeeperHook(scorekeeper=2)),
        Rules(schedule=ScheduleKind.TOURNAMENT),
        Rules(schedule=Schedule.ladder(3, rounds=4)),
        Rules(schedule=Schedule.einfarbig(3)),
        Rules(schedule=Schedule(cards_per_round=(3, 1, 2), name="Dreier")),
        Rules(score_rule=StandardScore(hit_bonus=-5, per_trick=7, miss_penalty=0, blind_multiplier=3)),
        Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, special_cards=frozenset(Special)),
        Preset.SECRET_BIDS.rules(),
    ],
)
def test_share_code_carries_the_rules(rules: Rules) -> None:
    """Every option of the rules comes back as it was (R2-R8)."""
    sheet = ScoreSheet(["Zoë", "Ben", "名前"], rules=rules, first_dealer=2)
    back = ScoreSheet.from_code(sheet.to_code())
    assert (back.rules, back.players, back.first_dealer) == (rules, sheet.players, 2)


def test_share_code_is_read_from_a_link_and_refuses_what_is_not_one() -> None:
    sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    code = sheet.to_code()
    assert ScoreSheet.from_code(f"  https://example.org/app/pad/#{code}\n") == sheet
    for text, message in [
        ("", "empty"),
        ("2" + code[1:], "version '2' is unknown"),
        (code + "!", "'!' is not one of its characters"),
        (code[:3], "changed or cut short"),
        ("1" + "A" * 70_000, "more than the 65536"),
        (b"1AAAA", "expected text"),
        (17, "expected text"),
    ]:
        with pytest.raises(FormatError, match=message) as refused:
            ScoreSheet.from_code(text)  # type: ignore[arg-type]
        assert refused.value.german.startswith("Teilen-Code")  # a person reads it in German too


def test_share_code_refuses_rules_without_a_saved_form() -> None:
    """A custom score rule has no code, as it has no JSON: a FormatError says so."""

    class Flat:
        def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
            return 1

    sheet = ScoreSheet(["Ann", "Ben", "Cem"], rules=Rules(score_rule=Flat()))
    with pytest.raises(FormatError, match="no saved form"):
        sheet.to_code()


# -- game nights --------------------------------------------------------------------------------------


def night(names: list[str], bids: list[int], tricks: list[int]) -> ScoreSheet:
    return ScoreSheet(names).record(bids=bids, tricks=tricks)


def test_game_nights_join_names_in_either_unicode_form() -> None:
    """'Zoë' typed composed one night and decomposed the next is one person."""
    composed, decomposed = "Zo\u00eb", unicodedata.normalize("NFD", "Zo\u00eb")
    first = night([composed, "Ben", "Cem"], [1, 0, 0], [1, 0, 0])
    second = night(["Ben", decomposed, "Dora"], [0, 1, 0], [0, 0, 1])
    table = game_nights([first, second])
    zoe = next(p for p in table.people if p.player == composed)
    assert (zoe.nights, zoe.wins, zoe.points, zoe.mean_place) == (2, 1, 30 - 10, 1.5)
    assert (zoe.rounds, zoe.exact, zoe.exact_rate) == (2, 1, 0.5)
    assert table.nights == 2
    assert len(table.people) == 4


@given(sheet_list=st.lists(sheets().filter(lambda s: bool(s.rounds)), min_size=1, max_size=4))
def test_game_nights_sum_the_nights(sheet_list: list[ScoreSheet]) -> None:
    """Each person's nights, wins, points, places and exact bids are the sums over their nights (R7)."""
    table = game_nights(sheet_list)
    for person in table.people:
        mine = [(s, s.players.index(person.player)) for s in sheet_list if person.player in s.players]
        assert person.nights == len(mine)
        assert person.points == sum(s.totals[seat] for s, seat in mine)
        assert person.wins == sum(s.standings()[seat] == 1 for s, seat in mine)
        assert person.mean_place == pytest.approx(sum(s.standings()[seat] for s, seat in mine) / len(mine))
        assert person.exact == sum(s.hits[seat] for s, seat in mine)
        assert person.rounds == sum(len(s.rounds) for s, _ in mine)
    keys = [(p.mean_place, -p.wins, -p.points, p.player) for p in table.people]
    assert keys == sorted(keys)


def test_game_nights_refuse_what_is_not_a_night() -> None:
    with pytest.raises(RulesError, match="night 2 has no rounds"):
        game_nights([night(["A", "B", "C"], [1, 0, 0], [1, 0, 0]), ScoreSheet(["A", "B", "C"])])
    with pytest.raises(RulesError, match="is not a ScoreSheet"):
        game_nights(["a sheet"])  # type: ignore[list-item]


def test_game_nights_text_in_english_and_german() -> None:
    nights = game_nights([night(["Ann", "Ben", "Cem"], [1, 0, 0], [1, 0, 0])])
    assert nights.to_text().splitlines()[0].split(" | ")[:4] == ["#", "player", "nights", "wins"]
    german = nights.to_text(language=Language.DE)
    assert "Abende" in german
    assert "1,00" in german
    assert "100 %" in german
    assert nights.to_dict()["people"][0]["player"] == "Ann"


def test_cli_nights_reads_json_and_share_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`wizardrules nights FILE...`: a table in English or German, or JSON, from saved sheets and codes."""
    first = night(["Ann", "Ben", "Cem"], [1, 0, 0], [1, 0, 0])
    second = night(["Cem", "Ann", "Dora"], [0, 0, 1], [0, 0, 1])
    (tmp_path / "monday.json").write_text(first.to_json(), encoding="utf-8")
    (tmp_path / "friday.txt").write_text(second.to_code() + "\n", encoding="utf-8")
    files = [str(tmp_path / "monday.json"), str(tmp_path / "friday.txt")]
    assert main(["nights", *files]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out
    assert "Dora" in out
    assert "nights" in out
    assert main(["--lang", "de", "nights", *files]) == 0
    assert "Abende" in capsys.readouterr().out
    assert main(["nights", "--json", *files]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["nights"] == 2
    assert {p["player"]: p["nights"] for p in data["people"]} == {"Ann": 2, "Ben": 1, "Cem": 2, "Dora": 1}
    (tmp_path / "bad.txt").write_text("1AAAA", encoding="utf-8")
    assert main(["nights", str(tmp_path / "bad.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "share code" in err


def test_cli_nights_without_the_ratings_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without openskill the table is ranked by mean place and says how to get ratings."""
    monkeypatch.setattr(_lazy, "optional", lambda name: None)
    (tmp_path / "n.json").write_text(night(["Ann", "Ben", "Cem"], [1, 0, 0], [1, 0, 0]).to_json(), encoding="utf-8")
    assert main(["nights", str(tmp_path / "n.json")]) == 0
    out = capsys.readouterr().out
    assert "ratings extra" in out
    assert "rating |" not in out


# -- CSV in German --------------------------------------------------------------------------------------


@given(sheet=sheets(), language=st.sampled_from(list(Language)))
def test_csv_round_trips_in_either_language(sheet: ScoreSheet, language: Language) -> None:
    """German CSV: semicolons and German headings; either language reads back to the same rounds."""
    text = sheet.to_csv(language=language)
    if language is Language.DE:
        assert text.startswith("Runde;Karten;Geber")
    else:
        assert text.startswith("round,cards,dealer")
    back = ScoreSheet.from_csv(text, rules=sheet.rules)
    assert back.rounds == sheet.rounds
    assert back.players == sheet.players


def test_german_csv_suits_and_names_with_semicolons() -> None:
    """A name with a semicolon is quoted; the trump is written in German; a byte order mark is read."""
    sheet = ScoreSheet(["Ann; Bea", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0], trump=Suit.GREEN)
    text = sheet.to_csv(language=Language.DE)
    assert '"Ann; Bea Ansage"' in text
    assert ";grün;" in text
    assert ScoreSheet.from_csv("\ufeff" + text) == sheet
    with pytest.raises(FormatError, match="'Runde;…'"):
        ScoreSheet.from_csv("Round;cards\n")


# -- the log and undo to any entry -------------------------------------------------------------------


@given(sheet=sheets(), data=st.data())
def test_undo_steps_back_to_any_entry(sheet: ScoreSheet, data: st.DataObject) -> None:
    """undo(steps=k) is k single undos; the log names each entry's round and kind, as undo meets them."""
    log = sheet.log
    assert len(log) == sheet.entries
    chain = undo_chain(sheet)
    for k, entry in enumerate(reversed(log), start=1):
        before, after = chain[k - 1], chain[k]
        assert sheet.undo(steps=k) == after
        assert after.entries == before.entries - 1
        finished = len(before.rounds) - len(after.rounds)
        if entry.kind in (EntryKind.ROUND, EntryKind.TRICKS):
            assert (finished, before.rounds[-1].number) == (1, entry.number)
        else:
            assert finished == 0
            assert before.current_round == entry.number
            assert before.pending is not None
            if entry.kind is EntryKind.CLOUD:
                assert after.pending is not None
                assert before.pending.final_bids != after.pending.final_bids
            else:
                assert after.pending is None
    if sheet.entries:
        steps = data.draw(st.sampled_from([0, -1, sheet.entries + 1, 1.0, True]))
        with pytest.raises(UndoError, match="undo steps"):
            sheet.undo(steps=steps)  # type: ignore[arg-type]  # not a count, on purpose
