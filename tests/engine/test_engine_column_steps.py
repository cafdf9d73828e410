"""``column_steps``: the steps each column can take this roll, the one statement of it that
the moves (``moves_for_dice``), the bust chance and the AI's outcome table all read."""

from __future__ import annotations

from engine_reference import reference_moves
from hypothesis import given, settings
from test_engine_properties import positions

from cantstop_tui.engine import ALL_ROLLS, COLUMNS, GameState, column_steps


@settings(max_examples=40, deadline=None)
@given(positions())
def test_each_columns_steps_are_the_most_any_roll_moves_it(state: GameState) -> None:
    most = dict.fromkeys(COLUMNS, 0)
    for dice in ALL_ROLLS:
        for move in reference_moves(state, dice):
            for column in move:
                most[column] = max(most[column], move.count(column))
    steps = column_steps(state, state.runners)
    assert [steps[c] for c in COLUMNS] == [most[c] for c in COLUMNS]
    assert steps[:2] == [0, 0]
