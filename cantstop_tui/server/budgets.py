"""Budgets per person (per name signed in), not only per connection: tables one person has
open, chat lines, and joining and leaving tables.

A connection's own limits (``limits.py``, ``input_filter.py``) bound what one connection
costs; these bound what one *person* can make the server do across every connection they
open. Each limit is defined once, in :class:`PersonLimits`: ``cantstop serve``'s flags and
the table in docs/ssh.md are derived from (and tested against) its fields.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from ..play.lookalike import skeleton
from ..play.seating import LobbyError
from .name_budget import NEW_NAMES_PER_DAY
from .per_source import PerSource
from .startups import address_block
from .token_bucket import TokenBucket

CHAT_BURST = 5
"""Lines one person may say at once before the chat rate applies."""
CHAT_STRIKES = 10
"""Lines refused before a person is muted (forgiven at a tenth of the chat rate)."""
MUTE_SECONDS = 300.0
"""How long a person who keeps flooding the chat is muted, at every table."""
BLOCK = "\0block "
"""Before an address block in the budgets' keys: no name begins with a control character."""
MAX_PEOPLE = 10_000
"""People whose budgets are remembered (the least recently seen are forgotten first)."""


def _flag(name: str, metavar: str, text: str) -> dict[str, str]:
    return {"flag": name, "metavar": metavar, "help": text}


@dataclass(frozen=True)
class PersonLimits:
    """What one person may do; each field is a ``cantstop serve`` flag."""

    tables_per_person: int = field(
        default=2,
        metadata=_flag("--tables-per-person", "N", "open tables one person may have created"),
    )
    chat_per_second: float = field(
        default=1.0,
        metadata=_flag(
            "--chat-per-second",
            "LINES",
            f"chat lines a second one person may say (bursts of {CHAT_BURST})",
        ),
    )
    waiting_hours: float = field(
        default=24.0,
        metadata=_flag(
            "--waiting-hours",
            "H",
            "hours a turn-based table waits for its players before it closes unplayed",
        ),
    )
    waiting_per_address: int = field(
        default=10,
        metadata=_flag(
            "--waiting-per-address",
            "N",
            "turn-based tables waiting for players that one address (/32, /64) may have made",
        ),
    )
    guest_waiting: int = field(
        default=2,
        metadata=_flag(
            "--guest-waiting",
            "N",
            "of those, what the keyless guests of one address may have made together",
        ),
    )
    waiting_tables: int = field(
        default=100,
        metadata=_flag(
            "--waiting-tables",
            "N",
            "turn-based tables waiting for players on the whole server (the rest stay for games)",
        ),
    )
    moves_per_minute: int = field(
        default=20,
        metadata=_flag(
            "--moves-per-minute",
            "N",
            "times a minute one person may sit down at, watch or leave a table",
        ),
    )
    new_names_per_day: int = field(
        default=NEW_NAMES_PER_DAY,
        metadata=_flag(
            "--new-names-per-day",
            "N",
            "new names one address (/32, /64) may bind to keys in 24 hours on an --open server",
        ),
    )


def add_flags(group: Any) -> None:
    """``cantstop serve``'s flags for :class:`PersonLimits` (its defaults, its help)."""
    for spec in fields(PersonLimits):
        meta = spec.metadata
        default = spec.default
        group.add_argument(
            meta["flag"],
            type=type(default),
            default=default,
            metavar=meta["metavar"],
            help=f"{meta['help']} (default {default:g})",
        )


def from_args(args: argparse.Namespace) -> PersonLimits:
    return PersonLimits(**{spec.name: getattr(args, spec.name) for spec in fields(PersonLimits)})


def refusals(limits: PersonLimits) -> list[str]:
    """What is wrong with the limits an operator gave, one sentence each."""
    return [
        f"{spec.metadata['flag']} must be a positive number, not {getattr(limits, spec.name)}."
        for spec in fields(PersonLimits)
        if not getattr(limits, spec.name) > 0
    ]


@dataclass
class _Person:
    chat: TokenBucket
    strikes: TokenBucket
    moves: TokenBucket
    muted_until: float = 0.0


class Budgets:
    """Every person's budgets, by the canonical form of their name (``lookalike.skeleton``,
    as their rating and records are kept: ``served_people``), bounded in number: ``Ana``,
    ``ana`` and a look-alike spelling share one budget."""

    def __init__(
        self, limits: PersonLimits | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limits = limits or PersonLimits()
        self.clock = clock
        self._people: PerSource[str, _Person] = PerSource(MAX_PEOPLE, clock)

    def _person(self, name: str) -> _Person:
        """The budgets of the person ``name`` is (its canonical form)."""
        return self._kept(skeleton(name))

    def _kept(self, key: str) -> _Person:
        """The budgets kept under ``key`` (a person's, or an address block's)."""
        person = self._people.get(key)
        if person is None:
            limits, clock = self.limits, self.clock
            per_minute = limits.moves_per_minute
            person = _Person(
                chat=TokenBucket(limits.chat_per_second, CHAT_BURST, clock),
                strikes=TokenBucket(limits.chat_per_second / 10, CHAT_STRIKES, clock),
                moves=TokenBucket(per_minute / 60.0, per_minute, clock),
            )
        return self._people.seen(key, person)

    # --- tables -------------------------------------------------------------------------

    def may_create(self, open_tables: int) -> None:
        """Raise a sentence when a person who created ``open_tables`` may not make another."""
        most = self.limits.tables_per_person
        if open_tables >= most:
            raise LobbyError(
                f"You have {open_tables} open tables already, the most one person may have: "
                "play at one of them, or leave them (an empty table closes)."
            )

    # --- chat ---------------------------------------------------------------------------

    def may_say(self, name: str, address: str = "") -> None:
        """Count one line said; raise a sentence if it is refused (too fast, or muted). The
        rate holds per name and again per ``address``'s block (``startups.address_block``):
        guest names are free, so those from one address share one allowance."""
        if (notice := self.mute_notice(name)) is not None:
            raise LobbyError(notice)
        person, now = self._person(name), self.clock()
        block = self._kept(BLOCK + address_block(address)) if address else None
        if (block is None or block.chat.take(1)) and person.chat.take(1):
            return
        if not person.strikes.take(1):
            person.muted_until = now + MUTE_SECONDS
            raise LobbyError(
                f"You are muted for {MUTE_SECONDS:g} s at every table: "
                "far more lines than anyone types."
            )
        raise LobbyError("Too many lines at once: wait a moment before the next.")

    def mute_notice(self, name: str) -> str | None:
        """What a muted person is told (None: they are not muted)."""
        person = self._people.get(skeleton(name))
        if person is None or person.muted_until <= self.clock():
            return None
        wait = math.ceil(person.muted_until - self.clock())
        return f"You are muted for {wait} s more: far more lines than anyone types."

    def muted(self, name: str) -> bool:
        person = self._people.get(skeleton(name))
        return person is not None and person.muted_until > self.clock()

    # --- joining and leaving --------------------------------------------------------------

    def may_move(self, name: str) -> None:
        """Count sitting down at or watching a table; raise a sentence if refused."""
        bucket = self._person(name).moves
        if not bucket.take(1):
            wait = math.ceil((1 - bucket.tokens) / bucket.rate)
            raise LobbyError(f"You joined and left tables too often: try again in {wait} s.")

    def moved(self, name: str) -> None:
        """Count leaving a table (never refused: anyone may always leave)."""
        self._person(name).moves.take(1)
