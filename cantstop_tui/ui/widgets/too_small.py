"""Covers a screen with "make the window larger" while the terminal is below the minimum size."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 23


class TooSmall(Static):
    SCOPED_CSS = False
    DEFAULT_CSS = """
    TooSmall {
        display: none;
        dock: top;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $background;
        color: $text;
        text-style: bold;
    }
    Screen.-too-small {
        overflow: hidden hidden;
    }
    Screen.-too-small TooSmall {
        display: block;
    }
    """

    def __init__(self) -> None:
        super().__init__(
            f"The window is too small for Can't Stop.\n"
            f"Please make it larger: at least {MIN_WIDTH} x {MIN_HEIGHT}.\n\n"
            "(q then y quits)"
        )

    def on_mount(self) -> None:
        self.screen.set_class(self.app.has_class("-too-small"), "-too-small")
