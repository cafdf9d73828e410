"""Who a visitor is: what they authenticated with, and the name that goes with it.

- **A player's own password** (a ``name:password`` line): the login name, and no other.
- **A key**: the name is bound to the key that first used it (trust on first use, as
  ssh-chat and soft-serve do); a later login with that name and another key is refused
  with a sentence. The bindings live in the server's SQLite database and survive restarts;
  ``cantstop serve --forget NAME`` releases one.
- **A guest** (``--open`` without a key, or the shared password): any name that no key and
  no player's password owns; a guest's held seat comes back only to a guest from the same
  address.

Every identity is a :class:`~cantstop_tui.server.tables.Visitor` whose ``key`` says what
authenticated it (``SHA256:...`` for a key, ``password`` for a player's own password,
``guest@ADDRESS`` for a guest), so seats are matched by name *and* identity.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .auth import Auth

SCHEMA = """
CREATE TABLE IF NOT EXISTS names (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    key TEXT NOT NULL,
    bound TEXT NOT NULL
);
"""
PASSWORD = "password"


def guest(address: str) -> str:
    return f"guest@{address}"


@dataclass(frozen=True, slots=True)
class Login:
    """What one connection authenticated with."""

    key: str | None  # a key's SHA256 fingerprint, if it logged in with a key
    own_password: bool  # with a player's own password line (not the shared one)
    address: str

    @property
    def identity(self) -> str:
        if self.key is not None:
            return self.key
        return PASSWORD if self.own_password else guest(self.address)


class Names:
    """Names bound to keys, in the server's database (SQLite, WAL, one transaction a change)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=5)
        try:
            with db:  # one transaction: committed, or rolled back on an error
                yield db
        finally:
            db.close()

    def owner(self, name: str) -> str | None:
        """The key that owns ``name`` (case-insensitively), or None."""
        with self._connect() as db:
            row = db.execute("SELECT key FROM names WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def bind(self, name: str, key: str) -> bool:
        """Bind ``name`` to ``key`` if it is free; whether ``key`` owns it now."""
        stamp = datetime.now(UTC).replace(microsecond=0).isoformat()
        with self._connect() as db:
            db.execute(
                "INSERT OR IGNORE INTO names (name, key, bound) VALUES (?, ?, ?)",
                (name, key, stamp),
            )
            row = db.execute("SELECT key FROM names WHERE name = ?", (name,)).fetchone()
        return row is not None and row[0] == key

    def forget(self, name: str) -> bool:
        """Release ``name``; whether it was bound."""
        with self._connect() as db:
            return db.execute("DELETE FROM names WHERE name = ?", (name,)).rowcount > 0


class Identities:
    """The rules that decide which names a login may use."""

    def __init__(self, names: Names, auth: Callable[[], Auth]) -> None:
        self.names = names
        self._auth = auth  # the server's, read at each login (SIGHUP may replace it)

    @property
    def auth(self) -> Auth:
        return self._auth()

    def fixed_name(self, login: Login, username: str) -> bool:
        """Whether this login's name is its login name, and no other (own password)."""
        return login.own_password and username in self.auth.passwords

    def refusal(self, login: Login, name: str) -> str | None:
        """Why ``login`` may not play as ``name``, or None if it may."""
        owner = self.names.owner(name)
        if login.key is not None:
            if owner is not None and owner != login.key:
                return (
                    f"The name {name} belongs to another key. Log in with that key, choose "
                    "another name, or ask the host to run: cantstop serve --forget "
                    f"{name}"
                )
            return None
        if owner is not None:
            return f"The name {name} belongs to a player who logs in with a key."
        if not login.own_password and name in self.auth.passwords and name != "":
            return f"The name {name} belongs to a player with a password of their own."
        return None

    def claim(self, login: Login, name: str) -> None:
        """A key login that plays as ``name`` owns it from now on (if nobody does)."""
        if login.key is not None:
            self.names.bind(name, login.key)
