"""The moves of many rolls at once, grouped: ``moves_for_dice`` for a whole list of dice sets,
for the AI's look-ahead (a search asks for hundreds of positions' 126 dice sets).

A roll's moves are its pairings' (``moves.pairing_moves``), each once, sorted. A position
has at most 66 pairs of sums, so each pair's moves are worked out once for all the dice
sets, and a roll's moves are read from its pairings' (``moves.roll_moves``, kept for
the process): a dice set is then a few lookups.
Tested against ``moves_for_dice`` for every dice set of any position, all variants.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import COLUMNS
from .dice import PAIR_SUMS, Roll
from .events import Move
from .moves import _steps_and_free, pairing_moves, roll_moves
from .state import GameState


def grouped_moves(
    state: GameState, runners: tuple[int, ...], dice_sets: Sequence[Roll],
    counts: Sequence[int],
) -> tuple[tuple[int, tuple[Move, ...]], ...]:
    """(summed count, moves) for each distinct set of moves the ``dice_sets`` allow the
    current player with ``runners`` out (each dice set weighing its ``counts`` entry), in
    the order of the first dice set allowing it; no moves is a bust."""
    steps, free = _steps_and_free(state, runners, COLUMNS)
    by_pair: dict[tuple[int, int], tuple[Move, ...]] = {}
    grouped: dict[tuple[Move, ...], int] = {}
    for dice, count in zip(dice_sets, counts, strict=True):
        parts = []
        for pair in PAIR_SUMS[dice]:
            found = by_pair.get(pair)
            if found is None:
                found = by_pair[pair] = pairing_moves(pair, steps, runners, free)
            parts.append(found)
        moves = roll_moves(tuple(parts))
        grouped[moves] = grouped.get(moves, 0) + count
    return tuple((count, moves) for moves, count in grouped.items())
