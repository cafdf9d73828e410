"""An app that shows one screen and ends with what it was dismissed with: ``cantstop
replay FILE`` and ``cantstop review FILE`` (their screens are the app's own, as ``p``
there plays on in the full app)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.filter import LineFilter
from textual.screen import Screen

from . import textual_compat  # noqa: F401  (patches Textual before any app draws a frame)
from .ascii_look import ASCII_CLASS, ASCII_CSS, ascii_key_display, command_palette
from .glyphs import Glyphs, glyphs_for
from .readable_marks import filters_with, marks_filter

T = TypeVar("T")


class ScreenApp(App[T], Generic[T]):
    CSS = ASCII_CSS

    def __init__(
        self, title: str, screen: Callable[[Glyphs], Screen[Any]], ascii_only: bool = False
    ) -> None:
        super().__init__()
        self.title = title
        self.make_screen = screen
        self.glyphs = glyphs_for(ascii_only)
        self.set_class(ascii_only, ASCII_CLASS)
        self.marks = marks_filter(self.current_theme.dark)
        """Players' colours readable on the theme's backgrounds (``readable_marks``)."""

    def get_line_filters(self) -> Sequence[LineFilter]:
        return filters_with(self.marks, super().get_line_filters())

    def watch_theme(self, theme: str) -> None:
        self.marks = marks_filter(self.current_theme.dark)

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        return ascii_key_display(binding.key, shown) if self.has_class(ASCII_CLASS) else shown

    def action_command_palette(self) -> None:
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(command_palette(self.has_class(ASCII_CLASS)))

    def on_mount(self) -> None:
        self.push_screen(self.make_screen(self.glyphs), self.exit)
