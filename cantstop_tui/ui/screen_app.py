"""An app that shows one screen and ends with what it was dismissed with: ``cantstop
replay FILE`` and ``cantstop review FILE`` (their screens are the app's own, as ``p``
there plays on in the full app)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from textual.screen import Screen

from . import textual_compat  # noqa: F401  (patches Textual before any app draws a frame)
from .ascii_look import ASCII_CLASS, ASCII_CSS
from .colors import NO_COLOR_CSS
from .drawn_app import DrawnApp
from .glyphs import Glyphs, glyphs_for

T = TypeVar("T")


class ScreenApp(DrawnApp[T], Generic[T]):
    CSS = ASCII_CSS + NO_COLOR_CSS

    def __init__(
        self, title: str, screen: Callable[[Glyphs], Screen[Any]], ascii_only: bool = False
    ) -> None:
        super().__init__()
        self.title = title
        self.make_screen = screen
        self.glyphs = glyphs_for(ascii_only)
        self.set_class(ascii_only, ASCII_CLASS)

    def on_mount(self) -> None:
        self.push_screen(self.make_screen(self.glyphs), self.exit)
