"""Whose a row of the server's records is: a person, found by the canonical form of their
name (``play.lookalike.skeleton``: case and confusable letters), so that ``ana``, ``Ana`` and
a look-alike that came in before look-alikes were refused hold one rating and one record.

The ``person`` column of ``ratings`` and ``results`` is that key (``ratings.name`` stays the
spelling the person was first rated under: the one the leaderboard shows). A database from
before is moved over once (``migrate``): of the spellings that are now one person, the first
(the one that played first) keeps the canonical key, and each other is merged into it if the
same key owns both (table ``names``, ``server.identity``; case aside), else keeps its rows
apart under its own spelling (``APART`` before it), as before, and the server's log says so
once. A merged rating is the one that rests on the most games, with the games summed
(two estimates of one person's skill; a replay of every game is not kept to do better).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any, Final

from ..play.lookalike import skeleton

APART: Final = "\x1f"
"""Before a spelling kept apart from the person its canonical form names (a name never has a
control character, so no canonical form starts with it)."""
MIGRATED: Final = "people"
"""The ``meta`` key that says the database's rows have their ``person``."""
SAID_APART: Final = 20
"""The log names this many spellings kept apart, and counts the others."""
INDEXES: Final = (
    "CREATE UNIQUE INDEX IF NOT EXISTS ratings_person ON ratings (person)",
    "CREATE INDEX IF NOT EXISTS results_person ON results (person)",
)


def columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}


def persons(db: sqlite3.Connection, names: Iterable[str]) -> dict[str, str]:
    """The person each of ``names`` is (its canonical form, or its own spelling if the
    database keeps that spelling apart)."""
    names = list(dict.fromkeys(names))
    apart = [APART + name for name in names]
    marks = ",".join("?" * len(apart))
    kept = {
        str(person)
        for (person,) in db.execute(
            f"SELECT person FROM ratings WHERE person IN ({marks}) "
            f"UNION SELECT person FROM results WHERE person IN ({marks})",
            [*apart, *apart],
        )
    }
    return {name: APART + name if APART + name in kept else skeleton(name) for name in names}


def migrate(db: sqlite3.Connection) -> str | None:
    """Give every row of ``ratings`` and ``results`` its person, once (inside the caller's
    transaction); the sentence for the server's log if some spellings were kept apart."""
    for table in ("ratings", "results"):
        if "person" not in columns(db, table):
            db.execute(f"ALTER TABLE {table} ADD COLUMN person TEXT")
    for index in INDEXES:
        db.execute(index)
    if db.execute("SELECT 1 FROM meta WHERE key = ?", (MIGRATED,)).fetchone():
        return None
    played = [str(name) for (name,) in db.execute(
        "SELECT name FROM results GROUP BY name ORDER BY MIN(rowid)"
    )]
    rated = {
        str(name): (mu, sigma, games if isinstance(games, int) else 0)  # edited by hand?
        for name, mu, sigma, games in db.execute("SELECT name, mu, sigma, games FROM ratings")
    }
    groups: dict[str, list[str]] = {}
    for name in [*played, *sorted(set(rated) - set(played))]:  # the first to play first
        groups.setdefault(skeleton(name), []).append(name)
    kept_apart: list[str] = []
    person_of: dict[str, str] = {}
    for canonical, spellings in groups.items():
        first, *others = spellings
        owner = _owner(db, first) if others else None
        apart = [name for name in others if owner is None or _owner(db, name) != owner]
        if apart:
            kept_apart.append(f"{', '.join(apart)} (not {first})")
        keys = dict.fromkeys(spellings, canonical) | {name: APART + name for name in apart}
        _rewrite_ratings(db, keys, rated)
        person_of |= keys
    _set_results(db, person_of)
    db.execute("INSERT INTO meta VALUES (?, ?)", (MIGRATED, "1"))
    if not kept_apart:
        return None
    more = len(kept_apart) - SAID_APART
    listed = "; ".join(kept_apart[:SAID_APART]) + (f"; and {more} more" if more > 0 else "")
    return (
        "Names that are now one person were not merged, as no one key owns them all; each "
        f"keeps its own rating and records: {listed}."
    )


def _set_results(db: sqlite3.Connection, person_of: dict[str, str]) -> None:
    """Every row of ``results`` its person, in one pass (the table has no index by name)."""
    db.execute("CREATE TEMP TABLE people (name TEXT PRIMARY KEY, person TEXT NOT NULL)")
    db.executemany("INSERT INTO temp.people VALUES (?, ?)", person_of.items())
    db.execute(
        "UPDATE results SET person = "
        "(SELECT person FROM temp.people WHERE temp.people.name = results.name)"
    )
    db.execute("DROP TABLE temp.people")


def _rewrite_ratings(
    db: sqlite3.Connection, keys: dict[str, str], rated: dict[str, tuple[Any, Any, int]]
) -> None:
    """One ratings row per person of ``keys`` (spelling -> person), under its first
    spelling: the rating with the most games behind it, and all their games."""
    if len(keys) == 1:  # one spelling: its row is its person's
        db.executemany("UPDATE ratings SET person = ? WHERE name = ?", [(*keys.values(), *keys)])
        return
    db.executemany("DELETE FROM ratings WHERE name = ?", [(name,) for name in keys])
    people: dict[str, list[str]] = {}
    for name, person in keys.items():
        people.setdefault(person, []).append(name)
    for person, spellings in people.items():
        ratings = [rated[name] for name in spellings if name in rated]
        if not ratings:
            continue
        mu, sigma, _ = max(ratings, key=lambda rating: rating[2])
        games = sum(rating[2] for rating in ratings)
        db.execute(
            "INSERT INTO ratings (name, person, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
            (spellings[0], person, mu, sigma, games),
        )


def _owner(db: sqlite3.Connection, name: str) -> str | None:
    """The key bound to ``name`` (case aside: the column's collation), from the table
    ``names`` (``server.identity``), if the database has it."""
    if not db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'names'"
    ).fetchone():
        return None
    row = db.execute("SELECT key FROM names WHERE name = ?", (name,)).fetchone()
    return None if row is None else str(row[0])
