"""Who a visitor is: what they authenticated with, and the name that goes with it.

- **A player's own password** (a ``name:password`` line): the login name, and no other.
- **A key**: the name is bound to the key that first used it (trust on first use, as
  ssh-chat and soft-serve do); a later login with that name and another key is refused
  with a sentence. The bindings live in the server's SQLite database and survive restarts;
  ``cantstop serve --forget NAME`` releases one.
- **A guest** (``--open`` without a key, or the shared password): any name that no key and
  no player's password owns; a guest's held seat comes back only to a guest from the same
  address.
- **Look-alikes**: a new name is refused if it looks like a name the server knows (bound to a
  key, a player's password, signed in or seated, a held seat too: same confusable skeleton,
  ``play.lookalike``) or mixes scripts in one word: the visitor is asked for another, told
  why. A name someone already owns stays theirs.

Every identity is a :class:`~cantstop_tui.server.tables.Visitor` whose ``key`` says what
authenticated it (``SHA256:...`` for a key, ``password`` for a player's own password,
``guest@ADDRESS`` for a guest), so seats are matched by name *and* identity.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ..play.lookalike import mixed_scripts, skeleton
from .auth import Auth
from .guests import guest
from .name_budget import DAY_SECONDS, NEW_NAMES_PER_DAY, over_budget
from .startups import address_block

SCHEMA = """
CREATE TABLE IF NOT EXISTS names (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    key TEXT NOT NULL,
    bound TEXT NOT NULL,
    skeleton TEXT,
    block TEXT
);
"""
SKELETONS = "CREATE INDEX IF NOT EXISTS names_skeleton ON names (skeleton)"
BLOCKS = "CREATE INDEX IF NOT EXISTS names_block ON names (block, bound)"
"""The names an address block bound lately (``name_budget``)."""
"""Names bound before look-alikes were refused get their skeleton when the database opens."""
PASSWORD = "password"


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
            columns = {row[1] for row in db.execute("PRAGMA table_info(names)")}
            if "skeleton" not in columns:
                db.execute("ALTER TABLE names ADD COLUMN skeleton TEXT")
            if "block" not in columns:
                db.execute("ALTER TABLE names ADD COLUMN block TEXT")
            rows = db.execute("SELECT name FROM names WHERE skeleton IS NULL").fetchall()
            db.executemany(
                "UPDATE names SET skeleton = ? WHERE name = ?",
                [(skeleton(name), name) for (name,) in rows],
            )
            db.execute(SKELETONS)
            db.execute(BLOCKS)

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

    def bind(self, name: str, key: str, block: str | None = None) -> bool:
        """Bind ``name`` to ``key`` if it is free (from the address ``block``); whether
        ``key`` owns it now."""
        stamp = datetime.now(UTC).replace(microsecond=0).isoformat()
        with self._connect() as db:
            db.execute(
                "INSERT OR IGNORE INTO names (name, key, bound, skeleton, block) "
                "VALUES (?, ?, ?, ?, ?)",
                (name, key, stamp, skeleton(name), block),
            )
            row = db.execute("SELECT key FROM names WHERE name = ?", (name,)).fetchone()
        return row is not None and row[0] == key

    def bound_lately(self, block: str) -> int:
        """How many names the address ``block`` bound in the last 24 hours."""
        since = datetime.now(UTC) - timedelta(seconds=DAY_SECONDS)
        with self._connect() as db:
            row = db.execute(
                "SELECT COUNT(*) FROM names WHERE block = ? AND bound >= ?",
                (block, since.replace(microsecond=0).isoformat()),
            ).fetchone()
        return int(row[0])

    def lookalikes(self, name: str) -> list[str]:
        """Bound names other than ``name`` that look like it (the same skeleton)."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT name FROM names WHERE skeleton = ?", (skeleton(name),)
            ).fetchall()
        return [str(other) for (other,) in rows if str(other).casefold() != name.casefold()]

    def bound(self, names: Iterable[str]) -> set[str]:
        """Which of ``names`` are bound to a key (case-folded)."""
        wanted = list(names)
        with self._connect() as db:
            rows = db.execute("SELECT name FROM names").fetchall() if wanted else []
        return {str(name).casefold() for (name,) in rows} & {n.casefold() for n in wanted}

    def forget(self, name: str) -> bool:
        """Release ``name``; whether it was bound."""
        with self._connect() as db:
            return db.execute("DELETE FROM names WHERE name = ?", (name,)).rowcount > 0


class Identities:
    """The rules that decide which names a login may use."""

    def __init__(
        self,
        names: Names,
        auth: Callable[[], Auth],
        playing: Callable[[], Iterable[str]] = tuple,
        new_names_per_day: int = NEW_NAMES_PER_DAY,
    ) -> None:
        self.names = names
        self.new_names_per_day = new_names_per_day
        self._auth = auth  # the server's, read at each login (SIGHUP may replace it)
        self._playing = playing  # the names of the people signed in or seated (held too)

    @property
    def auth(self) -> Auth:
        return self._auth()

    def fixed_name(self, login: Login, username: str) -> bool:
        """Whether this login's name is its login name, and no other (own password)."""
        return login.own_password and username in self.auth.passwords

    def refusal(self, login: Login, name: str) -> str | None:
        """Why ``login`` may not play as ``name``, or None if it may."""
        return (
            self.lookalike_for(login, name)
            or self.owner_refusal(login, name)
            or self.budget_refusal(login, name)
        )

    def budget_refusal(self, login: Login, name: str) -> str | None:
        """Why ``login`` may not take ``name`` as a new name today (``name_budget``): an
        ``--open`` server, a key, a name no one owns, and its address block's budget spent."""
        if self.auth.mode != "open" or login.key is None or self.names.owner(name) is not None:
            return None
        if self.names.bound_lately(address_block(login.address)) < self.new_names_per_day:
            return None
        return over_budget(name, self.new_names_per_day)

    def owner_refusal(self, login: Login, name: str) -> str | None:
        """Why ``name`` belongs to another identity than ``login``'s, or None."""
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

    def lookalike_for(self, login: Login, name: str) -> str | None:
        """Why ``name`` would be mistaken for another (``lookalike_refusal``), unless it is
        ``login``'s own: bound to its key, or its own password's."""
        if login.key is not None and self.names.owner(name) == login.key:
            return None  # their own name, whatever it looks like
        if login.own_password and name in self.auth.passwords:
            return None
        return self.lookalike_refusal(name)

    def lookalike_refusal(self, name: str) -> str | None:
        """Why ``name`` would be mistaken for another, or None."""
        shape = skeleton(name)
        known = [*self.names.lookalikes(name), *self.auth.passwords, *self._playing()]
        for other in known:
            if other.casefold() != name.casefold() and skeleton(other) == shape:
                return f"The name {name} looks like {other}'s name."
        mixed = mixed_scripts(name)
        if mixed is not None:
            return f"The name {name} mixes {mixed}: use one script in each word."
        return None

    def keeps_rating(self, names: Iterable[str]) -> set[str]:
        """Which of ``names`` (case-folded) an authentication owns, so keep a rating: bound
        to a key or a player's own password (``guests``)."""
        wanted = list(names)
        own = {name.casefold() for name in self.auth.passwords}
        return self.names.bound(wanted) | {n.casefold() for n in wanted if n.casefold() in own}

    def claim(self, login: Login, name: str) -> None:
        """A key login that plays as ``name`` owns it from now on (if nobody does)."""
        if login.key is not None:
            self.names.bind(name, login.key, address_block(login.address))
