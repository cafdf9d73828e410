"""``easy``: plays like a careful beginner.

It takes the move with the most steps, preferring columns it already has a
runner in and then the middle columns. It keeps rolling until its three runners
are out and it has climbed four spaces this turn, and stops at once when it
reaches the top of a column or when stopping wins.
"""

from __future__ import annotations

from typing import Final

from ..engine import COLUMNS, MAX_RUNNERS, TOPS, GameState, Move
from .rule28 import stopping_wins

STEPS_BEFORE_STOPPING: Final = 4


def steps_this_turn(state: GameState) -> int:
    own = state.squares[state.current_player]
    return sum(state.runners[c] - own[c] for c in COLUMNS if state.runners[c])


class EasyBot:
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        def preference(move: Move) -> tuple[int, int, int, Move]:
            new = len({c for c in move if not state.runners[c]})
            return (len(move), -new, -sum(abs(7 - c) for c in move), move)

        return max(moves, key=preference)

    def keep_rolling(self, state: GameState) -> bool:
        if stopping_wins(state) or any(
            state.runners[c] == TOPS[c] for c in COLUMNS if state.runners[c]
        ):
            return False
        out = sum(1 for c in COLUMNS if state.runners[c])
        return out < MAX_RUNNERS or steps_this_turn(state) < STEPS_BEFORE_STOPPING
