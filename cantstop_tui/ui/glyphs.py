"""How players and pieces are drawn: a colour and a shape each, or ASCII only."""

from __future__ import annotations

from dataclasses import dataclass

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

    def shape(self, player: int) -> str:
        return self.shapes[player]


UNICODE = Glyphs(shapes=("●", "▼", "■", "▲"), runner="◆", empty="·", die_gap=" ", arrow="▶")
ASCII = Glyphs(
    shapes=("o", "x", "#", "^"), runner="R", empty=".", die_gap=" ", arrow=">", pip="o",
    earlier="^", later="v", plain=True,
)


def glyphs_for(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


def player_style(player: int) -> str:
    return f"bold {PLAYER_COLOURS[player]}"
