"""The analysis reviews and live win chances are made of (``ai.analysis.Analyst``)."""

from __future__ import annotations

import pytest
from ai_positions import position, rolled

from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.engine import ALL_ROLLS, GameConfig, legal_moves, new_game, roll

ANALYST = Analyst()


def test_the_moves_are_valued_as_expert_chooses() -> None:
    state = rolled(new_game(GameConfig(2), first_player=0), (1, 5, 4, 6))
    values = ANALYST.move_values(state)
    assert [move for move, _ in values] == list(legal_moves(state))
    best = max(values, key=lambda pair: pair[1])[0]
    assert ExpertBot().choose_move(state, legal_moves(state)) == best
    assert all(0.0 <= value <= 1.0 for _, value in values)


def test_stopping_is_no_option_before_the_first_roll() -> None:
    roll_value, stop_value = ANALYST.roll_and_stop(position())
    assert stop_value is None and 0.0 < roll_value < 1.0
    mid_turn = position(mine={7: 5}, runners={7: 9, 8: 4, 6: 3})
    roll_value, stop_value = ANALYST.roll_and_stop(mid_turn)
    assert stop_value is not None
    assert ANALYST.value(mid_turn) == max(roll_value, stop_value)


def test_luck_averages_to_nothing_over_every_roll() -> None:
    """The luck of a roll is what it left minus the average of all 1,296: exactly 0 on
    average, a bust below it, and some roll above it."""
    state = position(mine={7: 3}, runners={7: 6, 8: 5, 6: 4})
    lucks = [ANALYST.roll_luck(state, dice) for dice in ALL_ROLLS]
    assert sum(lucks) / len(lucks) == pytest.approx(0.0, abs=1e-9)
    bust = next(d for d in ALL_ROLLS if roll(state, d)[0].current_player != 0)
    assert ANALYST.roll_luck(state, bust) < 0 < max(lucks)


def test_the_chances_share_the_game_and_follow_the_mover() -> None:
    ahead = position(mine={7: 11, 8: 9}, mine_won=(6,), runners={7: 13})
    chances = ANALYST.chances(ahead)
    assert sum(chances) == pytest.approx(1.0)
    behind = position(theirs={7: 11, 8: 9}, theirs_won=(6,))
    assert chances[0] > 0.5 > ANALYST.chances(behind)[0]
    won = position(mine_won=(2, 3, 4))
    assert won.winner is None or ANALYST.chances(won) == (1.0, 0.0)
