"""Plain-words moves, busts and odds, checked against engine data."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from cantstop_tui.ai.words import played_text
from cantstop_tui.engine import (
    TOPS,
    Busted,
    GameConfig,
    Moved,
    Rolled,
    choose,
    legal_moves,
    new_game,
    pairings,
    roll,
    state_from_dict,
    state_to_dict,
)
from cantstop_tui.play.explain import bust_reasons, move_dice, move_effect, percent
from cantstop_tui.play.match import Match
from cantstop_tui.play.narration import log_lines

from .ui_helpers import humans


def test_percent_is_exact_to_the_shown_digits() -> None:
    assert percent(Fraction(0)) == "0%"
    assert percent(Fraction(1, 3)) == "33.3%"
    assert percent(Fraction(1, 1296)) == "0.08%"
    assert percent(Fraction(1)) == "100.0%"


def test_move_lines_name_the_dice_and_what_the_move_does() -> None:
    state, _ = roll(new_game(), (1, 5, 4, 6))
    assert move_dice((1, 5, 4, 6), (6, 10)) == "1+5=6  4+6=10"
    assert move_effect(state, (6, 10)) == "new runner 6, new runner 10"
    state, _ = choose(state, (6, 10))
    state, _ = roll(state, (3, 3, 3, 3))
    assert legal_moves(state) == ((6, 6),)
    assert move_effect(state, (6, 6)) == f"advance {played_text((6, 6))}" == "advance 6 twice"
    state, _ = roll(new_game(), (1, 2, 1, 2))  # a new runner climbing twice
    assert move_effect(state, (3, 3)) == "new runner 3 twice"  # was "new runner 3 +2"


def test_a_moves_effect_names_its_columns_in_the_order_its_dice_are_listed() -> None:
    state, _ = roll(new_game(), (5, 6, 5, 5))
    assert move_dice((5, 6, 5, 5), (10, 11)) == "5+6=11  5+5=10"
    assert move_effect(state, (10, 11)) == "new runner 11, new runner 10"
    state, _ = roll(new_game(), (5, 5, 5, 6))
    assert move_dice((5, 5, 5, 6), (10, 11)) == "5+5=10  5+6=11"
    assert move_effect(state, (10, 11)) == "new runner 10, new runner 11"


def test_every_sum_of_a_bust_gets_its_reason() -> None:
    match = Match.start(humans(2), GameConfig(2), 1)
    player = match.state.current_player
    other = 1 - player
    dice = (1, 6, 5, 6)
    assert sorted({c for p in pairings(dice) for c in p.sums}) == [6, 7, 11, 12]
    data = state_to_dict(match.state)
    data["claimed"] = {"7": other}
    data["squares"]["7"][other] = TOPS[7]
    data["runners"] = {"2": 1, "3": 1, "12": TOPS[12]}
    after, events = roll(state_from_dict(data), dice)
    busted = events[1]
    assert isinstance(busted, Busted)
    reasons = bust_reasons(replace(match, state=after), busted)
    assert sorted(reasons) == sorted(
        [
            "6 and 11: no runner left (all 3 are on 2, 3 and 12).",
            f"7: won by {match.seats[other].name}, closed.",
            f"12: {match.seats[player].name}'s runner is already at the top.",
        ]
    )
    # Shown with a position that is not the one right after the bust: no reasons, no error.
    assert bust_reasons(match, busted) == []
    # The local player is "You": "Your runner" ("You's runner" before).
    seats = list(match.seats)
    seats[player] = replace(seats[player], name="You")
    yours = bust_reasons(replace(match, state=after, seats=tuple(seats)), busted)
    assert "12: Your runner is already at the top." in yours


def test_the_log_writes_a_roll_with_the_move_it_led_to() -> None:
    match = Match.start(humans(2), GameConfig(2), 1)
    lines, pending = log_lines(match, (Rolled(0, (1, 5, 4, 6)),))
    assert lines == [] and pending is not None
    moved = Moved(0, (6, 10), (0,) * 13, (0,) * 13, (0,) * 13)
    lines, pending = log_lines(replace(match), (moved,), pending)
    assert pending is None
    assert lines == [f"{match.seats[0].name} rolls 1 5 4 6 and plays 6 and 10."]
    double = Moved(0, (7, 7), (0,) * 13, (0,) * 13, (0,) * 13)
    lines, _ = log_lines(match, (Rolled(0, (3, 4, 5, 2)), double))
    assert lines == [f"{match.seats[0].name} rolls 3 4 5 2 and plays 7 twice."]


def test_the_log_of_a_game_played_on_with_new_dice_is_rebuilt_from_its_record() -> None:
    """The log written live, step by step, is the log rebuilt when joining the game later."""
    from cantstop_tui.play.narration import history_lines
    from cantstop_tui.storage.replay import Replay

    def steps(match: Match, count: int, live: list[str], waiting: Rolled | None):
        for _ in range(count):
            moves = legal_moves(match.state)
            match, events = match.choose(moves[-1]) if moves else match.roll()
            more, waiting = log_lines(match, events, waiting)
            live += more
        return match, waiting

    live: list[str] = []
    match, waiting = steps(Match.start(humans(2), GameConfig(2), 3), 12, live, None)
    match = Replay(match).play_on(12, seed=99)
    assert match.reseeds
    match, waiting = steps(match, 14, live, waiting)
    assert len(match.history) == 26 and len(live) >= 10
    assert history_lines(match) == (live, waiting)


def test_a_bust_is_told_in_the_third_person_for_everyone_at_the_table() -> None:
    match = Match.start(humans(2), GameConfig(2), 1)
    player = match.state.current_player
    data = state_to_dict(match.state)
    data["claimed"] = {"7": player}
    data["squares"]["7"][player] = TOPS[7]
    data["runners"] = {"2": 1, "3": 1, "4": 1}
    after, events = roll(state_from_dict(data), (1, 6, 5, 6))
    busted = events[1]
    assert isinstance(busted, Busted)
    reasons = bust_reasons(replace(match, state=after), busted)
    assert f"7: won by {match.seats[player].name}, closed." in reasons
    assert not any("you" in reason for reason in reasons)
