"""What the planners of one board share: each runner set's next roll, and its banking's worth.

Within a turn the board is fixed, so both depend on the runners alone. The search
(``planner``) asks for them many times from many places; this object finds each once
and keeps it, for every planner of the same board and evaluator (the review's luck
planner shares expert's): the next roll's outcome groups and successors
(``successors``), and the worth of banking a runner set (``stop_value``, or in one
batch ``stop_values``), a solved turn's end's value (``SolvedEnds``) first where there
is one. It keeps no bound method of a planner (see ``solved_ends``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from ..engine import COLUMNS, MAX_RUNNERS, GameState, Move, runners_after_each
from .outcomes import RollPlan, roll_plan
from .solved_ends import SolvedEnds

Runners = tuple[int, ...]
Successors = tuple[int, list[tuple[int, Sequence[Runners]]]]
"""(bust count, [(count, runner sets the moves lead to)]) for the next roll."""
Grouping = tuple[NDArray[np.int64], NDArray[np.int64], tuple[int, ...]]
"""A next roll's groups (the bust aside) over its moves' results: every group's moves'
places one after another, where each group's begin, and each group's count. A search
reads a set's successors' worths as one array and takes each group's best at once
(``Planner.roll_value``)."""
Onward = tuple[tuple[int, ...], frozenset[tuple[int, ...]]]
"""A next roll's moves as a search that values every situation with every runner out to
the turn's end reads them (``Planner.prefetch``): the places of the moves that leave a
runner free, and the column triples the others leave every runner out in. Both follow
from the plan alone (which columns have a runner is part of what it is kept by)."""


def all_out(runners: Runners) -> bool:
    """Whether every runner is on the board (only their columns can move): the engine's
    ``free_runners`` is 0 (written out: the search asks about 80,000 times a review)."""
    return runners.count(0) + MAX_RUNNERS == len(runners)


_GROUPINGS: dict[int, tuple[object, Grouping, Onward]] = {}
"""By plan (many runner sets share one, over many turns: ``outcomes.roll_plan`` keeps them
for the process): its ``Grouping`` and ``Onward``, with the plan's places kept so that the
number is not another's."""
_GROUPINGS_KEPT = 2000
"""About 2 KB each: as many as the plans with a runner free ``outcomes`` keeps, and more."""


def _grouping(runners: Runners, plan: RollPlan) -> tuple[object, Grouping, Onward]:
    """The plan's ``Grouping`` and ``Onward`` (``runners``: any set the plan is kept for)."""
    _, moves, counts, places, sizes = plan
    found = _GROUPINGS.get(id(places))
    if found is None or found[0] is not places:
        if len(_GROUPINGS) >= _GROUPINGS_KEPT:
            _GROUPINGS.clear()
        cells = np.fromiter(places, dtype=np.int64, count=len(places))
        starts = np.fromiter(accumulate(sizes[:-1], initial=0), dtype=np.int64, count=len(sizes))
        found = _GROUPINGS[id(places)] = (places, (cells, starts, counts), _onward(runners, moves))
    return found


def _onward(runners: Runners, moves: tuple[Move, ...]) -> Onward:
    out = frozenset(c for c in COLUMNS if runners[c])
    free: list[int] = []
    full: set[frozenset[int]] = set()
    for place, move in enumerate(moves):
        columns = out.union(move)
        if len(columns) < MAX_RUNNERS:
            free.append(place)
        else:
            full.add(columns)
    return tuple(free), frozenset(tuple(sorted(columns)) for columns in full)


class LeafValue(Protocol):
    """The worth of the current player banking a runner set (higher is better)."""

    solitaire: bool

    def value(self, runners: Runners) -> float: ...


class BoardTables:
    """Runner set -> its next roll and its banking's worth, for one board and evaluator."""

    def __init__(self, state: GameState, evaluator: LeafValue) -> None:
        self.state = state
        self.evaluator = evaluator
        self.stops: dict[Runners, float] = {}
        self.nexts: dict[Runners, Successors] = {}
        self.reached: dict[Runners, list[Runners]] = {}
        """Each set's successors (the next roll's), each once, in the order first met."""
        self.groups: dict[Runners, Grouping] = {}
        """Each set's next roll as ``Grouping``: its moves' results (``reached``) read at once."""
        self.onward: dict[Runners, Onward] = {}
        """Each set's next roll as ``Onward``."""
        self.busts: dict[Runners, int] = {}
        """Each set's next roll's busts (of the 1,296)."""
        self._plans: dict[Runners, RollPlan] = {}
        """Each set's next roll's plan (its groups' places in ``reached``)."""
        self.ends = SolvedEnds(state)
        self._known: dict[Runners, Runners] = {}

    def expand(self, runners: Runners) -> int:
        """Work out ``runners``' next roll for the search (``reached``, ``groups``), once;
        the bust's count."""
        bust = self.busts.get(runners)
        if bust is None:
            plan = roll_plan(self.state, runners)
            # Each move's step once (the engine's), and one tuple per runner set however
            # many rolls lead to it (a plan holds thousands, each reached from many places).
            after = runners_after_each(self.state, runners, plan[1])
            self.reached[runners] = list(map(self._known.setdefault, after, after))
            _, self.groups[runners], self.onward[runners] = _grouping(runners, plan)
            self._plans[runners] = plan
            bust = self.busts[runners] = plan[0]
        return bust

    def successors(self, runners: Runners) -> Successors:
        """(bust count, [(count, runner sets the moves lead to)]) for the next roll (a list
        of groups the search itself no longer reads: made when asked for)."""
        found = self.nexts.get(runners)
        if found is None:
            bust = self.expand(runners)
            after = self.reached[runners]
            _, _, counts, places, sizes = self._plans[runners]
            ends = list(accumulate(sizes))
            found = self.nexts[runners] = (bust, [
                (count, tuple([after[k] for k in places[end - size:end]]))
                for count, size, end in zip(counts, sizes, ends, strict=True)
            ])
        return found

    def stop_value(self, runners: Runners) -> float:
        value = self.stops.get(runners)
        if value is None:
            value = self.ends.stop(runners)
            if value is None:
                value = self.evaluator.value(runners)
            self.stops[runners] = value
        return value

    def stop_values(
        self, runner_sets: list[Runners], rows: NDArray[np.int64] | None = None
    ) -> list[float]:
        """``stop_value`` of each set, those not yet known valued in one batch (for
        evaluators that value many sets at once, ``values``); ``rows``, the same sets as
        an array, spares building one when none is known."""
        values = getattr(self.evaluator, "values", None)
        known = self.stops
        if values is None:
            return [self.stop_value(r) for r in runner_sets]
        missing = [r for r in runner_sets if r not in known]
        if missing and self.ends.by_columns:
            for runners in missing:
                if all_out(runners):
                    value = self.ends.stop(runners)
                    if value is not None:
                        known[runners] = value
            missing = [r for r in missing if r not in known]
        if missing:
            batch = rows if rows is not None and len(missing) == len(runner_sets) else missing
            known.update(zip(missing, values(batch), strict=True))
        return [known[r] for r in runner_sets]

    def row_values(self, rows: NDArray[np.int64]) -> Sequence[float]:
        """The worth of banking each runner set given as rows, in one batch (for evaluators
        that value many sets at once; the others set by set), not kept: a turn's end keeps
        its own (``TurnEnd.stops``)."""
        values = getattr(self.evaluator, "value_array", None)
        if values is None:
            values = getattr(self.evaluator, "values", None)
        if values is None:
            return [self.stop_value(tuple(row)) for row in rows.tolist()]
        found: Sequence[float] = values(rows)
        return found
