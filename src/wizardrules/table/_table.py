"""`Table`: one game and its seats, the seats' tokens and event logs, bots for absent people, save and load."""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import secrets
from collections.abc import Mapping
from typing import Any, Final

from attrs import evolve, field, frozen

from wizardrules import _codec, wire
from wizardrules._convert import shown
from wizardrules._names import lookup
from wizardrules.actions import ACTION_CLASSES, Action, Play
from wizardrules.bots import Bot, RuleBot, is_bot
from wizardrules.engine import GameState, Phase, new_game
from wizardrules.errors import FormatError, WizardRulesError, WrongPhaseError
from wizardrules.events import (
    BidChangeHidden,
    BidHidden,
    Event,
    PassHidden,
)
from wizardrules.record import GameRecord
from wizardrules.rules import Rules
from wizardrules.wire import Credentials, ErrorCode, SeatInfo, SeatStatus, TableInfo, Update, WireError
from wizardrules.wire._table import MAX_TOKEN, check_seat_name

SAVED_FORMAT: Final = "wizardrules/saved-table"
"""The `format` of a saved table: the game record and the seats, tokens as hashes. Never send it to a client."""
SAVED_VERSION: Final = 1
MAX_BOT_STEPS: Final = 100_000
"""The most actions bots take in a row, more than the longest game has: the bots' loop is bounded."""
MAX_TIMEOUT: Final = 86_400.0
JSON = Any
_Log = tuple[tuple[Event, ...], ...]
_HIDDEN: Final = (BidHidden, BidChangeHidden, PassHidden)


def token_hash(token: str) -> str:
    """The hash a table keeps of a seat's token (SHA-256, hex): the token itself is never stored.

    Examples:
        >>> len(token_hash("a token"))
        64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@frozen(kw_only=True)
class Seat:
    """One seat of a table: its name, who plays it, and the hash of its person's token.

    Attributes:
        name: the player's name, `None` while the seat is open.
        status: who plays the seat now.
        token_hash: the SHA-256 (hex) of the person's token; `None` for an open seat or a bot's.
    """

    name: str | None
    status: SeatStatus
    token_hash: str | None = None


def _error(code: ErrorCode, reason: str, legal: tuple[Action, ...] = ()) -> dict[str, JSON]:
    return WireError(code=code, reason=reason, legal_actions=legal).to_dict()


_UNKNOWN: Final = "this token does not act at this table"


def _public(per_seat: list[tuple[Event, ...]]) -> tuple[Event, ...]:
    """The events every seat may know: what all seats get alike, a hidden choice as its redacted form.

    Every seat gets a step's events one for one (a seat's own as they are, another's hidden
    choice redacted, the passing as each seat's own `PassReceived`), with the same reveals at
    the same places; a spectator gets an event where all seats agree, the redacted form where
    one seat saw the choice, and nothing where each saw its own.
    """
    public: list[Event] = []
    for versions in zip(*per_seat, strict=True):
        first = versions[0]
        if all(version == first for version in versions):
            public.append(first)
            continue
        hidden = [version for version in versions if isinstance(version, _HIDDEN)]
        if hidden:
            public.append(hidden[0])
    return tuple(public)


@frozen(kw_only=True)
class Table:
    """One game and its seats: people with secret tokens, bots, and each seat's numbered updates.

    A table is a value: every change returns a new table and leaves the old one as it was, and
    a refusal returns the same table with an error document. The game changes only through
    the engine's `step`, for the seat the token belongs to. Time is passed in (`now`, in
    seconds, any clock the caller keeps): a table reads no clock.

    Make one with [`Table.new`][wizardrules.table.Table.new]; people sit down with
    [`sit`][wizardrules.table.Table.sit] and get a seat document with their token; the game
    starts when every seat is taken, or with [`start`][wizardrules.table.Table.start], which
    gives the open seats to bots.

    Attributes:
        rules: the game's rules.
        seed: the seed the game is dealt from.
        timeout: the seconds a person has for a move before a bot takes their seat over.
        seats: the seats, in seat order.
        state: the game, `None` until it starts.
        turn_since: when the seat to move got its turn (the `now` of the last step).
        bot: the bot that plays bots' seats and absent people's.

    Examples:
        >>> from wizardrules import Rules, Schedule, parse_action
        >>> from wizardrules.table import Table
        >>> table = Table.new(3, rules=Rules(schedule=Schedule(cards_per_round=(1,))), seed=4)
        >>> table, ann = table.sit(0, "Ann", now=0.0)
        >>> ann["format"], ann["seat"]
        ('wizardrules/seat', 0)
        >>> table, _ = table.start(now=0.0)
        >>> [seat.status.value for seat in table.seats]
        ['person', 'bot', 'bot']
        >>> view = table.view(ann["token"])
        >>> view["legal_actions"]
        ['bid 0', 'bid 1']
        >>> table, refused = table.act(ann["token"], parse_action("bid 7"), now=1.0)
        >>> refused["code"], refused["reason"], refused["legal_actions"]
        ('illegal_bid', 'Ann cannot bid 7: a bid is 0..1 (R4.1)', ['bid 0', 'bid 1'])
        >>> document = '{"format": "wizardrules/action", "version": 2, "action": "bid 1"}'
        >>> table, refused = table.act(ann["token"], document, now=2.0)
        >>> refused is None, table.view(ann["token"])["legal_actions"]
        (True, ['play G3'])
        >>> table, refused = table.act(ann["token"], parse_action("play G3"), now=3.0)
        >>> table.over, [update["index"] for update in table.since(ann["token"], 3)]
        (True, [4, 5, 6])
    """

    rules: Rules
    seed: int
    timeout: float
    seats: tuple[Seat, ...]
    state: GameState | None = None
    turn_since: float = 0.0
    bot: Bot = field(factory=RuleBot, eq=False, repr=False)
    _logs: tuple[_Log, ...] = field(default=(), repr=False, alias="logs")
    _public: _Log = field(default=(), repr=False, alias="public")

    # -- making one --------------------------------------------------------------------------------

    @classmethod
    def new(
        cls, players: int, *, rules: Rules | None = None, seed: int, timeout: float = 60.0, bot: Bot | None = None
    ) -> Table:
        """A table of `players` open seats, for a game under `rules` dealt from `seed`.

        Raises:
            RulesError: the rules do not seat `players`, or `seed` is not an integer.
            FormatError: the rules have no saved form (a custom bid policy or score rule), or
                `timeout` is not a number of seconds in (0, 86400], or `bot` is not a bot.
        """
        rules = Rules() if rules is None else rules
        new_game(players, rules=rules, seed=seed)  # checks the count, the rules and the seed
        _codec.rules_to_data(rules)  # a table is saved: its rules need a saved form
        return cls(
            rules=rules,
            seed=seed,
            timeout=_timeout(timeout),
            seats=tuple(Seat(name=None, status=SeatStatus.OPEN) for _ in range(players)),
            bot=_bot(bot),
        )

    # -- reading ---------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Whether the game has started."""
        return self.state is not None

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.state is not None and self.state.is_over

    @property
    def index(self) -> int | None:
        """The index of the last update (the number of actions taken), `None` before the game starts."""
        return None if not self._public else len(self._public) - 1

    def seat_of(self, token: object) -> int | None:
        """The seat `token` acts for, or `None`; every seat's hash is compared, in constant time each."""
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            return None
        digest = token_hash(token)
        found = None
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = number
        return found

    def info(self, token: str | None = None) -> dict[str, JSON]:
        """The table document: the seats, how far the game is; `you` is the token's seat (`None`: a spectator).

        A token that acts for no seat gets the error document `unknown_token`.
        """
        you = None
        if token is not None:
            you = self.seat_of(token)
            if you is None:
                return _error(ErrorCode.UNKNOWN_TOKEN, _UNKNOWN)
        seats = tuple(SeatInfo(seat=n, name=seat.name, status=seat.status) for n, seat in enumerate(self.seats))
        return TableInfo(
            seats=seats, started=self.started, over=self.over, index=self.index, you=you, timeout=self.timeout
        ).to_dict()

    def view(self, token: str) -> dict[str, JSON]:
        """The view document of the token's seat: everything it may know now, with its legal actions.

        Refused (an error document) for a token of no seat, or before the game starts.
        """
        seat = self.seat_of(token)
        if seat is None:
            return _error(ErrorCode.UNKNOWN_TOKEN, _UNKNOWN)
        if self.state is None:
            return _error(ErrorCode.NOT_STARTED, "the game has not started: seats are still being taken")
        return wire.to_dict(self.state.view(seat))

    def since(self, token: str, index: int) -> list[dict[str, JSON]]:
        """The token's seat's updates after `index`, in order (`-1`: all of them): what a client missed.

        A token of no seat gets one error document, `unknown_token`; a wrong `index` one
        `bad_document`.
        """
        seat = self.seat_of(token)
        if seat is None:
            return [_error(ErrorCode.UNKNOWN_TOKEN, _UNKNOWN)]
        return self._since(self._logs[seat] if self._logs else (), seat, index)

    def public_since(self, index: int) -> list[dict[str, JSON]]:
        """A spectator's updates after `index`: the public events only, no seat's hidden choice or cards."""
        return self._since(self._public, None, index)

    @staticmethod
    def _since(log: _Log, seat: int | None, index: int) -> list[dict[str, JSON]]:
        if type(index) is not int or index < -1:
            return [_error(ErrorCode.BAD_DOCUMENT, f"index {shown(index)} must be a whole number from -1")]
        return [Update(index=i, seat=seat, events=log[i]).to_dict() for i in range(index + 1, len(log))]

    # -- seats -------------------------------------------------------------------------------------

    def sit(self, seat: int, name: str, *, now: float) -> tuple[Table, dict[str, JSON]]:
        """A person sits down at an open seat: the new table and their seat document, with the token.

        The token is made here (`secrets`) and handed out once; the table keeps its hash only.
        When the last seat is taken the game starts. Refused (the same table and an error
        document) after the start, for a seat that is taken or not at the table, and for a
        name that cannot be a player's or is taken.
        """
        refused = self._open_seat(seat)
        if refused is not None:
            return self, refused
        try:
            checked = check_seat_name(name)
        except WizardRulesError as error:
            return self, WireError.of(error).to_dict()
        if any(other.name is not None and lookup(other.name) == lookup(checked) for other in self.seats):
            return self, _error(ErrorCode.NAME_TAKEN, f"another seat is named {checked!r} already")
        token = secrets.token_urlsafe(32)
        taken = evolve(
            self,
            seats=_replaced(
                self.seats, seat, Seat(name=checked, status=SeatStatus.PERSON, token_hash=token_hash(token))
            ),
        )
        if all(other.status is not SeatStatus.OPEN for other in taken.seats):
            taken = taken._started(now)
        return taken, Credentials(seat=seat, name=checked, token=token).to_dict()

    def sit_bot(self, seat: int, *, now: float) -> tuple[Table, dict[str, JSON] | None]:
        """A bot takes an open seat, refused as [`sit`][wizardrules.table.Table.sit] is.

        The last seat taken starts the game.
        """
        refused = self._open_seat(seat)
        if refused is not None:
            return self, refused
        taken = evolve(self, seats=_replaced(self.seats, seat, Seat(name=self._bot_name(seat), status=SeatStatus.BOT)))
        if all(other.status is not SeatStatus.OPEN for other in taken.seats):
            taken = taken._started(now)
        return taken, None

    def start(self, *, now: float) -> tuple[Table, dict[str, JSON] | None]:
        """Start the game: bots take the open seats, the cards are dealt, bots play while it is their turn.

        Refused (`started`) when the game has started already.
        """
        if self.state is not None:
            return self, _error(ErrorCode.STARTED, "the game has started already")
        seats = self.seats
        for number, seat in enumerate(seats):
            if seat.status is SeatStatus.OPEN:
                seats = _replaced(
                    seats, number, Seat(name=evolve(self, seats=seats)._bot_name(number), status=SeatStatus.BOT)
                )
        return evolve(self, seats=seats)._started(now), None

    def leave(self, token: str, *, now: float) -> tuple[Table, dict[str, JSON] | None]:
        """The token's person leaves: a bot plays the seat until they are [`back`][wizardrules.table.Table.back].

        Refused (`unknown_token`) for a token of no seat.
        """
        seat = self.seat_of(token)
        if seat is None:
            return self, _error(ErrorCode.UNKNOWN_TOKEN, _UNKNOWN)
        return self._with_status(seat, SeatStatus.AWAY)._played(now), None

    def back(self, token: str, *, now: float) -> tuple[Table, dict[str, JSON] | None]:
        """The token's person is back (they reconnected): the bot hands the seat back to them.

        Refused (`unknown_token`) for a token of no seat. A person is also back when they act.
        """
        seat = self.seat_of(token)
        if seat is None:
            return self, _error(ErrorCode.UNKNOWN_TOKEN, _UNKNOWN)
        if self.seats[seat].status is SeatStatus.PERSON:
            return self, None
        back = self._with_status(seat, SeatStatus.PERSON)
        return (evolve(back, turn_since=now) if self._to_move() == seat else back), None

    def tick(self, *, now: float) -> Table:
        """The time is `now`: a person who has not moved within the timeout is away, and a bot moves for them."""
        mover = self._to_move()
        if mover is None or self.seats[mover].status is not SeatStatus.PERSON:
            return self
        if now - self.turn_since < self.timeout:
            return self
        return self._with_status(mover, SeatStatus.AWAY)._played(now)

    @property
    def deadline(self) -> float | None:
        """When the person to move will be taken over by a bot, `None` when no person is to move."""
        mover = self._to_move()
        if mover is None or self.seats[mover].status is not SeatStatus.PERSON:
            return None
        return self.turn_since + self.timeout

    # -- acting ----------------------------------------------------------------------------------

    def act(
        self, token: str, action: Action | str | Mapping[str, JSON], *, now: float
    ) -> tuple[Table, dict[str, JSON] | None]:
        """Act for the token's seat: the new table and `None`, or the same table and an error document.

        `action` is an action, or an action document (its JSON text or its dict) as a client
        sends it. The engine checks that it is the seat's turn and that the action is legal;
        a refusal carries the reason and the seat's legal actions, and changes nothing. A
        person who was away is back when their action is taken. In a round where the seat
        may not see its own hand (clairvoyance, R4.5) the view lists `play unseen`, which
        plays the seat's card; a `play` that names a card does the same, whatever card it
        names, so that no refusal tells the seat what it holds. Bots then play while it is
        their turn (or an absent person's).
        """
        seat = self.seat_of(token)
        if seat is None:
            return self, _error(ErrorCode.UNKNOWN_TOKEN, _UNKNOWN)
        if self.state is None:
            return self, _error(ErrorCode.NOT_STARTED, "the game has not started: seats are still being taken")
        try:
            chosen = self._unseen_play(seat, _action(action))
            after = self._stepped(chosen, seat, now)
        except WizardRulesError as error:
            return self, WireError.of(error, self.state.view(seat)).to_dict()
        if after.seats[seat].status is SeatStatus.AWAY:
            after = after._with_status(seat, SeatStatus.PERSON)
        return after._played(now), None

    def _unseen_play(self, seat: int, action: Action) -> Action:
        """In a round where the seat may not see its own hand (R4.5), a play that names a card is `play unseen`.

        The view lists `play unseen` there, the one play that names no card. A client may
        still send a play that names one; were the engine to judge the card named, its
        refusal would tell the seat what it holds. So the table plays the seat's card as
        `play unseen` does (the first play the state lists for it), whatever card was named.
        """
        state = self.state
        if not isinstance(action, Play) or state is None or state.to_move != seat or state.phase is not Phase.PLAYING:
            return action
        if state.view(seat).hand is not None:
            return action
        plays = [legal for legal in state.legal_actions() if isinstance(legal, Play)]
        return plays[0] if plays else action

    # -- saving ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, JSON]:
        """The saved table: rules, seed, timeout, seats (tokens as hashes) and the game record.

        It holds every deal, the future ones too: keep it on the server, never send it to a client.
        """
        game = None if self.state is None else json.loads(GameRecord.from_state(self.state).to_json())
        return {
            "format": SAVED_FORMAT,
            "version": SAVED_VERSION,
            "rules": _codec.rules_to_data(self.rules),
            "seed": self.seed,
            "timeout": self.timeout,
            "turn_since": self.turn_since,
            "seats": [
                {"name": seat.name, "status": seat.status.value, "token_hash": seat.token_hash} for seat in self.seats
            ],
            "game": game,
        }

    def to_json(self) -> str:
        """The saved table as JSON text (see [`to_dict`][wizardrules.table.Table.to_dict])."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: JSON, *, bot: Bot | None = None) -> Table:
        """A saved table read back: the game replayed step by step, so every seat's log is as it was.

        Raises:
            FormatError: not a saved table of this version, a field is wrong, or the game
                record does not replay (or was tampered with).
        """
        found = _codec.load_versioned(
            json.dumps(data) if isinstance(data, dict) else data,
            format_name=SAVED_FORMAT,
            version=SAVED_VERSION,
            what="saved table",
        )
        try:
            return cls._loaded(found, bot)
        except FormatError:
            raise
        except WizardRulesError as error:
            raise FormatError(f"saved table does not load: {error}") from None

    @classmethod
    def _loaded(cls, found: dict[str, JSON], bot: Bot | None) -> Table:
        rules = _codec.rules_from_data(_codec.field_of(found, "rules", dict, "saved table"))
        seed = _codec.field_of(found, "seed", int, "saved table")
        since: object = found.get("turn_since")
        if not isinstance(since, (int, float)) or isinstance(since, bool) or not math.isfinite(since):
            raise FormatError(f"saved table: turn_since {shown(since)} must be a number")
        turn_since = float(since)
        seats = tuple(_seat(item, n) for n, item in enumerate(_codec.field_of(found, "seats", list, "saved table")))
        table = cls.new(len(seats), rules=rules, seed=seed, timeout=found.get("timeout"), bot=bot)  # type: ignore[arg-type]
        table = evolve(table, seats=seats)
        game = found.get("game")
        if game is None:
            if any((seat.status is SeatStatus.OPEN) != (seat.name is None) for seat in seats):
                raise FormatError("saved table: a taken seat has a name, an open seat none")
            if any(seat.status is SeatStatus.AWAY for seat in seats) or all(seat.name for seat in seats):
                raise FormatError("saved table: a game that has not started has an open seat, and nobody away")
            return evolve(table, turn_since=turn_since)
        if not isinstance(game, dict):
            raise FormatError(f"saved table: game {shown(game)} must be a game record or null")
        record = GameRecord.from_json(json.dumps(game))
        if record.players != tuple(seat.name for seat in seats):
            raise FormatError("saved table: the seats' names are not the game's players")
        if any(seat.status is SeatStatus.OPEN for seat in seats):
            raise FormatError("saved table: a seat is open in a game that has started")
        if record.rules != rules:
            raise FormatError("saved table: the game's rules are not the table's")
        state = new_game(record.players, rules=record.rules, deal=record.deals, first_dealer=record.first_dealer)
        table = table._begun(state, turn_since)
        for action in record.actions:
            table = table._stepped(action, None, turn_since)
        return table

    @classmethod
    def from_json(cls, text: str | bytes, *, bot: Bot | None = None) -> Table:
        """A saved table read back from its JSON text.

        Raises:
            FormatError: as for [`from_dict`][wizardrules.table.Table.from_dict].
        """
        return cls.from_dict(text, bot=bot)

    # -- inside ----------------------------------------------------------------------------------

    def _to_move(self) -> int | None:
        return None if self.state is None else self.state.to_move

    def _open_seat(self, seat: object) -> dict[str, JSON] | None:
        if self.state is not None:
            return _error(ErrorCode.STARTED, "the game has started: the seats are taken")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            return _error(
                ErrorCode.NOT_A_SEAT, f"seat {shown(seat)} is not at the table: the seats are 0..{len(self.seats) - 1}"
            )
        if self.seats[seat].status is not SeatStatus.OPEN:
            return _error(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        return None

    def _bot_name(self, seat: int) -> str:
        taken = {lookup(other.name) for other in self.seats if other.name is not None}
        name = f"Bot {seat + 1}"
        for extra in range(len(self.seats) + 1):
            candidate = name if extra == 0 else f"{name} ({extra + 1})"
            if lookup(candidate) not in taken:
                return candidate
        raise FormatError(f"no free name for the bot at seat {seat}")  # pragma: no cover - one of n+1 names is free

    def _with_status(self, seat: int, status: SeatStatus) -> Table:
        old = self.seats[seat]
        if old.status in (SeatStatus.OPEN, SeatStatus.BOT):
            return self
        return evolve(self, seats=_replaced(self.seats, seat, evolve(old, status=status)))

    def _started(self, now: float) -> Table:
        names = [seat.name or f"Seat {n + 1}" for n, seat in enumerate(self.seats)]
        return self._begun(new_game(names, rules=self.rules, seed=self.seed), now)._played(now)

    def _begun(self, state: GameState, now: float) -> Table:
        start = state.start_events()
        per_seat = [state.events_for(seat, start) for seat in range(len(self.seats))]
        return evolve(
            self, state=state, turn_since=now, logs=tuple((mine,) for mine in per_seat), public=(_public(per_seat),)
        )

    def _stepped(self, action: Action, seat: int | None, now: float) -> Table:
        if self.state is None:
            raise WrongPhaseError(player="nobody", action=str(action), reason="the game has not started")
        after, events = self.state.step(action, seat=seat)
        per_seat = [after.events_for(number, events) for number in range(len(self.seats))]
        return evolve(
            self,
            state=after,
            turn_since=now,
            logs=tuple((*log, mine) for log, mine in zip(self._logs, per_seat, strict=True)),
            public=(*self._public, _public(per_seat)),
        )

    def _played(self, now: float) -> Table:
        """Bots move while it is a bot's turn or an absent person's (at most `MAX_BOT_STEPS` moves)."""
        table = self
        for _ in range(MAX_BOT_STEPS):
            state = table.state
            if state is None or state.is_over or state.to_move is None:
                break
            mover = state.to_move
            if table.seats[mover].status not in (SeatStatus.BOT, SeatStatus.AWAY):
                break
            table = table._stepped(table.bot.act(state.view(mover), state.legal_actions()), mover, now)
        return table


def _replaced(seats: tuple[Seat, ...], number: int, seat: Seat) -> tuple[Seat, ...]:
    return (*seats[:number], seat, *seats[number + 1 :])


def _timeout(value: object) -> float:
    if type(value) not in (int, float) or not 0 < value <= MAX_TIMEOUT:  # type: ignore[operator]
        raise FormatError(f"timeout {shown(value)} must be a number of seconds in (0, {MAX_TIMEOUT:g}]")
    return float(value)  # type: ignore[arg-type]


def _bot(bot: object) -> Bot:
    if bot is None:
        return RuleBot()
    if not is_bot(bot):
        raise FormatError(f"bot {shown(bot)} is not a bot (an object with act(view, legal))")
    return bot  # type: ignore[return-value]


def _action(action: object) -> Action:
    if isinstance(action, ACTION_CLASSES):
        return action
    if isinstance(action, (str, bytes)):
        return wire.action_from_json(action)
    if isinstance(action, Mapping):
        return wire.action_from_dict(dict(action))
    raise FormatError(f"action {shown(action)} must be an action or an action document")


def _seat(item: JSON, number: int) -> Seat:
    what = f"saved table seat {number}"
    if not isinstance(item, dict):
        raise FormatError(f"{what}: {shown(item)} must be an object")
    status = item.get("status")
    statuses = {status.value: status for status in SeatStatus}
    if type(status) is not str or status not in statuses:
        raise FormatError(f"{what}: status {shown(status)} is not a seat status")
    name = item.get("name")
    if name is not None:
        try:
            name = check_seat_name(name)
        except WizardRulesError as error:
            raise FormatError(f"{what}: {error}") from None
    digest = item.get("token_hash")
    person = statuses[status] in (SeatStatus.PERSON, SeatStatus.AWAY)
    if person != (digest is not None):
        raise FormatError(f"{what}: a person's seat has a token hash, an open or bot's seat none")
    if digest is not None and (type(digest) is not str or len(digest) != 64 or digest.strip("0123456789abcdef")):
        raise FormatError(f"{what}: token_hash {shown(digest)} must be 64 hex digits")
    return Seat(name=name, status=statuses[status], token_hash=digest)
