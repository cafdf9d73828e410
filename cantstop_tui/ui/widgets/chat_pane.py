"""A table's chat: its last lines, scrollable, under the game log of a shared table."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import RichLog

EMPTY = "Nothing said yet."


class ChatPane(RichLog):
    """Lines said at the table (and its notices), newest at the bottom.

    The lines are the table's (``HostedTable.chat``, kept across reconnects and restarts):
    the pane is given them all when it opens and each new one as it is said."""

    DEFAULT_CSS = """
    ChatPane {
        height: 7;
        width: 1fr;
        background: $surface;
        border-top: solid $primary;
        border-title-align: left;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        padding: 0;
    }
    ChatPane:ansi { border-top: solid ansi_blue; }
    """

    def __init__(self, lines: Iterable[str], max_lines: int, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=max_lines, auto_scroll=True, wrap=True, markup=False)
        self.border_title = "Chat (t talks)"
        self.can_focus = False
        self._first = list(lines)
        self._empty = not self._first

    def on_mount(self) -> None:
        if not self._first:
            self.write(Text(EMPTY, style="dim"))
        for line in self._first:
            self.said(line)
        self._first = []

    def said(self, line: str) -> None:
        if self._empty:
            self.clear()
            self._empty = False
        self.write(Text(line))
