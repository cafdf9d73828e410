"""Why each sum of a busting roll was unusable: the rulebook's examples, every variant, and
random games where the reasons must agree with the moves the engine allows."""

from __future__ import annotations

import random

import pytest
from engine_builders import position

from cantstop_tui.engine import (
    COLUMNS,
    TOPS,
    VARIANTS,
    Busted,
    Dice,
    GameConfig,
    GameState,
    Phase,
    Unusable,
    choose,
    legal_moves,
    moves_for_dice,
    new_game,
    pairings,
    roll,
    state_before_bust,
    stop,
    usable_columns_mask,
    why_unusable,
)


def sums(dice: tuple[int, int, int, int]) -> list[int]:
    return sorted({c for pairing in pairings(dice) for c in pairing.sums})


def reasons(state: GameState, dice: tuple[int, int, int, int]) -> dict[int, Unusable | None]:
    return {column: why_unusable(state, column) for column in sums(dice)}


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_runner_on_top_and_no_runner_left(variant: str) -> None:
    """Rulebook: runners in 3, 6 and 8, the one in 6 just moved to the top; 2-4-5-5 blows it."""
    state = position(variant=variant, runners={3: 1, 6: TOPS[6], 8: 2})  # type: ignore[arg-type]
    after, events = roll(state, (2, 4, 5, 5))
    assert isinstance(events[1], Busted)
    assert reasons(state, (2, 4, 5, 5)) == {
        6: Unusable.AT_TOP,
        7: Unusable.NO_RUNNER,
        9: Unusable.NO_RUNNER,
        10: Unusable.NO_RUNNER,
    }
    assert state_before_bust(after, events[1]) == state


@pytest.mark.parametrize("variant", VARIANTS)
def test_won_columns_are_closed_even_with_runners_to_place(variant: str) -> None:
    """Rulebook: columns 6, 8 and 10 are won and you roll 2-4-4-6: blown, even with runners left."""
    state = position(variant=variant, claimed={6: 1, 8: 0, 10: 1})  # type: ignore[arg-type]
    assert reasons(state, (2, 4, 4, 6)) == {6: Unusable.WON, 8: Unusable.WON, 10: Unusable.WON}
    assert moves_for_dice(state, (2, 4, 4, 6)) == ()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_column_with_a_runner_below_the_top_or_a_runner_to_place_is_usable(variant: str) -> None:
    state = position(variant=variant, runners={4: 3, 7: 1})  # type: ignore[arg-type]
    assert why_unusable(state, 4) is None  # the runner moves up
    assert why_unusable(state, 9) is None  # the third runner is placed
    assert (4, 9) in moves_for_dice(state, (2, 2, 4, 5))


def test_jumping_does_not_change_what_at_the_top_means() -> None:
    """Player 1's square fills the space under the top of column 2: player 0 jumps onto the top."""
    state = position(variant="jump", squares={1: {2: 2}}, runners={2: 1, 5: 1, 7: 1})
    assert why_unusable(state, 2) is None
    assert (2,) in moves_for_dice(state, (1, 1, 6, 6))
    state, _ = roll(state, (1, 1, 6, 6))
    state, _ = choose(state, (2,))
    assert state.runners[2] == TOPS[2]
    assert why_unusable(state, 2) is Unusable.AT_TOP


def test_forced_moves_change_when_you_may_stop_not_which_columns_are_usable() -> None:
    """A runner sharing player 1's square must move on, and can: only the top stops it."""
    state = position(variant="forced", squares={1: {12: 2}}, runners={12: 2})
    assert why_unusable(state, 12) is None
    state, _ = roll(state, (6, 6, 1, 2))
    state, _ = choose(state, (3, 12))
    assert why_unusable(state, 12) is Unusable.AT_TOP


def test_the_winner_may_not_play_in_a_won_column_either() -> None:
    state = position(claimed={7: 0}, runners={})
    assert why_unusable(state, 7) is Unusable.WON


@pytest.mark.parametrize("column", [0, 1, 13, "7", 7.0, True])
def test_a_column_outside_the_board_is_refused(column: object) -> None:
    with pytest.raises(ValueError, match="Columns are numbered 2 to 12"):
        why_unusable(new_game(), column)  # type: ignore[arg-type]


def test_state_before_bust_refuses_a_state_that_is_not_right_after_the_bust() -> None:
    state = position(runners={3: 1, 6: TOPS[6], 8: 2})
    after, events = roll(state, (2, 4, 5, 5))
    busted = events[1]
    assert isinstance(busted, Busted)
    rolled, _ = roll(after, (1, 5, 4, 6))
    moved, _ = choose(rolled, (6, 10))
    for wrong in (
        state,  # still the busting player's turn
        rolled,  # dice on the table
        moved,  # runners on the board
        Busted(5, busted.dice, busted.lost),  # no such player
    ):
        attempt = (after, wrong) if isinstance(wrong, Busted) else (wrong, busted)
        with pytest.raises(ValueError, match="not the position right after player"):
            state_before_bust(*attempt)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 4])
def test_in_random_games_the_reasons_agree_with_the_moves(variant: str, players: int) -> None:
    """Every roll: a bust has a reason for every sum, a move steps only in usable columns."""
    rng = random.Random(f"{variant}{players}")
    dice = Dice(players)
    checked = {"bust": 0, "move": 0}
    for _ in range(3):
        state = new_game(GameConfig(players, 3, variant))  # type: ignore[arg-type]
        while state.phase is not Phase.OVER:
            if state.phase is Phase.CHOOSE:
                state, _ = choose(state, rng.choice(legal_moves(state)))
                continue
            if any(state.runners) and rng.random() < 0.3:
                try:
                    state, _ = stop(state)
                    continue
                except ValueError:
                    pass  # forced to roll on
            usable = usable_columns_mask(state)
            for column in COLUMNS:
                assert (why_unusable(state, column) is None) == bool(usable >> (column - 2) & 1)
            rolled = dice.roll()
            after, events = roll(state, rolled)
            found = reasons(state, rolled)  # type: ignore[arg-type]
            if after.phase is Phase.CHOOSE:
                stepped = {c for move in legal_moves(after) for c in move}
                assert all(found[c] is None for c in stepped)
                checked["move"] += 1
            else:
                assert None not in found.values()
                busted = events[1]
                assert isinstance(busted, Busted)
                assert state_before_bust(after, busted) == state
                checked["bust"] += 1
            state = after
    assert checked["bust"] >= 10 and checked["move"] >= 50, checked
