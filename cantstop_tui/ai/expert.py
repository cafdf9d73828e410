"""``expert``: plans each turn exactly against a value of the banked position."""

from __future__ import annotations

from ..engine import GameState, Move, choose
from .planner import DEFAULT_BUDGET, Planner
from .value import DEFAULT_PARAMS, Evaluator, ValueParams


class ExpertBot:
    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        params: ValueParams = DEFAULT_PARAMS,
        budget: int = DEFAULT_BUDGET,
    ) -> None:
        self.seed = seed
        self.params = params
        self.budget = budget
        self.solo = False
        """Playing alone: minimise turns instead of maximising the chance to beat others."""
        self._board: object = None
        self._planner: Planner | None = None

    def planner(self, state: GameState) -> Planner:
        """The turn planner for this board (kept while the board does not change)."""
        board = (state.squares, state.claimed, state.current_player, state.config, self.solo)
        if self._planner is None or board != self._board:
            evaluator = Evaluator(state, self.params)
            evaluator.solitaire = self.solo
            self._planner = Planner(state, evaluator, self.budget)
            self._board = board
        self._planner.budget = self.budget  # each decision gets the whole search budget
        return self._planner

    def move_values(self, state: GameState, moves: tuple[Move, ...]) -> list[float]:
        planner = self.planner(state)
        return [planner.best(choose(state, move)[0].runners) for move in moves]

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        values = self.move_values(state, moves)
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def keep_rolling(self, state: GameState) -> bool:
        return self.planner(state).should_roll(state.runners)
