"""The odds of the dice: the exact chance that the next roll busts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .board import COLUMNS
from .dice import ALL_ROLLS, PAIR_SUMS
from .moves import column_steps
from .state import GameState

if TYPE_CHECKING:
    from fractions import Fraction

_COLUMN_BIT: Final = {c: 1 << (c - 2) for c in COLUMNS}


def _rolls_by_sums() -> dict[int, int]:
    """How many of the 1,296 rolls make each set of sums (bit c-2 for column c)."""
    counts: dict[int, int] = {}
    for dice in ALL_ROLLS:
        mask = 0
        for a, b in PAIR_SUMS[dice]:
            mask |= _COLUMN_BIT[a] | _COLUMN_BIT[b]
        counts[mask] = counts.get(mask, 0) + 1
    return counts


class _BustChances:
    """The exact bust chance for each mask of usable columns, worked out on first use."""

    __slots__ = ("_chances", "_rolls_by_sums")

    def __init__(self) -> None:
        self._rolls_by_sums: tuple[tuple[int, int], ...] = ()  # on first use, not on import
        self._chances: dict[int, Fraction] = {}

    def __getitem__(self, usable: int) -> Fraction:
        chance = self._chances.get(usable)
        if chance is None:
            if not self._rolls_by_sums:
                self._rolls_by_sums = tuple(_rolls_by_sums().items())
            from fractions import Fraction  # not on import: it loads decimal (a start's 5 ms)

            # A roll busts when none of its sums is usable.
            busting = sum(n for sums, n in self._rolls_by_sums if not sums & usable)
            chance = self._chances[usable] = Fraction(busting, 1296)
        return chance

    def cache_clear(self) -> None:
        """Forget every chance worked out (as a first use would find it)."""
        self._rolls_by_sums = ()
        self._chances = {}


BUST_CHANCE: Final = _BustChances()
"""``BUST_CHANCE[mask]``: chance a roll busts when the columns in mask (bit c-2) can take a step."""


def usable_columns_mask(state: GameState) -> int:
    """Bit c-2 set when column c could take a step for the current player now
    (``column_steps``)."""
    steps = column_steps(state, state.runners)
    mask = 0
    for column in COLUMNS:
        if steps[column]:
            mask |= _COLUMN_BIT[column]
    return mask


def bust_probability(state: GameState) -> Fraction:
    """Exact chance that the current player's next roll busts.

    >>> from cantstop_tui.engine import new_game
    >>> bust_probability(new_game())
    Fraction(0, 1)
    """
    return BUST_CHANCE[usable_columns_mask(state)]
