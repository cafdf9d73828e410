"""How players and pieces are drawn: a colour and a shape each, or ASCII only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import App

from .ascii_look import ASCII_CLASS

# Red circle, green down-triangle, blue square, yellow triangle: four shapes from one
# Unicode block (Geometric Shapes) that monospace fonts carry, so every piece draws.
PLAYER_COLOURS = ("#ff5f5f", "#5fd75f", "#5fafff", "#ffd75f")
PLAYER_COLOUR_NAMES = ("red", "green", "blue", "yellow")


@dataclass(frozen=True, slots=True)
class Glyphs:
    """The characters the board and the dice are drawn with (Unicode or ASCII)."""

    shapes: tuple[str, str, str, str]
    runner: str
    empty: str
    die_gap: str
    arrow: str
    pip: str = "●"
    earlier: str = "↑"
    """The game log's mark: earlier lines above."""
    later: str = "↓"
    """The game log's mark: later lines below (scrolled back)."""
    plain: bool = False
    """ASCII only: no block characters either (graphs draw with ``.:-=+*#%``)."""
    separator: str = " · "
    """Between the parts of a line that lists a game: ``Ana vs Bo · Ana won · 80 steps``."""

    def shape(self, player: int) -> str:
        return self.shapes[player]


UNICODE = Glyphs(shapes=("●", "▼", "■", "▲"), runner="◆", empty="·", die_gap=" ", arrow="▶")
ASCII = Glyphs(
    shapes=("o", "x", "#", "^"), runner="R", empty=".", die_gap=" ", arrow=">", pip="o",
    earlier="^", later="v", plain=True, separator=" - ",
)


def glyphs_for(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


def app_glyphs(app: App[Any]) -> Glyphs:
    """The glyphs of ``app``: ASCII in an app drawn with ``--ascii`` (its class
    ``ascii_look.ASCII_CLASS``), for a screen opened with no glyphs of its own."""
    return glyphs_for(app.has_class(ASCII_CLASS))


def player_style(player: int) -> str:
    return f"bold {PLAYER_COLOURS[player]}"
