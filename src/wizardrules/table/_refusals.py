"""The server's refusals: wire error documents with their reasons in English and German, and the HTTP answers."""

from __future__ import annotations

import math
from typing import Any, Final

from starlette.responses import JSONResponse, Response

from wizardrules.wire import ErrorCode, WireError

JSON = Any

GERMAN: Final = {
    "this origin may not create tables": "diese Herkunft (Origin) darf keine Tische eröffnen",
    "this origin may not start tables": "diese Herkunft (Origin) darf keine Tische starten",
    "this origin may not take seats": "diese Herkunft (Origin) darf keine Plätze nehmen",
    "the server has as many tables as it keeps": "der Server hat so viele Tische, wie er hält",
    "no such table": "diesen Tisch gibt es nicht",
    "only the person who made the table may start it": "nur wer den Tisch eröffnet hat, darf ihn starten",
    "a message is JSON text, not binary": "eine Nachricht ist JSON-Text, keine Binärdaten",
    "say hello with a seat's token first": "erst mit dem Token eines Platzes anmelden (hello)",
    "this token does not act at this table": "dieses Token spielt an diesem Tisch nicht",
    'expected {"seat": N, "name": "..."}': 'erwartet {"seat": N, "name": "..."}',
    "the game is not over": "das Spiel ist nicht aus",
}
"""The German of the reasons the server gives in English, where a refusal names no German of its own."""


def refusal(code: ErrorCode, reason: str, reason_de: str | None = None) -> dict[str, JSON]:
    """The error document of a refusal, its reason in German from `GERMAN` unless given."""
    return WireError(code=code, reason=reason, reason_de=reason_de or GERMAN.get(reason)).to_dict()


def too_fast(what: str, per: str, rate: float) -> Response:
    """429: too many `what` (tables or requests) from one address, at most `rate` a `per` (hour or minute)."""
    german = {"tables": "Tische", "requests": "Anfragen"}[what]
    per_de = {"hour": "Stunde", "minute": "Minute"}[per]
    return JSONResponse(
        refusal(
            ErrorCode.TOO_FAST,
            f"too many {what} from this address: at most {rate:g} a {per}",
            f"zu viele {german} von dieser Adresse: höchstens {rate:g} pro {per_de}",
        ),
        429,
        headers={"Retry-After": str(max(1, math.ceil((3600 if per == "hour" else 60) / rate)))},
    )


def too_large(limit: int) -> Response:
    """413: a request's body is longer than `limit` bytes."""
    return JSONResponse(
        refusal(
            ErrorCode.TOO_LARGE,
            f"a request has at most {limit} bytes",
            f"eine Anfrage hat höchstens {limit} Bytes",
        ),
        413,
    )
