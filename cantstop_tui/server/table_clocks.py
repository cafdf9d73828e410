"""A hosted table's clocks: the seats held for people who left, and ``--turn-timeout``.

A piece each ``tables.HostedTable`` owns (``hosted.clocks``): a held seat goes to the
computer during a game when its clock runs out (after a game, held since a restart, it is
freed); a person who stalls past the turn timeout has that turn played by the computer, and
gets the seat back after it. What it needs of its table is :class:`ClockHost`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..play import seating
from ..play.seating import AWAY, SLOW, Seats
from ..play.turn_based import TurnRules

if TYPE_CHECKING:
    from .shared_table import SharedTable


class ClockRegistry(Protocol):
    """What the clocks need of the lobby that holds the table (``lobby.Lobby``)."""

    seat_timeout: float
    turn_timeout: float | None

    def changed(self, save: bool = False) -> None: ...

    def forget_if_empty(self, table_id: int) -> None: ...


class ClockHost(Protocol):
    """What the clocks need of their table (``tables.HostedTable``)."""

    @property
    def id(self) -> int: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def table(self) -> SharedTable | None: ...
    @property
    def turn_rules(self) -> TurnRules | None: ...
    @property
    def lobby(self) -> ClockRegistry: ...
    @property
    def finished(self) -> bool: ...
    def set_seats(self, seats: Seats) -> None: ...
    def post(self, line: str) -> None: ...
    def free(self, index: int, notice: str | None = None, level: str | None = None) -> None: ...
    def votes_changed(self) -> None: ...


class TableClocks:
    """The seat holds and the turn timer of one table."""

    def __init__(self, host: ClockHost) -> None:
        self._host = host
        self.holds: dict[int, asyncio.TimerHandle] = {}
        """Seats kept for people who left, until the clock runs out."""
        self._turn_timer: asyncio.TimerHandle | None = None

    def arm_turn_timer(self) -> None:
        host = self._host
        if self._turn_timer is not None:
            self._turn_timer.cancel()
            self._turn_timer = None
        timeout = host.lobby.turn_timeout
        table = host.table
        if timeout is None or host.turn_rules is not None or table is None:
            return  # no --turn-timeout at a turn-based table: its deadline is turn_tables'
        if table.match.state.is_over or table.bot_to_move:
            return
        self._turn_timer = _loop_call_later(timeout, self.turn_expired)

    def turn_expired(self) -> None:
        """``--turn-timeout``: the computer plays this turn for the person who stalls."""
        self._turn_timer = None
        host, table = self._host, self._host.table
        if table is None or table.match.state.is_over or table.bot_to_move:
            return
        seat = table.match.state.current_player
        host.post(
            f"* {host.seats[seat].player_name(seat)} took too long: the computer plays this turn."
        )
        host.set_seats(seating.hand_over(host.seats, seat, SLOW))

    def give_back_slow_turns(self) -> None:
        seats = self._host.seats
        for index, seat in enumerate(seats):
            if seat.stand_in == SLOW:
                seats = seating.give_back(seats, index)
        if seats != self._host.seats:
            self._host.set_seats(seats)

    def hold(self, index: int) -> None:
        self.unhold(index)
        self.holds[index] = _loop_call_later(
            self._host.lobby.seat_timeout, lambda: self._hold_expired(index)
        )

    def unhold(self, index: int) -> None:
        hold = self.holds.pop(index, None)
        if hold is not None:
            hold.cancel()

    def _hold_expired(self, index: int) -> None:
        """Nobody came back for the seat: during a game the computer takes it; after a game
        (held since a restart) it is freed for a newcomer."""
        self.holds.pop(index, None)
        host = self._host
        seat = host.seats[index]
        if not host.finished:
            self.hand_to_computer(index)
            return
        if seat.person is None or seat.connected:
            return
        host.free(index, f"* {seat.person.name} did not come back: seat {index + 1} is free.")
        host.votes_changed()
        host.lobby.changed(save=True)
        host.lobby.forget_if_empty(host.id)

    def hold_absent_seats(self) -> None:
        """After a restart nobody is connected: hold every seat as if its player had just left
        (also at a table whose game is over: its people come back to the rematch)."""
        seats = self._host.seats
        if self._host.turn_rules is not None:  # a turn-based table's seats wait for their people
            return
        for index in seating.away(seats):
            if seats[index].stand_in != AWAY:
                self.hold(index)

    def hand_to_computer(self, index: int) -> None:
        self.unhold(index)
        host = self._host
        seat = host.seats[index]
        if seat.connected or seat.stand_in == AWAY:
            return
        host.set_seats(seating.hand_over(host.seats, index, AWAY))
        host.post(f"* The computer plays for {seat.player_name(index)} now.")
        host.lobby.changed(save=True)


def _loop_call_later(delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
    return asyncio.get_running_loop().call_later(delay, callback)
