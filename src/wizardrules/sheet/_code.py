"""The score sheet's share code: the whole sheet as a short text for a link, a chat message or a QR code.

A code is the version (`1`) and then the sheet packed bit by bit, in base64url (RFC 4648 §5,
no padding): only the characters RFC 3986 calls unreserved, so it goes into a URL as it is.
What it packs:

- the players' names (UTF-8, each with its length) and the first dealer;
- the rules: the bid policy and its options, the bid reveal, the variants and the special
  cards (a bit each), the schedule (a built-in kind, a ladder cut short, or every round's
  cards and fixed trump, with its name), the score rule's four numbers unless they are the
  rulebook's, and the tie-break;
- every entry, in order, as the sheet recorded it: a round's bids (blind marks where the rules
  allow blind bids), a Cloud's change, its tricks (Bomb tricks where the rules have the Bomb)
  and its trump where one was recorded; a number takes just the bits its round's cards need;
- a CRC-32 of all of it, so that a changed character is refused, never read as another sheet
  (CRC-32 finds every change within 32 bits in a row, and a character holds 6).

A whole official game of 4 players with names of up to 8 characters takes about 140
characters. Reading a code replays every entry through the sheet's own checks.

The tables below (the order of the policies, reveals, variants, special cards, schedule
kinds, fixed trumps and tie-breaks) are version 1's: a new member of one of them is a new
version of the code, and a reader of this version refuses what it does not know.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from wizardrules._convert import shown, type_name
from wizardrules.bidding import BidPolicy, CloudChange, EqualBids, FreeBids, NotEqualBids, ScorekeeperHook
from wizardrules.cards import MAX_PLAYERS, MIN_PLAYERS, Special, Suit
from wizardrules.errors import FormatError, RulesError, WizardRulesError
from wizardrules.rules import BidReveal, FixedTrump, Rules, Schedule, ScheduleKind, Variant
from wizardrules.scoring import StandardScore, TieBreak
from wizardrules.sheet._rows import BidsEntry, CloudEntry, Entry, RoundEntry, TricksEntry

if TYPE_CHECKING:  # the sheet writes and reads itself with this module
    from wizardrules.sheet import ScoreSheet

__all__ = ["MAX_CODE", "VERSION", "read", "write"]

VERSION: Final = "1"
"""The version this module writes and reads: the code's first character."""
MAX_CODE: Final = 65_536
"""The most characters a share code may have (a whole sheet of 6 players and 60 rounds needs far fewer)."""

_WHAT: Final = "share code"
_WHAT_DE: Final = "Teilen-Code"
_TEXT: Final = re.compile(r"[A-Za-z0-9_-]*")
_POLICIES: Final = ("free", "not-equal", "equal", "scorekeeper-hook")
_REVEALS: Final = (BidReveal.OPEN, BidReveal.SIMULTANEOUS, BidReveal.SECRET)
_VARIANTS: Final = (Variant.BLIND_BIDS, Variant.CLAIRVOYANCE)
_SPECIALS: Final = (
    Special.DRAGON,
    Special.FAIRY,
    Special.BOMB,
    Special.WEREWOLF,
    Special.JUGGLER,
    Special.CLOUD,
    Special.SHAPESHIFTER,
)
_KINDS: Final = (ScheduleKind.LADDER, ScheduleKind.TOURNAMENT, ScheduleKind.EINFARBIG, ScheduleKind.MAXIMUS)
_TRUMPS: Final = (None, FixedTrump.NONE, FixedTrump.RED, FixedTrump.YELLOW, FixedTrump.GREEN, FixedTrump.BLUE)
_SUITS: Final = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLUE)
_TIEBREAKS: Final = (TieBreak.NONE, TieBreak.EXACT_HITS)
_ENTRIES: Final = ("bids", "cloud", "tricks", "round")
# the schedule: none (the ladder for the players), a kind by name, the ladder (whole or cut short), or every round
_DEFAULT, _KIND, _SHORT_LADDER, _LISTED = range(4)
_STANDARD: Final = StandardScore()


def _refused(english: str, german: str) -> FormatError:
    """The `FormatError` of a code that cannot be read, in English and German."""
    return FormatError(f"{_WHAT}: {english}", german=f"{_WHAT_DE}: {german}")


def _width(count: int) -> int:
    """The bits that hold an index below `count`."""
    return max(count - 1, 0).bit_length()


class _Bits:
    """A writer of fields of bits into one whole number, first field in the highest bits."""

    def __init__(self) -> None:
        self.value = 0
        self.size = 0

    def uint(self, value: int, width: int) -> None:
        self.value = self.value << width | value
        self.size += width

    def flag(self, value: bool) -> None:
        self.uint(int(value), 1)

    def count(self, value: int) -> None:
        """A number 0 or more in Elias gamma code of `value + 1`: small numbers take few bits."""
        coded = value + 1
        self.uint(coded, 2 * coded.bit_length() - 1)

    def signed(self, value: int) -> None:
        self.count(2 * value if value >= 0 else -2 * value - 1)

    def text(self, value: str) -> None:
        data = value.encode("utf-8", "surrogatepass")
        self.count(len(data))
        self.uint(int.from_bytes(data, "big"), 8 * len(data))

    def index(self, value: object, table: Sequence[object]) -> None:
        self.uint(table.index(value), _width(len(table)))

    def to_bytes(self) -> bytes:
        padding = -self.size % 8
        return (self.value << padding).to_bytes((self.size + padding) // 8, "big")


class _Reader:
    """Reads back what `_Bits` wrote; running past the end is a `FormatError`."""

    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "big")
        self.left = 8 * len(data)

    def uint(self, width: int) -> int:
        if width > self.left:
            raise _refused("it ends too early; part of it is missing", "er endet zu früh; ein Teil fehlt")
        self.left -= width
        return self.value >> self.left & ((1 << width) - 1)

    def flag(self) -> bool:
        return bool(self.uint(1))

    def count(self) -> int:
        zeros = 0
        while not self.uint(1):
            zeros += 1
            if zeros > 64:
                raise _refused(
                    "a number in it is too long to be one of a score sheet's",
                    "eine Zahl darin ist zu lang für einen Spielblock",
                )
        return (1 << zeros | self.uint(zeros)) - 1

    def signed(self, limit: int) -> int:
        zigzag = self.count()
        value = zigzag // 2 if zigzag % 2 == 0 else -(zigzag + 1) // 2
        if abs(value) > limit:
            raise _refused(f"the number {value} is out of range", f"die Zahl {value} liegt außerhalb des Bereichs")
        return value

    def text(self, limit: int) -> str:
        size = self.count()
        if size > limit:
            raise _refused(
                f"a text of {size} bytes, more than the {limit} it may have",
                f"ein Text von {size} Bytes, mehr als die erlaubten {limit}",
            )
        data = self.uint(8 * size).to_bytes(size, "big")
        try:
            return data.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            raise _refused("a name in it is not UTF-8 text", "ein Name darin ist kein UTF-8-Text") from None

    def index(self, table: Sequence[object], what: str) -> object:
        position = self.uint(_width(len(table)))
        if position >= len(table):
            raise _refused(
                f"{what} number {position} is unknown to version {VERSION}",
                f"{what} Nummer {position} kennt Version {VERSION} nicht",
            )
        return table[position]


# -- writing -----------------------------------------------------------------------------


def write(sheet: ScoreSheet, entries: Sequence[Entry]) -> str:
    """The share code of `sheet`, whose entries are `entries`.

    Raises:
        FormatError: the rules use a custom bid policy or score rule, which has no saved form.
    """
    bits = _Bits()
    players = sheet.players
    bits.uint(len(players) - MIN_PLAYERS, _width(MAX_PLAYERS - MIN_PLAYERS + 1))
    for name in players:
        bits.text(name)
    bits.uint(sheet.first_dealer, _width(MAX_PLAYERS))
    _write_rules(bits, sheet.rules, len(players))
    bits.count(len(entries))
    cards = sheet.schedule.cards_per_round
    number = 1  # the round an entry belongs to
    for entry in entries:
        bits.index(_kind(entry), _ENTRIES)
        if isinstance(entry, RoundEntry):
            _write_bids(bits, entry.bids, sheet, cards[number - 1])
            bits.flag(entry.cloud is not None)
            if entry.cloud is not None:
                _write_cloud(bits, entry.cloud)
            _write_tricks(bits, entry.tricks, sheet, number)
            number += 1
        elif isinstance(entry, BidsEntry):
            _write_bids(bits, entry, sheet, cards[number - 1])
        elif isinstance(entry, CloudEntry):
            _write_cloud(bits, entry)
        else:
            _write_tricks(bits, entry, sheet, number)
            number += 1
    payload = bits.to_bytes()
    check = zlib.crc32(VERSION.encode() + payload).to_bytes(4, "big")
    return VERSION + base64.urlsafe_b64encode(payload + check).rstrip(b"=").decode("ascii")


def _kind(entry: Entry) -> str:
    if isinstance(entry, RoundEntry):
        return "round"
    if isinstance(entry, BidsEntry):
        return "bids"
    return "cloud" if isinstance(entry, CloudEntry) else "tricks"


def _write_bids(bits: _Bits, entry: BidsEntry, sheet: ScoreSheet, cards: int) -> None:
    for bid in entry.bids:
        bits.uint(bid, cards.bit_length())
    if Variant.BLIND_BIDS in sheet.rules.variants:
        for blind in entry.blind:
            bits.flag(blind)


def _write_cloud(bits: _Bits, entry: CloudEntry) -> None:
    bits.uint(entry.seat, _width(MAX_PLAYERS))
    bits.flag(entry.change is CloudChange.UP)


def _write_tricks(bits: _Bits, entry: TricksEntry, sheet: ScoreSheet, number: int) -> None:
    cards = sheet.schedule.cards(number)
    for taken in entry.tricks:
        bits.uint(taken, cards.bit_length())
    if Special.BOMB in sheet.rules.special_cards:
        bits.flag(entry.bombs == 1)
    # a fixed trump comes with the schedule (R3.5); only a turned-up trump on the record is written
    recorded = entry.trump if sheet.schedule.fixed_trump(number) is None else None
    bits.flag(recorded is not None)
    if recorded is not None:
        bits.index(recorded, _SUITS)


def _write_rules(bits: _Bits, rules: Rules, players: int) -> None:
    _write_policy(bits, rules.bid_policy)
    bits.index(rules.bid_reveal, _REVEALS)
    for variant in _VARIANTS:
        bits.flag(variant in rules.variants)
    for special in _SPECIALS:
        bits.flag(special in rules.special_cards)
    _write_schedule(bits, rules.schedule, players)
    score = rules.score_rule
    if not isinstance(score, StandardScore):
        raise FormatError(
            f"score rule {shown(score)} has no saved form; only StandardScore can be saved",
            german=f"die Punkteregel {shown(score)} lässt sich nicht speichern; nur StandardScore",
        )
    bits.flag(score == _STANDARD)
    if score != _STANDARD:
        for number in (score.hit_bonus, score.per_trick, score.miss_penalty, score.blind_multiplier):
            bits.signed(number)
    bits.index(rules.tiebreak, _TIEBREAKS)


def _write_policy(bits: _Bits, policy: BidPolicy) -> None:
    if isinstance(policy, FreeBids):
        bits.index("free", _POLICIES)
    elif isinstance(policy, NotEqualBids):
        bits.index("not-equal", _POLICIES)
        bits.flag(policy.first_round_free)
        bits.count(policy.min_cards - 1)
    elif isinstance(policy, EqualBids):
        bits.index("equal", _POLICIES)
    elif isinstance(policy, ScorekeeperHook):
        bits.index("scorekeeper-hook", _POLICIES)
        bits.uint(policy.scorekeeper, _width(MAX_PLAYERS))
    else:
        raise FormatError(
            f"bid policy {shown(policy)} has no saved form; only the built-in policies can be saved",
            german=f"die Ansage-Regel {shown(policy)} lässt sich nicht speichern; nur die eingebauten Regeln",
        )


def _write_schedule(bits: _Bits, schedule: Schedule | ScheduleKind | None, players: int) -> None:
    if schedule is None:
        bits.uint(_DEFAULT, 2)
    elif isinstance(schedule, ScheduleKind):
        bits.uint(_KIND, 2)
        bits.index(schedule, _KINDS)
    elif _is_ladder(schedule, players):
        bits.uint(_SHORT_LADDER, 2)
        bits.count(schedule.rounds - 1)
    else:
        bits.uint(_LISTED, 2)
        bits.text(schedule.name)
        bits.count(schedule.rounds - 1)
        for cards in schedule.cards_per_round:
            bits.count(cards - 1)
        bits.flag(bool(schedule.trumps))
        for trump in schedule.trumps:
            bits.index(trump, _TRUMPS)


def _is_ladder(schedule: Schedule, players: int) -> bool:
    """Whether `schedule` is the one `Schedule.ladder` gives for `players`, whole or cut short (R2.2, R2.3)."""
    try:
        return schedule == Schedule.ladder(players, rounds=schedule.rounds)
    except RulesError:
        return False


# -- reading -----------------------------------------------------------------------------


def read(cls: type[ScoreSheet], text: str) -> ScoreSheet:
    """The sheet of a share code that `write` wrote, every entry replayed through the sheet's checks.

    Raises:
        FormatError: not a share code, an unknown version, a character changed or missing,
            or a sheet that does not replay (the message says why).
    """
    payload = _payload(text)
    bits = _Reader(payload)
    try:
        count = MIN_PLAYERS + bits.uint(_width(MAX_PLAYERS - MIN_PLAYERS + 1))
        if count > MAX_PLAYERS:
            raise _refused(
                f"{count} players; Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} (R2.1)",
                f"{count} Spieler; Wizard ist für {MIN_PLAYERS} bis {MAX_PLAYERS} (R2.1)",
            )
        names = [bits.text(4 * 100) for _ in range(count)]
        first_dealer = bits.uint(_width(MAX_PLAYERS))
        rules = _read_rules(bits, count)
        sheet = cls(names, rules=rules, first_dealer=first_dealer)
        entries = bits.count()
        for _ in range(entries):
            sheet = _read_entry(bits, sheet)
    except FormatError:
        raise
    except WizardRulesError as error:
        raise FormatError(
            f"{_WHAT} does not replay: {error}", german=f"{_WHAT_DE} lässt sich nicht nachspielen: {error.german}"
        ) from None
    if bits.left >= 8 or bits.uint(bits.left):
        raise _refused("it goes on after the sheet's last entry", "er geht nach dem letzten Eintrag weiter")
    return sheet


def _payload(text: object) -> bytes:
    """The packed sheet inside the code `text`, its version and check verified."""
    if not isinstance(text, str):
        raise _refused(f"expected text, got {type_name(text)}", f"erwartet Text, nicht {type_name(text)}")
    if len(text) > MAX_CODE:
        raise _refused(
            f"{len(text)} characters, more than the {MAX_CODE} a code may have",
            f"{len(text)} Zeichen, mehr als die {MAX_CODE} eines Codes",
        )
    code = text.strip()
    if "#" in code:  # a whole link: the code is what follows its '#'
        code = code.rsplit("#", 1)[1]
    if not code:
        raise _refused("the text is empty", "der Text ist leer")
    version, body = code[0], code[1:]
    if version != VERSION:
        raise FormatError(
            f"{_WHAT} {shown(code[:12])}…: version {shown(version)} is unknown; this library reads {VERSION}",
            german=f"{_WHAT_DE} {shown(code[:12])}…: Version {shown(version)} ist unbekannt; "
            f"diese Bibliothek liest {VERSION}",
        )
    if not _TEXT.fullmatch(body):
        wrong = next(c for c in body if not _TEXT.fullmatch(c))
        raise _refused(
            f"{shown(wrong)} is not one of its characters (A-Z, a-z, 0-9, - and _)",
            f"{shown(wrong)} ist keines seiner Zeichen (A-Z, a-z, 0-9, - und _)",
        )
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _refused(
            f"{len(body)} characters cannot be a code; one is missing or one too many",
            f"{len(body)} Zeichen ergeben keinen Code; eines fehlt oder eines ist zu viel",
        ) from None
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != body or len(data) < 5:
        raise _refused(
            "it was changed or cut short (its check does not match)",
            "er wurde verändert oder gekürzt (seine Prüfsumme stimmt nicht)",
        )
    payload, check = data[:-4], data[-4:]
    if zlib.crc32(VERSION.encode() + payload).to_bytes(4, "big") != check:
        raise _refused(
            "it was changed or cut short (its check does not match)",
            "er wurde verändert oder gekürzt (seine Prüfsumme stimmt nicht)",
        )
    return payload


def _read_rules(bits: _Reader, players: int) -> Rules:
    policy = _read_policy(bits)
    reveal = bits.index(_REVEALS, "bid reveal")
    variants = Variant.NONE
    for variant in _VARIANTS:
        if bits.flag():
            variants |= variant
    specials = frozenset(special for special in _SPECIALS if bits.flag())
    schedule = _read_schedule(bits, players)
    score = _STANDARD
    if not bits.flag():
        limit = 10**6
        score = StandardScore(
            hit_bonus=bits.signed(limit),
            per_trick=bits.signed(limit),
            miss_penalty=bits.signed(limit),
            blind_multiplier=bits.signed(limit),
        )
    tiebreak = bits.index(_TIEBREAKS, "tie-break")
    return Rules(
        bid_policy=policy,
        bid_reveal=reveal,  # type: ignore[arg-type]  # a member of _REVEALS
        variants=variants,
        special_cards=specials,
        schedule=schedule,
        score_rule=score,
        tiebreak=tiebreak,  # type: ignore[arg-type]  # a member of _TIEBREAKS
    )


def _read_policy(bits: _Reader) -> BidPolicy:
    kind = bits.index(_POLICIES, "bid policy")
    if kind == "free":
        return FreeBids()
    if kind == "not-equal":
        first_round_free = bits.flag()
        return NotEqualBids(first_round_free=first_round_free, min_cards=bits.count() + 1)
    if kind == "equal":
        return EqualBids()
    return ScorekeeperHook(scorekeeper=bits.uint(_width(MAX_PLAYERS)))


def _read_schedule(bits: _Reader, players: int) -> Schedule | ScheduleKind | None:
    form = bits.uint(2)
    if form == _DEFAULT:
        return None
    if form == _KIND:
        return bits.index(_KINDS, "schedule kind")  # type: ignore[return-value]  # a member of _KINDS
    if form == _SHORT_LADDER:
        return Schedule.ladder(players, rounds=min(bits.count() + 1, 1001))
    name = bits.text(4 * 1000)
    rounds = bits.count() + 1
    if rounds > 1000:
        raise _refused(
            f"a schedule of {rounds} rounds; a schedule has at most 1000",
            f"ein Ablauf von {rounds} Runden; ein Ablauf hat höchstens 1000",
        )
    cards = [bits.count() + 1 for _ in range(rounds)]
    trumps = [bits.index(_TRUMPS, "fixed trump") for _ in range(rounds)] if bits.flag() else []
    return Schedule(name=name, cards_per_round=tuple(cards), trumps=tuple(trumps))  # type: ignore[arg-type]


def _read_entry(bits: _Reader, sheet: ScoreSheet) -> ScoreSheet:
    kind = bits.index(_ENTRIES, "entry kind")
    if kind == "cloud":
        seat, change = _read_cloud(bits)
        return sheet.change_bid(seat, change)
    cards = sheet.cards
    if cards is None:
        raise _refused("an entry after the game's last round", "ein Eintrag nach der letzten Runde")
    if kind == "tricks":
        tricks, bombs, trump = _read_tricks(bits, sheet, cards)
        return sheet.record_tricks(tricks, bombs=bombs, trump=trump)
    bids, blind = _read_bids(bits, sheet, cards)
    if kind == "bids":
        return sheet.record_bids(bids, blind=blind)
    cloud = _read_cloud(bits) if bits.flag() else None
    tricks, bombs, trump = _read_tricks(bits, sheet, cards)
    return sheet.record(bids=bids, blind=blind, cloud=cloud, tricks=tricks, bombs=bombs, trump=trump)


def _read_bids(bits: _Reader, sheet: ScoreSheet, cards: int) -> tuple[list[int], list[int]]:
    n = len(sheet.players)
    bids = [bits.uint(cards.bit_length()) for _ in range(n)]
    blind = [seat for seat in range(n) if bits.flag()] if Variant.BLIND_BIDS in sheet.rules.variants else []
    return bids, blind


def _read_cloud(bits: _Reader) -> tuple[int, CloudChange]:
    seat = bits.uint(_width(MAX_PLAYERS))
    return seat, CloudChange.UP if bits.flag() else CloudChange.DOWN


def _read_tricks(bits: _Reader, sheet: ScoreSheet, cards: int) -> tuple[list[int], int, Suit | None]:
    tricks = [bits.uint(cards.bit_length()) for _ in sheet.players]
    bombs = int(bits.flag()) if Special.BOMB in sheet.rules.special_cards else 0
    trump = bits.index(_SUITS, "trump") if bits.flag() else None
    return tricks, bombs, trump  # type: ignore[return-value]  # a member of _SUITS
