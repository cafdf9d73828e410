"""Who sits where at a shared table: one immutable record per seat, and the seating rules.

A :class:`SeatRecord` is the one place that says who a seat belongs to and who plays it
now: a computer level's seat, a person's (free, taken, held while they are away), and a
computer standing in for a person who dropped (``AWAY``) or whose turn took too long
(``SLOW``). Everything else is derived from it: the game's hand-overs
(:func:`played_as_seated`, which the shared table applies whenever its match is read, so
every action is recorded with whoever the seats said played it), the turn check
(``Table.is_bot`` reads that match), the lobby's lines and each visitor's own seats
(:func:`seats_of`, which the visitor's app and game screen ask each time).

The rules (sit down, come back, leave, hand over, give back, free) are pure functions
from seats to seats; the hosted table (``server/tables.py``) adds the clocks and the words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field, replace

from ..ai import STRONGEST
from ..frozen import frozen
from .lookalike import same_name
from .match import HUMAN, Match

AWAY = "away"
"""The person left during a game and did not come back in time: the computer plays on."""
SLOW = "slow"
"""The person's turn took too long: the computer plays that turn, then gives it back."""
STAND_IN = STRONGEST
"""The level that plays a seat for a person who dropped or stalls."""


class LobbyError(Exception):
    """A request to the lobby (sit down, watch, open a table) that cannot be met; the message
    says why, for the visitor."""


@frozen
class Person:
    """Who sits at a seat: a sanitized name and, with key logins, the key's fingerprint."""

    name: str
    key: str | None = None
    address: str = field(default="", compare=False)
    """Where they connect from (not part of who they are; limits per address block)."""


@frozen
class SeatRecord:
    level: str = HUMAN
    """HUMAN: a person's seat; otherwise the computer level whose seat it is."""
    person: Person | None = None
    """Who sits there (a person's seat); kept while they are away."""
    connected: bool = False
    """The person is at the table now."""
    stand_in: str | None = None
    """None, ``AWAY`` or ``SLOW``: why the computer plays a person's seat."""

    @property
    def free(self) -> bool:
        return self.level == HUMAN and self.person is None

    @property
    def held(self) -> bool:
        """Kept for a person who is not at the table."""
        return self.person is not None and not self.connected

    def plays(self) -> str:
        """Who plays the seat now: ``human`` or a computer level."""
        if self.level != HUMAN:
            return self.level
        return STAND_IN if self.stand_in is not None else HUMAN

    def player_name(self, index: int) -> str:
        if self.level != HUMAN:
            return f"Computer {index + 1} ({self.level})"
        return self.person.name if self.person else "(free)"


Seats = tuple[SeatRecord, ...]


def open_seats(levels: Iterable[str]) -> Seats:
    """A new table: ``human`` seats are open for people, the others are the computer's."""
    return tuple(SeatRecord(level=level) for level in levels)


def seats_of(seats: Seats, name: str) -> frozenset[int]:
    """The seats ``name`` plays themself (not those the computer took over when they left)."""
    return frozenset(
        index
        for index, seat in enumerate(seats)
        if seat.person is not None and same_name(seat.person.name, name) and seat.stand_in != AWAY
    )


def played_as_seated(match: Match, seats: Seats) -> Match:
    """``match`` with each seat played by whoever ``seats`` says plays it now, from the next
    action on (``match`` itself when it already agrees). A finished game keeps who played it.
    """
    if match.state.is_over:
        return match
    for index, seat in enumerate(seats):
        if match.kind_of(index) != seat.plays():
            match = match.with_seat_kind(index, seat.plays())
    return match


def held_for(seats: Seats, person: Person) -> int | None:
    """The seat kept for ``person`` (the same name, :func:`same_name`; the same key) while
    they are away."""
    for index, seat in enumerate(seats):
        if seat.held and is_person(seat.person, person):
            return index
    return None


def is_person(seated: Person | None, person: Person) -> bool:
    """Whether ``person`` is who sits as ``seated``: the same name and the same key."""
    return seated is not None and seated.key == person.key and same_name(seated.name, person.name)


def away(seats: Seats) -> list[int]:
    """Seats kept for people who are not at the table."""
    return [index for index, seat in enumerate(seats) if seat.held]


def free_seats(seats: Seats) -> list[int]:
    return [index for index, seat in enumerate(seats) if seat.free]


def returning_to(seats: Seats, person: Person, table_name: str) -> int | None:
    """The seat ``person`` already has at this table (to come back to), or None.

    Raises :class:`LobbyError` when their name is seated and connected, or holds the
    seat with a different key."""
    for index, seat in enumerate(seats):
        if seat.person is None or not same_name(seat.person.name, person.name):
            continue
        if seat.connected:
            raise LobbyError(f"{person.name} already sits at {table_name}.")
        if seat.person.key != person.key:
            raise LobbyError("That seat is held for the player who left it (a different key).")
        return index
    return None


def take_seat(
    seats: Seats, person: Person, seat: int | None, *, game_on: bool, table_name: str
) -> tuple[Seats, int]:
    """``person`` sits down at ``seat`` (None: the first free one).

    ``game_on``: a game is being played, so no seat can be taken."""
    free = free_seats(seats)
    if game_on or not free:
        raise LobbyError(f"{table_name} has no free seat: you can watch it.")
    if seat is None:
        seat = free[0]
    elif seat not in free:
        raise LobbyError(f"Seat {seat + 1} at {table_name} is not free.")
    return _with(seats, seat, person=person, connected=True), seat


def come_back(seats: Seats, index: int, person: Person) -> Seats:
    """The person is at their seat again; the computer standing in for them while they were
    away stops (a turn it plays because they were slow is finished first)."""
    stand_in = seats[index].stand_in
    return _with(
        seats, index, person=person, connected=True, stand_in=None if stand_in == AWAY else stand_in
    )


def step_away(seats: Seats, index: int, *, game_started: bool) -> Seats:
    """The person left: before the game starts the seat is open again, after it is kept."""
    if not game_started:
        return _with(seats, index, person=None, connected=False)
    return _with(seats, index, connected=False)


def hand_over(seats: Seats, index: int, reason: str) -> Seats:
    """The computer plays the person's seat (``AWAY`` or ``SLOW``)."""
    return _with(seats, index, stand_in=reason)


def give_back(seats: Seats, index: int) -> Seats:
    """The computer stops playing the person's seat."""
    return _with(seats, index, stand_in=None)


def vacate(seats: Seats, index: int, level: str | None = None) -> Seats:
    """Nobody sits there any more (after a game); ``level``: the computer's seat from now."""
    return _with(
        seats,
        index,
        person=None,
        connected=False,
        stand_in=None,
        level=seats[index].level if level is None else level,
    )


def _with(seats: Seats, index: int, **changes: object) -> Seats:
    return (*seats[:index], replace(seats[index], **changes), *seats[index + 1 :])  # type: ignore[arg-type]
