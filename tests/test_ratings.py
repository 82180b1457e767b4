"""Ratings (extra `ratings`): bots from tournaments, people from game nights; skipped without openskill."""

from __future__ import annotations

import unicodedata

import pytest

pytest.importorskip("openskill", reason='needs the extra ratings: pip install -e ".[ratings]"')

from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import Language, PlayerError, RandomBot, RuleBot, Rules, RulesError, Schedule, ScoreSheet, svg
from wizardrules.tournament import tournament
from wizardrules.tournament.ratings import Rating, Ratings, rate_games, rate_sheets, rate_tournament


def _night(players: list[str], winner: int) -> ScoreSheet:
    """A one-round game night that `winner` wins: only they hit their bid (R6)."""
    bids = [1 if seat == winner else 0 for seat in range(len(players))]
    tricks = [1 if seat == winner else 0 for seat in range(len(players))]
    tricks[(winner + 1) % len(players)] += 1  # the next seat bid 0 and takes the other trick
    return ScoreSheet(players=players, rules=Rules(schedule=Schedule(cards_per_round=(2,)))).record(
        bids=bids, tricks=tricks
    )


def test_r7_game_nights_rate_the_people() -> None:
    """Ann wins most nights: she is rated first, with less uncertainty than a newcomer; Dee joins late."""
    nights = [_night(["Ann", "Ben", "Cy"], 0) for _ in range(6)]
    nights += [_night(["Ben", "Cy", "Ann", "Dee"], 0), _night(["Ann", "Ben", "Cy"], 1)]
    ratings = rate_sheets(nights)
    assert ratings.games == 8
    assert ratings.ratings[0].name == "Ann"
    assert ratings["Dee"].games == 1
    assert ratings["Ann"].games == 8
    assert ratings["Dee"].sigma > ratings["Ann"].sigma
    assert ratings["Ann"].low < ratings["Ann"].mu < ratings["Ann"].high
    chances = ratings.win_chances(["Ann", "Ben", "Cy"])
    assert sum(chances.values()) == pytest.approx(1)
    assert max(chances, key=chances.__getitem__) == "Ann"


def test_tournament_ratings_rank_the_stronger_bot_first() -> None:
    short = Rules(schedule=Schedule.ladder(4, rounds=3))
    result = tournament([RuleBot, RandomBot, RandomBot, RandomBot], 40, rules=short, executor=None)
    ratings = rate_tournament(result)
    assert next(r.name for r in ratings) == "RuleBot"
    assert ratings.games == 40
    assert all(r.games == 40 for r in ratings)
    assert ratings["RuleBot"].conservative > max(r.high for r in ratings.ratings[1:]) - 3 * 25 / 3


def test_shared_places_rate_alike() -> None:
    ratings = rate_games([[("A", 1), ("B", 2), ("C", 2)]])
    assert ratings["B"].mu == pytest.approx(ratings["C"].mu)
    assert ratings["A"].mu > ratings["B"].mu


@settings(max_examples=20, deadline=None)
@given(
    games=st.lists(
        st.permutations(["A", "B", "C", "D"]).flatmap(
            lambda order: st.integers(3, 4).map(lambda k: [(name, place + 1) for place, name in enumerate(order[:k])])
        ),
        min_size=1,
        max_size=12,
    )
)
def test_ratings_are_ordered_and_count_games(games: list[list[tuple[str, int]]]) -> None:
    ratings = rate_games(games)
    assert ratings.games == len(games)
    keys = [r.conservative for r in ratings]
    assert keys == sorted(keys, reverse=True)
    for rating in ratings:
        assert rating.games == sum(any(name == rating.name for name, _ in game) for game in games)
        assert 0 < rating.sigma < 25 / 3 + 1e-9
    assert len(ratings) == len({name for game in games for name, _ in game})


def test_text_and_dict() -> None:
    ratings = rate_games([[("Ann", 1), ("Ben", 2), ("Cy", 3)]])
    lines = ratings.to_text().splitlines()
    assert lines[0] == "1 games rated"
    assert lines[1].split() == ["#", "player", "games", "rating", "skill", "95%", "range"]
    assert lines[2].split()[:2] == ["1", "Ann"]
    assert "Spieler" in ratings.to_text(language=Language.DE)
    assert "," in ratings.to_text(language=Language.DE).splitlines()[2]
    data = ratings.to_dict()
    assert data["games"] == 1
    assert data["ratings"][0]["name"] == "Ann"
    assert isinstance(ratings.ratings[0], Rating)
    assert isinstance(ratings, Ratings)


@pytest.mark.parametrize(
    ("games", "match"),
    [
        ([[("A", 1)]], "2 or more"),
        ([[("A", 1), ("A", 2)]], "2 or more different"),
        ([[("A", 0), ("B", 1)]], "place"),
        ([[("", 1), ("B", 1)]], "non-empty"),
        ([[("A", 1, 3), ("B", 1)]], "pair"),
        (["AB"], "not a list"),
        ([[("A", True), ("B", 1)]], "place"),
    ],
)
def test_bad_games_are_refused(games: list[object], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        rate_games(games)  # type: ignore[arg-type]


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(RulesError, match="not a ScoreSheet"):
        rate_sheets(["sheet"])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="no rounds"):
        rate_sheets([ScoreSheet(players=["A", "B", "C"])])
    with pytest.raises(RulesError, match="not a TournamentResult"):
        rate_tournament("result")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="language"):
        rate_games([[("A", 1), ("B", 2)]]).to_text(language="de")  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        rate_games([[("A", 1), ("B", 2)]])["Z"]


def test_the_ratings_chart() -> None:
    """The chart draws a row per player, best first, with the skill and the title in the language asked for."""
    ratings = rate_games([[("Ann", 1), ("Ben", 2), ("Cy", 3)], [("Ann", 1), ("Cy", 2), ("Ben", 3)]])
    picture = svg.ratings(ratings)
    assert picture.startswith("<svg")
    assert picture.count("data-player=") == 3
    assert picture.index('data-player="Ann"') < picture.index('data-player="Cy"')
    assert f'data-mu="{ratings["Ann"].mu:.3f}"' in picture
    assert "Ratings after 2 games" in picture
    assert "Wertungen nach 2 Spielen" in svg.ratings(ratings, lang=Language.DE, size=300)
    with pytest.raises(svg.PictureError, match="Ratings"):
        svg.ratings("ratings")  # type: ignore[arg-type]


# -- names as the score sheet reads them; places and fields the model cannot take ----------------------------


def test_nfc_and_nfd_forms_of_a_name_are_one_player() -> None:
    """`Zoë` typed composed or decomposed is one player across games, and found by either form."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    ratings = rate_games([[(composed, 1), ("Ben", 2)], [(decomposed, 1), ("Ben", 2)]])
    assert [rating.name for rating in ratings] == [composed, "Ben"]
    assert ratings[decomposed].games == 2
    assert ratings[composed] == ratings[decomposed]
    with pytest.raises(RulesError, match="2 or more different"):
        rate_games([[(composed, 1), (decomposed, 2)]])
    assert set(ratings.win_chances([decomposed, "Ben"])) == {decomposed, "Ben"}
    with pytest.raises(PlayerError, match="U\\+202E"):
        rate_games([[("Ann\u202e", 1), ("Ben", 2)]])


@given(
    names=st.lists(
        st.sampled_from(["Zo\u00eb", "Zoe\u0308", "A\u030a", "\u00c5", "\u212b", "Ben"]), min_size=2, max_size=4
    ),
    places=st.lists(st.integers(-2, 10**400), min_size=4, max_size=4),
)
def test_any_names_and_places_are_rated_or_refused_by_the_library(names: list[str], places: list[int]) -> None:
    """Places from 1 to the game's players are rated, others refused; a name in two forms is refused as twice."""
    game = list(zip(names, places, strict=False))
    forms = [unicodedata.normalize("NFC", name) for name in names]
    fine = len(set(forms)) == len(forms) and all(1 <= place <= len(game) for _, place in game)
    try:
        ratings = rate_games([game])
    except RulesError:
        assert not fine
        return
    assert fine
    assert sorted(rating.name for rating in ratings) == sorted(forms)


@pytest.mark.parametrize("names", [[], ["Ann"], ["Ann", "Ann"], ["Ann", "Zed"], "Ann", [1, 2]])
def test_win_chances_of_fewer_than_two_rated_players_are_refused(names: object) -> None:
    """A field of one player, the same player twice, an unknown player or no list: the library's RulesError."""
    ratings = rate_games([[("Ann", 1), ("Ben", 2)]])
    with pytest.raises(RulesError):
        ratings.win_chances(names)  # type: ignore[arg-type]


def test_one_bot_tournament_and_one_player_fields_are_the_librarys_errors() -> None:
    """A game of one player (a place past the players) is refused before openskill sees it."""
    for game in ([("Ann", 1)], [("Ann", 1), ("Ben", 3)], [("Ann", 0), ("Ben", 1)], [("Ann", True), ("Ben", 2)]):
        with pytest.raises(RulesError, match="game 1"):
            rate_games([game])


def test_a_one_bot_result_never_reaches_the_model() -> None:
    """A result of one bot cannot be made or read (a game needs 3 to 6 players), so `rate_tournament` never
    hands openskill a one-player field; a result of 3 bots is rated."""
    import attrs

    from wizardrules import FormatError
    from wizardrules.tournament import TournamentResult

    result = tournament(
        [RuleBot, RandomBot, RandomBot], 3, rules=Rules(schedule=Schedule.ladder(3, rounds=2)), executor=None
    )
    with pytest.raises(RulesError, match="1 bots cannot play"):
        attrs.evolve(result, bots=result.bots[:1], specs=result.specs[:1])
    data = result.to_dict()
    data["bots"] = data["bots"][:1]
    with pytest.raises(FormatError, match="1 bots cannot play"):
        TournamentResult.from_dict(data)
    assert len(rate_tournament(result)) == 3


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"mu": 1e300}, "mu"),
        ({"mu": float("nan")}, "mu"),
        ({"sigma": 0.0}, "sigma"),
        ({"sigma": float("inf")}, "sigma"),
        ({"sigma": "8"}, "sigma"),
        ({"name": ""}, "name"),
        ({"games": -1}, "games"),
    ],
)
def test_ratings_made_by_hand_are_checked(fields: dict[str, object], match: str) -> None:
    """A rating the model could not take (it overflowed on skills near the largest floats) is a RulesError."""
    with pytest.raises(RulesError, match=match):
        Rating(**{"name": "Ann", "mu": 25.0, "sigma": 8.0, "games": 1, **fields})  # type: ignore[arg-type]
    ann, ben = Rating(name="Ann", mu=25.0, sigma=8.0, games=1), Rating(name="Ben", mu=-1e6, sigma=1e6, games=1)
    assert set(Ratings(ratings=(ann, ben), games=1).win_chances(["Ann", "Ben"])) == {"Ann", "Ben"}
    for ratings, games in (((ann, ann), 1), (("Ann",), 1), ((ann,), -1), ([ann], 1)):
        with pytest.raises(RulesError):
            Ratings(ratings=ratings, games=games)  # type: ignore[arg-type]


def test_a_game_of_too_many_players_is_refused_at_once() -> None:
    """More players than `MAX_PLAYERS_RATED` in one game are refused before the model spends minutes on them."""
    from wizardrules.tournament.ratings import MAX_PLAYERS_RATED

    with pytest.raises(RulesError, match="more than 1,000 players"):
        rate_games([[(f"P{i}", i + 1) for i in range(MAX_PLAYERS_RATED + 1)]])
    with pytest.raises(RulesError, match="more than 1,000 players"):
        rate_games([range(10**12)])  # type: ignore[list-item]
