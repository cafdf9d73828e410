"""The expert levels (learned value and classic): stop when stopping wins, take the risk that
can still win, play legally."""

from __future__ import annotations

import random

import pytest
from ai_positions import position, rolled

from cantstop_tui.ai.expert import ClassicExpertBot, ExpertBot
from cantstop_tui.engine import COLUMNS, Dice, Phase, can_stop, choose, legal_moves, roll, stop

EXPERTS = pytest.mark.parametrize("expert", [ExpertBot, ClassicExpertBot])

# Two columns won (7 and 8); runners high in 3 and 11, one step into 12: 47% of rolls bust.
MINE = dict(mine={3: 1, 11: 1}, mine_won=(7, 8), runners={12: 2, 3: 4, 11: 4})


@EXPERTS
def test_it_stops_when_stopping_wins(expert: type[ExpertBot]) -> None:
    # Even with an easy next roll and an opponent far behind.
    state = position(mine_won=(2, 12), mine={7: 5}, runners={7: 13})
    assert not expert().keep_rolling(state)


@EXPERTS
def test_it_picks_the_move_that_wins(expert: type[ExpertBot]) -> None:
    # 4+4 = 8 and 1+6 = 7: column 8 reaches the top and wins; 7 alone does not.
    state = rolled(position(mine_won=(2, 12), mine={8: 10}, runners={8: 10, 6: 1}), (4, 4, 1, 6))
    assert (8,) in legal_moves(state) or (7, 8) in legal_moves(state)
    move = expert().choose_move(state, legal_moves(state))
    assert 8 in move


@EXPERTS
def test_it_banks_a_risky_turn_when_the_opponent_is_far_behind(expert: type[ExpertBot]) -> None:
    assert not expert().keep_rolling(position(**MINE))


@EXPERTS
def test_it_takes_the_only_winning_risk_when_the_opponent_will_win_next_turn(
    expert: type[ExpertBot],
) -> None:
    # The opponent has won 4 and 5 and stands one space below the top of 6.
    state = position(theirs={6: 10}, theirs_won=(4, 5), **MINE)
    assert expert().keep_rolling(state)


def test_it_plays_a_whole_game_legally() -> None:
    bots = (ExpertBot(seed=1), ExpertBot(seed=2))
    dice = Dice(3)
    state = position()
    for _ in range(2000):
        if state.phase is Phase.OVER:
            break
        bot = bots[state.current_player]
        state, _ = roll(state, dice.roll())
        if state.phase is Phase.CHOOSE:
            state, _ = choose(state, bot.choose_move(state, legal_moves(state)))
            if can_stop(state) and not bot.keep_rolling(state):
                state, _ = stop(state)
    assert state.phase is Phase.OVER
    assert sum(1 for c in COLUMNS if state.claimed[c] == state.winner) >= 3


def test_choices_do_not_depend_on_what_was_asked_before() -> None:
    rng = random.Random(5)
    fresh = ExpertBot()
    used = ExpertBot()
    dice = Dice(8)
    state = position()
    for _ in range(40):
        state, _ = roll(state, dice.roll())
        if state.phase is not Phase.CHOOSE:
            continue
        moves = legal_moves(state)
        used.choose_move(state, moves)
        assert used.choose_move(state, moves) == ExpertBot().choose_move(state, moves)
        state, _ = choose(state, moves[rng.randrange(len(moves))])
        if can_stop(state) and not fresh.keep_rolling(state):
            state, _ = stop(state)
