"""A widget drawn from the game screen's GameView that repaints only when its own part changes."""

from __future__ import annotations

from collections.abc import Hashable

from textual.reactive import var
from textual.widget import Widget

from ..glyphs import Glyphs, glyphs_for
from ..view import GameView


class ViewWidget(Widget):
    """Bind ``view`` with ``data_bind(GameScreen.view)``; override ``render_key``."""

    view: var[GameView | None] = var(None)

    def __init__(self, glyphs: Glyphs | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs or glyphs_for(False)
        self._key: Hashable = None

    def render_key(self, view: GameView) -> Hashable:
        """Everything the widget draws depends on; equal keys mean no repaint."""
        return view

    def watch_view(self, view: GameView | None) -> None:
        if view is None:
            return
        key = self.render_key(view)
        if key != self._key:
            self._key = key
            self.refresh(layout=self.styles.height is not None and self.styles.height.is_auto)
