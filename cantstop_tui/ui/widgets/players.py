"""Whose turn it is and each player's shape, kind and columns won."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ...play import name_cells
from ...play.chance_text import percent
from ...play.name_cells import ELLIPSIS, ellipsis_for, prefix, short_name
from ..glyphs import player_style
from ..view import GameView
from .view_widget import ViewWidget

MIN_WIDTH = 22
"""The panel's width at 80x24."""
NAME_CELLS = 9
"""Cells for a name at that width (more as the panel grows: ``name_room``)."""
NAME_COLUMN = 16
"""The names' column grows with the panel up to this (a login name's length), and beyond it
as far as a longer name needs and the line has room."""
CHANCE_CELLS = 5
"""A win chance, `` 52%``, after the name when shown (``w``)."""
ASSUMES = "assumes"
ASSUME_EQUALS = "assumes equal players"
"""Under the chances: what they assume of the players (``play.seat_skill``)."""


class PlayersPanel(ViewWidget):
    DEFAULT_CSS = """
    PlayersPanel {
        height: auto;
        width: 1fr;
    }
    """
    KEPT_DRAWINGS = 8
    """The turn passes between the players and back: the panel's few looks come back."""

    def render_key(self, view: GameView) -> Hashable:
        state = view.state
        return (
            view.match.seats,
            state.claimed,
            state.current_player,
            state.winner,
            view.may_act,
            view.chances,
            view.assumed,
            self.size.width,
        )

    def draw_lines(self, view: GameView) -> list[Text]:
        """The lines of ``draw``, and a blank line under them (drawn here: a widget without
        padding hands the compositor its own lines)."""
        return [*super().draw_lines(view), Text()]

    def draw(self, view: GameView) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        state = view.state
        width = max(self.size.width, MIN_WIDTH)
        chances = view.chances
        chance_cells = CHANCE_CELLS if chances is not None else 0
        need = state.config.win_columns
        name_cells = name_room(view, width, chance_cells)
        variant = state.config.variant
        text.append(f"{variant.capitalize()}: {need} to win", style="bold")
        for player, seat in enumerate(view.match.seats):
            text.append("\n")
            here = player == state.current_player and not state.is_over
            text.append(self.glyphs.arrow if here else " ", style="bold")
            text.append(self.glyphs.shape(player), style=player_style(player))
            name_style = "bold reverse" if state.winner == player else "bold" if here else ""
            text.append(" ")
            short = short_name(seat.name, name_cells, ellipsis_for(self.glyphs.plain))
            text.append_text(fit_cells(short, name_cells, name_style))
            if chances is not None:
                text.append(f"{percent(chances[player]):>5}", style=player_style(player))
            won = state.columns_won(player)
            # The true count, as the game-over box says it: a winning turn can claim more
            # columns than the game needs (4/3).
            count = f" {len(won)}/{need}"
            text.append(count, style="bold" if won else "dim")
            if won:
                room = width - (3 + name_cells + chance_cells + len(count)) - 1
                text.append(" ")
                text.append_text(fit_cells(",".join(str(c) for c in won), room, pad=False,
                                           ellipsis=ellipsis_for(self.glyphs.plain)))
        if chances is not None:
            self._assumed(text, view.assumed, width)
        return text

    def _assumed(self, text: Text, assumed: tuple[str, ...], width: int) -> None:
        """What the chances assume, under the players, wrapped at a seat: ``assumes ● ~
        rule28 (new)``, ``■ = expert`` (each seat by its shape)."""
        text.append("\n")
        if not assumed:
            text.append(ASSUME_EQUALS, style="dim")
            return
        text.append(ASSUMES, style="dim")
        used = len(ASSUMES)
        for player, part in enumerate(assumed):
            cells = 2 + len(part)
            if used + 1 + cells > width:
                text.append("\n ")
                used = 1
            text.append(" ")
            text.append(self.glyphs.shape(player), style=player_style(player))
            text.append(f" {part}", style="dim")
            used += 1 + cells


def name_room(view: GameView, width: int, chance_cells: int) -> int:
    """The cells of the names' column: ``NAME_CELLS`` (less the chance) at the narrowest,
    growing with the panel up to ``NAME_COLUMN``; more for a longer name, as far as the
    line leaves room beside the arrow, the shape, the chance, the count and the columns won
    as the players have them now (measured, not fixed: a wider panel shows it whole)."""
    state, need = view.state, view.state.config.win_columns
    column = min(max(NAME_CELLS - chance_cells, width - 13 - chance_cells), NAME_COLUMN)
    counts = [state.columns_won(player) for player in range(len(view.match.seats))]
    beside = 3 + chance_cells + max(len(f" {len(won)}/{need}") for won in counts)
    beside += max((1 + len(",".join(str(c) for c in won)) for won in counts if won), default=0)
    longest = max(name_cells.cells(seat.name) for seat in view.match.seats)
    return max(column, min(longest, width - beside))


def fit_cells(
    value: str, cells: int, style: str = "", pad: bool = True, ellipsis: str = ELLIPSIS
) -> Text:
    """``value`` in at most ``cells`` terminal cells (CJK and emoji count two), ending in
    ``ellipsis`` when cut; padded to ``cells`` unless ``pad`` is False."""
    if name_cells.cells(value) > cells:
        value = prefix(value, cells - name_cells.cells(ellipsis)) + ellipsis
    text = Text(value, style=style)
    text.truncate(max(cells, 1), pad=pad)
    return text
