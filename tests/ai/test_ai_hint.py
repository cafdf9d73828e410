"""Hints: what expert would do, with the bust chance and the spaces at stake."""

from __future__ import annotations

from fractions import Fraction

from ai_positions import position, rolled

from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.ai.hint import _percent, hint
from cantstop_tui.engine import bust_probability, choose, legal_moves, new_game, roll, stop

MINE = dict(mine={3: 1, 11: 1}, mine_won=(7, 8), runners={12: 2, 3: 4, 11: 4})


def test_a_hint_to_stop_gives_the_exact_bust_chance_and_the_spaces_at_stake() -> None:
    state = position(**MINE)
    advice = hint(state)
    assert advice.action == "stop"
    assert advice.bust_chance == bust_probability(state)
    assert advice.spaces_at_stake == 2 + 3 + 3
    assert "Stop" in advice.text and "8 spaces" in advice.text
    assert f"{float(advice.bust_chance) * 100:.0f}%" in advice.text
    assert advice.text.count("\n") <= 1


def test_a_hint_to_roll_when_an_opponent_is_about_to_win_says_so() -> None:
    state = position(theirs={6: 10}, theirs_won=(4, 5), **MINE)
    advice = hint(state)
    assert advice.action == "roll" and advice.opponent_close
    assert "Roll" in advice.text and "close to winning" in advice.text


def test_stopping_that_wins_is_named() -> None:
    advice = hint(position(mine_won=(2, 12), mine={7: 5}, runners={7: 13}))
    assert advice.action == "stop" and advice.stopping_wins
    assert "wins the game" in advice.text


def test_a_hint_for_dice_on_the_table_names_experts_move_and_what_comes_next() -> None:
    state = rolled(new_game(), (1, 5, 4, 6))
    advice = hint(state)
    assert advice.action == "choose"
    assert advice.move == ExpertBot().choose_move(state, legal_moves(state))
    after = choose(state, advice.move)[0]
    assert advice.bust_chance == bust_probability(after)
    assert advice.then == "roll"
    assert "Play " + " and ".join(str(c) for c in advice.move) in advice.text


def test_a_roll_that_cannot_bust_says_so() -> None:
    state = rolled(new_game(), (1, 5, 4, 6))
    advice = hint(state)
    assert advice.bust_chance == 0
    assert "cannot bust" in advice.text


def test_small_chances_are_not_rounded_to_zero() -> None:
    assert _percent(Fraction(5, 1296)) == "0.4%"
    assert _percent(Fraction(1, 2)) == "50%"


def test_the_first_roll_of_a_turn_is_compulsory() -> None:
    advice = hint(new_game())
    assert advice.action == "roll"
    assert "roll at least once" in advice.text


def test_no_hint_once_the_game_is_over() -> None:
    state = position(mine_won=(2, 12), mine={7: 5}, runners={7: 13})
    over, _ = stop(state)
    assert hint(over).action == "none"


def test_hint_does_not_change_the_state() -> None:
    state, _ = roll(new_game(), (2, 2, 3, 5))
    before = state
    hint(state)
    assert state == before


def test_the_hint_never_contradicts_itself() -> None:
    """Every advice, roll or stop, with or without an opponent close to winning: the note
    about risk agrees with the recommendation."""
    from cantstop_tui.ai.hint import _risk_note

    assert "taking risks pays more" in _risk_note(True, True, False)
    assert "worth banking" in _risk_note(True, False, False)
    assert _risk_note(True, False, True) == _risk_note(False, True, False) == ""
    for theirs in ({6: 10}, {6: 2}):
        for runners in ({12: 2, 3: 4, 11: 4}, {3: 2}):
            state = position(theirs=theirs, theirs_won=(4, 5), mine={3: 1, 11: 1},
                             mine_won=(7, 8), runners=runners)
            advice = hint(state)
            if advice.action == "stop":
                assert "taking risks pays more" not in advice.text
            if advice.action == "roll" and advice.opponent_close:
                assert "worth banking" not in advice.text
