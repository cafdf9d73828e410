"""The board: eleven columns, 2 to 12, of different heights."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

COLUMNS: Final = tuple(range(2, 13))
"""The column numbers, bottom-left to bottom-right of the board."""

# Indexed by column number; indices 0 and 1 are never used.
TOPS: Final = (0, 0, 3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3)

STEPS_PER_ROLL: Final = tuple(
    tuple(min(2, top - height) for height in range(top + 1)) for top in TOPS
)
"""How far a runner at a height can climb its column in one roll, outside the jump
variant: ``STEPS_PER_ROLL[column][height]`` is 0, 1 or 2 (a roll can make the same sum twice)."""

COLUMN_HEIGHTS: Final = MappingProxyType({column: TOPS[column] for column in COLUMNS})
"""Number of spaces in each column: ``COLUMN_HEIGHTS[7] == 13``."""

MAX_RUNNERS: Final = 3
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
