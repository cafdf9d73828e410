"""How good a banked position is: turns still needed, and the chance to win.

A column's remaining effort is its steps to the top divided by the chance that
a roll offers its number, so every column costs about the same from the bottom
(about 20 "rolls that hit it"). A player needs ``win_columns`` columns, so the
turns still needed grow with the sum of the smallest efforts among the columns
still open to them. Against opponents the value is an estimate of the chance to
win: a logistic curve of how many turns ahead of the closest opponent we are.
"""

from __future__ import annotations

import math
from typing import Final

from ..engine import ALL_ROLLS, COLUMNS, TOPS, GameState, pairings
from ..frozen import frozen

WIN: Final = 1.0
"""The value of a position where the player has won."""
CHANCE_EDGE: Final = 1e-9
"""The nearest a raw chance comes to 0 or 1 when it is calibrated (its log-odds stay finite:
``win_chance.calibrate``, and ``analysis`` pricing one value in floats)."""
LOGIT_CAP: Final = 700.0
"""The largest calibrated log-odds taken to the exponential (past 709 it overflows)."""


HITS: Final = (0, 0, 171, 302, 461, 580, 727, 834, 727, 580, 461, 302, 171)
"""``HITS[c]``: of the 1,296 rolls of four dice, how many can make the sum c (a pair of
them adds up to c). Written out, not counted at import (counting the rolls' pairings
took about 20 ms of every start); ``hit_counts`` counts them, and a test checks."""


def hit_counts() -> tuple[int, ...]:
    """``HITS`` counted from the engine's pairings of every roll."""
    hits = [0] * 13
    for dice in ALL_ROLLS:
        for column in {s for p in pairings(dice) for s in p.sums}:
            hits[column] += 1
    return tuple(hits)


HIT_CHANCE: Final = tuple(h / len(ALL_ROLLS) for h in HITS)
"""``HIT_CHANCE[c]``: chance that a roll of four dice can make the sum c."""

EFFORT: Final = tuple(
    tuple((TOPS[c] - h) / HIT_CHANCE[c] for h in range(TOPS[c] + 1)) if c in COLUMNS else ()
    for c in range(13)
)
"""``EFFORT[c][h]``: rolls hitting column c still needed from height h."""


@frozen
class ValueParams:
    turns_per_effort: float = 0.11
    """Turns needed per unit of effort, for turning efforts into turns."""
    last_turn: float = 1.0
    """Turns counted for the turn that finishes the game: anything left takes at least one."""
    spare_weight: float = 0.1
    """How much progress in the next-best columns counts (they are the fallbacks)."""
    spare_columns: int = 2
    tempo: float = 0.5
    """Turns the opponent is ahead by moving right after we stop."""
    spread: float = 0.5
    """Width of the win-chance curve, in turns, before growing with the turns left."""
    spread_growth: float = 0.35
    unreachable: float = 60.0
    """Turns charged when too few columns are left open to win."""
    contest: float = 0.0
    """Extra effort per unit an opponent is ahead in a column: they may claim it first."""


DEFAULT_PARAMS: Final = ValueParams()


def turns_needed(
    heights: tuple[int, ...],
    open_columns: tuple[int, ...] | list[int],
    needed: int,
    params: ValueParams = DEFAULT_PARAMS,
    effort: tuple[tuple[float, ...], ...] = EFFORT,
) -> float:
    """Estimated turns to win ``needed`` more columns from ``heights`` (0 if none needed)."""
    if needed <= 0:
        return 0.0
    efforts = sorted(effort[c][heights[c]] for c in open_columns)
    if len(efforts) < needed:
        return params.unreachable
    main = sum(efforts[:needed])
    spare = sum(efforts[needed : needed + params.spare_columns])
    return params.last_turn + params.turns_per_effort * (main + params.spare_weight * spare)


def win_chance(my_turns: float, their_turns: float, params: ValueParams = DEFAULT_PARAMS) -> float:
    """Chance to win needing ``my_turns`` turns when the closest opponent needs ``their_turns``."""
    if my_turns <= 0:
        return WIN
    spread = params.spread + params.spread_growth * math.sqrt(my_turns + their_turns)
    lead = (their_turns - my_turns - params.tempo) / spread
    return 1.0 / (1.0 + math.exp(-lead))


def contested_effort(
    own: tuple[int, ...], others: list[tuple[int, ...]], params: ValueParams
) -> tuple[tuple[float, ...], ...]:
    """``EFFORT`` plus a charge for columns where another player needs less effort than us."""
    if not params.contest or not others:
        return EFFORT
    table: list[tuple[float, ...]] = []
    for c in range(13):
        if c not in COLUMNS:
            table.append(())
            continue
        rival = min(EFFORT[c][sq[c]] for sq in others)
        table.append(
            tuple(e + params.contest * max(0.0, e - rival) for e in EFFORT[c])
        )
    return tuple(table)


class Evaluator:
    """Values of the current player banking a set of runners, for one board."""

    def __init__(self, state: GameState, params: ValueParams = DEFAULT_PARAMS) -> None:
        self.params = params
        self.player = state.current_player
        self.own = state.squares[self.player]
        self.win_columns = state.config.win_columns
        self.claimed = state.claimed
        self.open = tuple(c for c in COLUMNS if state.claimed[c] is None)
        self.won = sum(1 for c in COLUMNS if state.claimed[c] == self.player)
        self.opponents = tuple(
            (state.squares[p], sum(1 for c in COLUMNS if state.claimed[c] == p))
            for p in range(state.num_players)
            if p != self.player
        )
        self.solitaire = False
        self.effort = contested_effort(self.own, [sq for sq, _ in self.opponents], params)
        squares = [sq for sq, _ in self.opponents]
        self._their_effort = [
            contested_effort(sq, [self.own, *squares[:i], *squares[i + 1 :]], params)
            for i, sq in enumerate(squares)
        ]
        self._their_turns = self._opponent_turns(())

    def _opponent_turns(self, newly_won: tuple[int, ...]) -> float:
        columns = [c for c in self.open if c not in newly_won]
        return min(
            turns_needed(squares, columns, self.win_columns - won, self.params, effort)
            for (squares, won), effort in zip(self.opponents, self._their_effort, strict=True)
        )

    def turns_after(self, runners: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        """Our turns still needed after banking ``runners``, and the columns it wins."""
        heights = list(self.own)
        newly_won = []
        for c in COLUMNS:
            h = runners[c]
            if h:
                heights[c] = h
                if h == TOPS[c]:
                    newly_won.append(c)
        needed = self.win_columns - self.won - len(newly_won)
        columns = [c for c in self.open if c not in newly_won] if newly_won else self.open
        turns = turns_needed(tuple(heights), columns, needed, self.params, self.effort)
        return turns, tuple(newly_won)

    def value(self, runners: tuple[int, ...]) -> float:
        """Win chance (or minus turns needed, playing alone) after banking ``runners``."""
        mine, newly_won = self.turns_after(runners)
        if self.solitaire:
            return -mine
        if mine <= 0:
            return WIN
        theirs = self._opponent_turns(newly_won) if newly_won else self._their_turns
        return win_chance(mine, theirs, self.params)
