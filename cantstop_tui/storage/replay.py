"""A replay: every position of a recorded game, rebuilt by the engine, to step through."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine import Busted, ColumnWon, Event, GameWon, Moved, Rolled, Stopped, TurnPassed
from ..match import Action, Match
from .record import describe, load_game


@dataclass(frozen=True, slots=True)
class Position:
    match: Match
    events: tuple[Event, ...]
    """What the step into this position did (none for the start)."""
    action: Action | None
    """The step that led here (None for the start)."""


class Replay:
    """Positions 0 (the start, after the roll-off) to ``len(self) - 1`` (the game as recorded)."""

    def __init__(self, match: Match) -> None:
        current = Match.start(match.seats, match.config, match.seed)
        positions = [Position(current, (), None)]
        for action in match.history:
            current, events = current.apply(action)
            positions.append(Position(current, events, action))
        self._positions = tuple(positions)

    @classmethod
    def from_file(cls, path: Path | str) -> Replay:
        """Load and check a record file (``SaveError`` if it is bad)."""
        return cls(load_game(path).match)

    def __len__(self) -> int:
        return len(self._positions)

    @property
    def last(self) -> int:
        return len(self._positions) - 1

    def position(self, index: int) -> Position:
        if not 0 <= index < len(self._positions):
            count = len(self._positions)
            raise IndexError(f"A replay of {count} positions has no position {index}.")
        return self._positions[index]

    def dice_shown(self, index: int) -> tuple[Event, ...]:
        """The last roll up to ``index`` (and its bust), as events a dice widget can show."""
        for position in reversed(self._positions[: index + 1]):
            shown = tuple(e for e in position.events if isinstance(e, Rolled | Busted))
            if shown:
                return shown
        return ()

    def caption(self, index: int) -> str:
        """``Step 17 of 130: Ada — choose 6+10`` (or the start)."""
        position = self.position(index)
        if position.action is None:
            first = position.match.seats[position.match.rolloff.first_player].name
            return f"Start of the game ({self.last} steps): {first} plays first."
        before = self._positions[index - 1].match
        who = before.current_seat.name
        return f"Step {index} of {self.last}: {who}: {describe(position.action)}"

    def happened(self, index: int) -> list[str]:
        """What the step into ``index`` did, one sentence per event."""
        position = self.position(index)
        seats = position.match.seats
        lines = []
        for event in position.events:
            name = seats[event.player].name
            if isinstance(event, Rolled):
                lines.append(f"{name} rolls {' '.join(map(str, event.dice))}.")
            elif isinstance(event, Moved):
                lines.append(f"{name} moves in {_columns(event.move)}.")
            elif isinstance(event, Busted):
                lost = _columns([column for column, _ in event.lost]) or "nothing"
                lines.append(f"{name} busts and loses the runners in {lost}.")
            elif isinstance(event, Stopped):
                lines.append(f"{name} stops.")
            elif isinstance(event, ColumnWon):
                lines.append(f"{name} wins column {event.column}.")
            elif isinstance(event, TurnPassed):
                lines.append(f"{name}'s turn.")
            elif isinstance(event, GameWon):
                lines.append(f"{name} wins the game!")
        return lines

    def play_on(self, index: int) -> Match:
        """A game to play on from position ``index``: the same players, position and dice stream.

        Its record keeps the steps up to here, so it loads, replays and checks like any other.
        """
        return self.position(index).match


def _columns(columns: Sequence[int]) -> str:
    return " and ".join(str(column) for column in columns)
