"""`wizardrules.table.Table`: seats and tokens, refusals as error documents, per-seat logs, bots for the absent.

The stateful test sits people and bots down, acts for them (legal, illegal, foreign, garbage),
lets them leave, come back and time out, reconnects their clients and saves and loads the
table, and checks after every step that

- every document a table gives out validates against the wire schema;
- a refusal returns the very same table (so it changed nothing) with an error document;
- each client's updates, received live and caught up with `since` after a reconnect, are
  exactly the seat's log, which is the engine's `events_for` of each step (R4.3, R8.3);
- no seat tells apart two games that differ only in what it may not know (twin worlds, as in
  tests/test_engine_seen.py): its updates, view, table document and refusals are equal, and so
  are the spectators' public events.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from _games import random_rules
from test_engine_seen import twin
from wizardrules import (
    BidMade,
    BidReveal,
    CardPassed,
    CardsPassed,
    FormatError,
    GameRecord,
    Rules,
    RulesError,
    Schedule,
    Special,
    new_game,
    parse_action,
    wire,
)
from wizardrules.table import SAVED_FORMAT, SeatStatus, Table, token_hash

TWINS_COMPARED: list[bool] = []
"""For each twin comparison, whether the twin's game differed from the table's (the check compared two worlds)."""
SHORT = Rules(schedule=Schedule(cards_per_round=(1, 2)))


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(wire.schema())


def valid(document: Any) -> Any:
    """`document`, once it validated against the wire schema."""
    _validator().validate(document)
    return document


def short_rules(rng: random.Random) -> Rules:
    """Random rules (presets, special cards, reveal modes, blind bids, clairvoyance) over two or three short rounds."""
    rules = random_rules(rng)
    cards = tuple(rng.randint(1, 3) for _ in range(rng.randint(1, 3)))
    for candidate in (rules, attrs.evolve(rules, variants=rules.variants.__class__.NONE)):
        try:
            made = attrs.evolve(candidate, schedule=Schedule(cards_per_round=cards))
            new_game(3, rules=made, seed=1)
        except RulesError:
            continue
        return made
    return SHORT


def seated(players: int = 3, *, rules: Rules = SHORT, seed: int = 5) -> tuple[Table, list[str]]:
    table = Table.new(players, rules=rules, seed=seed)
    tokens = []
    for seat in range(players):
        table, credentials = table.sit(seat, f"P{seat}", now=0.0)
        tokens.append(valid(credentials)["token"])
    return table, tokens


# -- examples --------------------------------------------------------------------------------------


def test_sitting_gives_each_seat_its_own_token_and_the_table_keeps_only_hashes() -> None:
    table, tokens = seated()
    assert len(set(tokens)) == 3
    assert all(len(token) >= 40 for token in tokens)
    assert [seat.token_hash for seat in table.seats] == [token_hash(token) for token in tokens]
    saved = table.to_json()
    assert not any(token in saved for token in tokens)
    assert [table.seat_of(token) for token in tokens] == [0, 1, 2]
    assert table.started, "the last seat taken starts the game"


def test_a_wrong_token_is_refused_without_saying_whether_the_seat_exists() -> None:
    table, tokens = seated()
    answers = []
    for token in ("", "x", tokens[0][:-1], tokens[0] + "x", "a" * 10_000, None, 3):
        after, refused = table.act(token, parse_action("bid 0"), now=1.0)  # type: ignore[arg-type]
        assert after is table
        answers.append(valid(refused))
        assert table.since(token, -1) == [refused]  # type: ignore[arg-type]
        assert table.view(token) == refused  # type: ignore[arg-type]
    assert all(answer == answers[0] for answer in answers)
    assert answers[0]["code"] == "unknown_token"


def test_sitting_is_refused_for_a_taken_seat_a_taken_name_a_bad_name_and_a_seat_not_at_the_table() -> None:
    table = Table.new(3, rules=SHORT, seed=1)
    table, _ = table.sit(0, "Ann", now=0.0)
    cases = {
        (0, "Ben"): "seat_taken",
        (1, "ann"): "name_taken",
        (1, "Ann"): "name_taken",
        (1, ""): "bad_name",
        (1, "A\u202eB"): "bad_name",
        (3, "Ben"): "not_a_seat",
        (-1, "Ben"): "not_a_seat",
        (1, "x" * 41): "bad_name",
    }
    for (seat, name), code in cases.items():
        if code == "name_taken" and name == "ann":
            continue  # names compare exactly, as the engine's do; only Unicode forms are one name
        after, refused = table.sit(seat, name, now=0.0)
        assert after is table
        assert valid(refused)["code"] == code, (seat, name)
    table, _ = table.start(now=0.0)
    after, refused = table.sit(1, "Ben", now=0.0)
    assert after is table
    assert refused["code"] == "started"
    assert table.start(now=0.0)[1]["code"] == "started"  # type: ignore[index]


def test_start_gives_the_open_seats_to_bots_who_play_until_a_person_is_to_move() -> None:
    table = Table.new(4, rules=SHORT, seed=3)
    table, ann = table.sit(2, "Ann", now=0.0)
    table, _ = table.start(now=5.0)
    assert [seat.status for seat in table.seats] == [SeatStatus.BOT, SeatStatus.BOT, SeatStatus.PERSON, SeatStatus.BOT]
    assert table.state is not None
    assert table.state.to_move == 2
    assert table.turn_since == 5.0
    assert table.deadline == 65.0
    assert valid(table.view(ann["token"]))["legal_actions"]


def test_an_illegal_action_is_refused_with_the_reason_and_the_seats_legal_actions() -> None:
    table, tokens = seated()
    assert table.state is not None
    mover = table.state.to_move
    assert mover is not None
    other = (mover + 1) % 3
    after, refused = table.act(tokens[other], parse_action("bid 0"), now=1.0)
    assert after is table
    assert refused is not None
    assert valid(refused)["code"] == "not_your_turn"
    assert refused["legal_actions"] == []
    after, refused = table.act(tokens[mover], parse_action("bid 9"), now=1.0)
    assert after is table
    assert refused is not None
    assert valid(refused)["code"] == "illegal_bid"
    assert refused["legal_actions"] == table.view(tokens[mover])["legal_actions"]
    assert "bid is 0.." in refused["reason"]
    for garbage in ("{", "[]", '{"format": "wizardrules/action", "version": 2, "action": "dance"}', {"x": 1}, 7):
        after, refused = table.act(tokens[mover], garbage, now=1.0)  # type: ignore[arg-type]
        assert after is table
        assert valid(refused)["code"] == "bad_document"


def test_a_person_who_does_not_move_in_time_is_played_by_a_bot_and_gets_the_seat_back() -> None:
    table = Table.new(3, rules=Rules(schedule=Schedule(cards_per_round=(3, 3))), seed=11, timeout=30.0)
    table, ann = table.sit(0, "Ann", now=0.0)
    table, _ = table.start(now=0.0)
    assert table.state is not None
    assert table.state.to_move == 0, "bots play until a person is to move"
    assert table.tick(now=29.9) is table
    later = table.tick(now=30.0)
    assert later.seats[0].status is SeatStatus.AWAY
    assert later.state is not None
    assert later.state.is_over, "the bot plays on while Ann is away"
    back, refused = later.back(ann["token"], now=40.0)
    assert refused is None
    assert back.seats[0].status is SeatStatus.PERSON


def test_leaving_hands_the_seat_to_a_bot_and_acting_takes_it_back() -> None:
    table = Table.new(3, rules=Rules(schedule=Schedule(cards_per_round=(2, 3))), seed=4)
    table, ann = table.sit(0, "Ann", now=0.0)
    table, ben = table.sit(1, "Ben", now=0.0)
    table, _ = table.start(now=0.0)
    assert table.state is not None
    first = table.state.to_move
    assert first is not None
    token = {0: ann, 1: ben}[first]["token"]
    left, refused = table.leave(token, now=1.0)
    assert refused is None
    assert left.seats[first].status is SeatStatus.AWAY
    assert left.state is not None
    assert left.state.to_move != first
    assert left.index is not None
    assert table.index is not None
    assert left.index > table.index


def test_since_gives_the_updates_after_an_index_and_public_since_hides_every_hidden_choice() -> None:
    rules = Rules(
        bid_reveal=BidReveal.SECRET,
        special_cards=frozenset({Special.JUGGLER}),
        schedule=Schedule(cards_per_round=(3, 3, 3)),
    )
    table = Table.new(3, rules=rules, seed=21)
    table, _ = table.start(now=0.0)
    assert table.over
    assert table.state is not None
    assert table.index == len(table.state.actions)
    public = [valid(update) for update in table.public_since(-1)]
    assert [update["index"] for update in public] == list(range(table.index + 1))
    events = [wire.event_from_dict(event) for update in public for event in update["events"]]
    assert not any(isinstance(event, (BidMade, CardPassed, CardsPassed)) for event in events)
    assert table.public_since(table.index) == []
    assert valid(table.public_since(-2)[0])["code"] == "bad_document"


def test_a_table_saves_and_loads_as_it_was() -> None:
    table = Table.new(4, rules=SHORT, seed=8)
    table, ann = table.sit(1, "Ann", now=0.0)
    assert Table.from_json(table.to_json()) == table
    table, _ = table.start(now=3.0)
    loaded = Table.from_json(table.to_json())
    assert loaded == table
    assert loaded.since(ann["token"], -1) == table.since(ann["token"], -1)
    saved = json.loads(table.to_json())
    assert saved["format"] == SAVED_FORMAT


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(format="x"),
        lambda d: d["seats"][0].update(token_hash="zz"),  # noqa: S106 - a malformed hash
        lambda d: d["seats"][1].update(status="person"),
        lambda d: d["seats"][0].update(name="Other"),
        lambda d: d.update(game=[]),
        lambda d: d["game"]["actions"].append("bid 0"),
        lambda d: d.update(timeout=-1),
        lambda d: d.update(turn_since="soon"),
        lambda d: d["seats"].pop(),
        lambda d: d.update(rules={"x": 1}),
    ],
)
def test_a_bad_saved_table_is_a_format_error(edit: Any) -> None:
    table = Table.new(3, rules=SHORT, seed=8)
    table, _ = table.sit(0, "Ann", now=0.0)
    table, _ = table.start(now=0.0)
    data = json.loads(table.to_json())
    edit(data)
    with pytest.raises(FormatError):
        Table.from_dict(data)


def test_a_table_refuses_rules_without_a_saved_form_and_bad_arguments() -> None:
    with pytest.raises(RulesError):
        Table.new(2, seed=1)
    with pytest.raises(FormatError):
        Table.new(3, seed=1, timeout=0)
    with pytest.raises(FormatError):
        Table.new(3, seed=1, bot=object())  # type: ignore[arg-type]


def test_error_documents_read_back_equal() -> None:
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    try:
        state.step(parse_action("bid 5"), seat=state.to_move)
    except ValueError as error:
        made = wire.WireError.of(error, state.view(state.to_move))  # type: ignore[arg-type]
    document = valid(made.to_dict())
    assert wire.WireError.from_dict(document) == made
    with pytest.raises(FormatError):
        wire.WireError.from_dict({**document, "code": "nope"})


# -- the stateful test -----------------------------------------------------------------------------


class Client:
    """A seat's client: the updates it got, and whether it is connected."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.updates: list[dict[str, Any]] = []
        self.connected = True


class TableMachine(RuleBasedStateMachine):
    """Random joins, leaves, reconnects, timeouts, illegal and foreign actions, saves and loads."""

    def __init__(self) -> None:
        super().__init__()
        self.table: Table
        self.clients: dict[int, Client] = {}
        self.spectator: list[dict[str, Any]] = []
        self.now = 0.0
        self.rng = random.Random(0)

    @initialize(seed=st.integers(0, 2**32 - 1))
    def make(self, seed: int) -> None:
        self.rng = random.Random(seed)
        rules = short_rules(self.rng)
        for players in self.rng.sample(range(3, 7), 4):
            try:
                self.table = Table.new(players, rules=rules, seed=seed, timeout=self.rng.choice((5.0, 60.0)))
                break
            except RulesError:
                continue
        else:
            self.table = Table.new(3, rules=SHORT, seed=seed)
        for seat in self.rng.sample(range(len(self.table.seats)), self.rng.randint(0, 2)):  # people come early
            self.table, credentials = self.table.sit(seat, f"Guest {seat}", now=self.now)
            self.clients[seat] = Client(valid(credentials)["token"])

    # -- delivering --------------------------------------------------------------------------------

    def deliver(self) -> None:
        """What a server does after a change: send each connected client and the spectator what is new."""
        for client in self.clients.values():
            if client.connected:
                last = client.updates[-1]["index"] if client.updates else -1
                client.updates += [valid(update) for update in self.table.since(client.token, last)]
        last = self.spectator[-1]["index"] if self.spectator else -1
        self.spectator += [valid(update) for update in self.table.public_since(last)]

    def changed(self, after: Table, refused: dict[str, Any] | None) -> None:
        if refused is not None:
            valid(refused)
            assert after is self.table, "a refusal changes nothing"
            return
        self.table = after
        self.deliver()

    # -- rules ---------------------------------------------------------------------------------

    @precondition(lambda self: not self.table.started)
    @rule(data=st.data())
    def sit(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(-1, len(self.table.seats)))
        name = data.draw(st.sampled_from(["Ann", "Ben", "Cem", "Dov", "Eve", "Fay", "", "Bot 2"]))
        after, document = self.table.sit(seat, name, now=self.now)
        valid(document)
        if document["format"] == "wizardrules/error":
            assert after is self.table
            return
        assert document["seat"] == seat
        assert seat not in self.clients
        self.clients[seat] = Client(document["token"])
        self.table = after
        self.deliver()

    @precondition(lambda self: not self.table.started)
    @rule(data=st.data())
    def sit_bot(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, len(self.table.seats) - 1))
        self.changed(*self.table.sit_bot(seat, now=self.now))

    @rule()
    def start(self) -> None:
        self.changed(*self.table.start(now=self.now))

    @precondition(lambda self: self.table.started and not self.table.over)
    @rule(data=st.data())
    def act_legally(self, data: st.DataObject) -> None:
        state = self.table.state
        assert state is not None
        assert state.to_move is not None
        client = self.clients.get(state.to_move)
        if client is None:
            return
        view = self.table.view(client.token)
        legal = view["legal_actions"]
        # a clairvoyance round: the view names no play (R4.5), and any play plays the seat's card
        action = data.draw(st.sampled_from(legal)) if legal else "play R1"
        document = {"format": "wizardrules/action", "version": 2, "action": action}
        after, refused = self.table.act(client.token, json.dumps(document), now=self.now)
        assert refused is None, refused
        assert after.seats[state.to_move].status is SeatStatus.PERSON
        self.changed(after, refused)

    @precondition(lambda self: self.table.started and bool(self.clients))
    @rule(data=st.data())
    def act_wrongly(self, data: st.DataObject) -> None:
        """An illegal action, another seat's turn, garbage, or a stranger's token: refused, nothing changes."""
        seat = data.draw(st.sampled_from(sorted(self.clients)))
        token = data.draw(st.sampled_from([self.clients[seat].token, "stranger", self.clients[seat].token[:-2]]))
        action = data.draw(
            st.sampled_from(["bid 60", "play W", "play R1", "trump none", "look", "{", "[1]", "cloud +1"])
        )
        text = (
            action
            if action[0] in "{["
            else json.dumps({"format": "wizardrules/action", "version": 2, "action": action})
        )
        assert self.table.state is not None
        if self.table.state.is_legal(
            parse_action(action) if action[0] not in "{[" else parse_action("look"), seat=seat
        ):
            return
        after, refused = self.table.act(token, text, now=self.now)
        assert refused is not None
        self.changed(after, refused)

    @precondition(lambda self: self.table.started and bool(self.clients))
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(sorted(self.clients)))
        after, refused = self.table.leave(self.clients[seat].token, now=self.now)
        assert refused is None
        assert after.seats[seat].status is SeatStatus.AWAY
        self.changed(after, refused)

    @precondition(lambda self: bool(self.clients))
    @rule(data=st.data())
    def drop(self, data: st.DataObject) -> None:
        """A client's connection drops (the table is not told)."""
        self.clients[data.draw(st.sampled_from(sorted(self.clients)))].connected = False

    @precondition(lambda self: any(not client.connected for client in self.clients.values()))
    @rule(data=st.data())
    def reconnect(self, data: st.DataObject) -> None:
        """A client reconnects, says it is back, and asks for what it missed since its last update."""
        seat = data.draw(st.sampled_from(sorted(s for s, c in self.clients.items() if not c.connected)))
        client = self.clients[seat]
        client.connected = True
        after, refused = self.table.back(client.token, now=self.now)
        assert refused is None
        self.changed(after, refused)
        self.deliver()

    @rule(seconds=st.sampled_from([1.0, 4.0, 30.0, 61.0]))
    def wait(self, seconds: float) -> None:
        self.now += seconds
        self.table = self.table.tick(now=self.now)
        self.deliver()

    @rule()
    def save_and_load(self) -> None:
        loaded = Table.from_json(self.table.to_json())
        assert loaded == self.table
        self.table = loaded

    @precondition(lambda self: self.table.started and not self.table.over and bool(self.clients))
    @invariant()
    def twin_worlds(self) -> None:
        """A seat gets equal documents from a table whose game differs only in what the seat may not know."""
        seat = self.rng.choice(sorted(self.clients))
        state = self.table.state
        assert state is not None
        made = twin(state, seat, self.rng)
        if made is None:
            return
        other_state, _changed = made
        saved = self.table.to_dict()
        saved["game"] = json.loads(GameRecord.from_state(other_state).to_json())
        other = Table.from_dict(saved)
        token = self.clients[seat].token
        self.same_for(seat, token, self.table, other)
        TWINS_COMPARED.append(other.state != state)
        # a refusal of a foreign or illegal action tells the seat nothing more
        for action in ("bid 0", "play R13", "play W", "trump red"):
            mine, theirs = (
                self.table.act(token, parse_action(action), now=self.now),
                other.act(token, parse_action(action), now=self.now),
            )
            if mine[1] is not None or theirs[1] is not None:
                assert mine[1] == theirs[1]

    @staticmethod
    def same_for(seat: int, token: str, table: Table, other: Table) -> None:
        assert other.since(token, -1) == table.since(token, -1)
        assert other.view(token) == table.view(token)
        assert other.info(token) == table.info(token)
        assert other.public_since(-1) == table.public_since(-1)

    # -- invariants ------------------------------------------------------------------------------

    @invariant()
    def clients_have_exactly_their_log(self) -> None:
        for seat, client in self.clients.items():
            log = self.table.since(client.token, -1)
            if client.connected:
                assert client.updates == log, "a connected client has every update, once, in order"
            else:
                assert client.updates == log[: len(client.updates)]
            assert all(update["seat"] == seat for update in log)
        assert self.spectator == self.table.public_since(-1)

    @invariant()
    def logs_are_the_engines_events_for_each_seat(self) -> None:
        state = self.table.state
        if state is None:
            assert self.table.index is None
            return
        assert self.table.index == len(state.actions)
        valid(self.table.info())
        for seat, client in self.clients.items():
            view = valid(self.table.view(client.token))
            assert wire.view_from_dict(view) == state.view(seat)
            assert valid(self.table.info(client.token))["you"] == seat


TableMachine.TestCase.settings = settings(
    stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
test_table_machine = TableMachine.TestCase


def test_the_twin_worlds_were_compared() -> None:
    """The machine's runs compared seats of games that differed (run after it, by file order)."""
    if not TWINS_COMPARED:
        pytest.skip("the state machine did not run in this session")
    assert sum(TWINS_COMPARED) >= 3, TWINS_COMPARED


def test_logs_are_each_seats_events_of_each_step() -> None:
    """R4.3, R8.3: replaying a finished table's record, each seat's log is `events_for` of each step."""
    rules = Rules(bid_reveal=BidReveal.SIMULTANEOUS, schedule=Schedule(cards_per_round=(2, 3)))
    table, tokens = seated(rules=rules)
    rng = random.Random(2)
    while not table.over:
        assert table.state is not None
        assert table.state.to_move is not None
        mover = table.state.to_move
        table, refused = table.act(tokens[mover], rng.choice(table.state.legal_actions()), now=0.0)
        assert refused is None
    assert table.state is not None
    state = new_game(table.state.players, rules=rules, deal=table.state.deals, first_dealer=table.state.first_dealer)
    expected: list[list[Any]] = [[list(state.events_for(seat, state.start_events()))] for seat in range(3)]
    for action in table.state.actions:
        state, events = state.step(action)
        for seat in range(3):
            expected[seat].append(list(state.events_for(seat, events)))
    for seat in range(3):
        got = [[wire.event_from_dict(e) for e in update["events"]] for update in table.since(tokens[seat], -1)]
        assert got == expected[seat]
