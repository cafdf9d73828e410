"""The rest of a turn with every runner out, solved exactly.

With every runner out only their three columns can move, so a situation is the
three runners' heights: at most 13 x 11 x 11 of them, from where the runners
stand to the tops. Every move raises a height, so one pass from the tops down
values them all: stopping is worth the evaluator's value of banking, rolling the
average over the next roll's outcome groups of the best move's worth, a bust the
board as it was. The heights are numbered so that a move is one addition to the
number (each move's climb found once per column triple and pattern from the planner's
``after``, and kept), which keeps the pass to list lookups.

The outcome groups come from the engine (``outcomes``), once per pattern of how
far each column can climb in one roll (0, 1 or 2 steps). Not for the jump
variant, where a step's length depends on the other players' squares.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import product
from operator import mul

from ..engine import COLUMNS, STEPS_PER_ROLL, TOPS, GameState, Move
from .outcomes import ROLLS, outcomes

Runners = tuple[int, ...]

_Plan = tuple[
    int, list[tuple[int, int]], list[tuple[int, int, int]], list[tuple[int, tuple[int, ...]]]
]
"""(bust count, then the groups of one move, of two and of more: each group's count and
each move's addition to the situation's number)."""
_Steps = tuple[int, list[tuple[int, tuple[tuple[int, ...], ...]]]]
"""(bust count, [(count, each move's climb in each of the three columns)])."""

_steps: dict[tuple[tuple[int, ...], tuple[int, ...]], _Steps] = {}
"""By column triple and steps each can climb in a roll (0, 1 or 2): at most 165 x 27, kept.
With every runner out nothing else changes a roll's moves (jumps aside, never here)."""
_plans: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], _Plan] = {}
"""``_steps`` as additions to a situation's number, by triple, pattern and strides (the
numbering of situations from given lowest heights): the same triple from the same heights
comes back turn after turn. Cleared when full."""
_PLANS_LIMIT = 20_000


class TurnEnd:
    """Every situation of one column triple from ``low`` up, valued to the turn's end."""

    def __init__(
        self,
        state: GameState,
        runners: Runners,
        after: Callable[[Runners, Move], Runners],
        stop_values: Callable[[list[Runners]], list[float]],
        bust_value: float,
        best_stop: float,
        may_stop: Callable[[Runners], bool] | None = None,
    ) -> None:
        """``after``: the runners after a move (the planner's); ``stop_values``: the worth
        of banking each of a list of runner sets; a bust is worth ``bust_value``; a stop
        worth ``best_stop`` (a win) ends the turn; ``may_stop``, where the rules can refuse
        a stop (the forced variant), says where they allow it."""
        self.columns = tuple(c for c in COLUMNS if runners[c])
        self.low = tuple(runners[c] for c in self.columns)
        sizes = [TOPS[c] - low + 1 for c, low in zip(self.columns, self.low, strict=True)]
        self.strides = (sizes[1] * sizes[2], sizes[2], 1)
        template = list(runners)
        situations: list[Runners] = []
        ranges = [range(low, TOPS[c] + 1) for c, low in self._pairs()]
        for heights in product(*ranges):
            for column, height in zip(self.columns, heights, strict=True):
                template[column] = height
            situations.append(tuple(template))
        # How far each column can climb in one roll (0, 1 or 2), in the same order.
        rooms = list(product(*(
            [STEPS_PER_ROLL[c][height] for height in heights]
            for c, heights in zip(self.columns, ranges, strict=True)
        )))
        stops = stop_values(situations)
        if may_stop is not None:  # a refused stop is never taken: the player rolls on
            stops = [
                stop if may_stop(situation) else -math.inf
                for stop, situation in zip(stops, situations, strict=True)
            ]
        groups: dict[tuple[int, ...], _Plan] = {}
        worth = [0.0] * len(situations)
        for number in range(len(situations) - 1, -1, -1):
            stop = stops[number]
            if stop >= best_stop:
                worth[number] = stop
                continue
            pattern = rooms[number]
            found = groups.get(pattern)
            if found is None:
                found = groups[pattern] = self._plan(state, situations[number], pattern, after)
            bust, singles, pairs, more = found
            total = bust * bust_value
            for count, step in singles:
                total += count * worth[number + step]
            for count, one, two in pairs:
                a, b = worth[number + one], worth[number + two]
                total += count * (a if a > b else b)
            for count, steps in more:
                total += count * max([worth[number + step] for step in steps])
            roll = total / ROLLS
            worth[number] = roll if roll > stop else stop
        self.worth = worth

    def _pairs(self) -> zip[tuple[int, int]]:
        return zip(self.columns, self.low, strict=True)

    def _plan(
        self,
        state: GameState,
        situation: Runners,
        pattern: tuple[int, ...],
        after: Callable[[Runners, Move], Runners],
    ) -> _Plan:
        """The roll's outcome groups at ``situation``, each move as its addition to the
        situation's number (the same at every situation with the same room to climb),
        split by how many moves a group offers."""
        planned = _plans.get((self.columns, pattern, self.strides))
        if planned is not None:
            return planned
        key = (self.columns, pattern)
        found = _steps.get(key)
        if found is None:
            bust = 0
            climbs = []
            for count, allowed in outcomes(state, situation):
                if allowed:
                    lands = [after(situation, move) for move in allowed]
                    climbs.append(
                        (count, tuple(
                            tuple(land[c] - situation[c] for c in self.columns) for land in lands
                        ))
                    )
                else:
                    bust += count
            found = _steps[key] = (bust, climbs)
        bust, climbs = found
        strides = self.strides
        singles, pairs, more = [], [], []
        for count, moves in climbs:
            steps = tuple(sum(map(mul, climb, strides)) for climb in moves)
            if len(steps) == 1:
                singles.append((count, steps[0]))
            elif len(steps) == 2:
                pairs.append((count, steps[0], steps[1]))
            else:
                more.append((count, steps))
        if len(_plans) >= _PLANS_LIMIT:
            _plans.clear()
        planned = _plans[(self.columns, pattern, self.strides)] = (bust, singles, pairs, more)
        return planned

    def covers(self, runners: Runners) -> bool:
        return all(runners[c] >= low for c, low in self._pairs())

    def number(self, runners: Runners) -> int:
        """The situation's number (every runner out, in this triple, at or above ``low``)."""
        return sum(
            (runners[c] - low) * stride
            for (c, low), stride in zip(self._pairs(), self.strides, strict=True)
        )

    def value(self, runners: Runners) -> float:
        """Worth of being at ``runners`` with the choice to roll or stop."""
        return self.worth[self.number(runners)]
