"""``column_steps``: the steps each column can take this roll, the one statement of it that
the moves (``moves_for_dice``), the bust chance and the AI's outcome table all read."""

from __future__ import annotations

import random

from engine_reference import reference_moves
from hypothesis import given, settings
from hypothesis import strategies as st

from cantstop_tui.engine import (
    ALL_ROLLS,
    COLUMNS,
    Dice,
    GameConfig,
    GameState,
    Phase,
    can_stop,
    choose,
    column_steps,
    legal_moves,
    new_game,
    roll,
    stop,
)


def played_to(seed: int, rolls: int, config: GameConfig) -> GameState:
    """A position of random play after about ``rolls`` rolls, a roll to come."""
    rng, dice, state = random.Random(seed), Dice(seed), new_game(config)
    for _ in range(rolls):
        if state.phase is Phase.OVER:
            break
        state, _ = roll(state, dice.roll())
        if state.phase is Phase.CHOOSE:
            moves = legal_moves(state)
            state, _ = choose(state, moves[rng.randrange(len(moves))])
            if can_stop(state) and rng.random() < 0.3:
                state, _ = stop(state)
    return state


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**31),
    st.integers(0, 120),
    st.sampled_from([GameConfig(), GameConfig(3), GameConfig(2, variant="jump")]),
)
def test_each_columns_steps_are_the_most_any_roll_moves_it(
    seed: int, rolls: int, config: GameConfig
) -> None:
    state = played_to(seed, rolls, config)
    if state.phase is not Phase.ROLL:
        return
    most = dict.fromkeys(COLUMNS, 0)
    for dice in ALL_ROLLS:
        for move in reference_moves(state, dice):
            for column in move:
                most[column] = max(most[column], move.count(column))
    steps = column_steps(state, state.runners)
    assert [steps[c] for c in COLUMNS] == [most[c] for c in COLUMNS]
    assert steps[:2] == [0, 0]
