"""A scrolling log of the game: rolls, choices, busts and columns won.

The log draws its own lines and keeps its own scroll (how many lines back from the newest
it is scrolled): no Textual scroll view or scroll bar, whose every move of the thumb drew
the scroll bar's rows again and restyled every row. A new line repaints the rows that
changed (the new line's row while the log fits; every row once the lines move up, each
row a line drawn before). The last column, kept free by the wrapping, says what is out of
sight: ``↑`` on the top row when earlier lines are above, ``↓`` on the bottom row when
the log is scrolled back from the newest. The wheel and the game screen's keys
(``ui.keys.LOG``) scroll it.
"""

from __future__ import annotations

import re
from collections import deque

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.reactive import var
from textual.selection import Selection
from textual.strip import Strip

from ...play.match import Match
from ...play.narration import rolloff_lines
from ..glyphs import Glyphs, glyphs_for
from ..textual_compat import repaint
from ..view import GameView
from .game_log_lines import added_lines, history_lines
from .kept_strips import KeptStrips
from .log_wrap import place, with_offsets, wrap_cells
from .one_style import OneStylePerRender

FALLBACK_WIDTH = 21
"""Wrap width before the log has been laid out."""
MAX_LINES = 400
"""Lines kept: the oldest go (a long game's start, a screenful of pages back)."""
MARK_ROOM = 2
"""Columns the wrapping leaves free at the right: a blank, then the mark of lines out of
sight (``↑``/``↓``), which would otherwise touch a line's last word (``and↑``, ``andv``)."""
KEPT_LINES = 64
"""Drawn lines kept (``GameLog.render_line``): a few screens of the log."""
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]").sub
_MARK = Style(bold=True)


class GameLog(OneStylePerRender):
    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        width: 1fr;
        background: $surface;
        padding: 0;
    }
    """

    view: var[GameView | None] = var(None)

    def __init__(self, glyphs: Glyphs | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.can_focus = False
        self.glyphs = glyphs or glyphs_for(False)
        self._lines: list[str] = []
        self._back = 0
        """How many lines the log is scrolled back from the newest (0: it follows them)."""
        self._written: Match | None = None
        """A cache keyed by the view: the match whose narration the log holds. The log is
        always the view's match narrated; a view some steps on from it whose events are those
        steps' only adds their lines (any other view writes the game again)."""
        self._wrapped_at = 0
        self._narrated: deque[str] = deque(maxlen=MAX_LINES)
        """The lines written, before wrapping (each makes one wrapped line or more): a new
        width wraps these again, without replaying the game."""
        self._parts: deque[int] = deque(maxlen=MAX_LINES)
        """How many wrapped lines each of ``_narrated`` made, at the width wrapped to."""
        self._height = 0
        """The height the log was laid out at (``on_resize``)."""
        self._shown: tuple[int, int, int, Selection | None] | None = None
        """``_where`` while the log is drawn (worked out once, not once a row)."""
        self._drawn = KeptStrips(KEPT_LINES)
        """Lines as drawn, by their text, place in the log, mark, width and style: a new
        line scrolls the log, and every line shown moves up one row but looks the same."""

    # --- the lines and the scroll ------------------------------------------------

    @property
    def lines(self) -> list[str]:
        """Every line kept, oldest first, as wrapped."""
        return self._lines

    @property
    def line_count(self) -> int:
        return len(self._lines)

    @property
    def scrolled_back(self) -> int:
        """How many lines the log is scrolled back from the newest (0: it shows them)."""
        return self._back

    @property
    def top(self) -> int:
        """The index of the line on the top row."""
        return max(len(self._lines) - self.size.height - self._back, 0)

    def write_lines(self, lines: list[str]) -> None:
        """``lines`` after the others; the oldest beyond ``MAX_LINES`` go. Scrolled back,
        the log keeps showing what it showed; else it shows the new lines."""
        if not lines:
            return
        kept = self._lines
        before = len(kept)
        kept.extend(_CONTROL("\N{REPLACEMENT CHARACTER}", line.expandtabs()) for line in lines)
        dropped = max(len(kept) - MAX_LINES, 0)
        if dropped:
            del kept[:dropped]
        height = self.size.height
        if self._back:
            self._back = min(self._back + len(lines), self._most_back())
        if dropped or (not self._back and len(kept) > height):
            repaint(self)  # every row moved up a line
        elif self._back:
            self._refresh_rows(height - 1, height)  # the mark of lines below
        else:
            self._refresh_rows(before, len(kept))  # the log fits: the new rows only

    def clear(self) -> None:
        self._narrated.clear()
        self._parts.clear()
        self._lines.clear()
        self._back = 0
        self.refresh()

    def scroll_lines(self, lines: int) -> None:
        """Scrolls ``lines`` back (negative) or on (positive), within the log."""
        back = min(max(self._back - lines, 0), self._most_back())
        if back != self._back:
            self._back = back
            self.refresh()

    def scroll_page(self, pages: int) -> None:
        """Scrolls ``pages`` screens of the log back (negative) or on (positive), a line
        of the last screen kept in sight."""
        self.scroll_lines(pages * max(self.size.height - 1, 1))

    def _most_back(self) -> int:
        return max(len(self._lines) - self.size.height, 0)

    def _refresh_rows(self, top: int, bottom: int) -> None:
        if bottom > top:
            repaint(self, Region(0, top, self.size.width, bottom - top),
                    gutterless=self.gutterless)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_lines(-self._wheel_lines())

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_lines(self._wheel_lines())

    def _wheel_lines(self) -> int:
        return max(round(self.app.scroll_sensitivity_y), 1)

    # --- drawing -------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        self._shown = self._where()  # the same for every row of this drawing
        try:
            return super().render_lines(crop)
        finally:
            self._shown = None

    def _where(self) -> tuple[int, int, int, Selection | None]:
        """The top row's line, the width and height, and the text selected."""
        return self.top, *self.size, self.text_selection

    def render_line(self, y: int) -> Strip:
        top, width, height, selection = self._shown or self._where()
        index = top + y
        text = self._lines[index] if index < len(self._lines) else ""
        mark = " "
        if y == height - 1 and self._back:
            mark = self.glyphs.later
        elif y == 0 and index > 0:
            mark = self.glyphs.earlier
        if selection is not None:
            return self._draw(text, index, mark, width, selection)
        key = (text, index, mark, width, self.rich_style, self.filtering)
        return self._drawn.get(key, lambda: self._kept(text, index, mark, width))

    def _kept(self, text: str, index: int, mark: str, width: int) -> Strip:
        """A line to keep, through the app's filters once if they are known
        (``filtered``): a line drawn again as it moves up a row is not filtered again."""
        base = self.rich_style
        room = max(width - 1, 0)
        if width and 0 < (cells := cell_len(text)) <= room:
            # The segments ``_draw`` makes, without its strips between.
            pad = [Segment(" " * (room - cells), base)] if cells < room else []
            segments = [Segment(text, base), *pad, Segment(mark, base + _MARK)]
            return self.filtered(with_offsets(segments, index), width)
        line = self._draw(text, index, mark, width, None)
        return self.filtered(list(line), line.cell_length)

    def forget_filtered(self) -> None:
        self._drawn.clear()

    def _draw(
        self, text: str, index: int, mark: str, width: int, selection: Selection | None
    ) -> Strip:
        base = self.rich_style
        room = max(width - 1, 0)
        segments = [Segment(text, base)]
        if selection is not None and (span := selection.get_span(index)) is not None:
            start, end = span
            end = len(text) if end == -1 else end
            chosen = base + self.screen.get_component_rich_style("screen--selection")
            segments = [
                Segment(text[:start], base),
                Segment(text[start:end], chosen),
                Segment(text[end:], base),
            ]
        line = Strip(segments).crop_extend(0, room, base)
        if width:
            line = Strip([*line, Segment(mark, base + _MARK)], width)
        return line.apply_offsets(0, index)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract("\n".join(self._lines)), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    # --- from the view -------------------------------------------------------------

    def _write(self, lines: list[str]) -> None:
        self._narrated.extend(lines)
        width = self.size.width
        if width > 8:
            self._wrapped_at = width
        width = (width - MARK_ROOM) if width > 8 else FALLBACK_WIDTH
        wrapped: list[str] = []
        for line in lines:
            parts = wrap_cells(line, width) or [""]
            self._parts.append(len(parts))
            wrapped += parts
        if wrapped:
            self.write_lines(wrapped)

    def on_resize(self) -> None:
        """Lines are wrapped to the log's width: a new width wraps them again. Scrolled
        back, the log keeps the line the reader had on its top row there."""
        height, width = self.size.height, self.size.width
        # Lines from the top row's to the newest, counting it (0: it follows the newest).
        from_end = self._back + self._height if self._back else 0
        self._height = height
        if width != self._wrapped_at and self._narrated:
            self._wrapped_at = width
            reading = place(self._parts, from_end)
            narrated = list(self._narrated)
            self.clear()
            self._write(narrated)
            if reading is not None:
                index, part = reading
                newest = list(self._parts)[index:]
                from_end = sum(newest) - min(part, newest[0] - 1)
        back = min(max(from_end - height, 0), self._most_back())
        if back != self._back:
            self._back = back
            self.refresh()

    def _write_all(self, view: GameView) -> None:
        self.clear()
        self._write(rolloff_lines(view.match))
        self._write(history_lines(view))

    def show(self, view: GameView | None) -> None:
        """Write what ``view`` adds: what setting ``view`` does, without the reactive's
        machinery (the game screen hands each of its views to its widgets this way)."""
        self.set_reactive(GameLog.view, view)
        self.watch_view(view)

    def watch_view(self, view: GameView | None) -> None:
        if view is None or view.match is self._written:
            return  # the same position (a notice, the win chances): nothing new to log
        shown, self._written = self._written, view.match
        added = added_lines(shown, view)
        if added is None:
            self._write_all(view)
        else:
            self._write(added)
