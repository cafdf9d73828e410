"""A hosted table after its game: the rematch votes, and the next game once everyone asked.

A piece each ``tables.HostedTable`` owns (``hosted.next_game``); what it needs of its table
is :class:`GameHost`. The sentences and the rule of when the next game starts are the pure
functions of ``play.rematch``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from ..engine import GameConfig
from ..play import rematch, seating
from ..play.listeners import subscribe
from ..play.match import Match, Seat
from ..play.seating import STAND_IN, Person, Seats

if TYPE_CHECKING:
    from .shared_table import SharedTable

log = logging.getLogger(__name__)
Listener = Callable[[], None]


class GameRegistry(Protocol):
    """What the next game needs of the lobby that holds the table (``lobby.Lobby``)."""

    def changed(self, save: bool = False) -> None: ...

    def forget_if_empty(self, table_id: int) -> None: ...

    def game_finished(self, match: Match) -> None: ...

    def new_seed(self) -> int: ...


class GameHost(Protocol):
    """What the next game needs of its table (``tables.HostedTable``)."""

    seed: int

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def table(self) -> SharedTable | None: ...
    @property
    def lobby(self) -> GameRegistry: ...
    @property
    def finished(self) -> bool: ...
    def seats_of(self, visitor: Person) -> frozenset[int]: ...
    def players(self) -> tuple[Seat, ...]: ...
    def post(self, line: str) -> None: ...
    def free(self, index: int, notice: str | None = None, level: str | None = None) -> None: ...


class NextGame:
    """Who asked for a rematch of the finished game, and the rematch once all did."""

    def __init__(self, host: GameHost) -> None:
        self._host = host
        self.votes: set[int] = set()
        """Seats whose person asked for a rematch of the finished game."""
        self._listeners: list[Listener] = []

    def game_over(self, match: Match) -> None:
        """Keep the game, and free the seats of those who are gone: the table awaits a rematch
        (the table gave back the turns the computer played for those who stalled)."""
        host = self._host
        winner = match.seats[match.state.winner].name if match.state.winner is not None else "?"
        log.info("Table %d %r finished: %s won.", host.id, host.name, winner)
        host.lobby.game_finished(match)
        self.votes.clear()
        for index in seating.away(host.seats):
            host.free(index, f"* Seat {index + 1} is free for the next game.")
        self.changed()
        host.lobby.forget_if_empty(host.id)

    def ask_rematch(self, visitor: Person) -> None:
        """The visitor wants the same seats and rules again; it starts when everyone does."""
        seats = self._host.seats_of(visitor)
        if not self._host.finished or not seats or seats <= self.votes:
            return
        self.votes |= seats
        self._host.post(f"* {visitor.name} asks for a rematch.")
        self.changed()
        self.rematch_if_ready()

    def computer_takes_free_seats(self, visitor: Person) -> None:
        """Rather than wait for a newcomer, or for someone away since a restart: the computer
        plays those seats (and the visitor asks for the rematch)."""
        host = self._host
        seats = host.seats_of(visitor)
        free = sorted([*seating.free_seats(host.seats), *seating.away(host.seats)])
        if not host.finished or not seats or not free:
            return
        for index in free:
            host.free(index, level=STAND_IN)
        self.votes |= seats
        host.post(f"* {visitor.name} gives {rematch.seat_numbers(free)} to the computer.")
        host.lobby.changed(save=True)
        self.changed()
        self.rematch_if_ready()

    def rematch_if_ready(self) -> None:
        host, table = self._host, self._host.table
        if table is None or not host.finished:
            return
        if not rematch.ready(host.seats, self.votes):
            return
        seed = host.lobby.new_seed()
        if seed == table.match.seed:
            seed = (seed + 1) & 0x7FFFFFFF
        host.seed = seed
        self.votes.clear()
        host.post("* Everyone is in: the rematch begins.")
        table.replace_match(Match.start(host.players(), host.config, seed))

    def rematch_status(self, visitor: Person) -> str:
        """One sentence for this visitor on who the rematch waits for ("" during a game)."""
        if not self._host.finished:
            return ""
        return rematch.waiting_for(self._host.seats, self.votes, self._host.seats_of(visitor))

    def asked(self, visitor: Person) -> bool:
        """Whether the visitor has asked for the rematch (with every seat they play)."""
        seats = self._host.seats_of(visitor)
        return bool(seats) and seats <= self.votes

    def names(self, seats: Iterable[int]) -> str:
        return rematch.names(self._host.seats, seats)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """``listener()`` after every change of who waits for the rematch."""
        return subscribe(self._listeners, listener)

    def changed(self) -> None:
        for listener in list(self._listeners):
            listener()
