"""Hints: what expert would do, with the bust chance and the spaces at stake."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ai_positions import position, rolled
from hypothesis import given
from hypothesis import strategies as st

from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.ai.hint import hint, percents
from cantstop_tui.engine import bust_probability, choose, legal_moves, new_game, roll, stop
from cantstop_tui.play.explain import percent

MINE: dict[str, Any] = dict(mine={3: 1, 11: 1}, mine_won=(7, 8), runners={12: 2, 3: 4, 11: 4})


def test_a_hint_to_stop_gives_the_exact_bust_chance_and_the_spaces_at_stake() -> None:
    state = position(**MINE)
    advice = hint(state)
    assert advice.action == "stop"
    assert advice.bust_chance == bust_probability(state)
    assert advice.spaces_at_stake == 2 + 3 + 3
    assert "Stop" in advice.text and "8 spaces" in advice.text
    assert f"{float(advice.bust_chance) * 100:.1f}%" in advice.text
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
    # The one way a bust chance is written: the side panel's and the hint's alike.
    assert percent(Fraction(5, 1296)) == "0.39%" and percent(Fraction(1, 648)) == "0.15%"
    assert percent(Fraction(1, 2)) == "50.0%"


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


# --- the hint speaks in chances ----------------------------------------------------

ROLL_OR_STOP = [
    position(**MINE),
    position(theirs={6: 10}, theirs_won=(4, 5), **MINE),
    position(runners={7: 3}),
    position(mine={6: 4}, runners={6: 8, 8: 3}),
    position(theirs={8: 9}, theirs_won=(2,), mine={5: 2}, runners={5: 6, 9: 2, 10: 1}),
]


def _stated(text: str) -> list[float]:
    import re

    return [float(found) for found in re.findall(r"(\d+(?:\.\d+)?)% of the time from here|"
                                                 r"(?:roll|stop): (\d+(?:\.\d+)?)%", text)
            for found in found if found]


def test_roll_or_stop_states_both_chances_and_recommends_the_better() -> None:
    actions = set()
    for state in ROLL_OR_STOP:
        advice = hint(state)
        assert advice.win_if_roll is not None and advice.win_if_stop is not None
        actions.add(advice.action)
        rolls = advice.win_if_roll > advice.win_if_stop
        assert advice.action == ("roll" if rolls else "stop"), advice
        assert advice.action == ("roll" if ExpertBot().keep_rolling(state) else "stop")
        recommended, other = _stated(advice.text)[:2]
        assert recommended >= other, advice.text  # never reads as the worse choice
        best, rest = (advice.win_if_roll, advice.win_if_stop)[:: 1 if rolls else -1]
        assert advice.text.startswith(
            f"{advice.action.capitalize()}: you win {percents(best, rest)[0]} of the time "
            f"from here; {'stop' if rolls else 'roll'}: {percents(best, rest)[1]}."
        ), advice.text
        if advice.bust_chance:
            assert f"busts {percent(advice.bust_chance)} of the time" in advice.text.replace(
                "would bust", "busts"
            )
        else:
            assert "cannot bust" in advice.text
    assert actions == {"roll", "stop"}


def test_a_pair_choice_names_the_best_move_with_its_chance_and_the_next_best() -> None:
    for dice in ((1, 5, 4, 6), (2, 2, 3, 5), (1, 1, 6, 6), (3, 4, 5, 6)):
        state = rolled(new_game(), dice)
        advice = hint(state)
        chances = [chance for _, chance in advice.moves]
        assert [move for move, _ in advice.moves] == sorted(
            legal_moves(state), key=lambda m: -dict(advice.moves)[m]
        )
        assert chances == sorted(chances, reverse=True)
        assert advice.move == advice.moves[0][0]
        assert advice.move == ExpertBot().choose_move(state, legal_moves(state))
        assert advice.win_if_roll is not None and advice.win_if_stop is not None
        assert advice.then == ("roll" if advice.win_if_roll > advice.win_if_stop else "stop")
        shown = percents(*chances[:2])
        assert f"you win {shown[0]} of the time from here" in advice.text
        if len(chances) > 1:
            from cantstop_tui.play.narration import played_text

            second = played_text(advice.moves[1][0])  # "7 twice", as the game log says
            assert f"(next best, {second}: {shown[1]})" in advice.text


def test_the_chance_at_a_turns_start_is_the_side_panels() -> None:
    from cantstop_tui.ai.analysis import Analyst

    state = position(mine={4: 3}, theirs={9: 5})
    advice = hint(state)
    assert advice.win_if_roll == Analyst().chances(state)[0]
    assert f"You win {percents(advice.win_if_roll)[0]} of the time" in advice.text


@given(st.floats(0, 1), st.floats(0, 1))
def test_percentages_never_invert_nor_claim_certainty(a: float, b: float) -> None:
    words = percents(a, b)
    bounds = {"under 0.1%": 0.05, "over 99.9%": 99.95}
    shown_a, shown_b = (bounds.get(p) or float(p.rstrip("%")) for p in words)
    assert not (a > b and shown_a < shown_b) and not (a < b and shown_a > shown_b)
    assert (words[0] == "100%") == (a == 1) and (words[0] == "0%") == (a == 0)


def test_percents_examples() -> None:
    import doctest

    from cantstop_tui.ai import hint as module

    assert doctest.testmod(module).failed == 0


def test_who_plays_moves_the_chances_never_the_advice() -> None:
    """With the seats' skills (a person against expert, as the side panel assumes) every
    chance the hint states is the side panel's kind, and the advice is expert's."""
    from cantstop_tui.ai.analysis import Analyst

    skills = (1.051, 3.24)
    for state in [*ROLL_OR_STOP, rolled(position(mine={4: 3}), (1, 5, 4, 6))]:
        equals, seated = hint(state), hint(state, skills)
        assert (seated.action, seated.move, seated.then) == (equals.action, equals.move,
                                                             equals.then)
        assert seated.win_if_roll is not None and equals.win_if_roll is not None
        assert seated.win_if_roll < equals.win_if_roll  # the weaker seat is to move
    start = position(mine={4: 3}, theirs={9: 5})
    assert hint(start, skills).win_if_roll == Analyst().chances(start, skills)[0]


def test_a_move_is_said_as_the_game_log_says_it() -> None:
    from cantstop_tui.play.narration import played_text

    state = rolled(new_game(), (3, 3, 3, 3))  # the one move: column 6 twice
    advice = hint(state)
    assert advice.move is not None and advice.text.startswith(f"Play {played_text(advice.move)}:")
    assert advice.text.startswith("Play 6 twice:"), advice.text
