"""Turn-based tables waiting for players: how many, from whom, and for how long.

A turn-based table not yet begun keeps its creator's seat after they log off and across
restarts (``turn_tables``). Left at that, twenty free guest names could keep the server's
every table waiting for ever. So (each figure a ``PersonLimits`` field, a ``cantstop
serve`` flag):

- a table nobody joined closes ``waiting_hours`` after it was made (a game once begun keeps
  its own rules: the move deadlines);
- one address block (``startups.address_block``: /32, /64) may have ``waiting_per_address``
  waiting tables in all, whoever created them, and its keyless guests together only
  ``guest_waiting`` of those (a guest's names are free, an address is not);
- the server keeps at most ``waiting_tables`` of them, below its ``MAX_TABLES``: the rest
  stays for games people play now.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Protocol

from ..play.seating import LobbyError, Person
from ..play.turn_based import TurnRules
from .budgets import PersonLimits
from .guests import is_guest
from .startups import address_block

log = logging.getLogger(__name__)
HOUR = 3600.0


class WaitingTable(Protocol):
    """What these rules read of a hosted table (``tables.HostedTable``)."""

    id: int
    name: str
    turn_rules: TurnRules | None
    creator_block: str | None
    creator_guest: bool
    created: float

    @property
    def table(self) -> object | None: ...


def waiting(hosted: WaitingTable) -> bool:
    """A turn-based table whose game has not begun."""
    return hosted.turn_rules is not None and hosted.table is None


def block_of(person: Person) -> str | None:
    """The address block ``person`` connects from (None: unknown, as in a local lobby)."""
    return address_block(person.address) if person.address else None


def check_room(tables: Iterable[WaitingTable], person: Person, limits: PersonLimits) -> None:
    """:class:`LobbyError` if ``person`` may not make one more waiting table."""
    now_waiting = [hosted for hosted in tables if waiting(hosted)]
    if len(now_waiting) >= limits.waiting_tables:
        raise LobbyError(
            f"{len(now_waiting)} turn-based tables wait for players, as many as this server "
            "keeps: join one of them, or play a real-time game."
        )
    block = block_of(person)
    if block is None:
        return
    mine = [hosted for hosted in now_waiting if hosted.creator_block == block]
    guests = sum(1 for hosted in mine if hosted.creator_guest)
    if is_guest(person.key) and guests >= limits.guest_waiting:
        raise LobbyError(
            f"Guests from your address have {guests} turn-based tables waiting for players, "
            "as many as guests from one address may: join one, or log in with an SSH key."
        )
    if len(mine) >= limits.waiting_per_address:
        raise LobbyError(
            f"Your address has {len(mine)} turn-based tables waiting for players, as many "
            "as one address may: join one of them, or wait until one begins."
        )


def made_by(hosted: WaitingTable, person: Person, now: float) -> None:
    """Note who made ``hosted`` (their address block, whether a guest) and when."""
    hosted.creator_block = block_of(person)
    hosted.creator_guest = is_guest(person.key)
    hosted.created = now


def expired(tables: Iterable[WaitingTable], now: float, hours: float) -> list[WaitingTable]:
    """The waiting tables nobody joined within ``hours`` of their making."""
    return [
        hosted for hosted in tables if waiting(hosted) and now - hosted.created >= hours * HOUR
    ]
