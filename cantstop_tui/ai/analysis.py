"""How good a decision was, how lucky a roll was and who is winning, as ``expert`` sees it.

Every figure comes from the planner ``expert`` plays with, searching against the learned
value (``win_chance.ModelEvaluator``), so a decision ``expert`` would make costs nothing by
construction. A value is the mover's chance to win, 0 to 1, in the model's own race
(``chances`` adds the calibration the displayed chances get).

>>> from cantstop_tui.engine import new_game, roll
>>> state, _ = roll(new_game(), (1, 5, 4, 6))
>>> [move for move, _ in Analyst().move_values(state)]
[(5, 11), (6, 10), (7, 9)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..engine import GameState, Move, Phase, can_stop, legal_moves, moves_for_dice
from .expert import ExpertBot
from .planner import CLASSIC_DEPTH, Planner

if TYPE_CHECKING:
    from .turns_model import TurnsModel


LUCK_DEPTH: Final = CLASSIC_DEPTH
"""Rolls looked ahead to price a roll's luck. The average of every first roll of a turn at
expert's own depth would take most of a review's time; luck only needs the roll that came
and the average roll valued alike."""


class Analyst:
    """Values of positions and decisions for the player to move (one board's search kept)."""

    def __init__(self, model: TurnsModel | None = None) -> None:
        self.model = model
        self._bot = ExpertBot(model=model)

    def planner(self, state: GameState) -> Planner:
        return self._bot.planner(state)

    def move_values(self, state: GameState) -> list[tuple[Move, float]]:
        """Each legal move of the dice on the table with its worth (``expert`` takes the
        best); empty when no move is to be chosen."""
        moves = legal_moves(state)
        if not moves:
            return []
        return list(zip(moves, self._bot.move_values(state, moves), strict=True))

    def roll_and_stop(self, state: GameState) -> tuple[float, float | None]:
        """The worth of rolling and of stopping (None when stopping is not allowed)."""
        planner = self.planner(state)
        roll = planner.rolling_value(state.runners)
        return roll, planner.stop_value(state.runners) if can_stop(state) else None

    def value(self, state: GameState) -> float:
        """The worth of the position for the player to move, playing on as ``expert``."""
        if state.phase is Phase.CHOOSE:
            return max(value for _, value in self.move_values(state))
        roll, stop = self.roll_and_stop(state)
        return roll if stop is None else max(roll, stop)

    def roll_luck(self, state: GameState, dice: Sequence[int]) -> float:
        """How much better ``dice`` left the roller than the average roll would have (both
        valued looking ``LUCK_DEPTH`` rolls ahead)."""
        planner = self.planner(state)
        runners = state.runners
        planner.prefetch([runners], LUCK_DEPTH)
        expected = planner.roll_value(runners, LUCK_DEPTH)
        moves = moves_for_dice(state, dice)
        if not moves:
            return planner.bust_value - expected
        got = max(planner.best(planner.after(runners, move), LUCK_DEPTH - 1) for move in moves)
        return got - expected

    def chances(self, state: GameState) -> tuple[float, ...]:
        """Each player's chance to win from this position, mid-turn included: the mover's
        from the search, the others' from the banked race sharing the rest, calibrated."""
        import numpy as np

        from .turns_model import shipped
        from .win_chance import calibrate, calibration_for, win_chances

        model = self.model or shipped()
        if state.winner is not None or (state.phase is Phase.ROLL and not any(state.runners)):
            # A turn's start: the banked race, which is what the calibration was fitted on.
            return win_chances(state, model)
        banked = win_chances(state, model, calibrated=False)
        mover = state.current_player
        mine = min(max(self.value(state), 0.0), 1.0)
        rest = 1.0 - banked[mover]
        raw = np.array([
            mine if p == mover else (1.0 - mine) * (banked[p] / rest if rest > 0 else 0.0)
            for p in range(state.num_players)
        ])
        return tuple(float(c) for c in calibrate(raw, calibration_for(model, len(raw))))
