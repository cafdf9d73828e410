"""What ``--ascii`` changes in the look of every app (the game, ``cantstop review`` and
``replay``): the app carries the class ``-ascii`` and these rules draw every border and rule
with ASCII characters (the glyphs, ``ui.glyphs``, do the same for what widgets draw); the
command palette and the keys' names in the keys bar are in ASCII too (every app opens
:func:`command_palette`, from ``textual_compat.palette``, and names keys by
:func:`ascii_key_display`). What no glyph decides, a name or a chat line in emoji or CJK,
goes through :class:`AsciiText`, one of the app's line filters: :func:`ascii_form`, cell
for cell (``Zoë``: ``Zoe``; ``🎲Ana🎲``: ``??Ana??``; ``山田``: ``????``)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from .keys import NAMES
from .textual_compat.palette import ASCII_PALETTE_CSS, command_palette

__all__ = [
    "ASCII_CLASS", "ASCII_CSS", "AsciiText", "ascii_form", "ascii_key_display", "command_palette"
]

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


UNKNOWN: Final = "?"
"""What ``--ascii`` draws in each cell of a character with no ASCII letter in it."""


@lru_cache(maxsize=4096)
def ascii_form(text: str) -> str:
    """``text`` as ``--ascii`` draws it, in as many cells: a letter with a mark as the
    letter (``ë``: ``e``), a mark alone as nothing, any other character that is not ASCII
    (an emoji, a CJK character, a box line) as ``?`` in each cell it takes. The one rule
    for every name and line of text under ``--ascii``."""
    if text.isascii():
        return text
    drawn: list[str] = []
    for char in text:
        if char.isascii():
            drawn.append(char)
            continue
        cells = cell_len(char)
        letter = unicodedata.normalize("NFKD", char)[:1]
        if cells == 1 and letter.isascii() and letter.isprintable():
            drawn.append(letter)
        else:
            drawn.append(UNKNOWN * cells)
    return "".join(drawn)


class AsciiText(LineFilter):
    """The ``--ascii`` app's line filter: every segment's text in its :func:`ascii_form`."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(segment.text.isascii() or segment.control for segment in segments):
            return segments
        return [
            segment
            if segment.control or segment.text.isascii()
            else Segment(ascii_form(segment.text), segment.style)
            for segment in segments
        ]
