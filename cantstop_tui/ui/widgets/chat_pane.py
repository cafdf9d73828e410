"""A table's chat: its last lines, scrollable, under the game log of a shared table."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from cantstop_tui.ui.textual_compat import bound_line_cache

EMPTY = "Nothing said yet."


class ChatPane(RichLog):
    """Lines said at the table (and its notices), newest at the bottom, wrapped to the pane.

    The lines are the table's (``HostedTable.chat``, kept across reconnects and restarts):
    the pane is given them all when it opens and each new one as it is said. A ``RichLog``
    lays a line out once, at the width it has then; this pane lays them all out again when
    its width changes, so every line wraps inside it at every size. It caches no more drawn
    lines than it keeps (``bound_line_cache``): Textual's 1,024 filled with lines long gone
    as a busy table's chat went on, in every app at the table."""

    DEFAULT_CSS = """
    ChatPane {
        height: 7;
        width: 1fr;
        background: $surface;
        border-top: solid $primary;
        border-title-align: left;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        overflow-x: hidden;
        padding: 0;
    }
    ChatPane:ansi { border-top: solid ansi_blue; }
    """

    def __init__(self, lines: Iterable[str], max_lines: int, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=max_lines, auto_scroll=True, wrap=True, markup=False)
        bound_line_cache(self, max_lines)
        self.border_title = "Chat (t talks)"
        self.can_focus = False
        self.said_lines: deque[str] = deque(lines, maxlen=max_lines)
        """What was said, to lay out again at a new width (as many as the pane keeps)."""
        self._laid_out = 0

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and width != self._laid_out:
            self._laid_out = width
            self._lay_out()

    def _lay_out(self) -> None:
        self.clear()
        if not self.said_lines:
            self.write(Text(EMPTY, style="dim"), width=self._laid_out)
        for line in self.said_lines:
            self.write(Text(line), width=self._laid_out)

    def said(self, line: str) -> None:
        first = not self.said_lines
        self.said_lines.append(line)
        if not self._laid_out:
            return  # laid out with the others once the pane has its size
        if first:
            self._lay_out()
        else:
            self.write(Text(line), width=self._laid_out)
