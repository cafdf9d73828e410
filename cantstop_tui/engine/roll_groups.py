"""The moves of many rolls at once, grouped: ``moves_for_dice`` for a whole list of dice sets
in a few array operations (numpy, loaded on first use), for the AI's look-ahead.

The rule is ``moves._moves``'s: each pairing of the dice gives its two sums together if
both columns can take a step (and a runner is there, or two are left), a double sum twice
if it has room for two steps, else each sum that fits alone; a roll's moves are sorted
and each appears once. Here every pairing of every dice set is decided at once, and each
set's moves become one number (a byte per move, in the order tuples sort), so rolls that
allow the same moves are grouped by a dictionary of numbers. Tested against
``moves_for_dice`` for every dice set of many positions, all variants.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Final

from .board import COLUMNS
from .dice import PAIR_SUMS, Roll
from .events import Move
from .moves import _steps_and_free
from .state import GameState

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

_NONE: Final = 255
"""No move (a byte above every move's rank)."""
_SLOTS: Final = 6
"""At most two moves a pairing, three pairings a roll."""
_MOVES: Final[dict[int, Move]] = {}
for _a in COLUMNS:
    _MOVES[14 * _a] = (_a,)
    for _b in range(_a, COLUMNS[-1] + 1):
        _MOVES[14 * _a + _b - _a + 1] = (_a, _b)
"""Each move by its rank: (a,) is 14a, (a, b) is 14a + b - a + 1 (b >= a), so ranks sort
as the tuples do."""
_GROUPS: dict[int, tuple[Move, ...]] = {}
"""Each set of moves by its number (a few hundred in all)."""


@cache
def _table(dice_sets: tuple[Roll, ...]) -> tuple[Any, ...]:
    """The dice sets' pairings' sums as arrays (a pairing short of three sums 0 + 0: no
    column), with the ranks of their moves."""
    import numpy as np

    first = np.zeros((len(dice_sets), 3), dtype=np.int64)
    second = np.zeros_like(first)
    for row, dice in enumerate(dice_sets):
        for k, (a, b) in enumerate(PAIR_SUMS[dice]):
            first[row, k], second[row, k] = a, b
    double = first == second
    both = 14 * first + second - first + 1
    shifts = (8 * np.arange(_SLOTS, dtype=np.int64))[::-1]
    return first, second, double, both, 14 * first, 14 * second, shifts


def grouped_moves(
    state: GameState, runners: tuple[int, ...], dice_sets: tuple[Roll, ...],
    counts: NDArray[np.int64],
) -> tuple[tuple[int, tuple[Move, ...]], ...]:
    """(summed count, moves) for each distinct set of moves the ``dice_sets`` allow the
    current player with ``runners`` out (each dice set weighing its count), in the order
    of the first dice set allowing it; no moves is a bust."""
    import numpy as np

    first, second, double, both, alone_first, alone_second, shifts = _table(dice_sets)
    steps, free = _steps_and_free(state, runners, COLUMNS)
    room = np.array(steps, dtype=np.int64)
    out = np.array(runners, dtype=np.int64) > 0
    room_a: NDArray[np.int64] = room[first]
    room_b: NDArray[np.int64] = room[second]
    together = ~double & (room_a > 0) & (room_b > 0) & (out[first] | out[second] | (free >= 2))
    apart = ~double & ~together
    slots = np.full((len(dice_sets), _SLOTS), _NONE, dtype=np.int64)
    slots[:, :3] = np.where(
        (double & (room_a == 2)) | together, both,
        np.where((double & (room_a == 1)) | (apart & (room_a > 0)), alone_first, _NONE),
    )
    slots[:, 3:] = np.where(apart & (room_b > 0), alone_second, _NONE)
    slots.sort(axis=1)
    # A single sum two pairings give appears once (a repeated "none" stays none).
    slots[:, 1:][slots[:, 1:] == slots[:, :-1]] = _NONE
    slots.sort(axis=1)
    # Rolls allowing the same moves, grouped (their counts summed) in the order of the
    # first dice set of each group.
    numbers = (slots << shifts).sum(axis=1)
    order = np.argsort(numbers, kind="stable")
    ranked = numbers[order]
    starts = np.flatnonzero(np.concatenate(([True], ranked[1:] != ranked[:-1])))
    summed = np.add.reduceat(counts[order], starts)
    firsts = order[starts]
    by_first = np.argsort(firsts)
    groups = _GROUPS
    return tuple(
        (count, groups.get(number) or _moves_of(number))
        for number, count in zip(
            numbers[firsts[by_first]].tolist(), summed[by_first].tolist(), strict=True
        )
    )


def _moves_of(number: int) -> tuple[Move, ...]:
    found = _GROUPS.get(number)
    if found is None:
        ranks = number.to_bytes(_SLOTS, "big")
        found = _GROUPS[number] = tuple(_MOVES[rank] for rank in ranks if rank != _NONE)
    return found
