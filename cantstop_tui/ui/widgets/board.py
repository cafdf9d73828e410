"""The board: eleven columns at their true heights, every piece on every space."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ...engine import COLUMNS, TOPS, GameState
from ..glyphs import player_style
from ..view import GameView
from .view_widget import ViewWidget

CELL = 4
"""Characters per space: one slot per player (the runner takes its player's slot)."""
ROWS = max(TOPS)


MAX_ROWS = 128
"""Drawn rows kept. A game shows a few hundred different ones, but a change only brings
back rows seen lately (runners gone after a stop or bust); each row is about 25 objects,
kept per visitor on a server."""


class Board(ViewWidget):
    DEFAULT_CSS = """
    Board {
        width: 56;
        height: 14;
        padding: 0 0 0 1;
    }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._rows: dict[Hashable, Text] = {}

    def render_key(self, view: GameView) -> Hashable:
        state = view.state
        return (state.squares, state.claimed, state.runners, state.current_player, view.match.seats)

    def draw_lines(self, view: GameView) -> list[Text]:
        lines = [self._row(view, height) for height in range(ROWS, 0, -1)]
        labels = self._rows.get(view.state.claimed)
        if labels is None:
            labels = Text()
            for column in COLUMNS:
                labels.append_text(self._label(view, column))
                labels.append(" ")
            self._rows[view.state.claimed] = labels
        return [*lines, labels]

    def _row(self, view: GameView, height: int) -> Text:
        """One row of spaces, drawn once per look: a move changes only a row or two."""
        state = view.state
        key = (height, state.num_players, tuple(_look(state, column, height) for column in COLUMNS))
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > MAX_ROWS:
                self._rows.clear()
            row = Text()
            for column in COLUMNS:
                row.append_text(self._space(view, column, height))
                row.append(" ")
            self._rows[key] = row
        return row

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


def _look(state: GameState, column: int, height: int) -> Hashable:
    """Everything one space's drawing depends on."""
    if height > TOPS[column]:
        return None
    owner = state.claimed[column]
    if owner is not None:
        return owner
    runner = state.runners[column] == height
    return tuple(
        2 if player == state.current_player and runner else state.squares[player][column] == height
        for player in range(state.num_players)
    )


def _centred(text: Text) -> Text:
    text.align("center", CELL)
    return text
