"""How good a decision was, how lucky a roll was and who is winning, as ``expert`` sees it.

Every figure comes from the planner ``expert`` plays with, searching against the learned
value (``win_chance.ModelEvaluator``), so a decision ``expert`` would make costs nothing by
construction. A value is the mover's chance to win, 0 to 1, in the model's own race;
``calibrated`` turns values into the chances a player is shown (the calibration fitted on
self-play games, the other players sharing the rest as in the banked race), which is what
costs and luck are measured in.

>>> from cantstop_tui.engine import new_game, roll
>>> state, _ = roll(new_game(), (1, 5, 4, 6))
>>> [move for move, _ in Analyst().move_values(state)]
[(5, 11), (6, 10), (7, 9)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from operator import mul
from typing import TYPE_CHECKING, Final

from ..engine import ALL_ROLLS, GameState, Move, Phase, can_stop, legal_moves, moves_for_dice
from ..frozen import frozen
from .expert import ExpertBot
from .planner import Planner
from .value import CHANCE_EDGE, LOGIT_CAP

if TYPE_CHECKING:
    import numpy as np

    from .turns_model import TurnsModel


LUCK_DEPTH: Final = 1
"""Rolls looked ahead to price a roll's luck, by the plain search: each roll is worth what
its best move banks (or the bust), every roll valued alike. Valuing all 1,296 rolls at
expert's own depth took most of a review's time (over ten times the rest at two rolls
ahead); luck only needs the roll that came and every other roll valued alike."""


@frozen
class Luck:
    """What one roll gave the roller, in calibrated chance (0-1)."""

    luck: float
    """The chance the roll left minus the average over all 1,296 rolls."""
    variance: float
    """The variance of that over the 1,296 rolls (its mean is 0 by construction)."""


def _pricing(
    mover: int, race: Sequence[float], calibration: tuple[float, float]
) -> Callable[[float], float]:
    """The mover's calibrated chance for a raw value of theirs, the others sharing the rest
    as in the banked ``race``: ``win_chance.calibrate`` of ``Analyst._calibrated_rows``'s
    row, one number at a time."""
    slope, shift = calibration
    rest = 1.0 - race[mover]
    shares = [0.0 if p == mover or rest <= 0 else chance / rest for p, chance in enumerate(race)]

    def mapped(raw: float) -> float:
        p = min(max(raw, CHANCE_EDGE), 1 - CHANCE_EDGE)
        logit = slope * math.log(p / (1 - p)) + shift
        return 1.0 / (1.0 + math.exp(-min(max(logit, -LOGIT_CAP), LOGIT_CAP)))

    def shown(value: float) -> float:
        mine = min(max(value, 0.0), 1.0)
        terms = [mapped(mine if p == mover else (1.0 - mine) * share)
                 for p, share in enumerate(shares)]
        return terms[mover] / sum(terms)

    return shown


_FLOATS: Final = 8
"""Values ``calibrated`` prices one at a time in floats (``_pricing``), between equals, at
most: numpy's dozen calls on arrays cost about what pricing ten values in floats does, so
they pay only for longer lists (a roll's luck prices every outcome group's value, 76 on
average); a review's costs price two at a time, 173 times a 215-step game."""


class Analyst:
    """Values of positions and decisions for the player to move (one board's search kept)."""

    def __init__(self, model: TurnsModel | None = None) -> None:
        self.model = model
        self._bot = ExpertBot(model=model)
        self._luck: tuple[object, Planner] | None = None
        self._race: tuple[object, tuple[tuple[float, ...], tuple[float, ...]]] | None = None
        self._priced: tuple[object, Callable[[float], float]] | None = None

    def planner(self, state: GameState) -> Planner:
        return self._bot.planner(state)

    def _model(self) -> TurnsModel:
        from .turns_model import shipped

        return self.model or shipped()

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

    def _banked(self, state: GameState) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The raw banked race of the board and each player's turns left alone (kept while
        the board does not change)."""
        from .win_chance import banked_race

        board = (state.squares, state.claimed, state.current_player, state.config)
        if self._race is None or self._race[0] != board:
            self._race = (board, banked_race(state, self._model()))
        return self._race[1]

    def _calibrated_rows(
        self, state: GameState, values: Sequence[float], skills: Sequence[float] | None = None,
        sharpness: float = 1.0, starts: Sequence[float] | None = None,
    ) -> np.ndarray:
        """Every player's calibrated chance (a row each) when the mover's raw value is each
        of ``values`` and the others share the rest as in the banked race (with the seats'
        ``skills``, else between equals)."""
        import numpy as np

        race, turns = self._banked(state)
        banked = np.array(race)
        mover = state.current_player
        mine = np.clip(np.asarray(values, dtype=np.float64), 0.0, 1.0)[:, None]
        rest = 1.0 - banked[mover]
        shares = banked / rest if rest > 0 else np.zeros_like(banked)
        shares[mover] = 0.0
        raw = (1.0 - mine) * shares
        raw[:, mover] = mine[:, 0]
        return self._race_calibrated(state, raw, turns, skills, sharpness, starts)

    def _race_calibrated(
        self, state: GameState, raw: np.ndarray, turns: Sequence[float],
        skills: Sequence[float] | None, sharpness: float, starts: Sequence[float] | None,
    ) -> np.ndarray:
        """``raw`` chances (a player's along the last axis) calibrated for the seats (as
        ``win_chance.win_chances`` does the banked race's)."""
        from .skill_term import sharpness_factor, skill_shifts
        from .win_chance import calibrate, calibration_for

        shifts = None if skills is None else skill_shifts(skills, turns, starts=starts)
        sharp = None if sharpness == 1.0 else sharpness_factor(sharpness, turns)
        return calibrate(raw, calibration_for(self._model(), state.num_players), shifts, sharp)

    def calibrated(
        self, state: GameState, values: Sequence[float],
        skills: Sequence[float] | None = None, sharpness: float = 1.0,
        starts: Sequence[float] | None = None,
    ) -> list[float]:
        """The mover's chance (0-1) as shown to players, for each raw ``values`` (with the
        seats' ``skills``, ``sharpness`` and ``starts`` as in ``chances``, else between equals)."""
        if not values:
            return []
        if skills is None and sharpness == 1.0 and starts is None and len(values) <= _FLOATS:
            shown = self._pricing(state)
            return [shown(value) for value in values]
        rows = self._calibrated_rows(state, values, skills, sharpness, starts)
        return [float(c) for c in rows[:, state.current_player]]

    def _pricing(self, state: GameState) -> Callable[[float], float]:
        """``calibrated`` between equals for one raw value, in plain floats: the same sums as
        ``_calibrated_rows`` (within a unit in the last place: ``math``'s logarithm and
        exponential for numpy's), where numpy's calls on arrays of a few numbers cost ten
        times the arithmetic (``_FLOATS``). Kept while the board does not change."""
        board = (state.squares, state.claimed, state.current_player, state.config)
        if self._priced is None or self._priced[0] != board:
            from .win_chance import calibration_for

            calibration = calibration_for(self._model(), state.num_players)
            race, _ = self._banked(state)
            self._priced = (board, _pricing(state.current_player, race, calibration))
        return self._priced[1]

    def _luck_planner(self, state: GameState) -> Planner:
        """The plain search at ``LUCK_DEPTH`` for this board, sharing expert's leaf values."""
        main = self.planner(state)
        board = (state.squares, state.claimed, state.current_player, state.config)
        if self._luck is None or self._luck[0] != board or self._luck[1].evaluator is not (
            main.evaluator
        ):
            planner = Planner(state, main.evaluator, LUCK_DEPTH, share=main)
            self._luck = (board, planner)
        return self._luck[1]

    def roll_luck(self, state: GameState, dice: Sequence[int]) -> Luck:
        """How much better ``dice`` left the roller than the average roll would have, in
        calibrated chance, with the spread of that over every roll (each roll's worth: its
        best move's, or the bust's, looking ``LUCK_DEPTH`` rolls ahead)."""
        planner = self._luck_planner(state)
        runners = state.runners
        planner.prefetch([runners], LUCK_DEPTH)
        counts, raw = zip(*planner.outcome_values(runners, LUCK_DEPTH), strict=True)
        later = LUCK_DEPTH - 1
        moves = moves_for_dice(state, dice)
        got = (
            max(planner.best(planner.after(runners, move), later) for move in moves)
            if moves else planner.bust_value
        )
        got_shown, *shown = self.calibrated(state, [got, *raw])
        mean = sum(map(mul, counts, shown)) / len(ALL_ROLLS)
        spread = sum(c * (v - mean) ** 2 for c, v in zip(counts, shown, strict=True))
        return Luck(got_shown - mean, spread / len(ALL_ROLLS))

    def chances(
        self, state: GameState, skills: Sequence[float] | None = None, sharpness: float = 1.0,
        starts: Sequence[float] | None = None,
    ) -> tuple[float, ...]:
        """Each player's chance to win from this position, mid-turn included: the mover's
        from the search, the others' from the banked race sharing the rest, calibrated.

        ``skills``: each player's rating (``skill_term``: who is playing); None: equals;
        ``sharpness``: the pairing's (``skill_term.level_sharpness``); ``starts``: each
        seat's part of its own start (``skill_term.level_starts``). Costs, luck and
        ``calibrated`` price decisions between equals whatever the seats."""
        if state.winner is not None:
            from .win_chance import win_chances

            return win_chances(state, self._model())
        if state.phase is Phase.ROLL and not any(state.runners):
            # A turn's start: the banked race, which is what the calibration was fitted on
            # (the one ``calibrated`` prices the turn's decisions and rolls against).
            import numpy as np

            race, turns = self._banked(state)
            calibrated = self._race_calibrated(state, np.array(race), turns, skills,
                                               sharpness, starts)
            return tuple(float(c) for c in calibrated)
        rows = self._calibrated_rows(state, [self.value(state)], skills, sharpness, starts)
        return tuple(float(c) for c in rows[0])
