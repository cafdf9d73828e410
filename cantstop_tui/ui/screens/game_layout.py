"""How the game screen lays the game out in its window: the board as large as the window
allows, keeping room for the side panel and the pair choice, and the dice as faces when
the side panel has room for them."""

from __future__ import annotations

from ..view import Fit
from ..widgets.board_scale import board_size, fit_scale

SIDE_PANEL = 24
"""Columns the side panel keeps however wide the board grows."""
KEYS_LINES = 1
PAIR_CHOICE_LINES = 9
"""Lines the pair choice keeps under the board (its border, six moves and a notice)."""
DICE_FACES_WIDTH = 5 + 4 * 6
DICE_FACES_HEIGHT = 30
"""Room for the dice as faces (a label and four faces three lines tall)."""


def fit_window(width: int, height: int) -> tuple[Fit, int]:
    """How the game fits a window of ``width`` x ``height``, and the board's width (the
    left column's: 56 at 80x24)."""
    scale = fit_scale(width - SIDE_PANEL - 1, height - KEYS_LINES - PAIR_CHOICE_LINES)
    board_width = board_size(*scale)[0]
    side = width - board_width - 2
    return Fit(scale, side >= DICE_FACES_WIDTH and height >= DICE_FACES_HEIGHT), board_width
