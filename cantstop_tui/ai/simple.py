"""A placeholder opponent: prefers central columns, stops once three runners are out."""

from __future__ import annotations

from ..engine import GameState, Move


class SimpleBot:
    name = "easy"

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        return max(moves, key=lambda move: (len(move), -sum(abs(7 - c) for c in move)))

    def keep_rolling(self, state: GameState) -> bool:
        return sum(1 for h in state.runners if h) < 3
