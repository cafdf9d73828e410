"""Textual's command palette drawn in ASCII (``--ascii``): its inner parts are Textual's
own, not its API (the ids ``--input`` and ``--command-palette``, the loading dots' class
``--visible``, the ``SearchIcon`` it composes); ``tests/ui/test_compat_palette.py`` names
each against the Textual installed."""

from __future__ import annotations

from typing import Final

from textual.command import CommandPalette, SearchIcon

PALETTE_ID: Final = "--command-palette"
"""Textual's id of the palette ctrl+p opens (``CommandPalette.is_open`` looks for it)."""
SEARCH_ICON: Final = ">"
"""The palette's mark before what is typed (Textual draws a magnifier)."""
PLACEHOLDER: Final = "Search for commands..."
"""The palette's words in its empty line (Textual's end in an ellipsis character)."""

ASCII_PALETTE_CSS: Final = """
/* The palette's line (Textual draws it between block rules) and its busy dots. */
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
"""Under the app class ``-ascii`` (``ui.ascii_look``)."""


class AsciiCommandPalette(CommandPalette):
    """The command palette drawn in ASCII: its search mark and its placeholder."""

    def __init__(self) -> None:
        super().__init__(placeholder=PLACEHOLDER, id=PALETTE_ID)

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = SEARCH_ICON


def command_palette(ascii_only: bool) -> CommandPalette:
    """The palette ctrl+p opens (an app's ``action_command_palette``): Textual's own, or
    drawn in ASCII."""
    return AsciiCommandPalette() if ascii_only else CommandPalette(id=PALETTE_ID)
