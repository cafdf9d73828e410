"""The records of a server's players, kept in its SQLite database (``server.db``).

Every finished game is a row of ``finished`` (its id, when it ended, its players and winner)
and one row of ``results`` per player name (``play.results``: a game someone abandoned is a
loss for them). The records (games, wins, columns, busts, turns, abandoned)
are not stored at all: they are summed from ``results`` when asked for, so a game counts
exactly once (its id is the key) and no total can drift from the games behind it.

Each game's people's ratings before it are kept too (``rated_before``), so that the review
of a game assumes those (``served_game_ratings``), not ratings its own result has moved.

Rows are the person's whose name they bear in any spelling that looks like it
(``served_people``: ``ana`` and ``Ana`` are one rating and one record).

A ``records.json`` from before the database is imported once as one ``results`` row per
player (``game_id`` ``"records.json"``, its ``games`` the count it held), and its game ids go
into ``finished`` so that none of them is counted again.
"""

from __future__ import annotations

import math
import sqlite3
import time
from collections.abc import Collection
from pathlib import Path
from typing import Any, Final

from ..play.match import Match
from ..play.ratings import GameRatings, Rating, rated
from ..play.results import clean_record_name, results
from .errors import SaveError
from .record import game_id
from .records import PlayerRecord, Records, load_records, rated_only
from .records import added as added_to
from .served_people import columns as _columns
from .served_people import migrate, persons

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS finished (
    game_id TEXT PRIMARY KEY,
    ended REAL NOT NULL,
    players TEXT NOT NULL,
    winner TEXT
);
CREATE TABLE IF NOT EXISTS results (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    columns INTEGER NOT NULL,
    busts INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    abandoned INTEGER NOT NULL DEFAULT 0,
    person TEXT,
    PRIMARY KEY (game_id, name)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ratings (
    name TEXT PRIMARY KEY,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    person TEXT
);
CREATE TABLE IF NOT EXISTS rated_before (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""
IMPORTED: Final = "records.json"
COUNTS: Final = ("games", "wins", "columns", "busts", "turns", "abandoned")
"""The columns of ``results`` summed into a ``PlayerRecord`` (its fields of the same names)."""


def create_schema(db: sqlite3.Connection) -> str | None:
    """Make or bring up to date the records' tables, in one transaction; a sentence for the
    server's log if moving an older database over has something to say (``migrate``)."""
    db.executescript(SCHEMA)
    began = not db.in_transaction
    if began:
        db.execute("BEGIN")
    try:
        if "abandoned" not in _columns(db, "results"):  # a database from before abandoned games
            db.execute("ALTER TABLE results ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0")
        said = migrate(db)
    except BaseException:
        if began:
            db.execute("ROLLBACK")
        raise
    if began:
        db.execute("COMMIT")
    return said


_INSERT: Final = (
    f"INSERT OR IGNORE INTO results (game_id, name, person, {', '.join(COUNTS)}) VALUES "
    f"(?, ?, ?, {', '.join('?' * len(COUNTS))})"
)


def count_game(
    db: sqlite3.Connection, match: Match, unrated: Collection[str] = ()
) -> bool:
    """Count a finished game, inside the caller's transaction; False if it was counted before.

    ``unrated``: the names of people who played it as guests: no records, no rating for
    them, and the others' ratings move as if they had not played (``play.ratings.rated``)."""
    state = match.state
    if not state.is_over:
        raise ValueError("Only a finished game goes into the records.")
    gid = game_id(match)
    played = results(match)
    winner = next((result.name for result in played if result.won), None)
    added = db.execute(
        "INSERT OR IGNORE INTO finished (game_id, ended, players, winner) VALUES (?, ?, ?, ?)",
        (gid, time.time(), "\n".join(result.name for result in played), winner),
    ).rowcount
    if not added:
        return False
    _rate(db, match, unrated)
    skipped = {name.casefold() for name in unrated}
    kept = [result for result in played if result.name.casefold() not in skipped]
    person = persons(db, [result.name for result in kept])
    for result in kept:
        counts = _counts(added_to(PlayerRecord(""), result))
        db.execute(_INSERT, (gid, result.name, person[result.name], *counts))
    return True


def _rate(db: sqlite3.Connection, match: Match, unrated: Collection[str]) -> None:
    """Update the ratings of the game's people (once: the caller counts the game once),
    keeping those before it (``rated_before``; a newcomer's with no games); not the
    ``unrated``'s. Each rating is its person's, whichever spelling of their name they
    played under."""
    skipped = {name.casefold() for name in unrated}
    names = sorted(
        {seat.name for seat in match.seats if seat.is_human and seat.name.casefold() not in skipped}
    )
    before = served_ratings(db, names)
    person = persons(db, names)
    db.executemany(
        "INSERT OR IGNORE INTO rated_before VALUES (?, ?, ?, ?, ?)",
        [(game_id(match), name, r.mu, r.sigma, r.games)
         for name, r in ((name, before.get(name, Rating())) for name in names)],
    )
    for name, rating in rated(before, match, unrated).items():
        numbers = (rating.mu, rating.sigma, rating.games)
        if not db.execute(
            "UPDATE ratings SET mu = ?, sigma = ?, games = ? WHERE person = ?",
            (*numbers, person[name]),
        ).rowcount:  # the person's first rating, under the spelling they played as
            db.execute(
                "INSERT OR REPLACE INTO ratings (name, person, mu, sigma, games) "
                "VALUES (?, ?, ?, ?, ?)",
                (name, person[name], *numbers),
            )


def served_ratings(db: sqlite3.Connection, names: list[str] | None = None) -> dict[str, Rating]:
    """The ratings of ``names``, each its person's (``served_people``), or of everyone if None
    (by the name each was first rated under); a row that is not one is skipped."""
    if not _has_table(db, "ratings"):
        return {}  # a database from before ratings, opened read-only
    if names is None:
        rows = db.execute("SELECT name, mu, sigma, games FROM ratings").fetchall()
        return _read_ratings(rows)
    marks = ",".join("?" * len(names))
    if "person" not in _columns(db, "ratings"):  # a database from before, opened read-only
        rows = db.execute(
            f"SELECT name, mu, sigma, games FROM ratings WHERE name IN ({marks})", names
        ).fetchall()
        return _read_ratings(rows)
    person = persons(db, names)
    rows = db.execute(
        f"SELECT person, mu, sigma, games FROM ratings WHERE person IN ({marks})",
        list(person.values()),
    ).fetchall()
    found = {str(key): _rating(mu, sigma, games) for key, mu, sigma, games in rows}
    return {name: r for name in names if (r := found.get(person[name])) is not None}


def _read_ratings(rows: list[Any]) -> dict[str, Rating]:
    found = {}
    for name, mu, sigma, games in rows:
        if (rating := _rating(mu, sigma, games)) is not None:
            found[clean_record_name(str(name)) or "?"] = rating
    return found


def _rating(mu: Any, sigma: Any, games: Any) -> Rating | None:
    """A stored rating, or None if the row is not one (the database may be edited by hand)."""
    numbers = (mu, sigma)
    if all(isinstance(x, float | int) and math.isfinite(x) for x in numbers) and sigma > 0:
        return Rating(float(mu), float(sigma), int(games or 0))
    return None


def served_game_ratings(db: sqlite3.Connection, match: Match) -> GameRatings:
    """The ratings ``match``'s chances assume: its people's before it, if the database counted
    it with them; today's if it counted it without (``today``); if it has not counted it,
    today's, which leave it out."""
    names = sorted({seat.name for seat in match.seats if seat.is_human})
    gid = game_id(match)
    if _has_table(db, "rated_before"):
        rows = db.execute(
            "SELECT name, mu, sigma, games FROM rated_before WHERE game_id = ?", (gid,)
        ).fetchall()
        if rows:
            return GameRatings(rated_only(_read_ratings(rows)))
    counted = db.execute("SELECT 1 FROM finished WHERE game_id = ?", (gid,)).fetchone()
    return GameRatings(served_ratings(db, names), today=counted is not None)


def _has_table(db: sqlite3.Connection, name: str) -> bool:
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return found.fetchone() is not None


def import_records(db: sqlite3.Connection, path: Path) -> int | None:
    """Take in ``records.json`` once (inside the caller's transaction); how many players it
    held, or None if it was imported before or there is none. A bad file raises SaveError."""
    if db.execute("SELECT 1 FROM meta WHERE key = ?", (IMPORTED,)).fetchone():
        return None
    if not path.exists():
        return None
    records = load_records(path)
    person = persons(db, records.players)
    for record in records.players.values():
        db.execute(_INSERT, (IMPORTED, record.name, person[record.name], *_counts(record)))
    db.executemany(
        "INSERT OR IGNORE INTO finished (game_id, ended, players) VALUES (?, 0, '')",
        [(gid,) for gid in records.games],
    )
    db.execute("INSERT INTO meta VALUES (?, ?)", (IMPORTED, str(path)))
    return len(records.players)


def served_records(db: sqlite3.Connection) -> Records:
    """Every person's totals, summed from the results, under the name they were first rated
    under (else the first they played under)."""
    have = _columns(db, "results")  # opened read-only, a database from before has fewer
    sums = ", ".join(f"SUM({count})" if count in have else "0" for count in COUNTS)
    person = "COALESCE(person, name)" if "person" in have else "name"
    rows = db.execute(
        f"SELECT {person}, name, {sums} FROM results GROUP BY {person}, name ORDER BY MIN(rowid)"
    ).fetchall()
    shown_as: dict[str, str] = {}
    if "person" in _columns(db, "ratings"):
        shown_as = {str(key): str(name) for key, name in db.execute(
            "SELECT person, name FROM ratings WHERE person IS NOT NULL"
        )}
    players: dict[str, PlayerRecord] = {}
    for key, name, *counts in rows:
        first = shown_as.setdefault(str(key), str(name))
        shown = clean_record_name(first) or "?"  # the database may have been edited by hand
        old = players.get(shown, PlayerRecord(shown))
        players[shown] = PlayerRecord(
            shown, *(max(int(a or 0), 0) + b for a, b in zip(counts, _counts(old), strict=True))
        )
    games = tuple(gid for (gid,) in db.execute("SELECT game_id FROM finished WHERE players != ''"))
    return Records(players, games, served_ratings(db))


def _counts(record: PlayerRecord) -> tuple[int, ...]:
    return tuple(int(getattr(record, count)) for count in COUNTS)


def load_served_records(path: Path) -> Records | None:
    """The records of the server whose database is ``path`` (opened read-only), or None if
    there is no server there. An unreadable database raises SaveError."""
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            if not db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'"
            ).fetchone():
                return None
            return served_records(db)
        finally:
            db.close()
    except sqlite3.Error as error:
        raise SaveError(path, f"the server's database cannot be read ({error}).") from None
