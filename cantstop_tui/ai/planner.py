"""The best play within one turn, by dynamic programming over the runners' heights.

Within a turn the board is fixed, so a situation is just where the runners
stand. Stopping is worth the evaluator's value of banking them; rolling is worth
the average, over the roll's outcome groups, of the best move's worth, with a
bust worth the value of the board as it was. Exploring every height reachable
from an early runner set would take too long, so the search stops expanding a
situation when even one more roll followed by a stop does not beat stopping now
(the "one step look-ahead" rule, which is optimal when progress only makes
stopping more attractive), and after ``budget`` expanded situations, past which
a situation is worth its one-step look-ahead. Budgets of 20 to 1,500 did no
better than the default of 0 in solitaire trials of a few hundred games, at
many times the cost; with 0 the choice to roll or stop looks two rolls ahead
and the pair choice one roll ahead of the move.
"""

from __future__ import annotations

from typing import Final, Protocol

from ..engine import GameState, Move
from .outcomes import outcomes
from .value import WIN

ROLLS: Final = 1296
DEFAULT_BUDGET: Final = 0

Runners = tuple[int, ...]


class LeafValue(Protocol):
    """The worth of the current player banking a runner set (higher is better)."""

    solitaire: bool

    def value(self, runners: Runners) -> float: ...


class Planner:
    def __init__(
        self, state: GameState, evaluator: LeafValue, budget: int = DEFAULT_BUDGET
    ) -> None:
        self.state = state
        self.evaluator = evaluator
        self.own = state.squares[state.current_player]
        self.budget = budget
        self._stop: dict[Runners, float] = {}
        self._best: dict[Runners, float] = {}
        self._next: dict[Runners, tuple[int, list[tuple[int, list[Runners]]]]] = {}
        self.bust_value = self.stop_value((0,) * 13)
        self.best_stop = WIN if not evaluator.solitaire else 0.0

    def after(self, runners: Runners, move: Move) -> Runners:
        """Runner heights after ``move`` (one step per column listed)."""
        heights = list(runners)
        own = self.own
        for column in move:
            heights[column] = (heights[column] or own[column]) + 1
        return tuple(heights)

    def successors(self, runners: Runners) -> tuple[int, list[tuple[int, list[Runners]]]]:
        """(bust count, [(count, runner sets the moves lead to)]) for the next roll."""
        found = self._next.get(runners)
        if found is None:
            bust = 0
            groups = []
            for count, moves in outcomes(self.state, runners):
                if moves:
                    groups.append((count, [self.after(runners, m) for m in moves]))
                else:
                    bust += count
            found = (bust, groups)
            self._next[runners] = found
        return found

    def stop_value(self, runners: Runners) -> float:
        value = self._stop.get(runners)
        if value is None:
            value = self.evaluator.value(runners)
            self._stop[runners] = value
        return value

    def prefetch(self, roots: list[Runners], depth: int) -> None:
        """Value, in batches, every runner set within ``depth`` rolls of ``roots`` that the
        search will ask for (for evaluators that value many sets at once, ``values``)."""
        values = getattr(self.evaluator, "values", None)
        if values is None:
            return
        frontier = set(roots)
        seen = set(frontier)
        for level in range(depth + 1):
            missing = [r for r in frontier if r not in self._stop]
            if missing:
                self._stop.update(zip(missing, values(missing), strict=True))
            if level == depth:
                break
            grown: set[Runners] = set()
            for runners in frontier:
                if self._stop[runners] < self.best_stop:
                    for _, nexts in self.successors(runners)[1]:
                        grown.update(nexts)
            frontier = grown - seen
            seen |= frontier

    def _one_roll(self, runners: Runners) -> float:
        """Worth of rolling once more and then stopping, choosing the best move."""
        bust, groups = self.successors(runners)
        stop_value = self.stop_value
        total = sum(count * max(map(stop_value, nexts)) for count, nexts in groups)
        return (total + bust * self.bust_value) / ROLLS

    def roll_value(self, runners: Runners) -> float:
        """Worth of rolling now and playing on as well as the search sees."""
        bust, groups = self.successors(runners)
        best = self.best
        total = sum(count * max(map(best, nexts)) for count, nexts in groups)
        return (total + bust * self.bust_value) / ROLLS

    def best(self, runners: Runners) -> float:
        """Worth of being at ``runners`` with the choice to roll or stop."""
        found = self._best.get(runners)
        if found is not None:
            return found
        stop = self.stop_value(runners)
        if stop >= self.best_stop:
            value = stop
        else:
            look = self._one_roll(runners)
            if look <= stop:
                value = stop
            elif self.budget <= 0:
                value = look
            else:
                self.budget -= 1
                value = max(stop, self.roll_value(runners))
        self._best[runners] = value
        return value

    def should_roll(self, runners: Runners) -> bool:
        stop = self.stop_value(runners)
        if stop >= self.best_stop:
            return False
        return self.roll_value(runners) > stop
