"""What happened in a transition, for the UI, the log and the records."""

from __future__ import annotations

from dataclasses import dataclass

Move = tuple[int, ...]
"""The columns a move steps in, ascending: ``(6, 10)``, ``(7,)``, ``(7, 7)``."""


@dataclass(frozen=True, slots=True)
class Step:
    """One runner placed or advanced by a move."""

    column: int
    start: int
    """Height before the move: the runner's, or the player's square (0 for none) when placed."""
    end: int
    placed: bool


@dataclass(frozen=True, slots=True)
class Rolled:
    player: int
    dice: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Moved:
    player: int
    move: Move
    before: tuple[int, ...]
    """Runner heights by column before the move (0: no runner)."""
    after: tuple[int, ...]
    squares: tuple[int, ...]
    """The player's squares by column, where new runners start from."""

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(
            Step(c, self.before[c] or self.squares[c], self.after[c], self.before[c] == 0)
            for c in dict.fromkeys(self.move)
        )


@dataclass(frozen=True, slots=True)
class Busted:
    """The roll had no legal move: the runners are lost, the squares stay."""

    player: int
    dice: tuple[int, int, int, int]
    lost: tuple[tuple[int, int], ...]
    """(column, height) of each runner removed."""


@dataclass(frozen=True, slots=True)
class Stopped:
    player: int
    squares: tuple[tuple[int, int], ...]
    """(column, height) of each square the runners became."""


@dataclass(frozen=True, slots=True)
class ColumnWon:
    player: int
    column: int
    removed: tuple[tuple[int, int], ...]
    """(player, height) of the other players' squares taken off the column."""


@dataclass(frozen=True, slots=True)
class TurnPassed:
    player: int
    """The player whose turn it now is."""
    previous: int


@dataclass(frozen=True, slots=True)
class GameWon:
    player: int
    columns: tuple[int, ...]


Event = Rolled | Moved | Busted | Stopped | ColumnWon | TurnPassed | GameWon
