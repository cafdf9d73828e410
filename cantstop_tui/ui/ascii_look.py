"""What ``--ascii`` changes in the look of every app (the game, ``cantstop review`` and
``replay``): the app carries the class ``-ascii`` and these rules draw every border and rule
with ASCII characters (the glyphs, ``ui.glyphs``, do the same for what widgets draw); the
command palette and the keys' names in the keys bar are in ASCII too (every app opens
:func:`command_palette`, from ``textual_compat.palette``, and names keys by
:func:`ascii_key_display`)."""

from __future__ import annotations

from typing import Final

from .keys import NAMES
from .textual_compat.palette import ASCII_PALETTE_CSS, command_palette

__all__ = ["ASCII_CLASS", "ASCII_CSS", "ascii_key_display", "command_palette"]

ASCII_CLASS: Final = "-ascii"

ASCII_CSS: Final = ASCII_PALETTE_CSS + """
.-ascii .dialog {
    border: ascii $primary;
}
.-ascii #right {
    border-left: ascii $primary;
}
.-ascii ChoiceRule {
    border-top: ascii $primary;
}
.-ascii * {
    scrollbar-size: 0 0;
}
/* The widgets Textual draws with block borders (tall, heavy), and the boxes of ours. */
.-ascii Input, .-ascii OptionList, .-ascii SelectCurrent,
.-ascii ModalScreen > Vertical, .-ascii ModalScreen > VerticalScroll {
    border: ascii $primary;
}
/* A compact field is one row, with no border to swap: a border there took the row. */
.-ascii Input.-textual-compact, .-ascii Select.-textual-compact > SelectCurrent {
    border: none;
}
"""

ARROWS: Final = {"left": "<-", "right": "->"}
"""Textual's arrows in ASCII, as short (the replay's keys fit in 80 columns)."""


def ascii_key_display(key: str, shown: str) -> str:
    """How the keys bar names ``key`` in ASCII, if Textual's name for it (``shown``) is
    not: ``<-`` for Textual's arrow, ``Enter`` for its return mark."""
    if shown.isascii():
        return shown
    return ARROWS.get(key) or NAMES.get(key, key)
