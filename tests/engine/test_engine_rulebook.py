"""Every worked example in the rulebooks (/work/shared/rules), one test each."""

from __future__ import annotations

from fractions import Fraction

from engine_builders import position, runner_heights, square_heights

from cantstop_tui.engine import (
    ALL_ROLLS,
    COLUMN_HEIGHTS,
    COLUMNS,
    STEPS_PER_ROLL,
    Busted,
    ColumnWon,
    GameConfig,
    GameWon,
    Moved,
    Phase,
    Rolled,
    Step,
    Stopped,
    TurnPassed,
    bust_probability,
    can_stop,
    choose,
    legal_moves,
    moves_for_dice,
    new_game,
    pairings,
    roll,
    stop,
)


def test_board_has_eleven_columns_of_the_printed_heights() -> None:
    assert dict(COLUMN_HEIGHTS) == {
        2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 11, 9: 9, 10: 7, 11: 5, 12: 3,
    }


# --- Splitting the roll ------------------------------------------------------


def test_1_5_4_6_makes_three_pairs() -> None:
    # "6 and 10 (1+5) and (4+6); or 5 and 11 (1+4) and (5+6); or 9 and 7 (5+4) and (1+6)."
    found = {p.sums: {p.first, p.second} for p in pairings((1, 5, 4, 6))}
    assert found == {
        (6, 10): {(1, 5), (4, 6)},
        (5, 11): {(1, 4), (5, 6)},
        (7, 9): {(1, 6), (5, 4)},
    }


def test_3_4_2_6_makes_the_summary_combinations() -> None:
    # cant-stop-summary.txt: 7 and 8, 5 and 10, 9 and 6.
    assert {p.sums for p in pairings((3, 4, 2, 6))} == {(7, 8), (5, 10), (6, 9)}


def test_doubles_give_fewer_pairings_each_listed_once() -> None:
    assert [p.sums for p in pairings((2, 2, 2, 2))] == [(4, 4)]
    assert sorted(p.sums for p in pairings((1, 1, 6, 6))) == [(2, 12), (7, 7)]


def test_first_roll_1_5_4_6_offers_each_pair_and_places_at_the_bottom() -> None:
    state, events = roll(new_game(GameConfig(num_players=2)), (1, 5, 4, 6))
    assert events == (Rolled(0, (1, 5, 4, 6)),)
    assert state.phase is Phase.CHOOSE
    assert legal_moves(state) == ((5, 11), (6, 10), (7, 9))
    state, events = choose(state, (6, 10))
    assert runner_heights(state) == {6: 1, 10: 1}
    (moved,) = events
    assert isinstance(moved, Moved)
    assert moved.steps == (Step(6, 0, 1, True), Step(10, 0, 1, True))


# --- Rolling again in the same turn --------------------------------------------


def _runners_in_6_and_10_rolling_2_4_3_5():
    state = position(runners={6: 1, 10: 1}, phase=Phase.CHOOSE, dice=(2, 4, 3, 5))
    return state


def test_2_4_3_5_with_runners_in_6_and_10_offers_the_rulebook_choices() -> None:
    state = _runners_in_6_and_10_rolling_2_4_3_5()
    # 6 and 8 both; 5 or 9 but only one (one marker left); 7 and 7 together.
    assert legal_moves(state) == ((5,), (6, 8), (7, 7), (9,))


def test_6_and_8_moves_the_6_up_and_places_the_third_marker_in_8() -> None:
    state, _ = choose(_runners_in_6_and_10_rolling_2_4_3_5(), (6, 8))
    assert runner_heights(state) == {6: 2, 8: 1, 10: 1}


def test_5_and_9_places_the_third_marker_in_either_column_only() -> None:
    for column in (5, 9):
        state, _ = choose(_runners_in_6_and_10_rolling_2_4_3_5(), (column,))
        assert runner_heights(state) == {6: 1, 10: 1, column: 1}


def test_7_and_7_places_the_third_marker_two_spaces_up() -> None:
    state, events = choose(_runners_in_6_and_10_rolling_2_4_3_5(), (7, 7))
    assert runner_heights(state) == {6: 1, 7: 2, 10: 1}
    (moved,) = events
    assert isinstance(moved, Moved)
    assert moved.steps == (Step(7, 0, 2, True),)


def test_runners_in_3_and_6_rolling_2_4_5_5_must_use_all_it_can() -> None:
    # "If you want to move up the marker in column 6, you must place the third
    # marker into column 10. Otherwise ... either into column 7 or 9."
    state = position(runners={3: 1, 6: 1})
    assert moves_for_dice(state, (2, 4, 5, 5)) == ((6, 10), (7,), (9,))


def test_one_sum_blocked_means_the_other_is_used_alone() -> None:
    state = position(claimed={10: 1}, squares={1: {6: 3}})
    assert moves_for_dice(state, (2, 4, 4, 6)) == ((6,), (8, 8))


def test_the_summary_2_4_4_6_two_moves_in_column_8() -> None:
    state, _ = roll(new_game(), (2, 4, 4, 6))
    assert legal_moves(state) == ((6, 10), (8, 8))
    state, _ = choose(state, (8, 8))
    assert runner_heights(state) == {8: 2}


def test_two_moves_in_one_column_stop_at_the_top() -> None:
    state = position(runners={8: 10})
    assert moves_for_dice(state, (2, 4, 4, 6)) == ((6, 10), (8,))


def test_steps_per_roll_is_the_most_any_roll_climbs_a_runner() -> None:
    rolls = sorted({tuple(sorted(dice)) for dice in ALL_ROLLS})
    for column in COLUMNS:
        for height in range(1, COLUMN_HEIGHTS[column] + 1):
            state = position(runners={column: height})
            climbs = [
                runner_heights(choose(rolled, move)[0])[column] - height
                for dice in rolls
                for rolled in [roll(state, dice)[0]]
                if rolled.phase is Phase.CHOOSE
                for move in legal_moves(rolled)
                if column in move
            ]
            assert max(climbs, default=0) == STEPS_PER_ROLL[column][height], (column, height)


# --- Placing a marker --------------------------------------------------------


def test_a_new_runner_goes_directly_above_the_players_own_square() -> None:
    state = position(squares={0: {7: 4}, 1: {7: 9}})
    state, _ = roll(state, (3, 4, 3, 4))
    state, events = choose(state, (7, 7))
    assert runner_heights(state) == {7: 6}
    (moved,) = events
    assert isinstance(moved, Moved)
    assert moved.steps == (Step(7, 4, 6, True),)


def test_a_runner_may_share_a_space_with_an_opponents_square() -> None:
    state = position(squares={1: {6: 1, 8: 1}})
    state, _ = roll(state, (1, 5, 4, 4))
    state, _ = choose(state, (6, 8))
    assert runner_heights(state) == {6: 1, 8: 1}
    assert can_stop(state)
    state, _ = stop(state)
    assert square_heights(state, 0) == {6: 1, 8: 1}
    assert square_heights(state, 1) == {6: 1, 8: 1}


# --- Blowing it ----------------------------------------------------------------


def test_runner_on_top_of_6_with_3_6_8_busts_on_2_4_5_5_and_does_not_win_6() -> None:
    state = position(squares={0: {3: 1}}, runners={3: 2, 6: 11, 8: 4})
    assert can_stop(state)  # "You could stop your turn now and win that column"
    won_by_stopping, _ = stop(state)
    assert won_by_stopping.claimed[6] == 0

    busted, events = roll(state, (2, 4, 5, 5))
    assert events == (
        Rolled(0, (2, 4, 5, 5)),
        Busted(0, (2, 4, 5, 5), ((3, 2), (6, 11), (8, 4))),
        TurnPassed(1, 0),
    )
    assert busted.claimed[6] is None
    assert busted.squares == state.squares  # "leave all of your colored squares"
    assert runner_heights(busted) == {}
    assert busted.current_player == 1
    assert busted.phase is Phase.ROLL


def test_columns_6_8_10_won_and_2_4_4_6_busts_even_with_markers_left() -> None:
    state = position(claimed={6: 1, 8: 0, 10: 1})
    assert moves_for_dice(state, (2, 4, 4, 6)) == ()
    after, events = roll(state, (2, 4, 4, 6))
    assert [type(e) for e in events] == [Rolled, Busted, TurnPassed]
    assert after.current_player == 1


# --- Winning columns and the game -------------------------------------------


def test_claiming_a_column_removes_the_other_players_squares() -> None:
    state = position(
        players=4, squares={1: {2: 2, 7: 5}, 2: {2: 1}, 3: {2: 2}}, runners={2: 3, 7: 6}
    )
    after, events = stop(state)
    assert events == (
        Stopped(0, ((2, 3), (7, 6))),
        ColumnWon(0, 2, ((1, 2), (2, 1), (3, 2))),
        TurnPassed(1, 0),
    )
    assert after.claimed[2] == 0
    assert [after.squares[p][2] for p in range(4)] == [3, 0, 0, 0]
    assert after.squares[1][7] == 5  # other columns keep their squares


def test_a_marker_on_top_is_not_a_won_column_until_the_stop() -> None:
    state = position(runners={4: 1, 5: 1, 12: 2}, phase=Phase.CHOOSE, dice=(6, 6, 1, 1))
    assert legal_moves(state) == ((12,),)
    state, _ = choose(state, (12,))
    assert state.runners[12] == 3
    assert state.claimed[12] is None


def test_a_claimed_column_is_closed_to_everyone_even_its_winner() -> None:
    owner = position(claimed={7: 0}, squares={1: {6: 2}})
    other = position(claimed={7: 0}, squares={1: {6: 2}}, current=1)
    for state in (owner, other):
        for dice in ((1, 6, 2, 5), (3, 4, 3, 4), (1, 6, 1, 6)):
            assert all(7 not in move for move in moves_for_dice(state, dice))
    assert moves_for_dice(owner, (3, 4, 3, 4)) == ((6, 8),)


def test_claiming_the_3rd_and_4th_column_in_one_stop_wins_at_once() -> None:
    state = position(claimed={2: 0, 12: 0}, runners={3: 5, 11: 5, 7: 1})
    after, events = stop(state)
    assert events[-1] == GameWon(0, (2, 3, 11, 12))
    assert [e.column for e in events if isinstance(e, ColumnWon)] == [3, 11]
    assert not any(isinstance(e, TurnPassed) for e in events)
    assert after.phase is Phase.OVER
    assert after.winner == 0 == after.current_player
    assert legal_moves(after) == ()
    assert not can_stop(after)


def test_the_game_needs_the_configured_number_of_columns() -> None:
    state = position(win_columns=4, claimed={2: 0, 12: 0}, runners={3: 5})
    after, events = stop(state)
    assert after.phase is Phase.ROLL
    assert after.winner is None
    assert events[-1] == TurnPassed(1, 0)
    state = position(win_columns=4, claimed={2: 0, 12: 0, 3: 0}, runners={11: 5})
    after, events = stop(state)
    assert events[-1] == GameWon(0, (2, 3, 11, 12))


def test_turn_passes_in_seat_order_and_wraps_round() -> None:
    state = position(players=3, current=2, runners={7: 1})
    after, events = stop(state)
    assert after.current_player == 0
    assert events[-1] == TurnPassed(0, 2)


def test_bust_chance_is_zero_at_the_start_and_grows_with_three_runners() -> None:
    assert bust_probability(new_game()) == 0
    with_runners = position(runners={6: 1, 7: 1, 8: 1})
    # The well-known figure: with runners in 6, 7 and 8 about 92% of rolls go on.
    assert bust_probability(with_runners) == Fraction(104, 1296)
    edges = position(runners={2: 1, 3: 1, 12: 1})
    assert bust_probability(edges) > bust_probability(with_runners)
