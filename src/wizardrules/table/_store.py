"""Tables on disk: one SQLite row per table, written and committed before a change is acknowledged."""

from __future__ import annotations

import math
import os
import sqlite3
import stat
from pathlib import Path
from typing import Final

from attrs import frozen

from wizardrules.errors import FormatError
from wizardrules.table._table import Table

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    saved TEXT NOT NULL,
    updated REAL NOT NULL,
    host TEXT
)
"""
_MAGIC: Final = b"SQLite format 3\x00"
_COLUMNS: Final = ("id", "saved", "updated")


def check_path(path: str | Path) -> None:
    """Refuse a path that cannot be the tables' SQLite file, before anything opens it.

    A path that names nothing yet is fine when its folder exists (the file is made); else it
    must be a regular file (through a symlink, too) that is empty or starts as a SQLite
    database does. A device (`/dev/zero`), a folder, a FIFO, a link to nothing or a file of
    something else is refused.

    Raises:
        FormatError: the path cannot be the tables' file; the message says why.

    Examples:
        >>> check_path("/dev/zero")
        Traceback (most recent call last):
        ...
        wizardrules.errors.FormatError: tables file '/dev/zero': not a regular file (a device, folder or pipe)
    """
    name = os.fspath(path)
    label = f"tables file {name!r:.80}"
    try:
        info = os.stat(name)
    except FileNotFoundError:
        if os.path.lexists(name):
            raise FormatError(f"{label}: a link to nothing; name a SQLite file") from None
        folder = os.path.dirname(os.path.abspath(name))
        if not os.path.isdir(folder):
            raise FormatError(f"{label}: its folder {folder!r:.80} does not exist") from None
        return
    except (OSError, ValueError) as problem:  # a name with a NUL byte is a ValueError
        raise FormatError(f"{label}: cannot read it ({getattr(problem, 'strerror', None) or problem})") from None
    if not stat.S_ISREG(info.st_mode):
        raise FormatError(f"{label}: not a regular file (a device, folder or pipe)")
    if info.st_size == 0:
        return
    try:
        with open(name, "rb") as file:
            head = file.read(len(_MAGIC))
    except OSError as problem:
        raise FormatError(f"{label}: cannot read it ({problem.strerror or problem})") from None
    if head != _MAGIC:
        raise FormatError(f"{label}: not a SQLite database (it does not start as one)")


@frozen(kw_only=True)
class Row:
    """A table as the file keeps it.

    Attributes:
        table: the table.
        updated: when it last changed, in the server's clock (seconds).
        host: the SHA-256 of the host's token (the person who made the table), `None` when it has none.
    """

    table: Table
    updated: float
    host: str | None


class Store:
    """A SQLite file of saved tables (standard library `sqlite3`, write-ahead log).

    Each [`save`][wizardrules.table._store.Store.save] is its own transaction, committed when
    it returns: a process killed after it (even by SIGKILL) finds the table on disk. The saved
    form holds tokens as hashes only, but also every deal: keep the file private.

    Raises:
        FormatError: the path is not one a SQLite file of tables can be at (see
            [`check_path`][wizardrules.table._store.check_path]), or the file is a
            SQLite database that cannot be read or whose `tables` are something else.
    """

    def __init__(self, path: str | Path) -> None:
        check_path(path)
        self._label = f"tables file {os.fspath(path)!r:.80}"
        try:
            self._connection = sqlite3.connect(os.fspath(path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as problem:
            raise FormatError(f"{self._label}: cannot open it ({problem})") from None
        try:
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
            self._connection.execute(_SCHEMA)
            columns = {row[1] for row in self._connection.execute("PRAGMA table_info(tables)")}
            if not set(_COLUMNS) <= columns:
                raise FormatError(f"{self._label}: its 'tables' are not tables of wizardrules serve")
            if "host" not in columns:  # a file from before tables had hosts
                self._connection.execute("ALTER TABLE tables ADD COLUMN host TEXT")
        except sqlite3.Error as problem:
            self._connection.close()
            raise FormatError(f"{self._label}: not a database of tables ({problem})") from None
        except FormatError:
            self._connection.close()
            raise

    def save(self, table_id: str, table: Table, now: float, host: str | None = None) -> None:
        """Write `table` under `table_id` and commit; `host` (a token's hash) is kept when given."""
        with self._connection:
            self._connection.execute(
                "INSERT INTO tables (id, saved, updated, host) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET saved = excluded.saved, updated = excluded.updated, "
                "host = coalesce(excluded.host, tables.host)",
                (table_id, table.to_json(), now, host),
            )

    def delete(self, table_id: str) -> None:
        """Remove the table `table_id` from the file, and commit."""
        with self._connection:
            self._connection.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def load_all(self) -> tuple[dict[str, Row], dict[str, str]]:
        """Every saved table by id, and for each row that does not load, why (it is left on disk).

        Raises:
            FormatError: the file cannot be read (it is damaged).
        """
        rows: dict[str, Row] = {}
        broken: dict[str, str] = {}
        try:
            found = self._connection.execute("SELECT id, saved, updated, host FROM tables").fetchall()
        except sqlite3.Error as problem:
            raise FormatError(f"{self._label}: cannot read its tables ({problem})") from None
        for table_id, saved, updated, host in found:
            try:
                if not isinstance(updated, (int, float)) or not math.isfinite(updated):
                    raise FormatError(f"updated {updated!r:.40} is not a time")
                if host is not None and (not isinstance(host, str) or len(host) != 64):
                    raise FormatError("host is not a token's hash")
                rows[str(table_id)] = Row(table=Table.from_json(saved), updated=float(updated), host=host)
            except FormatError as error:
                broken[str(table_id)] = str(error)
        return rows, broken

    def close(self) -> None:
        """Close the file."""
        self._connection.close()
