"""Tests for the pictures (`wizardrules.svg`): cards, hands, tricks, the table and the score chart.

Every picture is well-formed XML in the SVG namespace with a title and a description for
screen readers; text is escaped; a card shows its suit by colour and symbol (R1.3) and its
declaration (R8); a trick shows its winner and the deciding rule (R5.4, R8.9); the table
never shows a card its view does not hold (R4.3-R4.5); the chart's lines run through the
players' totals (R6.3) and mark hits, misses, blind bids (R4.4) and the winners (R7).
Pixels are checked in `test_svg_pixels.py`.
"""

from __future__ import annotations

import ast
import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wizardrules
from wizardrules import (
    ALL_CARDS,
    BidReveal,
    Card,
    CardKind,
    GameState,
    Language,
    PlayerView,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    Schedule,
    ScoreSheet,
    Suit,
    Trick,
    TrickError,
    Variant,
    WinReason,
    WizardRulesError,
    _lazy,
    legal_plays,
    new_game,
    parse_cards,
    play_game,
    svg,
)
from wizardrules.cli import main
from wizardrules.svg import DARK, LIGHT, Layout, Palette, PictureError, Theme

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
TRICKY_NAMES = ["<b>Ann</b>", "Ben & Co", 'Cem "the" Bold', "D'Arcy"]


def parse(picture: str) -> ET.Element:
    """Parse a picture and check the frame every picture has: SVG namespace, title, desc, role."""
    root = ET.fromstring(picture)  # noqa: S314 - our own output
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    title, desc = root[0], root[1]
    assert title.tag == f"{NS}title"
    assert desc.tag == f"{NS}desc"
    assert (title.text or "").strip()
    assert (desc.text or "").strip()
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert float(root.get("width", "0")) > 0
    assert float(root.get("height", "0")) > 0
    return root


def texts(root: ET.Element) -> list[str]:
    """Every `<text>` element's words in document order (its tooltip left out)."""
    return [(el.text or "") + "".join(child.tail or "" for child in el) for el in root.iter(f"{NS}text")]


def all_text(root: ET.Element) -> str:
    return " ".join(t for t in texts(root) if t)


def data_cards(root: ET.Element) -> list[str]:
    return [el.get("data-card", "") for el in root.iter() if el.get("data-card") is not None]


def play_to(state: GameState, rng: random.Random, stop: int) -> Iterator[GameState]:
    """The states of a game of random legal actions, up to `stop` actions."""
    yield state
    for _ in range(stop):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


# -- cards (R1.3, R8) --------------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
@pytest.mark.parametrize("lang", list(Language))
def test_r1_3_every_card_is_a_named_picture(card: Card, lang: Language) -> None:
    """R1.3: every card, declared forms included, draws as an SVG titled with its display name."""
    root = parse(svg.card(card, lang=lang))
    assert root.findtext(f"{NS}title") == card.display(lang)
    assert data_cards(root) == [str(card)]
    groups = [el for el in root.iter() if el.get("data-card")]
    assert groups[0].findtext(f"{NS}title") == card.display(lang)


@pytest.mark.parametrize("suit", list(Suit))
def test_r1_3_a_suit_card_shows_its_colour_and_its_symbol(suit: Suit) -> None:
    """R1.3: a suit card has its suit's colour and symbol (three times: two corners, centre)."""
    picture = svg.card(Card.suited(suit, 13))
    root = parse(picture)
    assert [el.get("data-suit") for el in root.iter() if el.get("data-suit")] == [suit.letter] * 3
    assert LIGHT.suit(suit) in picture
    assert sorted(t for t in texts(root) if t == "13") == ["13", "13"]
    others = [LIGHT.suit(s) for s in Suit if s is not suit]
    assert not any(colour in picture for colour in others)


def test_r1_3_without_symbols_a_suit_shows_by_colour_and_rank() -> None:
    """R1.3: symbols=False leaves the symbols out; the colour and the rank stay."""
    picture = svg.card(Card.parse("Y12"), symbols=False)
    root = parse(picture)
    assert not [el for el in root.iter() if el.get("data-suit")]
    assert LIGHT.yellow in picture
    assert texts(root).count("12") == 3


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        ("W", ["W", "Wizard"], ["Z", "Zauberer"]),
        ("J", ["J", "Jester"], ["N", "Narr"]),
        ("DRAGON", ["D", "Dragon"], ["D", "Drache"]),
        ("BOMB", ["B", "Bomb"], ["B", "Bombe"]),
        ("SHAPESHIFTER", ["S", "Shapeshifter"], ["G", "Gestaltwandler"]),
    ],
)
def test_r1_3_wizard_jester_and_special_faces_carry_their_names(
    text: str, english: list[str], german: list[str]
) -> None:
    """R1.3: Wizards, Jesters and special cards show their letter and name, in English or German."""
    card = Card.parse(text)
    assert [t for t in texts(parse(svg.card(card))) if t.strip()] == english
    assert [t for t in texts(parse(svg.card(card, lang=Language.DE))) if t.strip()] == german


@pytest.mark.parametrize(("text", "value"), [("CLOUD:R", "9¾"), ("JUGGLER:B", "7½")])
def test_r8_2_a_declared_cloud_or_juggler_shows_its_suit_and_value(text: str, value: str) -> None:
    """R8.2, R8.3: `CLOUD:R` is drawn in red's colour with red's symbol and 9¾ (a Juggler 7½)."""
    card = Card.parse(text)
    assert card.suit is not None
    picture = svg.card(card)
    root = parse(picture)
    assert value in texts(root)
    assert card.undeclared.display() in texts(root)
    assert {el.get("data-suit") for el in root.iter() if el.get("data-suit")} == {card.suit.letter}
    assert LIGHT.suit(card.suit) in picture
    undeclared = parse(svg.card(card.undeclared))
    assert not [el for el in undeclared.iter() if el.get("data-suit")]


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [("SHAPESHIFTER:W", "as Wizard", "als Zauberer"), ("SHAPESHIFTER:J", "as Jester", "als Narr")],
)
def test_r8_7_a_declared_shapeshifter_shows_its_role(text: str, english: str, german: str) -> None:
    """R8.7: a Shapeshifter played as a Wizard or Jester says so."""
    card = Card.parse(text)
    assert english in texts(parse(svg.card(card)))
    assert german in texts(parse(svg.card(card, lang=Language.DE)))


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    """`size` is the picture's width in pixels; the drawing scales through the viewBox."""
    root = parse(svg.card(Card.parse("R1"), size=124))
    natural = parse(svg.card(Card.parse("R1")))
    assert float(root.get("width", "")) == 124
    assert float(root.get("height", "")) == pytest.approx(float(natural.get("height", "")) * 2)
    assert root.get("viewBox") == natural.get("viewBox")


# -- hands -------------------------------------------------------------------------------------


@given(st.lists(st.sampled_from([c for c in ALL_CARDS if c.undeclared is c]), max_size=15), st.booleans())
def test_a_hand_is_drawn_in_the_documented_sort_order(cards: list[Card], fan: bool) -> None:
    """A hand shows its cards as `sorted` orders them (Jesters, suits by rank, Wizards, specials)."""
    root = parse(svg.hand(cards, fan=fan))
    assert data_cards(root) == [str(c) for c in sorted(cards)]


@pytest.mark.parametrize("fan", [False, True])
def test_r5_3_hand_raises_the_legal_plays_and_dims_the_rest(fan: bool) -> None:
    """R5.3: with `legal`, the playable cards are raised and ringed, the others dimmed."""
    cards = parse_cards("W B7 R3 J B12 G4")
    legal = legal_plays(cards, parse_cards("B2"))
    root = parse(svg.hand(cards, legal=legal, fan=fan))
    raised = [el for el in root.iter() if el.get("data-raised") == "true"]
    assert sorted(c.get("data-card", "") for el in raised for c in el.iter() if c.get("data-card")) == sorted(
        str(c) for c in legal
    )
    dimmed = [c.get("data-card", "") for el in root.iter() if el.get("data-dimmed") for c in el if c.get("data-card")]
    assert sorted(dimmed) == ["G4", "R3"]
    assert not [el for el in root.iter() if el.get("opacity") is not None]  # opaque: no card shows through another


@pytest.mark.parametrize("lang", list(Language))
def test_hand_of_many_cards_keeps_every_name_in_sight(lang: Language) -> None:
    """A covered Wizard's or Jester's name keeps to the strip of the card left in sight, at the left edge."""
    cards = parse_cards("W J R1 R9 Y8 Y9 Y12 Y13 G8 G10 W J")
    root = parse(svg.hand(cards))
    step = Layout().hand_step
    names = [el for el in root.iter(f"{NS}text") if (el.text or "") in {"Wizard", "Jester", "Zauberer", "Narr"}]
    assert len(names) == 4
    root = parse(svg.hand(cards, lang=lang))
    layout = Layout()
    covered = [
        el
        for el in root.iter(f"{NS}text")
        if el.get("text-anchor") == "start" and (el.text or "") in {"Wizard", "Jester", "Zauberer", "Narr"}
    ]
    assert len(covered) == 3  # the last card is not covered: its name stays centred
    for el in covered:
        width = layout.text_width(el.text or "", float(el.get("font-size", "0")))
        assert float(el.get("x", "0")) + width <= step + 0.01


def test_hand_refuses_a_legal_card_it_does_not_hold() -> None:
    """Highlighting a card the hand does not hold is a mistake, not a picture."""
    with pytest.raises(PictureError, match="R9"):
        svg.hand(parse_cards("R3 W"), legal=parse_cards("R9"))


# -- tricks (R5.4, R8.9) -------------------------------------------------------------------------


def winner_card(root: ET.Element) -> list[str]:
    """The cards drawn raised: the winner (or, after a Bomb, the card whose player leads next)."""
    return [
        c.get("data-card", "") for el in root.iter() if el.get("data-raised") for c in el.iter() if c.get("data-card")
    ]


@pytest.mark.parametrize(
    ("cards", "trump", "winner", "reason"),
    [
        ("B9 W G13 W", Suit.GREEN, 1, WinReason.FIRST_WIZARD),
        ("B13 R2 B9", Suit.RED, 1, WinReason.HIGHEST_TRUMP),
        ("Y7 Y11 R13", Suit.BLUE, 1, WinReason.HIGHEST_LED),
        ("J J J", Suit.YELLOW, 0, WinReason.FIRST_JESTER),
        ("DRAGON FAIRY W", None, 1, WinReason.FAIRY_BEATS_DRAGON),
    ],
)
def test_r5_4_trick_shows_the_winner_and_the_deciding_rule(
    cards: str, trump: Suit, winner: int, reason: WinReason
) -> None:
    """R5.4 (seed 002's examples), R8.9: the winning card is raised, its player named, the rule said."""
    played = parse_cards(cards)
    names = ["Ann", "Ben", "Cem", "Dan"][: len(played)]
    for lang in Language:
        root = parse(svg.trick(played, trump=trump, players=names, lang=lang))
        words = all_text(root)
        assert winner_card(root) == [str(played[winner])]
        assert reason.display(lang)[1:] in words
        assert f"{names[winner]} {'gewinnt' if lang is Language.DE else 'wins'}" in words
        assert data_cards(root) == [str(c) for c in played]
        assert names == [t for t in texts(root) if t in names]


def test_r5_4_trick_marks_trump_and_the_led_suit() -> None:
    """R5.2: the trick's header names trump and the led suit, each with its symbol."""
    root = parse(svg.trick(parse_cards("J Y7 R13"), trump=Suit.BLUE))
    words = texts(root)
    assert words[:4] == ["Trump: ", "Blue", "Led: ", "Yellow"]
    header = [el.get("data-suit") for el in root.iter() if el.get("data-suit")][:2]
    assert header == ["B", "Y"]
    none = texts(parse(svg.trick(parse_cards("W Y7 R13"))))
    assert none[:4] == ["Trump: ", "no trump", "Led: ", "no suit"]


def test_r8_1_a_bomb_trick_has_no_winner_and_marks_who_leads_next() -> None:
    """R8.1: after a Bomb nobody wins; the card that would have won is marked, its player leads next."""
    root = parse(svg.trick(parse_cards("R3 BOMB R9"), trump=Suit.GREEN, players=["Ann", "Ben", "Cem"]))
    words = all_text(root)
    assert winner_card(root) == ["R9"]
    assert "The Bomb: nobody wins the trick" in words
    assert "Cem leads next" in words
    assert "wins with" not in words


def test_an_incomplete_trick_shows_the_empty_places_and_who_is_to_play() -> None:
    """A `Trick` in progress: names by seat from the leader, empty places, the seat to play."""
    trick = Trick(leader=2, players=4, trump=Suit.RED, cards=parse_cards("J Y7"))
    root = parse(svg.trick(trick, players=["Ann", "Ben", "Cem", "Dan"]))
    words = texts(root)
    assert [w for w in words if w in ("Ann", "Ben", "Cem", "Dan")] == ["Cem", "Dan", "Ann", "Ben"]
    assert "Ann to play" in words
    assert sum(1 for el in root.iter(f"{NS}rect") if el.get("stroke-dasharray")) == 2
    assert not winner_card(root)
    seats = texts(parse(svg.trick(trick)))
    assert "Seat 0 to play" in seats


def test_trick_checks_its_input() -> None:
    """A trick that cannot occur is a TrickError; a second trump for a Trick a PictureError."""
    with pytest.raises(TrickError):
        svg.trick(parse_cards("R3 R3"))
    with pytest.raises(TrickError):
        svg.trick(parse_cards("R3"), trump="red")  # type: ignore[arg-type]
    with pytest.raises(PictureError, match="its own trump"):
        svg.trick(Trick(leader=0, players=3, trump=Suit.RED), trump=Suit.BLUE)
    with pytest.raises(PictureError, match="3 names"):
        svg.trick(parse_cards("R3 R4 R5"), players=["Ann"])


# -- escaping ----------------------------------------------------------------------------------


def test_names_with_markup_characters_stay_text() -> None:
    """Player names with <, &, quotes and apostrophes are escaped in every picture that shows them."""
    sheet = ScoreSheet(players=TRICKY_NAMES).record(bids=[1, 0, 0, 0], tricks=[1, 0, 0, 0])
    state = new_game(TRICKY_NAMES, seed=4)
    pictures = [
        svg.trick(parse_cards("B9 W G13 W"), trump=Suit.GREEN, players=TRICKY_NAMES),
        svg.table(state),
        svg.scores(sheet),
    ]
    for picture in pictures:
        root = parse(picture)
        words = texts(root)
        for name in TRICKY_NAMES:
            assert any(name in w for w in words), (name, words)
    players = [el.get("data-player", "") for el in parse(svg.scores(sheet)).iter() if el.get("data-player")]
    assert sorted(players) == sorted(TRICKY_NAMES)
    assert "<b>" not in pictures[0]


# -- the table (R4.3-R4.5) ----------------------------------------------------------------------

TABLE_RULES = (
    Rules(),
    Rules(bid_reveal=BidReveal.SECRET),
    Rules(bid_reveal=BidReveal.SIMULTANEOUS, variants=Variant.BLIND_BIDS),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
    Preset.ANNIVERSARY_2021.rules(),
)


def visible_cards(view: PlayerView) -> Counter[Card]:
    """The cards a view holds: own hand, hands it sees, the turned-up card, the current trick."""
    cards: Counter[Card] = Counter(view.current_trick.cards)
    for hand in view.seen_hands:
        cards.update(hand or ())
    if view.turned_up is not None:
        cards[view.turned_up] += 1
    return cards


def hidden_cards(state: GameState, view: PlayerView) -> set[Card]:
    """The cards in other hands that the view does not see: not the turned-up card a Werewolf's
    holder took (R8.6), nor Wizards and Jesters (one is like another)."""
    hidden: set[Card] = set()
    for seat in range(len(view.players)):
        if seat != view.seat and view.seen_hands[seat] is None:
            hidden.update(c for c in state.hand(seat) if c.kind not in (CardKind.WIZARD, CardKind.JESTER))
    return hidden - set(visible_cards(view))


@given(
    players=st.integers(3, 6),
    rules=st.sampled_from(range(len(TABLE_RULES))),
    game=st.integers(0, 2**32),
    steps=st.integers(0, 90),
    seat=st.integers(0, 5),
    lang=st.sampled_from(Language),
)
def test_r4_table_shows_no_card_the_view_does_not_hold(
    *, players: int, rules: int, game: int, steps: int, seat: int, lang: Language
) -> None:
    """R4.3-R4.5: over random games and moments, the table of a view draws only cards the view holds,
    and names no card of a hand it cannot see."""
    base = TABLE_RULES[rules]
    rng = random.Random(game)
    short = Rules(
        bid_policy=base.bid_policy,
        bid_reveal=base.bid_reveal,
        variants=base.variants,
        special_cards=base.special_cards,
        schedule=Schedule.ladder(players, rounds=4),
    )
    state = new_game(players, rules=short, rng=rng)
    *_, state = play_to(state, rng, steps)
    view = state.view(seat % players)
    root = parse(svg.table(view, lang=lang))
    drawn = Counter(Card.parse(text) for text in data_cards(root))
    assert drawn <= visible_cards(view)
    words = " ".join([all_text(root), root.findtext(f"{NS}desc") or ""])
    for card in hidden_cards(state, view):
        assert not re.search(rf"\b{re.escape(card.display(lang))}\b", words), card


def test_r4_5_table_in_a_clairvoyance_round_shows_the_others_cards_not_ones_own() -> None:
    """R4.5: in round 1 of clairvoyance the table shows the others' cards and hides one's own."""
    state = new_game(["Ann", "Ben", "Cem"], rules=Rules(variants=Variant.CLAIRVOYANCE), seed=2)
    view = state.view(0)
    root = parse(svg.table(view))
    others = [str(c) for seat in (1, 2) for c in state.hand(seat)]
    assert sorted(data_cards(root)) == sorted([*others, str(view.turned_up)])
    assert "unseen in a clairvoyance round" in texts(root)


def test_table_of_a_state_is_the_view_of_the_player_to_act() -> None:
    """A GameState draws the view of the seat to act, or of the seat asked for."""
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    assert state.to_move is not None
    assert svg.table(state) == svg.table(state.view(state.to_move))
    assert svg.table(state, seat=2) == svg.table(state.view(2))
    with pytest.raises(PictureError, match="seat 1"):
        svg.table(state.view(1), seat=2)
    with pytest.raises(PictureError, match="PlayerView"):
        svg.table("state")  # type: ignore[arg-type]


def test_r5_3_table_raises_the_legal_plays_on_ones_turn() -> None:
    """R5.3: when the view's player is to play, the table raises exactly their legal plays."""
    rng = random.Random(11)
    for state in play_to(new_game(["Ann", "Ben", "Cem", "Dan"], seed=5), rng, 200):
        if (
            state.phase.value == "playing"
            and len(state.hand(state.to_move or 0)) > 2
            and state.view(0).current_trick.cards
        ):
            break
    assert state.to_move is not None
    view = state.view(state.to_move)
    assert view.hand is not None
    root = parse(svg.table(view))
    assert sorted(winner_card(root)) == sorted(str(c) for c in legal_plays(view.hand, view.current_trick.cards))
    bystander = parse(svg.table(state.view((state.to_move + 1) % 4)))
    assert winner_card(bystander) == []


def test_table_spreads_a_big_hand_over_the_free_width() -> None:
    """R2.2: a hand of 10 or 20 cards spans the table's width instead of huddling at its left."""
    rng = random.Random(1)
    for players, cards in ((4, 10), (3, 20)):
        state = new_game(["Ann", "Ben", "Cem", "Dana"][:players], rules=Preset.OFFICIAL.rules(), seed=4)
        while state.round_number < cards or state.phase.value != "playing":
            state = state.apply(rng.choice(state.legal_actions()))
        seat = ((state.to_move or 0) + 1) % players  # a bystander: the hand is drawn plain, card by card
        root = parse(svg.table(state, seat=seat))
        placed = [
            float(m.group(1))
            for el in root.iter()
            if el.get("data-card") and el.get("data-card") in {str(c) for c in state.hand(seat)}
            for m in [re.search(r"translate\(([-\d.]+)", el.get("transform", "") or "")]
            if m
        ]
        span = max(placed) - min(placed) + Layout().card_width
        assert span >= 0.9 * (float(root.get("width", "0")) - 2 * Layout().margin)


def test_r7_table_of_a_finished_game_names_the_winner_and_shows_no_empty_hands() -> None:
    """R7.1: once the game is over the table names the winner and rings their panel; no '× 0' card backs."""
    final = play_game([RuleBot(), RandomBot(seed=1), RandomBot(seed=2)], seed=7)
    root = parse(svg.table(final))
    words = all_text(root)
    winner = final.winners()[0]
    assert f"Game over: {winner} wins with {max(final.totals)} points" in words
    assert "× 0" not in words
    assert words.count("no cards") == 3
    assert [el for el in root.iter() if el.get("data-back")] == []
    ringed = [el.get("data-seat") for el in root.iter() if el.get("data-winner") == "true"]
    assert ringed == [str(final.players.index(winner))]
    german = all_text(parse(svg.table(final, lang=Language.DE)))
    assert f"Spielende: {winner} gewinnt" in german
    assert "keine Karten" in german


def test_r4_3_table_shows_only_the_bids_the_view_may_know() -> None:
    """R4.3: under secret bids the table shows one's own bid and a dash for the others."""
    state = new_game(["Ann", "Ben", "Cem"], rules=Rules(bid_reveal=BidReveal.SECRET), seed=1)
    for _ in range(3):
        state = state.apply(state.legal_actions()[-1])
    view = state.view(0)
    words = texts(parse(svg.table(view)))
    assert words.count("bid –") == 2
    assert f"bid {view.bids[0]}" in words


# -- the score chart (R6.3, R7) ----------------------------------------------------------------


def chart_sheet() -> ScoreSheet:
    rules = Rules(variants=Variant.BLIND_BIDS, schedule=Schedule.ladder(3, rounds=4))
    sheet = ScoreSheet(players=["Ann", "Ben", "Cem"], rules=rules)
    sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Ben"])
    sheet = sheet.record(bids=[2, 0, 1], tricks=[2, 0, 0])
    sheet = sheet.record(bids=[0, 3, 1], tricks=[1, 1, 1])
    return sheet.record(bids=[1, 2, 1], tricks=[1, 2, 1], blind=["Cem"])


def points_of(line: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in line.get("points", "").split())]


def test_r6_3_each_line_runs_through_the_players_totals() -> None:
    """R6.3: a line per player through 0 and the total after each round, on one shared scale."""
    sheet = chart_sheet()
    root = parse(svg.scores(sheet))
    lines = {el.get("data-player", ""): el for el in root.iter() if el.get("data-player")}
    assert sorted(lines) == ["Ann", "Ben", "Cem"]
    xs: set[tuple[float, ...]] = set()
    pairs = []
    for seat, name in enumerate(sheet.players):
        totals = [0]
        for r in sheet.rounds:
            totals.append(totals[-1] + r.points[seat])
        assert lines[name].get("data-totals") == " ".join(map(str, totals))
        assert totals[-1] == sheet.totals[seat]
        points = points_of(lines[name].find(f"{NS}polyline"))  # type: ignore[arg-type]
        xs.add(tuple(x for x, _ in points))
        pairs += [(t, y) for t, (_, y) in zip(totals, points, strict=True)]
    assert len(xs) == 1
    steps = [b - a for a, b in itertools.pairwise(xs.pop())]
    assert max(steps) == pytest.approx(min(steps))
    (t0, y0), (t1, y1) = min(pairs), max(pairs)
    slope = (y1 - y0) / (t1 - t0)
    assert slope < 0  # more points, higher up
    for total, y in pairs:
        assert y == pytest.approx(y0 + (total - t0) * slope)


def test_r6_1_r4_4_markers_tell_hits_misses_and_blind_bids() -> None:
    """R6.1, R4.4: one marker per player and round: hit or missed, blind or not, as the sheet says."""
    sheet = chart_sheet()
    root = parse(svg.scores(sheet))
    for seat, name in enumerate(sheet.players):
        line = next(el for el in root.iter() if el.get("data-player") == name)
        marks = [el for el in line if el.get("data-round")]
        assert [m.get("data-hit") == "true" for m in marks] == [r.hits[seat] for r in sheet.rounds]
        assert [m.get("data-blind") == "true" for m in marks] == [r.blind[seat] for r in sheet.rounds]
        assert sum(m.get("data-hit") == "true" for m in marks) == sheet.hits[seat]
        tooltips = [m.findtext(f"{NS}title") or "" for m in marks]
        assert all(t.startswith(f"{name}, Round {i + 1}: ") for i, t in enumerate(tooltips))


def test_r7_the_winners_are_highlighted_once_the_game_is_over() -> None:
    """R7.1, R7.2: a finished game's winners get a thicker line and a star; before the end, nobody."""
    sheet = chart_sheet()
    assert sheet.is_over
    root = parse(svg.scores(sheet))
    winners = [el.get("data-player") for el in root.iter() if el.get("data-winner") == "true"]
    assert winners == list(sheet.winners())
    assert f"★ {sheet.winners()[0]} {max(sheet.totals)}" in texts(root)
    assert root.findtext(f"{NS}title") == f"Scores: {sheet.winners()[0]} wins"
    running = parse(svg.scores(sheet.undo()))
    assert not [el for el in running.iter() if el.get("data-winner")]
    assert running.findtext(f"{NS}title") == "Scores: Round 3 of 4"


def test_scores_of_an_empty_sheet_and_in_german() -> None:
    """An empty sheet still draws (no lines but the start); German words for German pages."""
    root = parse(svg.scores(ScoreSheet(players=["A", "B", "C", "D", "E", "F"]), lang=Language.DE))
    assert root.findtext(f"{NS}title") == "Punkte: noch keine Runden"
    with pytest.raises(PictureError, match="ScoreSheet"):
        svg.scores(new_game(3, seed=1))  # type: ignore[arg-type]


# -- colours, themes, options ------------------------------------------------------------------

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
NORMAL = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def lab(colour: str, matrix: tuple[tuple[float, float, float], ...]) -> tuple[float, float, float]:
    """CIELAB of `colour` as seen with the colour vision `matrix`."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix)
    x, y, z = (
        0.4124 * r + 0.3576 * g + 0.1805 * b,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        0.0193 * r + 0.1192 * g + 0.9505 * b,
    )

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@pytest.mark.parametrize("matrix", [NORMAL, PROTANOPIA, DEUTERANOPIA], ids=["normal", "protanopia", "deuteranopia"])
@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_r1_3_suit_and_player_colours_stay_apart_in_red_green_colour_blindness(
    palette: Palette, matrix: tuple[tuple[float, float, float], ...]
) -> None:
    """R1.3: the four suit colours differ by ΔE > 30 and the six line colours by ΔE > 12, also
    as people with protanopia or deuteranopia see them (the symbols and dashes come on top)."""
    suits = [palette.suit(s) for s in Suit]
    for a, b in itertools.combinations(suits, 2):
        assert math.dist(lab(a, matrix), lab(b, matrix)) > 30, (a, b)
    for a, b in itertools.combinations(palette.players, 2):
        assert math.dist(lab(a, matrix), lab(b, matrix)) > 12, (a, b)


def test_pictures_switch_to_dark_colours_where_the_page_prefers_dark() -> None:
    """The light colours are attributes; a media query maps the same roles to the dark colours."""
    picture = svg.scores(chart_sheet())
    style = parse(picture).findtext(f"{NS}style") or ""
    assert style.startswith("@media (prefers-color-scheme: dark)")
    assert DARK.background in style
    assert DARK.players[0] in style
    assert f'fill="{LIGHT.background}"' in picture
    fixed = parse(svg.scores(chart_sheet(), theme=Theme(light=DARK, dark=None)))
    assert fixed.find(f"{NS}style") is None
    assert any(el.get("fill") == DARK.background for el in fixed.iter())


def test_theme_and_layout_options() -> None:
    """A custom palette's colours are drawn, sizes come from the layout, each theme scopes its style."""
    mine = Theme(light=attrs.evolve(LIGHT, red="#aa0000"))
    picture = svg.card(Card.parse("R5"), theme=mine)
    assert "#AA0000" in picture
    assert mine.key != Theme().key
    assert mine.key in (parse(picture).get("class") or "").split()
    big = parse(svg.card(Card.parse("R5"), layout=Layout(card_width=120, card_height=180)))
    assert big.get("viewBox") == "0 0 122 182"


@pytest.mark.parametrize(
    "bad",
    [
        lambda: svg.card(Card.parse("R5"), size=0),
        lambda: svg.card(Card.parse("R5"), size="big"),  # type: ignore[arg-type]
        lambda: svg.card(Card.parse("R5"), lang="de"),  # type: ignore[arg-type]
        lambda: svg.card(Card.parse("R5"), symbols=None),  # type: ignore[arg-type]
        lambda: svg.card(Card.parse("R5"), theme=LIGHT),  # type: ignore[arg-type]
        lambda: svg.card(Card.parse("R5"), layout=None),  # type: ignore[arg-type]
        lambda: svg.hand(parse_cards("R5"), fan="yes"),  # type: ignore[arg-type]
        lambda: attrs.evolve(LIGHT, red="red"),
        lambda: attrs.evolve(LIGHT, players=("#000000",)),
        lambda: attrs.evolve(LIGHT, players=None),  # type: ignore[arg-type]
        lambda: Theme(light=None),  # type: ignore[arg-type]
        lambda: Layout(card_width=-1),
        lambda: Layout(font=float("nan")),
    ],
)
def test_bad_options_raise_picture_errors(bad: object) -> None:
    """Options of the wrong kind raise PictureError (a WizardRulesError and ValueError), naming the option."""
    with pytest.raises(PictureError) as caught:
        bad()  # type: ignore[operator]
    assert isinstance(caught.value, WizardRulesError)
    assert isinstance(caught.value, ValueError)


def test_non_cards_are_card_errors() -> None:
    """A picture of something that is not a card is a CardError."""
    with pytest.raises(wizardrules.CardError):
        svg.card("R5")  # type: ignore[arg-type]
    with pytest.raises(wizardrules.CardError):
        svg.hand("R5 W")  # type: ignore[arg-type]
    with pytest.raises(wizardrules.CardError):
        svg.hand([Card.parse("R5"), "W"])  # type: ignore[list-item]


# -- notebook reprs ----------------------------------------------------------------------------


def test_reprs_draw_after_import_wizardrules() -> None:
    """`import wizardrules` gives Card and Trick an SVG repr, ScoreSheet, GameState and PlayerView HTML ones."""
    card = Card.parse("CLOUD:R")
    assert card._repr_svg_() == svg.card(card)
    trick = Trick(leader=1, players=3, trump=Suit.GREEN, cards=parse_cards("B9 W G13"))
    assert trick._repr_svg_() == svg.trick(trick)
    sheet = chart_sheet()
    html = sheet._repr_html_()
    assert html is not None
    assert "<table" in html
    assert svg.scores(sheet) in html
    assert ET.fromstring(html).tag == "div"  # noqa: S314 - our own output
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    assert svg.table(state) in (state._repr_html_() or "")
    assert svg.table(state.view(2)) in (state.view(2)._repr_html_() or "")


def test_reprs_without_a_renderer_fall_back_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing registered, a repr returns None and IPython shows the text repr instead."""
    monkeypatch.setattr(_lazy, "_RENDERERS", {})
    assert Card.parse("R3")._repr_svg_() is None
    assert ScoreSheet(players=["A", "B", "C"])._repr_html_() is None


LOWER_LAYERS = ["cards.py", "tricks.py", "sheet", "engine", "_lazy.py"]
"""Modules and packages (every module in them) below the pictures."""


@pytest.mark.parametrize("module", LOWER_LAYERS)
def test_lower_layers_never_import_the_pictures(module: str) -> None:
    """The reprs go through the registry: no lower layer imports `svg` or its helpers, anywhere."""
    path = ROOT / "src" / "wizardrules" / module
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    assert files
    assert all(file.is_file() for file in files), f"{module} is not in src/wizardrules"
    names = []
    for file in files:
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names += [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names += [a.name for a in node.names]
    assert names
    assert not [n for n in names if "svg" in n]
    if module == "_lazy.py":
        assert not [n for n in names if n.startswith("wizardrules")]


# -- command line ------------------------------------------------------------------------------


def test_cli_trick_svg_writes_the_trick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`wizardrules trick ... --svg FILE` prints the verdict and writes the trick's picture."""
    target = tmp_path / "trick.svg"
    assert main(["--lang", "de", "trick", "B9 W G13 W", "--trump", "green", "--svg", str(target)]) == 0
    assert "Karte 2" in capsys.readouterr().out
    root = parse(target.read_text(encoding="utf-8"))
    assert winner_card(root) == ["W"]
    assert "Der erste Zauberer gewinnt" in texts(root)


def test_cli_play_svg_writes_the_score_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`wizardrules play ... --svg FILE` writes the game's score chart; the totals match the printout."""
    target = tmp_path / "scores.svg"
    assert main(["--json", "play", "--players", "3", "--seed", "2", "--svg", str(target)]) == 0
    result = __import__("json").loads(capsys.readouterr().out)
    root = parse(target.read_text(encoding="utf-8"))
    ends = {
        el.get("data-player"): int((el.get("data-totals") or "").split()[-1])
        for el in root.iter()
        if el.get("data-player")
    }
    assert ends == dict(zip(result["players"], result["totals"], strict=True))
    assert [el.get("data-player") for el in root.iter() if el.get("data-winner")] == result["winners"]


def test_cli_svg_to_a_place_it_cannot_write_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An --svg path that cannot be written: exit 2, one error line naming it."""
    target = tmp_path / "missing" / "trick.svg"
    assert main(["trick", "R3 R4", "--svg", str(target)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "missing" in err
    assert "cannot write" in err


def test_scores_title_wraps_to_the_charts_width() -> None:
    """Five winners tie: the title goes onto more lines instead of widening the picture past its chart."""
    sheet = ScoreSheet(["Annalena", "Benjamin", "Carolina", "Dominika", "Emil", "Frederike"])
    for cards in range(1, 11):
        sheet = sheet.record(bids=[0] * 6, tricks=[cards, 0, 0, 0, 0, 0])
    picture = svg.scores(sheet)
    width = float(re.search(r'viewBox="0 0 ([0-9.]+) ', picture).group(1))  # type: ignore[union-attr]
    titles = re.findall(r'font-weight="bold">([^<]*)</text>', picture)
    assert titles[0].startswith("Scores:")
    assert len(titles) >= 2
    assert " ".join(t for t in titles if not t.startswith("★")).count("win") == 1
    narrow = svg.scores(sheet.undo(steps=9))
    assert width <= float(re.search(r'viewBox="0 0 ([0-9.]+) ', narrow).group(1)) + 60  # type: ignore[union-attr]
