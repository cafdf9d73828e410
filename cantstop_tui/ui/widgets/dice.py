"""The four dice of the last roll."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ...engine import Rolled
from ..view import GameView
from .view_widget import ViewWidget


class DiceView(ViewWidget):
    DEFAULT_CSS = """
    DiceView {
        height: 1;
        width: 1fr;
    }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._dice: tuple[int, ...] | None = None

    def render_key(self, view: GameView) -> Hashable:
        for event in view.events:
            if isinstance(event, Rolled):
                self._dice = event.dice
        if view.state.dice is not None:
            self._dice = view.state.dice
        if not view.match.history:
            self._dice = None
        return self._dice

    def draw(self, view: GameView) -> Text:
        text = Text("Dice ", style="bold", no_wrap=True, overflow="crop")
        if self._dice is None:
            text.append("- - - -", style="dim")
            return text
        for value in self._dice:
            text.append(f" {value} ", style="bold reverse")
            text.append(" ")
        return text
