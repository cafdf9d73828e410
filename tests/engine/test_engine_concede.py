"""Conceding a two-player game (``engine.concede``): the other player wins at once; games of
three or four, games over and unknown players are refused; the save format keeps it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_builders import position
from hypothesis import given
from hypothesis import strategies as st

from cantstop_tui.engine import (
    Conceded,
    GameConfig,
    GameWon,
    IllegalMoveError,
    Phase,
    can_stop,
    choose,
    concede,
    legal_moves,
    new_game,
    roll,
    state_from_dict,
    state_to_dict,
    stop,
    why_cannot_concede,
)


@pytest.mark.parametrize("player", [0, 1])
def test_the_other_player_wins_a_conceded_game_with_the_columns_they_have(player: int) -> None:
    state = position(
        squares={0: {6: 3}, 1: {8: 2}},
        claimed={4: 1 - player, 11: player},
        runners={7: 2},
        current=player,
        phase=Phase.ROLL,
    )
    over, events = concede(state, player)
    winner = 1 - player
    assert events == (Conceded(player), GameWon(winner, (4,)))
    assert (over.is_over, over.winner, over.conceded, over.current_player) == (
        True, winner, player, winner,
    )
    assert (over.squares, over.claimed) == (state.squares, state.claimed)
    assert not any(over.runners)  # the turn in play is gone
    assert why_cannot_concede(over, winner) == "The game is over."


def test_a_game_of_three_or_four_cannot_be_conceded() -> None:
    for players in (3, 4):
        state = new_game(GameConfig(num_players=players))
        with pytest.raises(IllegalMoveError, match="Only a game of two"):
            concede(state, 0)


@pytest.mark.parametrize("player", [2, -1, "0", None])
def test_only_a_player_of_the_game_concedes(player: Any) -> None:
    with pytest.raises(IllegalMoveError, match="There is no player"):
        concede(new_game(), player)


def test_a_game_over_cannot_be_conceded() -> None:
    over, _ = concede(new_game(), 1)
    with pytest.raises(IllegalMoveError, match="The game is over"):
        concede(over, 0)


def _random_two_player_state(seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = new_game()
    for _ in range(steps):
        if state.is_over:
            break
        if state.phase is Phase.CHOOSE:
            state, _ = choose(state, rng.choice(legal_moves(state)))
        elif can_stop(state) and rng.random() < 0.3:
            state, _ = stop(state)
        else:
            state, _ = roll(state, tuple(rng.randint(1, 6) for _ in range(4)))
    return state


@given(st.integers(0, 10**6), st.integers(0, 200), st.integers(0, 1))
def test_any_game_in_play_conceded_is_over_and_saves_exactly(
    seed: int, steps: int, player: int
) -> None:
    state = _random_two_player_state(seed, steps)
    if state.is_over:
        assert why_cannot_concede(state, player) is not None
        return
    over, _ = concede(state, player)
    assert over.winner == 1 - player and over.phase is Phase.OVER
    saved = state_to_dict(over)
    assert saved["conceded"] == player
    assert state_from_dict(saved) == over


def test_a_game_not_conceded_saves_as_it_always_did() -> None:
    assert "conceded" not in state_to_dict(new_game())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"phase": "roll", "winner": None}, "Only a game of two that is over"),
        ({"winner": 0, "current_player": 0}, "Player 0 conceded, so the other player won"),
        ({"conceded": 2}, "'conceded' must be a whole number from 0 to 1"),
    ],
)
def test_a_saved_concession_that_the_rules_cannot_give_is_refused(
    change: dict[str, Any], message: str
) -> None:
    over, _ = concede(new_game(), 0)
    saved = {**state_to_dict(over), **change}
    with pytest.raises(ValueError, match=message):
        state_from_dict(saved)


def test_only_a_game_of_two_can_have_been_conceded_in_a_save() -> None:
    over, _ = concede(new_game(), 0)
    saved = state_to_dict(over)
    saved["config"] = {**saved["config"], "num_players": 3}
    saved["squares"] = {column: [*heights, 0] for column, heights in saved["squares"].items()}
    with pytest.raises(ValueError, match="Only a game of two that is over"):
        state_from_dict(saved)
