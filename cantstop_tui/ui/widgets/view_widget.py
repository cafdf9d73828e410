"""A widget drawn from the game screen's GameView that repaints only the lines that changed."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual.geometry import Region
from textual.reactive import var
from textual.widget import Widget

from ..glyphs import Glyphs, glyphs_for
from ..view import GameView


class ViewWidget(Widget):
    """Bind ``view`` with ``data_bind(GameScreen.view)``; override ``render_key`` and ``draw``."""

    view: var[GameView | None] = var(None)

    def __init__(self, glyphs: Glyphs | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs or glyphs_for(False)
        self._key: Hashable = None
        self._text = Text()

    def render_key(self, view: GameView) -> Hashable:
        """Everything the widget draws depends on; equal keys mean no repaint."""
        return view

    def draw(self, view: GameView) -> Text:
        """The widget's text for ``view`` (one line per row, no wrapping)."""
        raise NotImplementedError

    def watch_view(self, view: GameView | None) -> None:
        if view is None:
            return
        key = self.render_key(view)
        if key == self._key:
            return
        self._key = key
        old, self._text = self._text, self.draw(view)
        old_lines, new_lines = list(old.split("\n")), list(self._text.split("\n"))
        rows = self.size.height
        if len(old_lines) < rows:
            old_lines += [Text()] * (rows - len(old_lines))
        if len(new_lines) < rows:
            new_lines += [Text()] * (rows - len(new_lines))
        if len(old_lines) != len(new_lines):
            self.refresh(layout=self.styles.height is not None and self.styles.height.is_auto)
            return
        width = self.size.width
        for row, (before, after) in enumerate(zip(old_lines, new_lines, strict=True)):
            if before != after:
                self.refresh(Region(0, row, width, 1))

    def render(self) -> Text:
        return self._text
