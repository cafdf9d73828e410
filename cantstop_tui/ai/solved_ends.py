"""The turn's ends a planner has solved, by column triple (every runner out), for one board.

A ``Planner`` with ``to_the_end`` solves the rest of the turn for each column triple it
meets with every runner out (``turn_end.solve``), once per triple and turn, from the lowest
heights the turn can still reach there; planners of the same board share what was solved
(the review's luck planner shares expert's). This object keeps them and answers which
solved triple covers a situation. It keeps no bound method of a planner: a planner holding
one of its own would live until the cyclic collector found it, megabytes and all, so what
a solve needs is handed to ``solve`` each time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Final

from ..engine import GameState, runners_after
from .turn_end import TurnEnd, solve

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

_INDEX: Final = range(13)
Runners = tuple[int, ...]


def columns_of(runners: Runners) -> tuple[int, ...]:
    """The columns a runner is out in."""
    return tuple(compress(_INDEX, runners))


class SolvedEnds:
    """Column triple -> its solved turn's end, for one board's turn."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.by_columns: dict[tuple[int, ...], TurnEnd] = {}

    def covering(self, runners: Runners) -> TurnEnd | None:
        """The solved turn's end of ``runners``' triple, if solved from at or below them."""
        solved = self.by_columns.get(columns_of(runners))
        return solved if solved is not None and solved.covers(runners) else None

    def stop(self, runners: Runners) -> float | None:
        """The worth of banking ``runners`` as a solved turn's end valued it (every runner
        out), or None: a set is valued once, in the batch it first came in."""
        solved = self.covering(runners)
        return None if solved is None else float(solved.stops[solved.number(runners)])

    def lowest(self, columns: tuple[int, ...]) -> Runners:
        """The lowest heights the turn can still reach in ``columns`` (every runner out)."""
        start = self.state.runners
        lowest = [0] * len(start)
        for column in columns:
            # A runner out now only climbs; a runner not out yet is placed a step up.
            lowest[column] = start[column] or runners_after(self.state, start, (column,))[column]
        return tuple(lowest)

    def start_for(self, runners: Runners) -> Runners:
        """Where to solve ``runners``' triple from: the turn's lowest heights there, or
        ``runners`` where lower."""
        return tuple(map(min, self.lowest(columns_of(runners)), runners))

    def unsolved(self, triples: Iterable[tuple[int, ...]]) -> list[Runners]:
        """The starts of every column triple of ``triples`` (each reachable this turn with
        every runner out) not solved yet from the turn's lowest heights."""
        starts = []
        for columns in sorted(triples):
            lowest = self.lowest(columns)
            solved = self.by_columns.get(columns)
            if solved is None or not solved.covers(lowest):
                starts.append(lowest)
        return starts

    def solve(
        self,
        starts: list[Runners],
        row_values: Callable[[NDArray[np.int64]], Sequence[float]],
        bust_value: float,
        best_stop: float,
        may_stop: Callable[[Runners], bool] | None,
    ) -> None:
        """Solve the turn's end from each of ``starts`` (a triple each), in one pass."""
        for solved in solve(starts, row_values, bust_value, best_stop, may_stop):
            self.by_columns[solved.columns] = solved
