"""What happened in a transition, for the UI, the log and the records."""

from __future__ import annotations

from dataclasses import fields

from ..frozen import frozen

Move = tuple[int, ...]
"""The columns a move steps in, ascending: ``(6, 10)``, ``(7,)``, ``(7, 7)``."""


@frozen
class Step:
    """One runner placed or advanced by a move."""

    column: int
    start: int
    """Height before the move: the runner's, or the player's square (0 for none) when placed."""
    end: int
    placed: bool


@frozen
class Rolled:
    """The player rolled the four dice."""

    player: int
    dice: tuple[int, int, int, int]


@frozen
class Moved:
    """The player moved their runners by one of the roll's moves."""

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


@frozen
class Busted:
    """The roll had no legal move: the runners are lost, the squares stay."""

    player: int
    dice: tuple[int, int, int, int]
    lost: tuple[tuple[int, int], ...]
    """(column, height) of each runner removed."""


@frozen
class Stopped:
    """The player stopped: their runners became their squares."""

    player: int
    squares: tuple[tuple[int, int], ...]
    """(column, height) of each square the runners became."""


@frozen
class ColumnWon:
    """The player topped a column: it is theirs, and the others' squares leave it."""

    player: int
    column: int
    removed: tuple[tuple[int, int], ...]
    """(player, height) of the other players' squares taken off the column."""


@frozen
class TurnPassed:
    """The turn went to the next player."""

    player: int
    """The player whose turn it now is."""
    previous: int


@frozen
class GameWon:
    """The player won, with these columns."""

    player: int
    columns: tuple[int, ...]


@frozen
class Conceded:
    """A player gave the game up."""

    player: int
    """The player who gave the game up (``concede``); a ``GameWon`` for the other follows."""


Event = Rolled | Moved | Busted | Stopped | ColumnWon | TurnPassed | GameWon | Conceded


# Fast builders for the events of every roll and move. The frozen dataclass
# ``__init__`` sets each field through ``object.__setattr__``; writing the slots
# directly builds the same object in about half the time.
_new = object.__new__
_set_rolled_player, _set_rolled_dice = (Rolled.__dict__[f.name].__set__ for f in fields(Rolled))
(
    _set_moved_player, _set_moved_move, _set_moved_before, _set_moved_after, _set_moved_squares,
) = (Moved.__dict__[f.name].__set__ for f in fields(Moved))


def make_rolled(player: int, dice: tuple[int, int, int, int]) -> Rolled:
    """``Rolled(player, dice)``, faster."""
    event = _new(Rolled)
    _set_rolled_player(event, player)
    _set_rolled_dice(event, dice)
    return event


def make_moved(
    player: int, move: Move, before: tuple[int, ...], after: tuple[int, ...],
    squares: tuple[int, ...],
) -> Moved:
    """``Moved(player, move, before, after, squares)``, faster."""
    event = _new(Moved)
    _set_moved_player(event, player)
    _set_moved_move(event, move)
    _set_moved_before(event, before)
    _set_moved_after(event, after)
    _set_moved_squares(event, squares)
    return event
