"""What the lobby shows of a server's tables, and what it asks of the server: the summaries
of its tables, a visitor's choice, the :class:`LobbyService` the lobby screen talks to, and
each summary's words in the lobby's table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rich.text import Text

from ...play.lookalike import same_name
from ...play.turn_based import describe
from ...storage.records import Records
from .create_table import NewTable


@dataclass(frozen=True, slots=True)
class SeatInfo:
    name: str
    free: bool
    human: bool
    away: bool = False
    computer_playing: bool = False
    """The computer plays this person's seat until they come back."""


@dataclass(frozen=True, slots=True)
class TableSummary:
    table_id: int
    name: str
    seats: tuple[SeatInfo, ...]
    variant: str
    win_columns: int
    status: str  # waiting | in progress | finished
    watchers: int = 0
    turn_based: bool = False
    to_move: str | None = None
    """At a turn-based table's game: the person whose move it is."""
    time_left: float | None = None
    """Seconds left for ``to_move`` to move."""
    chances: bool = False
    """Whether its players may show the win chances (and so ask for hints)."""


@dataclass(frozen=True, slots=True)
class LobbyChoice:
    """Where the visitor goes: a table, with their seat or None to watch."""

    table_id: int
    seat: int | None


class LobbyService(Protocol):
    """The lobby as one visitor sees it."""

    levels: tuple[str, ...]

    @property
    def name(self) -> str: ...

    @property
    def turn_based(self) -> bool:
        """The New table form offers turn-based tables."""
        ...

    def tables(self) -> list[TableSummary]: ...

    def leaderboard(self) -> Records: ...

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]: ...

    def create(self, table: NewTable) -> LobbyChoice: ...

    def sit(self, table_id: int) -> LobbyChoice: ...

    def watch(self, table_id: int) -> LobbyChoice: ...

    def leave(self, table_id: int) -> None: ...

    def started(self, table_id: int) -> bool: ...


def seats_text(summary: TableSummary) -> Text:
    """One seat a line, so that every name shows in full."""
    lines = []
    for seat in summary.seats:
        style = "dim" if seat.free else ("" if seat.human else "italic")
        note = " (computer playing)" if seat.computer_playing else " (away)" if seat.away else ""
        lines.append(Text(seat.name + note, style=style))
    return Text("\n").join(lines)


def your_move(summaries: list[TableSummary], name: str) -> list[TableSummary]:
    """The tables, those where it is ``name``'s move first (least time left first)."""

    def order(summary: TableSummary) -> tuple[bool, float]:
        mine = summary.to_move is not None and same_name(summary.to_move, name)
        return (not mine, (summary.time_left or 0.0) if mine else 0.0)

    return sorted(summaries, key=order)


def your_move_text(summaries: list[TableSummary], name: str) -> str:
    count = sum(s.to_move is not None and same_name(s.to_move, name) for s in summaries)
    if not count:
        return ""
    return f"Your move at {count} table{'s' if count > 1 else ''}. "


def rules_text(summary: TableSummary) -> str:
    """The variant, the columns to win, and whether the win chances (``w``) and so the
    hints may show: "win % on" or "win % off", no wider than "3 columns"."""
    chances = "on" if summary.chances else "off"
    return f"{summary.variant}\n{summary.win_columns} columns\nwin % {chances}"


def status_text(summary: TableSummary) -> str:
    lines = [summary.status]
    if summary.turn_based:
        lines[0] += " (turn-based)"
    if summary.to_move is not None:
        left = "" if summary.time_left is None else f", {describe(summary.time_left)} left"
        lines.append(f"{summary.to_move} to move{left}")
    free = sum(seat.free for seat in summary.seats)
    if summary.status == "waiting" and free:
        lines.append(f"{free} seat{'s' if free > 1 else ''} free")
    if summary.watchers:
        lines.append(f"{summary.watchers} watching")
    return "\n".join(lines)
