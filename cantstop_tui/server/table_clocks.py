"""A hosted table's clocks: the seats held for people who left, and ``--turn-timeout``.

A mixin of ``tables.HostedTable``: a held seat goes to the computer during a game when its
clock runs out (after a game, held since a restart, it is freed); a person who stalls past
the turn timeout has that turn played by the computer, and gets the seat back after it.
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


class TableClocks:
    id: int
    seats: Seats
    table: SharedTable | None
    lobby: ClockRegistry
    holds: dict[int, asyncio.TimerHandle]
    """Seats kept for people who left, until the clock runs out."""
    _turn_timer: asyncio.TimerHandle | None
    rematch_votes: set[int]
    turn_rules: TurnRules | None

    if TYPE_CHECKING:  # given by the hosted table

        @property
        def finished(self) -> bool: ...
        def _set(self, seats: Seats) -> None: ...
        def _post(self, line: str) -> None: ...
        def _votes_changed(self) -> None: ...

    def _free(self, index: int, notice: str | None = None, level: str | None = None) -> None:
        """After a game: the seat is open for whoever sits down next (``level``: the
        computer plays it from now)."""
        self._unhold(index)
        self._set(seating.vacate(self.seats, index, level))
        self.rematch_votes.discard(index)
        if notice is not None:
            self._post(notice)

    def _arm_turn_timer(self) -> None:
        if self._turn_timer is not None:
            self._turn_timer.cancel()
            self._turn_timer = None
        timeout = self.lobby.turn_timeout
        table = self.table
        if timeout is None or self.turn_rules is not None or table is None:
            return  # no --turn-timeout at a turn-based table: its deadline is turn_tables'
        if table.match.state.is_over or table.bot_to_move:
            return
        self._turn_timer = _loop_call_later(timeout, self._turn_expired)

    def _turn_expired(self) -> None:
        """``--turn-timeout``: the computer plays this turn for the person who stalls."""
        self._turn_timer = None
        table = self.table
        if table is None or table.match.state.is_over or table.bot_to_move:
            return
        seat = table.match.state.current_player
        self._post(
            f"* {self.seats[seat].player_name(seat)} took too long: the computer plays this turn."
        )
        self._set(seating.hand_over(self.seats, seat, SLOW))

    def _give_back_slow_turns(self) -> None:
        seats = self.seats
        for index, seat in enumerate(seats):
            if seat.stand_in == SLOW:
                seats = seating.give_back(seats, index)
        if seats != self.seats:
            self._set(seats)

    def _hold(self, index: int) -> None:
        self._unhold(index)
        self.holds[index] = _loop_call_later(
            self.lobby.seat_timeout, lambda: self._hold_expired(index)
        )

    def _unhold(self, index: int) -> None:
        hold = self.holds.pop(index, None)
        if hold is not None:
            hold.cancel()

    def _hold_expired(self, index: int) -> None:
        """Nobody came back for the seat: during a game the computer takes it; after a game
        (held since a restart) it is freed for a newcomer."""
        self.holds.pop(index, None)
        seat = self.seats[index]
        if not self.finished:
            self.hand_to_computer(index)
            return
        if seat.person is None or seat.connected:
            return
        self._free(index, f"* {seat.person.name} did not come back: seat {index + 1} is free.")
        self._votes_changed()
        self.lobby.changed(save=True)
        self.lobby.forget_if_empty(self.id)

    def hold_absent_seats(self) -> None:
        """After a restart nobody is connected: hold every seat as if its player had just left
        (also at a table whose game is over: its people come back to the rematch)."""
        if self.turn_rules is not None:  # a turn-based table's seats wait for their people
            return
        for index in seating.away(self.seats):
            if self.seats[index].stand_in != AWAY:
                self._hold(index)

    def hand_to_computer(self, index: int) -> None:
        self._unhold(index)
        seat = self.seats[index]
        if seat.connected or seat.stand_in == AWAY:
            return
        self._set(seating.hand_over(self.seats, index, AWAY))
        self._post(f"* The computer plays for {seat.player_name(index)} now.")
        self.lobby.changed(save=True)


def _loop_call_later(delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
    return asyncio.get_running_loop().call_later(delay, callback)
