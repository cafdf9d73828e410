"""Drawing for the visitor's terminal, not the server's: its size within what the apps are
drawn for, its colours (SSH sessions and the web server's games alike)."""

from __future__ import annotations

from rich.console import Console

from ..ui.colors import ColorDepth
from .visit_app import VisitApp

MIN_SIZE = (20, 10)
MAX_SIZE = (300, 100)


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """Terminal sizes within what the apps are drawn for (a hostile client may say 0 or 10**6)."""
    return (
        min(max(int(width or 80), MIN_SIZE[0]), MAX_SIZE[0]),
        min(max(int(height or 24), MIN_SIZE[1]), MAX_SIZE[1]),
    )


def fit_console(app: VisitApp, colors: ColorDepth) -> None:
    """Draw for the visitor's terminal, not for the server's own, with ``colors``.

    Every app's console draws truecolor: Rich caches a style's escape codes on the style
    object, which all apps in the process share, so consoles of different depths would mix
    their colours. The app's line filters give it colours of its own depth instead.
    """
    app.color_depth = colors
    app.console = Console(
        color_system="truecolor",
        file=app.console.file,
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
