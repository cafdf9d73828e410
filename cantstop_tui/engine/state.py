"""The immutable game state."""

from __future__ import annotations

from dataclasses import field, fields
from enum import StrEnum

from ..frozen import frozen
from .board import COLUMNS, TOPS
from .config import GameConfig
from .events import Move


class Phase(StrEnum):
    ROLL = "roll"
    """The player may roll (or stop, after a first roll this turn)."""
    CHOOSE = "choose"
    """Dice are on the table; the player must pick one of ``legal_moves``."""
    OVER = "over"


Heights = tuple[int, ...]
"""Thirteen heights indexed by column number (indices 0 and 1 unused); 0 means none."""


@frozen
class GameState:
    """A position of the game. Never changes: transitions return a new one.

    ``squares[p][c]`` is player p's square height in column c, ``claimed[c]``
    the player who won column c, ``runners[c]`` the current player's runner.
    """

    config: GameConfig
    squares: tuple[Heights, ...]
    claimed: tuple[int | None, ...]
    runners: Heights
    current_player: int
    phase: Phase
    dice: tuple[int, int, int, int] | None = None
    winner: int | None = None
    # The legal moves of ``dice``, computed once by ``roll``. Not part of the position:
    # ``dataclasses.replace`` on a choose-phase state must pass ``cached_moves=None``.
    cached_moves: tuple[Move, ...] | None = field(default=None, compare=False, repr=False)
    conceded: int | None = None
    """The player who gave a two-player game up (``concede``): over, the other the winner."""

    @property
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def runner_columns(self) -> tuple[int, ...]:
        """Columns holding one of the current player's runners."""
        return tuple(c for c in COLUMNS if self.runners[c])

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def columns_won(self, player: int) -> tuple[int, ...]:
        return tuple(c for c in COLUMNS if self.claimed[c] == player)

    def progress(self, player: int, column: int) -> int:
        """Where player stands in column: the runner if it is their turn, else the square."""
        if player == self.current_player and self.runners[column]:
            return self.runners[column]
        return self.squares[player][column]

    def is_top(self, column: int, height: int) -> bool:
        return height == TOPS[column]


_new = object.__new__
(
    _set_config, _set_squares, _set_claimed, _set_runners, _set_current_player,
    _set_phase, _set_dice, _set_winner, _set_cached_moves, _set_conceded,
) = (GameState.__dict__[f.name].__set__ for f in fields(GameState))


def make_state(
    config: GameConfig,
    squares: tuple[Heights, ...],
    claimed: tuple[int | None, ...],
    runners: Heights,
    current_player: int,
    phase: Phase,
    dice: tuple[int, int, int, int] | None = None,
    winner: int | None = None,
    cached_moves: tuple[Move, ...] | None = None,
    conceded: int | None = None,
) -> GameState:
    """``GameState(...)`` for the rules' own transitions, about twice as fast.

    The frozen dataclass ``__init__`` goes through ``object.__setattr__`` per
    field; writing the slots directly gives the same object for less.
    """
    state = _new(GameState)
    _set_config(state, config)
    _set_squares(state, squares)
    _set_claimed(state, claimed)
    _set_runners(state, runners)
    _set_current_player(state, current_player)
    _set_phase(state, phase)
    _set_dice(state, dice)
    _set_winner(state, winner)
    _set_cached_moves(state, cached_moves)
    _set_conceded(state, conceded)
    return state
