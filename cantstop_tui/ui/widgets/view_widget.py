"""A widget drawn from the game screen's GameView that repaints only the lines that changed.

It uses Textual's line API: each line of the drawn text becomes a cached strip, and a
change of view re-renders and repaints only the lines whose text changed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from ..glyphs import Glyphs, glyphs_for
from ..textual_compat import repaint
from ..view import GameView
from .kept_strips import KeptStrips
from .one_style import OneStylePerRender

_PLAIN = Style()
KEPT_LOOKS = 64
"""Drawn lines a widget keeps (``ViewWidget._drawn``): more than any widget shows in the
states a turn goes through, few enough for a server's many visitors."""


class ViewWidget(OneStylePerRender):
    """Bind ``view`` with ``data_bind(GameScreen.view)`` or hand it each view with ``show``;
    override ``render_key`` and ``draw``.

    What it shows is a function of the view and its own width: nothing sets it from outside.
    """

    view: var[GameView | None] = var(None)
    KEPT_DRAWINGS: ClassVar[int] = 0
    """How many drawings (``draw_lines``) to keep by their render key, for a widget whose
    keys come back (the action bar's few states); none by default."""

    def __init__(self, glyphs: Glyphs | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs or glyphs_for(False)
        self._key: Hashable = None
        self._lines: list[Text] = []
        self._drawings: dict[Hashable, list[Text]] = {}
        """``KEPT_DRAWINGS`` drawings by render key; all forgotten at once when full."""
        self._strips: dict[int, Strip] = {}
        """The strip drawn on each row, until the row changes."""
        self._looks = KeptStrips(KEPT_LOOKS)
        """Lines drawn lately, by their text, width and base style (``_drawn``)."""

    def render_key(self, view: GameView) -> Hashable:
        """Everything the widget draws depends on; equal keys mean no repaint."""
        return view

    def draw(self, view: GameView) -> Text:
        """The widget's text for ``view``: one line per row, no wrapping."""
        raise NotImplementedError

    def draw_lines(self, view: GameView) -> list[Text]:
        """The widget's lines for ``view`` (by default, ``draw`` split into lines)."""
        return list(self.draw(view).split("\n", allow_blank=True))

    def show(self, view: GameView | None) -> None:
        """Draw ``view``: what setting ``view`` does, without the reactive's machinery
        (the game screen hands each of its views to its widgets this way)."""
        self.set_reactive(ViewWidget.view, view)
        self.watch_view(view)

    def watch_view(self, view: GameView | None) -> None:
        if view is None:
            return
        key = self.render_key(view)
        if key == self._key:
            return
        self._key = key
        old, self._lines = self._lines, self._drawing(key, view)
        if (
            len(old) != len(self._lines)
            and self.styles.height is not None
            and self.styles.height.is_auto
        ):
            self._strips.clear()
            self.refresh(layout=True)
            return
        new = self._lines
        both = zip(old, new, strict=False)  # the rows both have; then those one has
        rows = [row for row, (before, after) in enumerate(both) if before is not after]
        rows = [row for row in rows if old[row] != new[row]]  # a kept line is the same
        rows += range(min(len(old), len(new)), max(len(old), len(new)))
        width = self.size.width
        changed = []
        for row in rows:
            self._strips.pop(row, None)
            changed.append(Region(0, row, width, 1))
        if changed:
            repaint(self, *changed, gutterless=self.gutterless)  # one for all

    def _drawing(self, key: Hashable, view: GameView) -> list[Text]:
        """``draw_lines(view)``, kept by ``key`` if the widget keeps drawings."""
        if not self.KEPT_DRAWINGS:
            return self.draw_lines(view)
        lines = self._drawings.get(key)
        if lines is None:
            if len(self._drawings) >= self.KEPT_DRAWINGS:
                self._drawings.clear()
            lines = self._drawings[key] = self.draw_lines(view)
        return lines

    def render(self) -> Text:
        """The whole text (Textual draws line by line with ``render_line``)."""
        return Text("\n").join(self._lines)

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            width = self.line_width
            base = self.rich_style
            if y >= len(self._lines):
                strip = Strip.blank(width, base)
            else:
                strip = self._drawn(self._lines[y], width, base)
            self._strips[y] = strip
        return strip

    def _drawn(self, text: Text, width: int, base: Style) -> Strip:
        """``text`` as a line ``width`` cells wide, drawn once per look: a widget's lines
        come back (the roll and the choice alternate, the turn passes between players)."""
        key = (text.plain, tuple(text.spans), text.style, width, base, self.filtering)
        return self._looks.get(key, lambda: self._draw(text, width, base))

    def _draw(self, text: Text, width: int, base: Style) -> Strip:
        line = text.copy()
        line.stylize_before(base)
        line.no_wrap = True
        # Every segment gets a style: Textual's filters (NO_COLOR's monochrome one)
        # read segment.style and fail on a segment that has none.
        segments = [
            Segment(part, style or _PLAIN, control)
            for part, style, control in line.render(self.app.console)
        ]
        if line.cell_len != width:  # (a whole crop_extend caches the strip on itself)
            segments = list(Strip(segments, line.cell_len).crop_extend(0, width, base))
        return self.filtered(segments, width)

    def forget_filtered(self) -> None:
        self._strips.clear()
        self._looks.clear()

    def on_resize(self) -> None:
        """Drawn again where the drawing depends on the width (``render_key`` says)."""
        self._strips.clear()
        if self.view is not None:
            self.watch_view(self.view)

    def notify_style_update(self) -> None:
        self._strips.clear()
        super().notify_style_update()
