"""What ``--ascii`` changes in the look of every app (the game, ``cantstop review`` and
``replay``): the app carries the class ``-ascii`` and these rules draw every border and rule
with ASCII characters (the glyphs, ``ui.glyphs``, do the same for what widgets draw); the
command palette and the keys' names in the keys bar are drawn in ASCII too (the app opens
:class:`AsciiCommandPalette` and names keys by :func:`ascii_key_display`)."""

from __future__ import annotations

from typing import Final

from textual.command import CommandPalette, SearchIcon

from .screen_keys import NAMES

ASCII_CLASS: Final = "-ascii"

ASCII_CSS: Final = """
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
/* The command palette's line (Textual draws it between block rules) and its busy dots. */
.-ascii CommandPalette #--input, .-ascii CommandPalette LoadingIndicator {
    border: none;
}
.-ascii CommandPalette CommandInput {
    border: blank;
}
.-ascii CommandPalette LoadingIndicator.--visible {
    visibility: hidden;
}
"""

SEARCH_ICON: Final = ">"
"""The command palette's mark before what is typed (Textual draws a magnifier)."""
PALETTE_PLACEHOLDER: Final = "Search for commands..."
"""The palette's words in its empty line (Textual's end in an ellipsis character)."""


PALETTE_ID: Final = "--command-palette"
"""Textual's id of the palette ctrl+p opens (``CommandPalette.is_open`` looks for it)."""


class AsciiCommandPalette(CommandPalette):
    """The command palette drawn in ASCII: its search mark and its placeholder."""

    def __init__(self) -> None:
        super().__init__(placeholder=PALETTE_PLACEHOLDER, id=PALETTE_ID)

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = SEARCH_ICON


def command_palette(ascii_only: bool) -> CommandPalette:
    """The palette ctrl+p opens (every app's ``action_command_palette``): Textual's, or
    in ASCII."""
    return AsciiCommandPalette() if ascii_only else CommandPalette(id=PALETTE_ID)


ARROWS: Final = {"left": "<-", "right": "->"}
"""Textual's arrows in ASCII, as short (the replay's keys fit in 80 columns)."""


def ascii_key_display(key: str, shown: str) -> str:
    """How the keys bar names ``key`` in ASCII, if Textual's name for it (``shown``) is
    not: ``<-`` for Textual's arrow, ``Enter`` for its return mark."""
    if shown.isascii():
        return shown
    return ARROWS.get(key) or NAMES.get(key, key)
