"""Whose turn it is and each player's shape, kind and columns won."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ..glyphs import player_style
from ..view import GameView
from .view_widget import ViewWidget


class PlayersPanel(ViewWidget):
    DEFAULT_CSS = """
    PlayersPanel {
        height: auto;
        width: 1fr;
        padding: 0 0 1 0;
    }
    """

    def render_key(self, view: GameView) -> Hashable:
        state = view.state
        return (view.match.seats, state.claimed, state.current_player, state.winner, view.my_turn)

    def draw(self, view: GameView) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        state = view.state
        need = state.config.win_columns
        variant = state.config.variant
        text.append(f"{variant.capitalize()}: {need} to win", style="bold")
        for player, seat in enumerate(view.match.seats):
            text.append("\n")
            here = player == state.current_player and not state.is_over
            text.append(self.glyphs.arrow if here else " ", style="bold")
            text.append(self.glyphs.shape(player), style=player_style(player))
            name_style = "bold reverse" if state.winner == player else "bold" if here else ""
            text.append(f" {seat.name[:9]:<9}", style=name_style)
            won = state.columns_won(player)
            text.append(f" {len(won)}/{need}", style="bold" if won else "dim")
            if won:
                text.append(" " + ",".join(str(c) for c in won)[:6])
        return text
