"""A hosted table after its game: the rematch votes, and the next game once everyone asked.

A mixin of ``tables.HostedTable`` (its seating and its clocks are there); the sentences and
the rule of when the next game starts are the pure functions of ``play.rematch``.
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


class NextGame:
    id: int
    name: str
    seed: int
    config: GameConfig
    seats: Seats
    table: SharedTable | None
    lobby: GameRegistry
    rematch_votes: set[int]
    """Seats whose person asked for a rematch of the finished game."""
    _vote_listeners: list[Listener]

    if TYPE_CHECKING:  # given by the hosted table

        @property
        def finished(self) -> bool: ...
        def seats_of(self, visitor: Person) -> frozenset[int]: ...
        def _players(self) -> tuple[Seat, ...]: ...
        def _post(self, line: str) -> None: ...
        def _give_back_slow_turns(self) -> None: ...
        def _free(
            self, index: int, notice: str | None = None, level: str | None = None
        ) -> None: ...

    def _game_over(self, match: Match) -> None:
        """Keep the game, and free the seats of those who are gone: the table awaits a rematch."""
        winner = match.seats[match.state.winner].name if match.state.winner is not None else "?"
        log.info("Table %d %r finished: %s won.", self.id, self.name, winner)
        self.lobby.game_finished(match)
        self.rematch_votes.clear()
        self._give_back_slow_turns()
        for index in seating.away(self.seats):
            self._free(index, f"* Seat {index + 1} is free for the next game.")
        self._votes_changed()
        self.lobby.forget_if_empty(self.id)

    def ask_rematch(self, visitor: Person) -> None:
        """The visitor wants the same seats and rules again; it starts when everyone does."""
        seats = self.seats_of(visitor)
        if not self.finished or not seats or seats <= self.rematch_votes:
            return
        self.rematch_votes |= seats
        self._post(f"* {visitor.name} asks for a rematch.")
        self._votes_changed()
        self._rematch_if_ready()

    def computer_takes_free_seats(self, visitor: Person) -> None:
        """Rather than wait for a newcomer, or for someone away since a restart: the computer
        plays those seats (and the visitor asks for the rematch)."""
        seats = self.seats_of(visitor)
        free = sorted([*seating.free_seats(self.seats), *seating.away(self.seats)])
        if not self.finished or not seats or not free:
            return
        for index in free:
            self._free(index, level=STAND_IN)
        self.rematch_votes |= seats
        self._post(f"* {visitor.name} gives {rematch.seat_numbers(free)} to the computer.")
        self.lobby.changed(save=True)
        self._votes_changed()
        self._rematch_if_ready()

    def _rematch_if_ready(self) -> None:
        table = self.table
        if table is None or not self.finished:
            return
        if not rematch.ready(self.seats, self.rematch_votes):
            return
        seed = self.lobby.new_seed()
        if seed == table.match.seed:
            seed = (seed + 1) & 0x7FFFFFFF
        self.seed = seed
        self.rematch_votes.clear()
        self._post("* Everyone is in: the rematch begins.")
        table.replace_match(Match.start(self._players(), self.config, seed))

    def rematch_status(self, visitor: Person) -> str:
        """One sentence for this visitor on who the rematch waits for ("" during a game)."""
        if not self.finished:
            return ""
        return rematch.waiting_for(self.seats, self.rematch_votes, self.seats_of(visitor))

    def _names(self, seats: Iterable[int]) -> str:
        return rematch.names(self.seats, seats)

    def subscribe_votes(self, listener: Listener) -> Callable[[], None]:
        """``listener()`` after every change of who waits for the rematch."""
        return subscribe(self._vote_listeners, listener)

    def _votes_changed(self) -> None:
        for listener in list(self._vote_listeners):
            listener()
