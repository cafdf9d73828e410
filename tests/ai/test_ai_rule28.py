"""Keller's Rule of 28: the count, the stop and the pair choice, on the issue's examples."""

from __future__ import annotations

import random

import pytest
from ai_positions import position, rolled

from cantstop_tui.ai.rule28 import Rule28Bot, progress_count, weight
from cantstop_tui.engine import (
    VARIANTS,
    GameConfig,
    Phase,
    Variant,
    can_stop,
    choose,
    legal_moves,
    new_game,
    roll,
    stop,
)


def test_column_weights_run_from_1_in_the_middle_to_6_at_the_edges() -> None:
    assert [weight(c) for c in range(2, 13)] == [6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6]


def test_first_placement_counts_double_and_each_later_step_once() -> None:
    assert progress_count(position(runners={7: 1})) == 2
    assert progress_count(position(runners={7: 3})) == 4
    # Placed from a square already at 4: the runner's first space still counts double.
    assert progress_count(position(mine={6: 4}, runners={6: 5})) == 4
    assert progress_count(position(mine={6: 4}, runners={6: 7})) == 8


def test_three_odd_low_columns_score_both_bonuses() -> None:
    # 3, 5, 7 placed once each: 10 + 6 + 2 = 18, +2 all odd, +4 all 7 or below.
    assert progress_count(position(runners={3: 1, 5: 1, 7: 1})) == 24


def test_three_even_columns_lose_two() -> None:
    # 6, 8, 10 placed once each: 4 + 4 + 8 = 16, -2 all even; 6 is below 7, 8 and 10 above.
    assert progress_count(position(runners={6: 1, 8: 1, 10: 1})) == 14


def test_three_columns_of_7_or_above_gain_four() -> None:
    # 7, 8, 9 placed once each: 2 + 4 + 6 = 12, +4 all 7 or above; mixed parity.
    assert progress_count(position(runners={7: 1, 8: 1, 9: 1})) == 16
    # 8, 10, 12 are all even and all high: 4 + 8 + 12 - 2 + 4.
    assert progress_count(position(runners={8: 1, 10: 1, 12: 1})) == 26


def test_bonuses_wait_for_the_third_runner() -> None:
    assert progress_count(position(runners={3: 1, 5: 1})) == 16


def test_it_rolls_below_28_and_stops_at_28() -> None:
    bot = Rule28Bot()
    # 6, 7, 8: mixed parity, and neither all high nor all low, so no bonus.
    # 7 at 10: 10 steps + 1 for the placement = 11; 6 and 8 at 3: (3 + 1) * 2 = 8 each.
    below = position(runners={7: 10, 6: 3, 8: 3})
    assert progress_count(below) == 11 + 8 + 8
    assert bot.keep_rolling(below)
    at = position(runners={7: 11, 6: 3, 8: 3})
    assert progress_count(at) == 28
    assert not bot.keep_rolling(at)


def test_it_stops_when_stopping_wins_whatever_the_count() -> None:
    state = position(mine_won=(2, 12), mine={4: 6}, runners={4: 7})
    assert progress_count(state) < 28
    assert not Rule28Bot().keep_rolling(state)


def test_it_picks_the_pair_that_adds_least() -> None:
    state = rolled(position(), (1, 1, 6, 6))  # 2 and 12, or 7 and 7
    assert set(legal_moves(state)) == {(2, 12), (7, 7)}
    assert Rule28Bot().choose_move(state, legal_moves(state)) == (7, 7)


def test_two_steps_come_before_a_lower_count() -> None:
    # Runners in 7, 11 and 12. 2+5 = 7 with 6+6 = 12 moves twice for 1 + 6 = 7 points;
    # 2+6 = 8 with 5+6 = 11 moves only in 11 (no runner left for 8), for 5 points.
    state = rolled(position(runners={7: 1, 11: 1, 12: 1}), (2, 5, 6, 6))
    assert set(legal_moves(state)) == {(7, 12), (11,)}
    assert Rule28Bot().choose_move(state, legal_moves(state)) == (7, 12)


@pytest.mark.parametrize("variant", VARIANTS)
def test_its_moves_are_always_legal(variant: Variant) -> None:
    """Whole games of three Rule-of-28 players in each variant: every pair it picks is one
    of the legal moves of that position."""
    bot, dice = Rule28Bot(), random.Random(28)
    for _game in range(20):
        state = new_game(GameConfig(num_players=3, variant=variant), first_player=0)
        for _step in range(5_000):
            if state.phase is Phase.OVER:
                break
            if state.phase is Phase.CHOOSE:
                moves = legal_moves(state)
                move = bot.choose_move(state, moves)
                assert move in moves, (state, move)
                state, _ = choose(state, move)
            elif can_stop(state) and not bot.keep_rolling(state):
                state, _ = stop(state)
            else:
                state, _ = roll(state, [dice.randint(1, 6) for _ in range(4)])
        assert state.phase is Phase.OVER
