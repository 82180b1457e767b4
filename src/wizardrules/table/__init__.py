"""A table of people on their own phones: one game, its seats, tokens, per-seat logs, bots for the absent.

[`Table`][wizardrules.table.Table] is pure Python with no I/O: no clock, no network, no files.
A server keeps one per game and passes every message through it:

- people [`sit`][wizardrules.table.Table.sit] and get a seat document with a secret token
  (from `secrets`; the table keeps only its SHA-256); bots fill the open seats when the game
  [`start`][wizardrules.table.Table.start]s;
- [`act`][wizardrules.table.Table.act] takes a token and an action document: the engine
  checks it for that seat; a refusal is a wire error document (a stable code, the reason,
  the seat's legal actions) and changes nothing;
- each seat has its own log of numbered updates, its events as it may know them;
  [`since`][wizardrules.table.Table.since] gives a client that reconnects what it missed,
  [`public_since`][wizardrules.table.Table.public_since] a spectator the public events;
- a bot plays the seat of a person who [`leave`][wizardrules.table.Table.leave]s or does not
  move within the timeout ([`tick`][wizardrules.table.Table.tick], with the time passed in),
  and hands it [`back`][wizardrules.table.Table.back] when they return;
- [`to_json`][wizardrules.table.Table.to_json] saves the table (game record and seats, tokens
  as hashes), [`from_json`][wizardrules.table.Table.from_json] loads it, replaying every step.

Every document a table gives out validates against [`wire.schema`][wizardrules.wire.schema].
`wizardrules serve` (the `server` extra, `wizardrules.table.server`) puts tables on the web.

Examples:
    >>> from wizardrules import Rules, Schedule
    >>> from wizardrules.table import Table
    >>> table = Table.new(3, rules=Rules(schedule=Schedule(cards_per_round=(1,))), seed=2)
    >>> table, ann = table.sit(0, "Ann", now=0.0)
    >>> table, ben = table.sit(1, "Ben", now=0.0)
    >>> table, _ = table.sit_bot(2, now=0.0)
    >>> table.started, [seat["status"] for seat in table.info()["seats"]]
    (True, ['person', 'person', 'bot'])
    >>> table, refused = table.act("not a token", "{}", now=1.0)
    >>> refused["code"]
    'unknown_token'
"""

from wizardrules.table._table import MAX_BOT_STEPS, SAVED_FORMAT, Seat, Table, token_hash
from wizardrules.wire import SeatStatus

__all__ = ["MAX_BOT_STEPS", "SAVED_FORMAT", "Seat", "SeatStatus", "Table", "token_hash"]
