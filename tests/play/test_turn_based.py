"""The turn-based deadline model: allowed deadlines, when a turn's deadline passes, and the
durations the lobby shows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cantstop_tui.engine import GameConfig, Phase, TurnPassed, can_stop, legal_moves
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.narration import history_lines
from cantstop_tui.play.turn_based import (
    ABANDON,
    COMPUTER_PLAYS,
    DAY,
    DEADLINE_CHOICES,
    DEFAULT_DEADLINE,
    HOUR,
    MAX_DEADLINE,
    MIN_DEADLINE,
    TurnDeadline,
    TurnRules,
    describe,
    lines_since,
    unseen,
)

deadlines = st.integers(min_value=int(MIN_DEADLINE), max_value=int(MAX_DEADLINE)).map(float)
times = st.integers(min_value=0, max_value=4 * 10**9).map(float)


def test_the_default_is_a_day_and_the_computer_plays_a_missed_turn() -> None:
    assert TurnRules() == TurnRules(DAY, COMPUTER_PLAYS)
    assert DEFAULT_DEADLINE in DEADLINE_CHOICES
    assert all(MIN_DEADLINE <= choice <= MAX_DEADLINE for choice in DEADLINE_CHOICES)
    assert (MIN_DEADLINE, MAX_DEADLINE) == (HOUR, 3 * DAY)


@pytest.mark.parametrize("seconds", [0.0, MIN_DEADLINE - 1, MAX_DEADLINE + 1, -DAY])
def test_a_deadline_outside_an_hour_to_three_days_is_refused_with_a_sentence(
    seconds: float,
) -> None:
    with pytest.raises(ValueError, match="from 1 h to 3 d"):
        TurnRules(seconds)


def test_an_unknown_missed_deadline_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="computer, abandon"):
        TurnRules(DAY, "pass")


@given(deadlines, st.sampled_from([COMPUTER_PLAYS, ABANDON]))
def test_rules_survive_json(deadline: float, on_miss: str) -> None:
    rules = TurnRules(deadline, on_miss)
    assert TurnRules.from_json(rules.to_json()) == rules


@given(deadlines, times, st.floats(min_value=0, max_value=4 * DAY))
def test_a_turn_is_missed_exactly_when_no_time_is_left(
    deadline: float, started: float, waited: float
) -> None:
    turn = TurnDeadline(TurnRules(deadline), started)
    now = started + waited
    assert turn.missed(now) == (now >= turn.due)
    assert 0 <= turn.left(now) <= deadline
    assert (turn.left(now) == 0) == turn.missed(now)


@given(deadlines, times, st.floats(min_value=0, max_value=DAY), st.floats(0, DAY))
def test_time_left_only_shrinks(deadline: float, started: float, a: float, b: float) -> None:
    turn = TurnDeadline(TurnRules(deadline), started)
    early, late = sorted((a, b))
    assert turn.left(started + early) >= turn.left(started + late)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (30, "under a minute"),
        (12 * 60 + 5, "12 min"),
        (HOUR, "1 h"),
        (5 * HOUR + 10 * 60, "5 h 10 min"),
        (DAY, "1 d"),
        (2 * DAY + 3 * HOUR + 59, "2 d 3 h"),
    ],
)
def test_durations_read_as_the_lobby_shows_them(seconds: float, text: str) -> None:
    assert describe(seconds) == text


def scripted_game(steps: int) -> Match:
    """Two players who take the first move and stop after two moves, for ``steps`` actions."""
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), seed=3)
    moved = 0
    for _ in range(steps):
        state = match.state
        if state.is_over:
            break
        if state.phase is Phase.CHOOSE:
            match, _ = match.choose(legal_moves(state)[0])
            moved += 1
        elif moved >= 2 and can_stop(state):
            match, _ = match.stop()
            moved = 0
        else:
            match, events = match.roll()
            if any(isinstance(event, TurnPassed) for event in events):
                moved = 0
    return match


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=60))
def test_what_was_played_since_a_step_ends_the_whole_log(steps: int, seen: int) -> None:
    match = scripted_game(steps)
    seen = min(seen, len(match.history))
    everything, _ = history_lines(match)
    since = lines_since(match, seen)
    assert since == everything[len(everything) - len(since) :]
    assert lines_since(match, 0) == everything
    assert lines_since(match, len(match.history)) == []
    assert len(since) <= len(lines_since(match, max(seen - 1, 0)))


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=60))
def test_what_was_unseen_is_the_pieces_that_moved_since_a_step(steps: int, seen: int) -> None:
    match = scripted_game(steps)
    seen = min(seen, len(match.history))
    found = unseen(match, seen)
    if seen == len(match.history):
        assert found is None
        return
    assert found is not None
    assert (found.step, found.upto) == (seen, len(match.history))
    positions = list(match.positions())
    then, now = positions[seen][0].state, match.state
    for player in range(now.num_players):
        for column in range(2, 13):
            changed = then.squares[player][column] != now.squares[player][column]
            assert ((player, column) in found.moved) == changed
