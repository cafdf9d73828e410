"""The in-turn search: the same depth in every branch, and each roll more seen is worth it."""

from __future__ import annotations

import pytest
from ai_positions import position, rolled

from cantstop_tui.ai import ClassicExpertBot, ExpertBot
from cantstop_tui.ai.planner import CLASSIC_DEPTH, DEFAULT_DEPTH, Planner
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import ModelEvaluator
from cantstop_tui.engine import Dice, Phase, choose, legal_moves, roll

MIDGAME = {"mine": {6: 5, 7: 6, 9: 3}, "theirs": {5: 4, 7: 9, 8: 6}, "runners": {}}


def _planner(depth: int, **where: dict[int, int]) -> Planner:
    state = position(**where)
    return Planner(state, ModelEvaluator(state, shipped()), depth)


def _choices(seed: int, count: int) -> list[tuple[object, tuple]]:
    """Positions with dice on the table and more than one move, from a game's first turns."""
    found = []
    dice = Dice(seed)
    state = position(**MIDGAME)
    while len(found) < count:
        state, _ = roll(state, dice.roll())
        if state.phase is Phase.CHOOSE:
            moves = legal_moves(state)
            if len(moves) > 1:
                found.append((state, moves))
            state, _ = choose(state, moves[0])
        if state.phase is not Phase.ROLL or sum(1 for r in state.runners if r) == 3:
            state = position(**MIDGAME)
    return found


def test_a_move_is_worth_the_same_whichever_order_the_moves_are_searched_in() -> None:
    """The first version's budget searched the first move deeper than the others."""
    for state, moves in _choices(3, 12):
        forward = ExpertBot().move_values(state, moves)
        backward = ExpertBot().move_values(state, tuple(reversed(moves)))
        assert forward == pytest.approx(list(reversed(backward)), abs=1e-12)


@pytest.mark.parametrize("runners", [{}, {7: 8}, {6: 7, 7: 8}, {6: 7, 7: 8, 9: 5}])
def test_each_roll_more_seen_is_worth_at_least_as_much(runners: dict[int, int]) -> None:
    where = {**MIDGAME, "runners": runners}
    planner = _planner(5, **where)
    start = position(**where).runners
    values = [planner.best(start, depth) for depth in range(5)]
    assert values[0] == planner.stop_value(start)
    assert values == sorted(values)


def test_rolling_is_the_roll_averaged_over_the_best_move_one_level_down() -> None:
    planner = _planner(DEFAULT_DEPTH, **MIDGAME)
    start = position(**MIDGAME).runners
    bust, groups = planner.successors(start)
    expected = sum(
        count * max(planner.best(n, DEFAULT_DEPTH - 1) for n in nexts) for count, nexts in groups
    )
    expected = (expected + bust * planner.bust_value) / 1296
    assert planner.rolling_value(start) == pytest.approx(expected)
    assert bust + sum(count for count, _ in groups) == 1296


def test_expert_looks_further_than_expert_classic() -> None:
    assert ExpertBot().depth == DEFAULT_DEPTH > ClassicExpertBot().depth == CLASSIC_DEPTH
    with pytest.raises(ValueError):
        _planner(0, **MIDGAME)


def test_the_deeper_search_decides_differently_somewhere() -> None:
    """Depth changes play (else it would be wasted time): some choice of a few dozen differs."""
    differ = 0
    for state, moves in _choices(11, 40):
        shallow = ExpertBot(depth=CLASSIC_DEPTH).choose_move(state, moves)
        deep = ExpertBot().choose_move(state, moves)
        differ += shallow != deep
    assert differ > 0


def test_a_rolled_position_is_searched_like_its_turn() -> None:
    state = rolled(position(**MIDGAME), (3, 4, 4, 5))
    bot = ExpertBot()
    values = bot.move_values(state, legal_moves(state))
    assert all(0.0 < v < 1.0 for v in values)
