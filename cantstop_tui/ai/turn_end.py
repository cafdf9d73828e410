"""The rest of a turn with every runner out, solved exactly.

With every runner out only their three columns can move, so a situation is the
three runners' heights: at most 13 x 11 x 11 of them, from where the runners
stand to the tops. Every move raises a height, so one pass from the tops down
values them all: stopping is worth the evaluator's value of banking, rolling the
average over the next roll's outcome groups of the best move's worth, a bust the
board as it was. The heights are numbered so that a move is one addition to the
number (each move's climb found once per column triple, ``_plan``, and kept).

The pass goes by layers, numpy doing a layer at once: a layer is the situations whose
heights add up to the same sum, and every move leads to a higher layer. Each
situation's roll is summed in the order of a situation-by-situation pass (the bust, then
the groups one after another), so the values are the same to the last bit and so is
expert's play.

The outcome groups come from the engine (``outcomes``), once per pattern of how
far each column can climb in one roll (0, 1 or 2 steps). Not for the jump
variant, where a step's length depends on the other players' squares.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from itertools import pairwise, product
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..engine import COLUMNS, STEPS_PER_ROLL, TOPS, GameState
from .outcomes import ROLLS, all_out_rows

Runners = tuple[int, ...]
Ints = NDArray[np.int64]
Floats = NDArray[np.float64]

_Plan = tuple[NDArray[np.int8], NDArray[np.float64]]
"""A column triple's roll from every pattern (how far each column can climb, 0, 1 or 2,
as one number in base 3), by outcome group: each group's moves' climbs in the three
columns, (groups, moves, 27, 3), and its count, (groups, 27). Group 0 is the bust (no
move); a group with fewer moves than others repeats its first, a pattern with fewer
groups counts 0 for the rest."""

_plans: dict[tuple[int, ...], _Plan] = {}
"""By column triple: at most 165, kept. With every runner out nothing else changes a
roll's moves (jumps aside, never here)."""
PATTERNS: Final = 27
_LOWEST: Final = tuple(
    {room: steps.index(room, 1) for room in set(steps[1:])} for steps in STEPS_PER_ROLL
)
"""The lowest height (1 or more: a runner's) with each room to climb, by column."""
_ROOM: Final = tuple(np.array(steps, dtype=np.int64) for steps in STEPS_PER_ROLL)
"""``STEPS_PER_ROLL`` as arrays, to read a column's room at many heights at once."""


@cache
def _shape(sizes: tuple[int, ...]) -> tuple[Ints, Ints, Ints]:
    """For situations numbered with the last column fastest: each one's heights above the
    lowest (a row each), the numbers by layer from the highest down (a layer: the
    situations whose heights above the lowest add up to the same sum; every move leads to a
    higher one) and the layer of each in that order. At most 13 x 11 x 11 shapes."""
    offsets = np.indices(sizes).reshape(len(sizes), -1).T
    layer = offsets.sum(axis=1)
    order = np.argsort(-layer, kind="stable")
    return offsets, order, layer[order]


def _plan(state: GameState, columns: tuple[int, ...]) -> _Plan:
    """The triple's ``_Plan``, from the engine's outcomes at the lowest heights with each
    pattern of room (the same moves at every such height; a move climbs each column once
    for each time it names it, no jumps here)."""
    found = _plans.get(columns)
    if found is not None:
        return found
    rows: list[tuple[int, list[tuple[int, list[list[int]]]]]] = []
    for rooms in product((0, 1, 2), repeat=len(columns)):
        heights = [0] * 13
        for column, room in zip(columns, rooms, strict=True):
            heights[column] = _LOWEST[column][room]
        bust, groups = 0, []
        for count, allowed in all_out_rows(state, tuple(heights)):
            if allowed:
                groups.append((count, [[move.count(c) for c in columns] for move in allowed]))
            else:
                bust += count
        # In the order a pass situation by situation adds them: one move, two, more.
        groups.sort(key=lambda group: min(len(group[1]), 3))
        rows.append((bust, groups))
    width = 1 + max(len(groups) for _, groups in rows)
    moves = max(len(climbs) for _, groups in rows for _, climbs in groups)
    still = [[0] * len(columns)] * moves
    climbs = np.array(
        [[still] * PATTERNS]
        + [
            [
                [groups[g][1][min(m, len(groups[g][1]) - 1)] for m in range(moves)]
                if g < len(groups) else still
                for _, groups in rows
            ]
            for g in range(width - 1)
        ],
        dtype=np.int8,  # all 165 kept in about 2 MB
    ).transpose(0, 2, 1, 3)
    counts = np.array(
        [[bust for bust, _ in rows]]
        + [[groups[g][0] if g < len(groups) else 0 for _, groups in rows]
           for g in range(width - 1)],
        dtype=np.float64,
    )
    _plans[columns] = (climbs, counts)
    return climbs, counts


class TurnEnd:
    """Every situation of one column triple from ``low`` up, valued to the turn's end."""

    def __init__(
        self,
        state: GameState,
        runners: Runners,
        stop_values: Callable[[list[Runners], Ints], list[float]],
        bust_value: float,
        best_stop: float,
        may_stop: Callable[[Runners], bool] | None = None,
    ) -> None:
        """``stop_values``: the worth of banking each of a list of runner sets (given as
        rows too); a bust is worth ``bust_value``; a stop worth ``best_stop`` (a win) ends
        the turn; ``may_stop``, where the rules can refuse a stop (the forced variant), says
        where they allow it."""
        self.columns = tuple(c for c in COLUMNS if runners[c])
        self.low = tuple(runners[c] for c in self.columns)
        sizes = tuple(TOPS[c] - low + 1 for c, low in self._pairs())
        self.strides = (sizes[1] * sizes[2], sizes[2], 1)
        self._base = sum(low * stride for low, stride in zip(self.low, self.strides, strict=True))
        # Every situation's heights (a row each, numbered as above) and how far each
        # column can climb in one roll there (0, 1 or 2), as one pattern number (base 3).
        offsets, by_layer, layers = _shape(sizes)
        heights = offsets + np.array(self.low)
        grid = np.tile(np.array(runners, dtype=np.int64), (len(heights), 1))
        grid[:, self.columns] = heights
        situations = list(map(tuple, grid.tolist()))
        rooms = [_ROOM[c][heights[:, k]] for k, c in enumerate(self.columns)]
        patterns = rooms[0] * 9 + rooms[1] * 3 + rooms[2]
        stops = np.array(stop_values(situations, grid), dtype=np.float64)
        if may_stop is not None:  # a refused stop is never taken: the player rolls on
            stops[[not may_stop(situation) for situation in situations]] = -math.inf
        # Cell ``len`` holds the bust's worth (group 0 of every plan, and the cell an
        # empty group reads, 0 times); a stop worth ``best_stop`` ends the turn: those are
        # worth their stop, the others are found by layers, the highest first, as one run
        # of numbers (``order``) cut where the layer changes.
        worth = np.append(stops, bust_value)
        going = stops[by_layer] < best_stop
        order = by_layer[going]
        cuts = np.flatnonzero(np.diff(layers[going])) + 1
        edges = [0, *cuts.tolist(), len(order)] if len(order) else []
        climbs, counts = _plan(state, self.columns)
        counts = counts[:, patterns[order]]
        steps = climbs @ np.array(self.strides)  # (groups, moves, patterns)
        bust = len(situations)
        targets = np.where(counts[:, None, :] > 0, steps[:, :, patterns[order]] + order, bust)
        targets[0] = bust
        stops = stops[order]
        for start, end in pairwise(edges):
            best = worth[targets[:, :, start:end]].max(axis=1)
            terms = np.multiply(counts[:, start:end], best, order="C")
            # Summed group after group, as a pass situation by situation adds them (numpy
            # adds rows in order; a single column it would add pairwise).
            total = (
                np.add.reduce(terms, axis=0) if end - start > 1
                else np.array([_in_order(terms[:, 0])])
            )
            worth[order[start:end]] = np.maximum(total / ROLLS, stops[start:end])
        self.worth: list[float] = worth[:-1].tolist()

    def _pairs(self) -> zip[tuple[int, int]]:
        return zip(self.columns, self.low, strict=True)

    def covers(self, runners: Runners) -> bool:
        return all(runners[c] >= low for c, low in self._pairs())

    def number(self, runners: Runners) -> int:
        """The situation's number (every runner out, in this triple, at or above ``low``)."""
        first, second, third = self.columns
        return (
            runners[first] * self.strides[0] + runners[second] * self.strides[1]
            + runners[third] - self._base
        )

    def value(self, runners: Runners) -> float:
        """Worth of being at ``runners`` with the choice to roll or stop."""
        return self.worth[self.number(runners)]


def _in_order(terms: Floats) -> float:
    """The terms added one after another (as a pass situation by situation adds them)."""
    total = float(terms[0])
    for term in terms[1:].tolist():
        total += term
    return total
