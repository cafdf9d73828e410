"""The board: eleven columns at their true heights, every piece on every space."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ...engine import COLUMNS, TOPS
from ..glyphs import player_style
from ..view import GameView
from .view_widget import ViewWidget

CELL = 4
"""Characters per space: one slot per player (the runner takes its player's slot)."""
ROWS = max(TOPS)


class Board(ViewWidget):
    DEFAULT_CSS = """
    Board {
        width: 56;
        height: 14;
        padding: 0 0 0 1;
    }
    """

    def render_key(self, view: GameView) -> Hashable:
        state = view.state
        return (state.squares, state.claimed, state.runners, state.current_player, view.match.seats)

    def draw(self, view: GameView) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for height in range(ROWS, 0, -1):
            for column in COLUMNS:
                text.append_text(self._space(view, column, height))
                text.append(" ")
            text.append("\n")
        for column in COLUMNS:
            text.append_text(self._label(view, column))
            text.append(" ")
        return text

    def _space(self, view: GameView, column: int, height: int) -> Text:
        state = view.state
        if height > TOPS[column]:
            return Text(" " * CELL)
        owner = state.claimed[column]
        players = state.num_players
        if owner is not None:
            return _centred(
                Text(self.glyphs.shape(owner) * players, style=f"dim {player_style(owner)}")
            )
        cell = Text()
        for player in range(players):
            if player == state.current_player and state.runners[column] == height:
                cell.append(self.glyphs.runner, style="bold reverse")
            elif state.squares[player][column] == height:
                cell.append(self.glyphs.shape(player), style=player_style(player))
            else:
                cell.append(self.glyphs.empty, style="dim")
        _centred(cell)
        if height == TOPS[column]:
            cell.stylize("underline")
        return cell

    def _label(self, view: GameView, column: int) -> Text:
        owner = view.state.claimed[column]
        if owner is None:
            return _centred(Text(str(column), style="bold"))
        return _centred(
            Text(f"{self.glyphs.shape(owner)}{column}", style=f"reverse {player_style(owner)}")
        )


def _centred(text: Text) -> Text:
    text.align("center", CELL)
    return text
