"""``expert``: plans each turn exactly against the learned value of the banked position.

``strong`` (``expert-classic`` before, the expert before the learned model) plans the same
way against a hand-made formula (``value.py``), two rolls ahead: the level below expert.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import GameState, Move, runners_after_each
from .board_tables import LeafValue
from .planner import CLASSIC_DEPTH, DEFAULT_DEPTH, Planner
from .value import DEFAULT_PARAMS, Evaluator, ValueParams

if TYPE_CHECKING:
    from .turns_model import TurnsModel


class ExpertBot:
    name = "expert"
    to_the_end = True
    """Value every situation with every runner out to the turn's end (``Planner.to_the_end``)."""

    def __init__(
        self, seed: int = 0, depth: int = DEFAULT_DEPTH, model: TurnsModel | None = None
    ) -> None:
        self.seed = seed
        self.depth = depth
        self.model = model
        self.solo = False
        """Playing alone: minimise turns instead of maximising the chance to beat others."""
        self._board: object = None
        self._planner: Planner | None = None

    def prepare(self) -> None:
        """Load numpy and the learned model now, not on the first decision (slow: call it off
        the event loop; ``ai.prepare``)."""
        self.learned_model()

    def learned_model(self) -> TurnsModel:
        # numpy and the weights load on the first decision (or ``prepare``), not when the
        # app starts.
        from .turns_model import shipped

        return self.model or shipped()

    def evaluator(self, state: GameState) -> LeafValue:
        from .win_chance import ModelEvaluator

        return ModelEvaluator(state, self.learned_model(), solitaire=self.solo)

    def planner(self, state: GameState) -> Planner:
        """The turn planner for this board (kept while the board does not change)."""
        board = (state.squares, state.claimed, state.current_player, state.config, self.solo)
        planner = self._planner
        if planner is None or board != self._board:
            planner = Planner(state, self.evaluator(state), self.depth, self.to_the_end)
            self._planner, self._board = planner, board
        return planner

    def forget(self) -> None:
        """The turn is over: its plan (megabytes of situations) is never asked again."""
        self._planner, self._board = None, None

    def move_values(self, state: GameState, moves: tuple[Move, ...]) -> list[float]:
        """Each of ``moves``' worth (legal moves of the dice on the table): the runners each
        leads to, by the engine's step (``choose`` checks the move and makes the whole next
        state, events and all, for the same runners)."""
        after = runners_after_each(state, state.runners, moves)
        return self.planner(state).move_values(after)

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        values = self.move_values(state, moves)
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def keep_rolling(self, state: GameState) -> bool:
        return self.planner(state).should_roll(state.runners)


class ClassicExpertBot(ExpertBot):
    """``strong``, the expert of the first version: the same planning, a hand-made leaf value."""

    name = "strong"
    to_the_end = False

    def __init__(
        self, seed: int = 0, params: ValueParams = DEFAULT_PARAMS, depth: int = CLASSIC_DEPTH
    ) -> None:
        super().__init__(seed, depth)
        self.params = params

    def prepare(self) -> None:
        """Nothing to load: the hand-made value needs no model."""

    def evaluator(self, state: GameState) -> LeafValue:
        evaluator = Evaluator(state, self.params)
        evaluator.solitaire = self.solo
        return evaluator
