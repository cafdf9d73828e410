"""Each player's colour readable on whatever it is drawn on, in every theme.

The players' colours (``glyphs.PLAYER_COLOURS``) are chosen for a dark background; on a
light theme the computer's green was 1.4:1 against textual-light's grey. ``ReadableMarks``,
one of every app's line filters, draws each player's colour where it lands: unchanged when
it stands out from the cell's background by ``MIN_CONTRAST`` (WCAG 2's contrast ratio for
marks and graphics, 1.4.11), else the nearest shade of it that does (mixed toward black on
a light background, toward white on a dark one). The filter knows the background of every
cell it draws, so a panel or a highlighted row gets its own shade. A theme that leaves the
background to the terminal (``ansi-dark``, ``ansi-light``) is taken as black or white.

A dim player's colour (a won column's fill) is not left to Textual's filter or the
terminal, which blend it toward its background past the contrast (yellow on textual-light:
1.04:1): this filter comes first, dims it as Textual does (``DIM_FACTOR``), then draws the
readable shade of that, no longer dim.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from rich.color import Color as RichColor
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.constants import DIM_FACTOR
from textual.filter import LineFilter

from .glyphs import PLAYER_COLOURS

MIN_CONTRAST: Final = 3.0
"""The least contrast ratio of a player's colour with its background (WCAG 2, 1.4.11)."""
BLACK: Final = Color(0, 0, 0)
WHITE: Final = Color(255, 255, 255)
_STEPS: Final = 40
"""Shades tried between a colour and black or white (2.5% apart)."""
MARKS: Final = frozenset(Color.parse(colour).rgb for colour in PLAYER_COLOURS)


def luminance(colour: Color) -> float:
    """WCAG 2's relative luminance, 0 (black) to 1 (white)."""

    def linear(value: int) -> float:
        part = value / 255
        return part / 12.92 if part <= 0.04045 else ((part + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast(first: Color, second: Color) -> float:
    """WCAG 2's contrast ratio, 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@lru_cache(maxsize=256)
def readable(colour: Color, background: Color) -> Color:
    """``colour``, or its nearest shade with ``MIN_CONTRAST`` against ``background``."""
    if contrast(colour, background) >= MIN_CONTRAST:
        return colour
    away = BLACK if contrast(BLACK, background) > contrast(WHITE, background) else WHITE
    for step in range(1, _STEPS + 1):
        shade = colour.blend(away, step / _STEPS)
        if contrast(shade, background) >= MIN_CONTRAST:
            return shade
    return away


def stand_in(dark: bool) -> Color:
    """The background taken for a theme that leaves it to the terminal."""
    return BLACK if dark else WHITE


class ReadableMarks(LineFilter):
    """Players' colours made readable on each cell's background (``readable``); other
    colours are left as they are. ``dark``: the theme's, for the terminal's own background."""

    def __init__(self, dark: bool, enabled: bool = True) -> None:
        super().__init__(enabled)
        self.dark = dark

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, _readable_style(style, background, self.dark), control)
            if style is not None and style.color is not None and _is_mark(style.color)
            else Segment(text, style, control)
            for text, style, control in segments
        ]


@cache
def marks_filter(dark: bool) -> ReadableMarks:
    """The filter for a dark or a light theme (one each: drawn lines are kept by filter)."""
    return ReadableMarks(dark)


def filters_with(marks: ReadableMarks, others: Sequence[LineFilter]) -> list[LineFilter]:
    """An app's line filters: ``marks`` first, as Textual's own (``ANSIToTruecolor``) turns
    a dim colour into a blend that is no longer a player's colour."""
    return [marks, *others]


def _is_mark(colour: RichColor) -> bool:
    triplet = colour.triplet
    return triplet is not None and tuple(triplet) in MARKS


@lru_cache(maxsize=1024)
def _readable_style(style: Style, background: Color, dark: bool) -> Style:
    assert style.color is not None and style.color.triplet is not None
    under = _background(style.bgcolor, background, dark)
    colour = Color(*style.color.triplet)
    if style.dim:  # drawn here, not by the terminal: its dimming could not be read
        colour = under.blend(colour, DIM_FACTOR)
    shown = readable(colour, under)
    if shown.rgb == tuple(style.color.triplet) and not style.dim:
        return style
    return style + Style(color=RichColor.from_triplet(ColorTriplet(*shown.rgb)), dim=False)


def _background(bgcolor: RichColor | None, background: Color, dark: bool) -> Color:
    """The colour a cell is drawn on: its own, else the widget's, else the stand-in."""
    if bgcolor is not None and bgcolor.triplet is not None:
        return Color(*bgcolor.triplet)
    if bgcolor is not None and not bgcolor.is_default:
        return Color(*bgcolor.get_truecolor(foreground=False))
    if background.ansi is not None or background.a == 0:
        return stand_in(dark)
    return Color(background.r, background.g, background.b)
