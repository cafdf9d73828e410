"""The win-chance graph of a review: one row per player, one bar per turn, 0 to 100%."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...play.chance_text import percent
from ...play.review_text import bars
from ..glyphs import Glyphs, glyphs_for, player_style

LABEL_CELLS = 2
"""The player's shape and a space."""
FINAL_CELLS = 5
"""A space and the last chance, e.g. `` 100%``."""
MAX_CELLS_PER_TURN = 3


class ChanceGraph(Widget):
    DEFAULT_CSS = """
    ChanceGraph {
        height: auto;
        width: 1fr;
    }
    """

    turn: reactive[int | None] = reactive(None)
    """The turn (0: the first) marked under the bars, if any."""

    def __init__(
        self,
        chances: tuple[tuple[float, ...], ...],
        glyphs: Glyphs | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.chances = chances
        self.glyphs = glyphs or glyphs_for(False)

    def columns(self) -> list[int]:
        """The turn each column of bars shows (each turn gets up to 3 columns; with more
        turns than columns, some turns are left out evenly)."""
        turns = len(self.chances)
        room = max(self.size.width - LABEL_CELLS - FINAL_CELLS, 1)
        if not turns:
            return []
        if turns <= room:
            per = min(room // turns, MAX_CELLS_PER_TURN)
            return [turn for turn in range(turns) for _ in range(per)]
        return [min(turns - 1, column * turns // room) for column in range(room)]

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        columns = self.columns()
        players = len(self.chances[0]) if self.chances else 0
        for player in range(players):
            series = [self.chances[turn][player] for turn in columns]
            text.append(self.glyphs.shape(player) + " ", style=player_style(player))
            text.append(bars(series, self.glyphs.plain), style=player_style(player))
            text.append(f" {percent(self.chances[-1][player]):>4}\n")
        marks = "".join("^" if turn == self.turn else " " for turn in columns)
        text.append(" " * LABEL_CELLS + marks.rstrip(), style="bold")
        return text
