"""The best play within one turn: a search over the runners' heights, the same depth everywhere.

Within a turn the board is fixed, so a situation is just where the runners
stand. Stopping is worth the evaluator's value of banking them; rolling is worth
the average, over the roll's outcome groups, of the best move's worth, with a
bust worth the value of the board as it was. ``best(runners, d)`` is the worth of
a situation when at most ``d`` more rolls are looked at (after the last one the
player is taken to stop): ``best(r, 0)`` is stopping, ``best(r, d)`` the better
of stopping and rolling into ``best(next, d - 1)``. A decision to roll looks
``depth`` rolls ahead; a pair choice ``depth - 1`` rolls past the move.

``best(r, None)`` looks to the turn's end: no depth limit. With every runner out
only their three columns can move, so the situations left are few (at most the
heights of three columns) and ``to_the_end`` planners solve them exactly, once
per column triple and turn (``turn_end``), and value *every* situation with every
runner out so, at any depth of the search: only a situation with a runner still
free can meet the horizon, where stopping is assumed. Session 26 did it for
decisions taken with every runner out (0.23 turns faster alone); session 27 for
every such situation the search reaches (docs/ai.md, "Every runner out: to the
turn's end").

The depth is the same in every branch. The first version spent a budget of
expanded situations instead, depth first, so the branch searched first was seen
deeper (and so valued higher) than its rivals; that bias made the "deeper" search
worse than none. With the same depth everywhere, each roll more plays better
(docs/ai.md, "How deep expert looks").
"""

from __future__ import annotations

from collections.abc import Callable
from operator import mul
from typing import Final

import numpy as np

from ..engine import MAX_RUNNERS, GameState, Move, may_stop_with, refuses_stops, runners_after
from .board_tables import BoardTables, LeafValue, Runners, Successors, all_out
from .outcomes import ROLLS
from .solved_ends import columns_of
from .turn_end import TurnEnd
from .value import WIN

_ALL: Final = 1 << 30
"""``prefetch``'s reach for "to the turn's end" (a turn never lasts that many rolls)."""
DEFAULT_DEPTH: Final = 3
CLASSIC_DEPTH: Final = 2
"""The first version's reach (``expert-classic`` keeps it)."""

Depth = int | None
"""Rolls still looked at; None: to the turn's end."""


class Planner:
    def __init__(
        self,
        state: GameState,
        evaluator: LeafValue,
        depth: int = DEFAULT_DEPTH,
        to_the_end: bool = False,
        share: Planner | None = None,
    ) -> None:
        """``share``: another planner of the same board and evaluator, whose leaf values and
        next rolls' outcomes (``tables``) this one shares (each found once for both)."""
        if depth < 1:
            raise ValueError("the search looks at least one roll ahead")
        self.state = state
        self.evaluator = evaluator
        self.depth = depth
        self.to_the_end = to_the_end
        """Situations with every runner out are valued to the turn's end (in the jump
        variant only decisions, by the plain search: see ``move_values``)."""
        self.tables: BoardTables = BoardTables(state, evaluator) if share is None else share.tables
        self._best: dict[tuple[Runners, Depth], float] = {}
        self._ends: dict[Runners, float] = {}
        """``best`` of the situations with every runner out valued to the turn's end (at
        any depth), by runners: most of the situations the search values."""
        self._horizon: dict[Runners, float] = {}
        """``best(runners, 0)`` by runners: the search's leaves, asked for most often."""
        self._by_depth: dict[Depth, dict[Runners, float]] = {}
        """``best(runners, depth)`` by depth: ``roll_value`` reads it, not calling ``best``."""
        self._prefetched: dict[Runners, int] = {}
        """How many rolls ahead of each runner set ``prefetch`` valued everything."""
        # With jumps a step's length depends on the others' squares: no shortcut then.
        self._solve_ends = state.config.variant != "jump"
        self._refusable = refuses_stops(state.config)
        """Stopping can be refused (the forced variant): situations are checked."""
        self._exact_out = to_the_end and self._solve_ends
        """Every situation with every runner out, at any depth, is valued to the turn's end."""
        # A horizon's situation: stopping, or (``best(n, 0)``) rolling on where the rules
        # refuse the stop, or the turn's end with every runner out.
        plain = not (self._refusable or self._exact_out)
        self._plain_leaf = plain
        """A horizon's situation is just its stop (no bound method kept: a planner holding
        one of its own would live until the cyclic collector found it, megabytes and all)."""
        self._solved = self.tables.ends.by_columns
        """The solved turn's ends by column triple (``turn_end``; read directly by ``best``)."""
        self.bust_value = self.stop_value((0,) * 13)
        self.best_stop = WIN if not evaluator.solitaire else 0.0

    def may_stop(self, runners: Runners) -> bool:
        """Whether the rules let the player stop with ``runners`` out (the engine's)."""
        return not self._refusable or may_stop_with(self.state, runners)

    def after(self, runners: Runners, move: Move) -> Runners:
        """Runner heights after ``move`` (the engine's step, jumps included)."""
        return runners_after(self.state, runners, move)

    def successors(self, runners: Runners) -> Successors:
        """(bust count, [(count, runner sets the moves lead to)]) for the next roll."""
        return self.tables.successors(runners)

    def stop_value(self, runners: Runners) -> float:
        """The worth of banking ``runners`` (the shared tables', found once)."""
        return self.tables.stop_value(runners)

    def prefetch(self, roots: list[Runners], depth: Depth) -> None:
        """Value, in batches, every runner set within ``depth`` rolls of ``roots`` (None: to
        the turn's end) that the search will ask for (for evaluators that value many sets at
        once, ``values``; the others are asked set by set as the search goes)."""
        if getattr(self.evaluator, "values", None) is None:
            return
        if depth is None and self._solve_ends and all(map(all_out, roots)):
            return  # TurnEnd values its situations in one batch itself.
        reach = _ALL if depth is None else depth
        done = self._prefetched
        tables = self.tables
        stops = tables.stops
        frontier = {r for r in roots if done.get(r, -1) < reach}
        seen = set(frontier)
        expanded: list[set[Runners]] = []
        # Every situation with every runner out is valued by its triple's turn's end
        # (``TurnEnd`` values those, and what follows them): only their triples are
        # gathered, from each expanded set's plan (``BoardTables.onward``). The sets are
        # built as before, whose order is the network's batches'.
        exact = self._exact_out
        triples = {columns_of(r) for r in frontier if all_out(r)} if exact else set()
        free = len(self.state.runners) - MAX_RUNNERS  # a set with a runner free has more 0s
        level = 0
        while frontier:
            if exact:
                frontier = {r for r in frontier if r.count(0) > free}
            tables.stop_values(list(frontier))
            expanded.append(frontier)
            if level == reach:
                break
            level += 1
            grown: set[Runners] = set()
            for runners in frontier:
                if stops[runners] < self.best_stop:
                    tables.expand(runners)
                    grown.update(tables.reached[runners])
                    if exact:
                        triples |= tables.onward[runners][1]
            # A set an earlier decision of the turn looked at as far ahead has all that is
            # within reach valued: not again.
            frontier = {r for r in grown - seen if done.get(r, -1) < reach - level}
            seen |= grown
        if triples:
            self.solve_ends(triples)
        for level, found in enumerate(expanded):
            done.update((r, max(done.get(r, -1), reach - level)) for r in found)

    def roll_value(self, runners: Runners, depth: Depth) -> float:
        """Worth of rolling now, looking ``depth`` rolls ahead (this one included; None: to
        the turn's end)."""
        bust = self.tables.expand(runners)
        counts, best = self._group_bests(runners, depth)
        # Added group after group, as a loop over the groups did (the same sum to the bit).
        total: float = sum(map(mul, counts, best))
        return (total + bust * self.bust_value) / ROLLS

    def outcome_values(self, runners: Runners, depth: Depth) -> list[tuple[int, float]]:
        """The next roll's outcome groups as ``roll_value`` sums them: (how many of the
        1,296 rolls, the worth they leave: the best move's), the bust first."""
        bust = self.tables.expand(runners)
        counts, best = self._group_bests(runners, depth)
        return [(bust, self.bust_value), *zip(counts, best, strict=True)]

    def _group_bests(self, runners: Runners, depth: Depth) -> tuple[tuple[int, ...], list[float]]:
        """Each outcome group's count (the bust aside) and its best move's worth: every
        successor's worth read into one array (at C speed), each group's best taken at once
        (a maximum over each group's run of places; a loop taking each group's maximum in
        turn was most of the search's own time)."""
        found = self._worths(runners, depth)
        reached = self.tables.reached[runners]
        places, starts, counts = self.tables.groups[runners]
        if not counts:
            return counts, []
        worths = np.fromiter(map(found, reached), dtype=np.float64, count=len(reached))
        best: list[float] = np.maximum.reduceat(worths[places], starts).tolist()
        return counts, best

    def _worths(self, runners: Runners, depth: Depth) -> Callable[[Runners], float]:
        """The worth of each of the next roll's runner sets, ``depth`` rolls ahead in all
        (this one included), as a reader of a table (each set valued once, as met)."""
        tables = self.tables
        later = None if depth is None else depth - 1
        leaves = later is not None and later <= 0
        if leaves:
            known = tables.stops if self._plain_leaf else self._horizon
        else:
            known = self._by_depth.setdefault(later, {})
        missing = [n for n in tables.reached[runners] if n not in known]  # each once, as met
        if leaves and self._plain_leaf:
            leaf = tables.stop_value  # fills ``known``
            for n in missing:
                leaf(n)
        elif leaves:
            best = self.best
            known.update([(n, best(n, 0)) for n in missing])
        else:
            best = self.best
            known.update((n, best(n, later)) for n in missing)
        return known.__getitem__

    def best(self, runners: Runners, depth: Depth) -> float:
        """Worth of being at ``runners`` with the choice to roll or stop, ``depth`` rolls seen
        (None: to the turn's end)."""
        if (depth is None or self._exact_out) and self._solve_ends and all_out(runners):
            found = self._ends.get(runners)
            if found is None:
                solved = self._solved.get(columns_of(runners))
                if solved is None or not solved.covers(runners):
                    solved = self.turn_end(runners)
                found = self._ends[runners] = solved.value(runners)
            return found
        key = (runners, depth)
        found = self._best.get(key)
        if found is not None:
            return found
        if not self.may_stop(runners):  # must roll on, however far the search looks
            value = self.roll_value(runners, None if depth is None else max(depth, 1))
        else:
            stop = self.tables.stop_value(runners)
            if (depth is not None and depth <= 0) or stop >= self.best_stop:
                value = stop
            else:
                value = max(stop, self.roll_value(runners, depth))
        self._best[key] = value
        return value

    def turn_end(self, runners: Runners) -> TurnEnd:
        """The solved rest of the turn for ``runners``' column triple (every runner out):
        from the lowest heights the turn can still reach, so once per triple."""
        solved = self.tables.ends.covering(runners)
        if solved is None:
            self._solve([self.tables.ends.start_for(runners)])
            solved = self.tables.ends.covering(runners)
            assert solved is not None
        return solved

    def _solve(self, starts: list[Runners]) -> None:
        """Solve the turn's end from each of ``starts`` (a triple each), in one pass."""
        self.tables.ends.solve(
            starts, self.tables.row_values, self.bust_value, self.best_stop,
            self.may_stop if self._refusable else None,
        )

    def solve_ends(self, triples: set[tuple[int, ...]]) -> None:
        """Solve, in one pass, the turn's end of every column triple of ``triples`` (each
        reachable this turn with every runner out) not solved yet."""
        starts = self.tables.ends.unsolved(triples)
        if starts:
            self._solve(starts)

    def move_values(self, after: list[Runners]) -> list[float]:
        """Worth of each pair choice, given the runner sets the dice's moves lead to: the
        search's depth (this roll included), and with ``to_the_end`` the turn's end for a
        move that leaves every runner out (in the jump variant, only when every move
        does, by the plain search). Valued in batches first."""
        depth: Depth = None if self.to_the_end and all(map(all_out, after)) else self.depth - 1
        self.prefetch(after, depth)
        return [self.best(runners, depth) for runners in after]

    def rolling_value(self, runners: Runners) -> float:
        """Worth of rolling from ``runners`` now, at the search's depth (or to the turn's end
        with every runner out, ``to_the_end``; valued in batches first)."""
        depth: Depth = None if self.to_the_end and all_out(runners) else self.depth
        self.prefetch([runners], depth)
        return self.roll_value(runners, depth)

    def should_roll(self, runners: Runners) -> bool:
        if not self.may_stop(runners):
            return True
        stop = self.stop_value(runners)
        if stop >= self.best_stop:
            return False
        return self.rolling_value(runners) > stop
