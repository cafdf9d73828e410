"""The best play within one turn: a search over the runners' heights, the same depth everywhere.

Within a turn the board is fixed, so a situation is just where the runners
stand. Stopping is worth the evaluator's value of banking them; rolling is worth
the average, over the roll's outcome groups, of the best move's worth, with a
bust worth the value of the board as it was. ``best(runners, d)`` is the worth of
a situation when at most ``d`` more rolls are looked at (after the last one the
player is taken to stop): ``best(r, 0)`` is stopping, ``best(r, d)`` the better
of stopping and rolling into ``best(next, d - 1)``. A decision to roll looks
``depth`` rolls ahead; a pair choice ``depth - 1`` rolls past the move.

The depth is the same in every branch. The first version spent a budget of
expanded situations instead, depth first, so the branch searched first was seen
deeper (and so valued higher) than its rivals; that bias made the "deeper" search
worse than none. With the same depth everywhere, each roll more plays better
(docs/ai.md, "How deep expert looks").
"""

from __future__ import annotations

from typing import Final, Protocol

from ..engine import GameState, Move
from .outcomes import outcomes
from .value import WIN

ROLLS: Final = 1296
DEFAULT_DEPTH: Final = 3
CLASSIC_DEPTH: Final = 2
"""The first version's reach (``expert-classic`` keeps it)."""

Runners = tuple[int, ...]


class LeafValue(Protocol):
    """The worth of the current player banking a runner set (higher is better)."""

    solitaire: bool

    def value(self, runners: Runners) -> float: ...


class Planner:
    def __init__(self, state: GameState, evaluator: LeafValue, depth: int = DEFAULT_DEPTH) -> None:
        if depth < 1:
            raise ValueError("the search looks at least one roll ahead")
        self.state = state
        self.evaluator = evaluator
        self.own = state.squares[state.current_player]
        self.depth = depth
        self._stop: dict[Runners, float] = {}
        self._best: dict[tuple[Runners, int], float] = {}
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

    def roll_value(self, runners: Runners, depth: int) -> float:
        """Worth of rolling now, looking ``depth`` rolls ahead (this one included)."""
        bust, groups = self.successors(runners)
        later = depth - 1
        if later <= 0:
            stop = self.stop_value
            total = sum(count * max(map(stop, nexts)) for count, nexts in groups)
        else:
            best = self.best
            total = sum(count * max([best(n, later) for n in nexts]) for count, nexts in groups)
        return (total + bust * self.bust_value) / ROLLS

    def best(self, runners: Runners, depth: int) -> float:
        """Worth of being at ``runners`` with the choice to roll or stop, ``depth`` rolls seen."""
        key = (runners, depth)
        found = self._best.get(key)
        if found is not None:
            return found
        stop = self.stop_value(runners)
        if depth <= 0 or stop >= self.best_stop:
            value = stop
        else:
            value = max(stop, self.roll_value(runners, depth))
        self._best[key] = value
        return value

    def move_value(self, runners: Runners) -> float:
        """Worth of a pair choice that leads to ``runners`` (the search's depth, this roll
        included)."""
        return self.best(runners, self.depth - 1)

    def move_values(self, after: list[Runners]) -> list[float]:
        """``move_value`` of each of the runner sets the dice's moves lead to, valued in
        batches first."""
        self.prefetch(after, self.depth - 1)
        return [self.move_value(runners) for runners in after]

    def rolling_value(self, runners: Runners) -> float:
        """Worth of rolling from ``runners`` now, at the search's depth (valued in batches
        first)."""
        self.prefetch([runners], self.depth)
        return self.roll_value(runners, self.depth)

    def should_roll(self, runners: Runners) -> bool:
        stop = self.stop_value(runners)
        if stop >= self.best_stop:
            return False
        return self.rolling_value(runners) > stop
