"""The analysis reviews and live win chances are made of (``ai.analysis.Analyst``)."""

from __future__ import annotations

import pytest
from ai_positions import position, rolled

from cantstop_tui.ai.analysis import LUCK_DEPTH, Analyst
from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.engine import (
    ALL_ROLLS,
    GameConfig,
    GameState,
    legal_moves,
    moves_for_dice,
    new_game,
    roll,
)

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


@pytest.mark.parametrize(
    "state",
    [position(mine={7: 3}, runners={7: 6, 8: 5, 6: 4}), position(mine={7: 3})],
    ids=["mid-turn", "first roll"],
)
def test_luck_averages_to_nothing_over_every_roll(state: GameState) -> None:
    """The luck of a roll is what it left minus the average of all 1,296: exactly 0 on
    average, a bust below it, some roll above it; the variance each roll reports is the
    lucks' own over the 1,296 rolls."""
    found = [ANALYST.roll_luck(state, dice) for dice in ALL_ROLLS]
    lucks = [luck.luck for luck in found]
    assert sum(lucks) / len(lucks) == pytest.approx(0.0, abs=1e-9)
    assert {luck.variance for luck in found} == {found[0].variance}
    assert found[0].variance == pytest.approx(sum(x * x for x in lucks) / len(lucks))
    assert 0 < found[0].variance < 0.25
    busts = [d for d in ALL_ROLLS if roll(state, d)[0].current_player != 0]
    if busts:
        assert ANALYST.roll_luck(state, busts[0]).luck < 0 < max(lucks)


def test_luck_is_in_the_calibrated_chances_the_players_see() -> None:
    """The chance a roll leaves is shown calibrated; so is its luck."""
    state = position(mine={7: 3}, runners={7: 6, 8: 5, 6: 4})
    planner = ANALYST._luck_planner(state)
    dice = next(d for d in ALL_ROLLS if not roll(state, d)[0].current_player)
    moves = moves_for_dice(state, dice)
    got = max(planner.best(planner.after(state.runners, m), LUCK_DEPTH - 1) for m in moves)
    expected = planner.roll_value(state.runners, LUCK_DEPTH)
    raw = got - expected
    luck = ANALYST.roll_luck(state, dice).luck
    assert luck != pytest.approx(raw, abs=1e-4)
    shown = ANALYST.calibrated(state, [got, planner.bust_value])
    assert shown[0] > shown[1] and luck > shown[1] - shown[0]


def test_the_chances_share_the_game_and_follow_the_mover() -> None:
    ahead = position(mine={7: 11, 8: 9}, mine_won=(6,), runners={7: 13})
    chances = ANALYST.chances(ahead)
    assert sum(chances) == pytest.approx(1.0)
    behind = position(theirs={7: 11, 8: 9}, theirs_won=(6,))
    assert chances[0] > 0.5 > ANALYST.chances(behind)[0]
    won = position(mine_won=(2, 3, 4))
    assert won.winner is None or ANALYST.chances(won) == (1.0, 0.0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_prices_between_equals_are_the_calibrated_rows_in_plain_floats(players: int) -> None:
    """``calibrated`` between equals, a few values at a time in plain floats (the costs'
    prices), is the mover's column of the numpy rows the chances and a roll's luck use, to
    the last bits, at the edges too."""
    state = new_game(GameConfig(players), first_player=players - 1)
    state = rolled(state, (2, 3, 4, 4))
    values = [0.0, 1e-12, 0.05, 0.3, 0.5, 0.77, 1.0 - 1e-12, 1.0, 1.2, -0.1]
    rows = ANALYST._calibrated_rows(state, values)
    expected = [float(c) for c in rows[:, state.current_player]]
    one_by_one = [ANALYST.calibrated(state, [value])[0] for value in values]
    assert one_by_one == pytest.approx(expected, rel=1e-13, abs=1e-300)
    assert ANALYST.calibrated(state, values[:2]) == one_by_one[:2]
    assert ANALYST.calibrated(state, values) == expected
    assert len(set(expected)) > 5
