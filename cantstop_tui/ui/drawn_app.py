"""What every app of the game draws alike, the full game's (``app_base.AppBase``) and a
single screen's (``screen_app.ScreenApp``): each player's colour readable on the theme
(``readable_marks``), under ``--ascii`` (the app class ``ascii_look.ASCII_CLASS``) keys
and the command palette in ASCII, and an unexpected error as a crash report and one
sentence, never Textual's traceback (``textual_compat.report_fatal_errors``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.filter import LineFilter
from textual.screen import Screen

from ..storage import crash
from .ascii_look import ASCII_CLASS, AsciiText, ascii_key_display, command_palette
from .readable_marks import filters_with, marks_filter
from .textual_compat import report_fatal_errors

T = TypeVar("T")

TEXTUAL_LEFT_OUT = frozenset({"Keys", "Maximize", "Minimize"})
"""Textual's own palette commands the game leaves out: its "Keys" panel (over the side
panel, shut by no Escape, listing keys the game does not take: ``?`` is the help), and
"Maximize"/"Minimize" (of a form field or a move list: nothing to read larger)."""


class DrawnApp(App[T], Generic[T]):
    """An app of the game: its line filters, key names and command palette."""

    def __init__(self) -> None:
        super().__init__()
        report_fatal_errors(self, crash.report)
        self.marks = marks_filter(self.current_theme.dark)
        """Players' colours readable on the theme's backgrounds (``readable_marks``)."""
        self.ascii_text = AsciiText()
        """Under ``--ascii``: no character but ASCII drawn (names, chat: ``ascii_form``)."""

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = filters_with(self.marks, super().get_line_filters())
        return [self.ascii_text, *filters] if self.has_class(ASCII_CLASS) else filters

    def watch_theme(self, theme: str) -> None:
        self.marks = marks_filter(self.current_theme.dark)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands but those the game leaves out (``TEXTUAL_LEFT_OUT``)."""
        for command in super().get_system_commands(screen):
            if command.title not in TEXTUAL_LEFT_OUT:
                yield command

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        return ascii_key_display(binding.key, shown) if self.has_class(ASCII_CLASS) else shown

    def action_command_palette(self) -> None:
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(command_palette(self.has_class(ASCII_CLASS)))
