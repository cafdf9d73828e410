"""How many colours a terminal shows, decided from its environment as the local app decides
from its own, and a line filter that draws an app at that depth.

The local app leaves the decision to Textual, which asks Rich: ``COLORTERM`` of
``truecolor`` or ``24bit`` gives truecolor, else ``TERM``'s last part (``-256color``,
``-16color``...) gives the depth, 16 colours when it says nothing; ``NO_COLOR`` (set to
anything) takes the colours away; ``TERM=dumb`` or ``unknown`` has none. ``terminal_depth``
makes the same decision from any environment (an SSH visitor's: the terminal type of their
pty request and the variables their client sent) through the same Rich code, and adds what
Rich does not know: a monochrome terminal type (``xterm-mono``, terminfo's ``-m``) has no
colours, and a dumb terminal cannot draw a full screen at all. tests/ui/test_colors.py
checks that it agrees with Textual's own decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Final, Literal

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter, NoColor

from .textual_compat import terminal_console

ColorDepth = Literal["none", "16", "256", "truecolor"]
DEPTHS: Final[tuple[ColorDepth, ...]] = ("none", "16", "256", "truecolor")
"""From the fewest colours to the most."""
MONO_SUFFIXES: Final = ("-mono", "-m")
_RICH_DEPTHS: Final[dict[str, ColorDepth]] = {
    "standard": "16",
    "256": "256",
    "truecolor": "truecolor",
}
_SYSTEMS: Final[dict[ColorDepth, ColorSystem]] = {
    "16": ColorSystem.STANDARD,
    "256": ColorSystem.EIGHT_BIT,
}


def terminal_depth(environ: Mapping[str, str]) -> ColorDepth | None:
    """The colours a terminal with this environment shows; None when it cannot draw a full
    screen (``TERM=dumb`` or ``unknown``)."""
    console = terminal_console(environ)
    if console.is_dumb_terminal:
        return None
    term = environ.get("TERM", "").strip().lower()
    if "NO_COLOR" in environ or term.endswith(MONO_SUFFIXES):
        return "none"
    return _RICH_DEPTHS.get(console.color_system or "", "16")


def capped(depth: ColorDepth, ceiling: ColorDepth) -> ColorDepth:
    """The lesser of two depths (a terminal's, and the most a server draws)."""
    return min(depth, ceiling, key=DEPTHS.index)


@cache
def depth_filters(depth: ColorDepth) -> tuple[LineFilter, ...]:
    """The line filters that draw an app (whose console draws truecolor) at ``depth``."""
    if depth == "none":
        return (NoColor(),)
    if depth == "truecolor":
        return ()
    return (Downgrade(_SYSTEMS[depth]),)


class Downgrade(LineFilter):
    """Every colour turned into the nearest of a smaller palette (256 or 16 colours).

    Rich caches a style's escape codes on the style, and apps in one process share styles,
    so apps cannot each draw at their own depth through their consoles: every console draws
    truecolor, and this filter gives each app styles whose colours are already of its depth
    (a colour of 256 or 16 is drawn as such by a truecolor console)."""

    def __init__(self, system: ColorSystem, enabled: bool = True) -> None:
        super().__init__(enabled)
        self.system = system

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        system = self.system
        return [
            Segment(text, None if style is None else _downgraded(style, system), control)
            for text, style, control in segments
        ]


@lru_cache(maxsize=4096)
def _downgraded(style: Style, system: ColorSystem) -> Style:
    color = style.color.downgrade(system) if style.color is not None else None
    bgcolor = style.bgcolor.downgrade(system) if style.bgcolor is not None else None
    if color is style.color and bgcolor is style.bgcolor:
        return style
    return style + Style(color=color, bgcolor=bgcolor)


NO_COLOR_CSS = """
/* A terminal without colours (xterm-mono, NO_COLOR): the cursor and the focus reversed */
DataTable:nocolor > .datatable--cursor { text-style: reverse; }
Input:nocolor:focus, Button:nocolor:focus, Select:nocolor:focus > SelectCurrent {
    text-style: reverse;
}
Checkbox:nocolor:focus > .toggle--label { text-style: reverse; }
OptionList:nocolor > .option-list--option-highlighted { text-style: reverse bold; }
Input:nocolor > .input--cursor { text-style: not reverse; }
"""
"""Without colours, what has the focus or the cursor (a list's highlighted line) is drawn
in reverse, not in a grey shade (Textual's widgets' ``:nocolor`` rules), in every app of
the game: a local NO_COLOR game's (``AppBase``, ``ScreenApp``) and a server's."""


def theme_for(depth: ColorDepth) -> str | None:
    """At 16 colours (or none) draw with the terminal's own palette, not approximations of
    RGB (the accent would turn red, an error colour): the widgets' ``:ansi`` rules."""
    return "ansi-dark" if depth in ("16", "none") else None
