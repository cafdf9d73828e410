"""The side panel counts won columns from the engine's facts to the end: a last turn that
claims two columns at once shows the true count (4/3), as the game-over box names them."""

from __future__ import annotations

from dataclasses import replace

from cantstop_tui.engine import COLUMNS
from cantstop_tui.ui.demo import finished
from cantstop_tui.ui.glyphs import UNICODE
from cantstop_tui.ui.view import GameView
from cantstop_tui.ui.widgets.players import PlayersPanel


def test_two_columns_claimed_in_the_last_turn_show_the_true_count() -> None:
    match = finished(2, seed=2)
    state = match.state
    winner = state.winner
    assert winner is not None and len(state.columns_won(winner)) == 3
    free = [c for c in COLUMNS if state.claimed[c] is None]
    claimed = list(state.claimed)
    claimed[free[0]] = winner  # the winning turn finished a fourth column too
    four = replace(match, state=replace(state, claimed=tuple(claimed), cached_moves=None))
    assert len(four.state.columns_won(winner)) == 4
    lines = PlayersPanel(UNICODE).draw(GameView(four)).plain.splitlines()
    row = lines[1 + winner]
    assert " 4/3 " in row and "3/3" not in row, lines
