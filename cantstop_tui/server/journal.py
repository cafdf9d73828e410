"""The hosted tables in the server's SQLite database, each step stored before anyone sees it.

A table's row is its whole record (``store.table_to_json``: seats, chat and the game from
its first step) and is written again at every step of its game, synchronously, by the
table's first listener, before any visitor's app is told of the step. SQLite in WAL mode
with ``synchronous=NORMAL`` makes each such commit survive the death of the process
(``kill -9``): after a restart every table resumes at the last step anyone saw. Seating,
chat and the lobby's other changes write every table in one transaction.

The step that ends a game also counts it in the players' records, in the same transaction
(``storage.served_records``: a game counts once, and a finished game is never shown without
being counted).

The people's ratings are read for the win chances and reviews of their tables
(``game_ratings``: as the game began, on a connection of its own, from any thread: at most
once a game for a visitor's side panel, and once a review).

An existing ``tables.json`` (the format before the database) is imported once, then
renamed ``tables.json.imported``; the players' ``records.json`` is imported once too (it
stays where it is: local games still count there).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Collection
from pathlib import Path
from typing import Any

from ..play.match import Match
from ..play.ratings import GameRatings, Rating
from ..storage import SaveError
from ..storage.records import Records
from ..storage.served_records import (
    count_game,
    create_schema,
    import_records,
    served_game_ratings,
    served_ratings,
    served_records,
)
from . import store
from .lobby import Lobby
from .tables import HostedTable

log = logging.getLogger(__name__)

SCHEMA = "CREATE TABLE IF NOT EXISTS hosted (id INTEGER PRIMARY KEY, record TEXT NOT NULL)"


class TableJournal:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)  # transactions are explicit
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(SCHEMA)
        said = create_schema(self.db)  # an older database moved over once
        if said is not None:
            log.warning(said)
        self._reader = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        """For ``ratings``, asked from the analysis thread too (the writer stays on the loop)."""
        self._reading = threading.Lock()

    def records(self) -> list[dict[str, Any]]:
        """Every stored table's record (a row that is not one is logged and skipped)."""
        found = []
        for table_id, text in self.db.execute("SELECT id, record FROM hosted ORDER BY id"):
            try:
                record = json.loads(text)
            except (ValueError, RecursionError):
                log.warning("Stored table %s is unreadable; skipped.", table_id)
                continue
            if isinstance(record, dict):
                found.append(record)
        return found

    def write(self, hosted: HostedTable) -> None:
        """Store one table as it is now (or drop it, once it has nothing to come back to)."""
        try:
            with self._transaction():
                self._put(hosted)
        except sqlite3.Error as error:
            log.error("Could not store table %d: %s", hosted.id, error)

    def write_all(self, lobby: Lobby) -> None:
        """Store every table, and drop those the lobby no longer has, in one transaction."""
        try:
            with self._transaction():
                for hosted in lobby.tables.values():
                    self._put(hosted)
                kept = [i for i, h in lobby.tables.items() if store.saved(h)]
                marks = ",".join("?" * len(kept))
                self.db.execute(f"DELETE FROM hosted WHERE id NOT IN ({marks})", kept)
        except sqlite3.Error as error:
            log.error("Could not store the tables: %s", error)

    def close(self) -> None:
        with self._reading:
            self._reader.close()
        self.db.close()

    def leaderboard(self) -> Records:
        """Every player's records and rating, as the database holds them now."""
        return served_records(self.db)

    def ratings(self, names: Collection[str]) -> dict[str, Rating]:
        """The stored ratings of ``names`` (a person with none is a newcomer: not in it).
        Safe from any thread; an unreadable database is logged and gives none."""
        with self._reading:
            try:
                return served_ratings(self._reader, list(names))
            except sqlite3.Error as error:
                log.warning("Could not read the ratings: %s", error)
                return {}

    def game_ratings(self, match: Match) -> GameRatings:
        """The stored ratings of ``match``'s people as it began (``served_game_ratings``).
        Safe from any thread; an unreadable database is logged and gives none."""
        with self._reading:
            try:
                return served_game_ratings(self._reader, match)
            except sqlite3.Error as error:
                log.warning("Could not read the ratings: %s", error)
                return GameRatings({})

    def import_records(self, path: Path) -> None:
        """Count the games of an older ``records.json`` once (a bad file is logged)."""
        try:
            with self._transaction():
                imported = import_records(self.db, path)
        except (SaveError, sqlite3.Error) as error:
            log.warning("The old records were not imported: %s", error)
            return
        if imported is not None:
            log.info("Imported the records of %d player(s) from %s.", imported, path)

    def _put(self, hosted: HostedTable) -> None:
        if hosted.table is not None and hosted.table.match.state.is_over:
            count_game(self.db, hosted.table.match, hosted.unrated)
        if store.saved(hosted):
            record = json.dumps(store.table_to_json(hosted), separators=(",", ":"))
            self.db.execute(
                "INSERT INTO hosted (id, record) VALUES (?, ?) "
                "ON CONFLICT(id) DO UPDATE SET record = excluded.record",
                (hosted.id, record),
            )
        else:
            self.db.execute("DELETE FROM hosted WHERE id = ?", (hosted.id,))

    def _transaction(self) -> sqlite3.Connection:
        return _Transaction(self.db)  # type: ignore[return-value]


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN")
        return self.db

    def __exit__(self, kind: object, *rest: object) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")


def keep_tables(
    lobby: Lobby,
    journal: TableJournal,
    old_json: Path | None = None,
    old_records: Path | None = None,
) -> int:
    """Restore the stored tables into ``lobby`` (importing ``old_json`` once, if the database
    has none yet, and ``old_records`` once) and store every change from now on; returns how
    many tables were restored."""
    if old_records is not None:
        journal.import_records(old_records)
    records = journal.records()
    if records:
        restored = store.restore_all(lobby, records)
    elif old_json is not None and old_json.exists():
        restored = store.load(lobby, old_json)
        journal.write_all(lobby)
        try:
            old_json.rename(old_json.with_name(old_json.name + ".imported"))
        except OSError as error:
            log.warning("Imported %s but could not rename it: %s", old_json, error)
    else:
        restored = 0
    lobby.on_step = journal.write
    lobby.on_save = lambda: journal.write_all(lobby)
    lobby.leaderboard = journal.leaderboard
    lobby.game_ratings = journal.game_ratings
    return restored


__all__ = ["SaveError", "TableJournal", "keep_tables"]
