"""Tables on disk: one SQLite row per table, written and committed before a change is acknowledged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from wizardrules.errors import FormatError
from wizardrules.table._table import Table

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    saved TEXT NOT NULL,
    updated REAL NOT NULL
)
"""


class Store:
    """A SQLite file of saved tables (standard library `sqlite3`, write-ahead log).

    Each [`save`][wizardrules.table._store.Store.save] is its own transaction, committed when
    it returns: a process killed after it (even by SIGKILL) finds the table on disk. The saved
    form holds tokens as hashes only, but also every deal: keep the file private.
    """

    def __init__(self, path: str | Path) -> None:
        self._connection = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
        self._connection.execute(_SCHEMA)

    def save(self, table_id: str, table: Table, now: float) -> None:
        """Write `table` under `table_id` and commit."""
        with self._connection:
            self._connection.execute(
                "INSERT INTO tables (id, saved, updated) VALUES (?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET saved = excluded.saved, updated = excluded.updated",
                (table_id, table.to_json(), now),
            )

    def load_all(self) -> tuple[dict[str, Table], dict[str, str]]:
        """Every saved table by id, and for each row that does not load, why (it is left on disk)."""
        tables: dict[str, Table] = {}
        broken: dict[str, str] = {}
        for table_id, saved in self._connection.execute("SELECT id, saved FROM tables"):
            try:
                tables[table_id] = Table.from_json(saved)
            except FormatError as error:
                broken[table_id] = str(error)
        return tables, broken

    def close(self) -> None:
        """Close the file."""
        self._connection.close()
