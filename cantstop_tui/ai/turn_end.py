"""The rest of a turn with every runner out, solved exactly.

With every runner out only their three columns can move, so a situation is the
three runners' heights: at most 13 x 11 x 11 of them, from where the runners
stand to the tops. Every move raises a height, so one pass from the tops down
values them all: stopping is worth the evaluator's value of banking, rolling the
average over the next roll's outcome groups of the best move's worth, a bust the
board as it was. The heights are numbered so that a move is one addition to the
number (each move's climb per column triple shipped, ``turn_plans``).

The pass goes by layers, numpy doing a layer at once: a layer is the situations whose
heights add up to the same sum, and every move leads to a higher layer of the same
triple, so the triples a search meets are solved together (``solve``: a turn's first
decision meets about 25, in one pass where a pass each took over half as long again).
The network values every triple's situations of a pass in one batch. Each situation's
roll is summed as numpy sums (no longer group after group as a situation-by-situation
pass did: the values are that pass's within the sums' rounding, about 1e-16 relative,
given the same banking values).

The outcome groups come from the engine (``outcomes``), once per pattern of how
far each column can climb in one roll (0, 1 or 2 steps). Not for the jump
variant, where a step's length depends on the other players' squares.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from itertools import pairwise
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..engine import COLUMNS, STEPS_PER_ROLL, TOPS
from .outcomes import ROLLS
from .turn_end_bounds import surely_stopped
from .turn_plans import plan, stacked

Runners = tuple[int, ...]
Ints = NDArray[np.int64]
Floats = NDArray[np.float64]

_ROOM: Final = np.array(
    [steps + [0] * (max(TOPS) + 1 - len(steps)) for steps in map(list, STEPS_PER_ROLL)],
    dtype=np.int64,
)
"""``STEPS_PER_ROLL`` as one array (column, height), to read the room of many columns at
many heights at once."""


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


class TurnEnd:
    """Every situation of one column triple from ``low`` up, valued to the turn's end
    (``solve``): ``stops``, the worth of banking each, and ``worth``, of being there with
    the choice to roll or stop, both in the situations' numbering."""

    def __init__(
        self, columns: tuple[int, ...], low: tuple[int, ...], stops: Floats, worth: Floats
    ) -> None:
        self.columns = columns
        self.low = low
        sizes = _sizes(columns, low)
        self.strides = (sizes[1] * sizes[2], sizes[2], 1)
        self._base = sum(h * stride for h, stride in zip(low, self.strides, strict=True))
        self.stops = stops
        self.worth = worth

    def covers(self, runners: Runners) -> bool:
        first, second, third = self.columns
        low_first, low_second, low_third = self.low
        return (
            runners[first] >= low_first and runners[second] >= low_second
            and runners[third] >= low_third
        )

    def number(self, runners: Runners) -> int:
        """The situation's number (every runner out, in this triple, at or above ``low``)."""
        first, second, third = self.columns
        return (
            runners[first] * self.strides[0] + runners[second] * self.strides[1]
            + runners[third] - self._base
        )

    def situation(self, number: int) -> Runners:
        """The runner heights of situation ``number`` (``number``'s inverse)."""
        heights = [0] * 13
        for column, low, stride, size in zip(
            self.columns, self.low, self.strides, _sizes(self.columns, self.low), strict=True
        ):
            heights[column] = low + number // stride % size
        return tuple(heights)

    def value(self, runners: Runners) -> float:
        """Worth of being at ``runners`` with the choice to roll or stop (``number`` written
        out: a search asks about 17,000 times a 2-player review)."""
        first, second, third = self.columns
        strides = self.strides
        return float(self.worth[
            runners[first] * strides[0] + runners[second] * strides[1]
            + runners[third] - self._base
        ])


def _lay_out(triples: list[_Triple]) -> Ints:
    """Every triple's situations as runner sets, one row each in the triples' order (what
    the banking values are asked for), and each one's pattern (``_Triple.patterns``: how
    far each of its columns can climb in one roll there, 0, 1 or 2, as one number in base
    3): for all the triples at once (a pass meets about 30; one by one, their arrays were
    a tenth of the pass)."""
    sizes = [t.size for t in triples]
    rows = sum(sizes)
    columns = np.repeat(np.array([t.columns for t in triples], dtype=np.int64), sizes, axis=0)
    heights = np.concatenate([t.offsets for t in triples]) + np.repeat(
        np.array([t.low for t in triples], dtype=np.int64), sizes, axis=0
    )
    grid = np.zeros((rows, 13), dtype=np.int64)
    grid[np.arange(rows)[:, None], columns] = heights
    rooms = _ROOM[columns, heights]
    patterns = rooms[:, 0] * 9 + rooms[:, 1] * 3 + rooms[:, 2]
    for t in triples:
        t.patterns = patterns[t.first:t.first + t.size]
    return grid


def _sizes(columns: tuple[int, ...], low: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(TOPS[c] - h + 1 for c, h in zip(columns, low, strict=True))


class _Triple:
    """One triple's part of a solve: its situations numbered from ``first`` on, those still
    to work out (``order``, by layer from the highest) with their roll's targets and counts."""

    def __init__(self, runners: Runners, first: int) -> None:
        self.columns = tuple(c for c in COLUMNS if runners[c])
        self.low = tuple(runners[c] for c in self.columns)
        self.first = first
        sizes = _sizes(self.columns, self.low)
        self.strides = (sizes[1] * sizes[2], sizes[2], 1)
        # Every situation's heights above the lowest (a row each, numbered as above);
        # ``lay_out`` gives their heights and patterns.
        self.offsets, self.by_layer, self.all_layers = _shape(sizes)
        self.size = len(self.offsets)
        self.patterns: Ints = np.empty(0, dtype=np.int64)

    def plan(self, sure: NDArray[np.bool_]) -> None:
        """Given which situations are worth their stop (a win ends the turn, and some stops
        no roll can beat: ``turn_end_bounds``), the others to work out."""
        going = ~sure[self.by_layer]
        self.order = self.by_layer[going]
        self.layers = self.all_layers[going]
        climbs, _ = plan(self.columns)
        self.shape = climbs.shape[:2]
        """(outcome groups, most moves in a group) of the triple's rolls."""


_FAR: Final = 1 << 40
"""A step that lands past every situation: read with ``mode="clip"``, the bust's cell (the
last), as a group no roll makes (count 0) and the bust's own group (group 0) read."""


_FAR_STEP: Final = np.int64(_FAR)


def _steps(triples: list[_Triple], groups: int, moves: int) -> tuple[Ints, Floats]:
    """The triples' rolls as number steps by pattern, padded to ``groups`` x ``moves``:
    (27 x triples, groups, moves) steps (``_FAR`` where no roll of the pattern makes the
    group; a group with fewer moves repeats its first) and (groups, 27 x triples) counts (0
    past a triple's own), a triple's 27 patterns after the one before's."""
    all_climbs, all_lands, all_counts, place = stacked()
    at = np.array([place[t.columns] for t in triples], dtype=np.int64)
    size = len(triples)
    climbs = all_climbs[at].reshape(size, 3, -1)
    strides = np.array([t.strides for t in triples], dtype=np.int16)
    # Each move's step: its climbs times the strides, added, for every triple at once in
    # small integers (the steps stay under 400; numpy's matrix product of integers went
    # element by element, at several times the cost).
    number = climbs[:, 0] * strides[:, 0, None]
    number += climbs[:, 1] * strides[:, 1, None]
    number += climbs[:, 2] * strides[:, 2, None]
    widest = all_climbs.shape[3:]
    steps = np.where(all_lands[at].reshape(size, -1), number, _FAR_STEP).reshape(-1, *widest)
    if (groups, moves) != widest:
        steps = np.ascontiguousarray(steps[:, :groups, :moves])
    counts = all_counts[at, :groups].transpose(1, 0, 2).reshape(groups, -1)
    return steps, counts


def solve(
    starts: list[Runners],
    stop_values: Callable[[Ints], Sequence[float]],
    bust_value: float,
    best_stop: float,
    may_stop: Callable[[Runners], bool] | None = None,
) -> list[TurnEnd]:
    """Each start's triple, every situation from its heights up, valued to the turn's end
    (one triple each): all of them in one pass by layers.

    ``stop_values``: the worth of banking each of the runner sets given as rows; a bust is
    worth ``bust_value``; a stop worth ``best_stop`` (a win) ends the turn; ``may_stop``,
    where the rules can refuse a stop (the forced variant), says where they allow it."""
    triples: list[_Triple] = []
    first = 0
    for runners in starts:
        triples.append(_Triple(runners, first))
        first += triples[-1].size
    # Every triple's situations valued in one batch: one call of the network, not one per
    # triple (its per-call cost was most of a review's time). The network's single-precision
    # sums depend a little on the batch, so a value moves in its last bits (about 1e-7)
    # with the batch it came in; expert's choices do not (docs/ai.md, "Speed").
    grid = _lay_out(triples)
    stops = np.array(stop_values(grid), dtype=np.float64)
    banked = stops.copy()
    if may_stop is not None:  # a refused stop is never taken: the player rolls on
        stops[[not may_stop(tuple(row)) for row in grid.tolist()]] = -math.inf
    sure = surely_stopped(
        stops, np.concatenate([plan(t.columns)[1][0][t.patterns] for t in triples]),
        np.array([t.first for t in triples], dtype=np.int64), bust_value, best_stop,
    )
    for t in triples:
        t.plan(sure[t.first:t.first + t.size])
    # The last cell holds the bust's worth (group 0 of every plan, and the cell an empty
    # group reads, 0 times: any step past the situations, read clipped). The triples'
    # situations still to work out are found by layers, the highest first (every move leads
    # to a higher layer of the same triple), as one run of numbers (``order``) cut where the
    # layer changes. A triple with fewer groups than another counts 0 for the rest (added
    # last: the sums do not change); with fewer moves, it repeats its first (``_steps``).
    worth = np.append(stops, bust_value)
    groups = max(t.shape[0] for t in triples)
    moves = max(t.shape[1] for t in triples)
    # Each situation's targets: its triple's steps for its pattern (``pick``: the row of
    # the triples' padded tables one after another), plus its own number.
    by_layer = np.argsort(-np.concatenate([t.layers for t in triples]), kind="stable")
    order = np.concatenate([t.order + t.first for t in triples])[by_layer]
    layers = np.concatenate([t.layers for t in triples])[by_layer]
    pick = np.concatenate(
        [t.patterns[t.order] + 27 * k for k, t in enumerate(triples)]
    )[by_layer]
    steps, counts = _steps(triples, groups, moves)
    counts = counts[:, pick]
    stops = worth[order]
    cuts = np.flatnonzero(np.diff(layers)) + 1
    edges = [0, *cuts.tolist(), len(order)] if len(order) else []
    for start, end in pairwise(edges):
        # The layer's targets (groups x moves a situation, one block: made layer by layer,
        # they stay in the processor's cache for the gather; a situations-last array of the
        # whole pass was copied a layer's slice at a time, 3% of a review's instructions).
        targets = steps[pick[start:end]]
        targets += order[start:end, None, None]
        # The best move of each group: the moves' worths compared pairwise (a reduction
        # over an axis of two or three cells goes cell by cell, and took half the time).
        reached = np.take(worth, targets, mode="clip")
        best = reached[:, :, 0]
        for other in range(1, moves):
            best = np.maximum(best, reached[:, :, other])
        # Each situation's groups' counts times their best, summed (in one pass, no array
        # of the terms made).
        total = np.einsum("gs,sg->s", counts[:, start:end], best)
        worth[order[start:end]] = np.maximum(total / ROLLS, stops[start:end])
    return [
        TurnEnd(
            t.columns, t.low, banked[t.first:t.first + t.size], worth[t.first:t.first + t.size]
        )
        for t in triples
    ]

