"""The board's size at each scale: each space ``width`` characters wide (4 to 9) and ``rows``
lines tall (1 to 3), and the largest scale that fits the room the screen's layout gives it."""

from __future__ import annotations

from ...engine import COLUMNS, TOPS

CELL = 4
"""Characters per space at the smallest scale: one slot per player (the runner takes its
player's slot)."""
ROWS = max(TOPS)
WIDTHS = (4, 9)
"""The narrowest and widest space (wide enough to set four pieces apart)."""
HEIGHTS = (1, 3)
"""The fewest and most lines per space."""


def board_size(width: int, rows: int) -> tuple[int, int]:
    """The board's cells at a scale: eleven columns and their gaps, plus its left margin;
    the rows of the tallest column and the labels."""
    return (len(COLUMNS) * (width + 1) + 1, ROWS * rows + 1)


def fit_scale(room_width: int, room_height: int) -> tuple[int, int]:
    """The largest scale whose board fits in ``room_width`` x ``room_height`` cells."""
    width = min(max((room_width - 1) // len(COLUMNS) - 1, WIDTHS[0]), WIDTHS[1])
    rows = min(max((room_height - 1) // ROWS, HEIGHTS[0]), HEIGHTS[1])
    return width, rows
