"""The easy level: a careful beginner."""

from __future__ import annotations

from ai_positions import position, rolled

from cantstop_tui.ai.easy import EasyBot
from cantstop_tui.engine import legal_moves


def test_it_rolls_until_three_runners_are_out() -> None:
    assert EasyBot().keep_rolling(position(runners={7: 6, 8: 6}))


def test_it_stops_after_four_spaces_with_three_runners() -> None:
    bot = EasyBot()
    assert bot.keep_rolling(position(runners={6: 1, 7: 1, 8: 1}))
    assert not bot.keep_rolling(position(runners={6: 2, 7: 1, 8: 1}))


def test_it_stops_on_reaching_a_top() -> None:
    assert not EasyBot().keep_rolling(position(mine={12: 2}, runners={12: 3}))


def test_it_stops_when_stopping_wins() -> None:
    assert not EasyBot().keep_rolling(position(mine_won=(2, 3), mine={4: 6}, runners={4: 7}))


def test_it_prefers_columns_where_it_already_has_a_runner() -> None:
    # 1+3, 5+6 -> 4 and 11; 1+5, 3+6 -> 6 and 9; 1+6, 3+5 -> 7 and 8.
    state = rolled(position(runners={4: 1, 11: 1}), (1, 3, 5, 6))
    assert EasyBot().choose_move(state, legal_moves(state)) == (4, 11)
