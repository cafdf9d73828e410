"""Turn-based hosted tables: the deadline of each turn, and what a missed one does.

A hosted table with ``turn_rules`` (``play.turn_based.TurnRules``) is turn-based: its
people come and go as they like; their seats wait for them (no seat timeout, no
``--turn-timeout``) and nobody's seat goes to the computer while the turn's deadline runs.
Each turn's deadline starts when the turn does and is read from the lobby's clock (wall-clock
time: it is saved with the table and survives a restart). The lobby checks the deadlines
(``Lobby.check_deadlines``, every :data:`SWEEP_SECONDS` on a server): a missed one is
handled as the table's creator chose (``ON_MISS``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..engine import TurnPassed, why_cannot_concede
from ..play import seating
from ..play.match import HUMAN
from ..play.seating import SLOW, STAND_IN, LobbyError, Person, Seats
from ..play.turn_based import (
    ABANDON,
    Clock,
    TurnDeadline,
    TurnRules,
    Unseen,
    describe,
    unseen,
)
from .shared_table import SharedTable


class TurnRegistry(Protocol):
    """What the deadlines need of the lobby (``lobby.Lobby``)."""

    clock: Clock

    def changed(self, save: bool = False) -> None: ...


class HostedTable(Protocol):
    """What the deadlines need of a hosted table (``tables.HostedTable``)."""

    turn_rules: TurnRules | None
    turn_deadline: TurnDeadline | None
    seen: dict[str, int]
    missed: list[tuple[int, int, str]]
    seats: Seats
    table: SharedTable | None

    @property
    def lobby(self) -> TurnRegistry: ...
    @property
    def finished(self) -> bool: ...
    def seats_of(self, visitor: Person) -> frozenset[int]: ...
    def free(self, index: int, notice: str | None = None, level: str | None = None) -> None: ...
    def post(self, line: str) -> None: ...
    def set_seats(self, seats: Seats) -> None: ...


SWEEP_SECONDS = 30.0
"""How often a server looks for missed deadlines (a deadline is an hour at least)."""


def begin_turn(hosted: HostedTable) -> None:
    """The turn to move now gets its full deadline (at the start, and after each turn)."""
    rules = hosted.turn_rules
    if rules is not None:
        hosted.turn_deadline = TurnDeadline(rules, hosted.lobby.clock())


def after_step(hosted: HostedTable, events: Iterable[object]) -> None:
    if hosted.turn_rules is not None and any(isinstance(e, TurnPassed) for e in events):
        begin_turn(hosted)


def to_move(hosted: HostedTable) -> str | None:
    """The person whose move it is at a turn-based table's game (None: the computer's, or no
    game on)."""
    table = hosted.table
    if hosted.turn_rules is None or table is None or table.match.state.is_over:
        return None
    index = table.match.state.current_player
    seat = hosted.seats[index]
    if seat.person is None or seat.plays() != HUMAN:
        return None
    return seat.person.name


def time_left(hosted: HostedTable) -> float | None:
    deadline = hosted.turn_deadline
    if deadline is None or to_move(hosted) is None:
        return None
    return deadline.left(hosted.lobby.clock())


def check(hosted: HostedTable) -> bool:
    """Handle the current turn's deadline if it has passed; True if it had."""
    deadline, table, name = hosted.turn_deadline, hosted.table, to_move(hosted)
    if deadline is None or table is None or name is None:
        return False
    if not deadline.missed(hosted.lobby.clock()):
        return False
    index = table.match.state.current_player
    waited = f"* {name} did not move within {describe(deadline.rules.deadline)}: "
    if deadline.rules.on_miss == ABANDON:
        ends = why_cannot_concede(table.match.state, index) is None  # a game of two
        other = table.match.seats[1 - index].name if ends else ""
        line = waited + "they abandoned the game, " + (
            f"and {other} wins it." if ends else "and the computer plays their seat."
        )
        note_missed(hosted, line)
        hosted.free(index, line, level=STAND_IN)
        if ends:
            table.concede(index)
    else:
        line = waited + "the computer played that turn."
        note_missed(hosted, line)
        hosted.post(line)
        hosted.set_seats(seating.hand_over(hosted.seats, index, SLOW))
    hosted.lobby.changed(save=True)
    return True


SINCE_LINES = 12
"""The most lines of play a returning person's notice shows (the log has them all)."""
MARKED = "The pieces that moved are drawn reversed on the board."


def last_seen(hosted: HostedTable, person: Person) -> None:
    """``person`` leaves a turn-based table's game: what they saw of it is kept."""
    if hosted.turn_rules is not None and hosted.table is not None:
        hosted.seen[person.name] = len(hosted.table.match.history)


def unseen_by(hosted: HostedTable, person: Person) -> Unseen | None:
    """What ``person`` has not seen of a turn-based table's game (None: nothing, or not such
    a table), for the board and the log to mark."""
    step = hosted.seen.get(person.name)
    if hosted.turn_rules is None or hosted.table is None or step is None:
        return None
    return unseen(hosted.table.match, step)


def note_missed(hosted: HostedTable, line: str) -> None:
    """Keep the line that told of a missed turn with its game's seed and the step it came at
    (``missed``), for the notice of those who were away; a note of an earlier game goes."""
    assert hosted.table is not None
    match = hosted.table.match
    hosted.missed[:] = [note for note in hosted.missed if note[0] == match.seed]
    hosted.missed.append((match.seed, len(match.history), line))


def since_last_seen(hosted: HostedTable, unseen: Unseen | None) -> str | None:
    """The notice of what was played at a turn-based table since a person last left it
    (``unseen_by``; None: nothing, or not such a table): the turns missed meanwhile, then the
    last ``SINCE_LINES`` lines of play."""
    lines = list(unseen.new) if unseen is not None else []
    if not lines or unseen is None or hosted.table is None:
        return None
    seed = hosted.table.match.seed
    missed = [
        line
        for game, step, line in hosted.missed
        if game == seed and unseen.step <= step <= unseen.upto
    ]
    earlier = len(lines) - SINCE_LINES
    shown = lines[-SINCE_LINES:]
    if earlier > 0:
        shown.insert(0, f"({earlier} earlier lines in the log)")
    return "\n".join([*missed, *shown, MARKED])


def check_room(tables: Iterable[HostedTable], person: Person, limit: int) -> None:
    """:class:`LobbyError` if ``person`` already plays at ``limit`` turn-based games."""
    playing = sum(
        1
        for hosted in tables
        if hosted.turn_rules is not None and not hosted.finished and hosted.seats_of(person)
    )
    if playing >= limit:
        raise LobbyError(
            f"You play at {playing} turn-based tables, as many as this server allows: "
            "finish one first."
        )
