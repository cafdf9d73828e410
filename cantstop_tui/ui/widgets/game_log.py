"""A scrolling log of the game: rolls, choices, busts and columns won."""

from __future__ import annotations

from collections import deque
from typing import Self

from rich.cells import cell_len
from textual.geometry import Offset, Region
from textual.reactive import var
from textual.strip import Strip

from ...engine import Conceded, Event, Moved, Rolled, Stopped
from ...play.match import Match
from ...play.narration import history_parts, log_lines, rolloff_lines, waiting_roll
from ..textual_compat.widgets import QuietLog
from ..view import GameView
from .kept_strips import KeptStrips
from .view_widget import OneStylePerRender

MAX_LINES = 400
"""Lines the log keeps (wrapped: the oldest go first)."""
FALLBACK_WIDTH = 21
"""Wrap width before the log has been laid out."""
KEPT_LINES = 64
"""Drawn lines kept (``GameLog.render_line``): a few screens of the log."""
UNSEEN_RULE = "-- Since you last looked --"
"""Over the lines a returning player of a turn-based game has not seen (``GameView.unseen``)."""


class GameLog(QuietLog, OneStylePerRender):
    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        width: 1fr;
        background: $surface;
        border: none;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        scrollbar-background: $surface;
        scrollbar-color: $primary 50%;
        padding: 0;
    }
    """

    view: var[GameView | None] = var(None)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=MAX_LINES, auto_scroll=True)
        self.can_focus = False
        self._written: Match | None = None
        """A cache keyed by the view: the match whose narration the log holds. The log is
        always the view's match narrated; a view some steps on from it whose events are those
        steps' only adds their lines (any other view writes the game again)."""
        self._wrapped_at = 0
        self._narrated: deque[str] = deque(maxlen=MAX_LINES)
        """The lines written, before wrapping (each makes one wrapped line or more): a new
        width wraps these again, without replaying the game."""
        self._shown: tuple[Offset, int, bool] | None = None
        """``_where`` while the log is drawn (worked out once, not once a line)."""
        self._drawn = KeptStrips(KEPT_LINES)
        """Lines as drawn, by their text, place in the log, scroll, width and style: a new
        line scrolls the log, and every line shown moves up one row but looks the same."""

    def render_lines(self, crop: Region) -> list[Strip]:
        self._shown = self._where()  # the same for every line of this drawing
        try:
            return super().render_lines(crop)
        finally:
            self._shown = None

    def _where(self) -> tuple[Offset, int, bool]:
        """The scroll, the width, and whether text is being selected."""
        return self.scroll_offset, self.size.width, self.text_selection is not None

    def render_line(self, y: int) -> Strip:
        (scroll_x, scroll_y), width, selecting = self._shown or self._where()
        index = scroll_y + y
        lines = self.lines
        if index >= len(lines) or selecting:
            return super().render_line(y)
        key = (lines[index], index, scroll_x, width, self.rich_style)
        return self._drawn.get(key, lambda: super(GameLog, self).render_line(y))

    def _write(self, lines: list[str]) -> None:
        self._narrated.extend(lines)
        if self.size.width > 8:
            self._wrapped_at = self.size.width
        width = (self.size.width - 1) if self.size.width > 8 else FALLBACK_WIDTH
        wrapped = [part for line in lines for part in wrap_cells(line, width) or [""]]
        if wrapped:
            self.write_lines(wrapped)

    def on_resize(self) -> None:
        """Lines are wrapped to the log's width: a new width wraps them again."""
        width = self.size.width
        if width != self._wrapped_at and self._narrated:
            self._wrapped_at = width
            narrated = list(self._narrated)
            self.clear()
            self._write(narrated)

    def clear(self) -> Self:
        self._narrated.clear()
        return super().clear()

    def _write_all(self, view: GameView) -> None:
        match, unseen = view.match, view.unseen
        self.clear()
        self._write(rolloff_lines(match))
        if unseen is not None:  # its lines came with it, from the same replay
            seen, new = list(unseen.seen), list(unseen.new)
        else:
            seen, new, _ = history_parts(match, len(match.history))
        self._write([*seen, UNSEEN_RULE, *new] if new else seen)

    def watch_view(self, view: GameView | None) -> None:
        if view is None or view.match is self._written:
            return  # the same position (a notice, the win chances): nothing new to log
        shown, self._written = self._written, view.match
        match = view.match
        steps = len(match.history) - (len(shown.history) if shown is not None else 0)
        same_game = shown is not None and (shown.seed, shown.seats, shown.config) == (
            match.seed,
            match.seats,
            match.config,
        )
        if same_game and steps >= 1 and actions_in(view.events) == steps:  # those steps' events
            assert shown is not None
            self._write(log_lines(match, view.events, waiting_roll(shown))[0])
        elif not (same_game and steps == 0):  # else who plays a seat changed: nothing to log
            self._write_all(view)


def actions_in(events: tuple[Event, ...]) -> int:
    """How many actions (rolls, moves, stops, concessions) ``events`` tell of: each has one
    of these."""
    return sum(isinstance(event, Rolled | Moved | Stopped | Conceded) for event in events)


def wrap_cells(line: str, width: int, indent: str = "  ") -> list[str]:
    """``line`` in lines of at most ``width`` terminal cells (CJK and emoji count two),
    broken between words, the lines after the first indented; a word wider than a line is
    cut between characters."""
    width = max(width, len(indent) + 2)
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else (indent if lines else "") + word
        if cell_len(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = indent + word
        while cell_len(current) > width:  # a word too long for any line
            cut = _cells_prefix(current, width)
            lines.append(current[:cut])
            current = indent + current[cut:]
    if current.strip():
        lines.append(current)
    return lines


def _cells_prefix(text: str, width: int) -> int:
    """How many characters of ``text`` fit in ``width`` cells (at least one)."""
    used = 0
    for index, char in enumerate(text):
        used += cell_len(char)
        if used > width:
            return max(index, 1)
    return len(text)
