"""GameState's own helpers, and states built directly rather than by transitions."""

from __future__ import annotations

from engine_builders import position

from cantstop_tui.engine import GameConfig, GameState, Phase, choose, legal_moves, new_game


def test_progress_is_the_runner_for_the_mover_and_the_square_otherwise() -> None:
    state = position(squares={0: {6: 2, 8: 3}, 1: {6: 4}}, runners={6: 5})
    assert state.progress(0, 6) == 5  # runner
    assert state.progress(0, 8) == 3  # square, no runner there
    assert state.progress(1, 6) == 4  # not their turn
    assert state.progress(1, 7) == 0


def test_runner_columns_won_columns_and_tops() -> None:
    state = position(claimed={2: 1, 12: 1, 7: 0}, runners={4: 1, 9: 3})
    assert state.runner_columns == (4, 9)
    assert state.columns_won(1) == (2, 12)
    assert state.columns_won(0) == (7,)
    assert state.is_top(7, 13) and not state.is_top(7, 12)
    assert state.is_top(2, 3)


def test_a_choose_state_built_by_hand_computes_its_moves() -> None:
    fresh = new_game()
    state = GameState(GameConfig(), fresh.squares, fresh.claimed, fresh.runners, 0,
                      Phase.CHOOSE, (1, 5, 4, 6))
    assert legal_moves(state) == ((5, 11), (6, 10), (7, 9))
    after, _ = choose(state, (7, 9))
    assert after.runners[7] == after.runners[9] == 1


def test_states_are_equal_by_position_and_hashable() -> None:
    a = position(runners={6: 1}, phase=Phase.CHOOSE, dice=(1, 5, 4, 6))
    b = GameState(a.config, a.squares, a.claimed, a.runners, 0, Phase.CHOOSE, (1, 5, 4, 6))
    assert a == b
    assert len({a, b}) == 1
