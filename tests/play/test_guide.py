"""The guided first game's script, replayed through the engine: every prepared roll allows
the moves its sentence talks about, and each lesson happens where the script says."""

from __future__ import annotations

import re

import pytest

from cantstop_tui.engine import (
    Busted,
    ColumnWon,
    Event,
    GameWon,
    IllegalMoveError,
    Phase,
    legal_moves,
    pairings,
)
from cantstop_tui.play import guide
from cantstop_tui.play.match import Match


def replay() -> list[tuple[Match, guide.GuideStep, tuple[Event, ...]]]:
    """(the match before, the step, its events) for every step of the script."""
    match = guide.start()
    found = []
    for step in guide.SCRIPT:
        after, events = guide.apply(match, step)
        found.append((match, step, events))
        match = after
    return found


def test_the_learner_starts_and_wins_at_the_end() -> None:
    assert guide.start().state.current_player == guide.LEARNER
    _, step, events = replay()[-1]
    assert any(isinstance(e, GameWon) and e.player == guide.LEARNER for e in events)
    assert step.shows == "win"


def test_the_learner_steps_speak_and_the_guide_steps_do_not() -> None:
    for match, step, _ in replay():
        learner = match.state.current_player == guide.LEARNER
        assert bool(step.text) == learner, step


READING_WORDS_A_MINUTE = 150
SECONDS_A_KEY = 4
"""A slow reader, and time to find each key: the guided game must still take under five
minutes."""


def test_each_step_says_one_or_two_sentences_and_the_game_takes_under_five_minutes() -> None:
    texts = [step.text for step in guide.SCRIPT if step.text]
    for text in (*texts, guide.FINISHED):
        assert 1 <= len(re.findall(r"[.!?](?:\s|$)", text)) <= 2, text
    words = sum(len(text.split()) for text in (*texts, guide.FINISHED))
    assert words / READING_WORDS_A_MINUTE * 60 + len(texts) * SECONDS_A_KEY < 5 * 60


def test_every_choice_is_legal_and_its_sentence_names_its_columns_and_key() -> None:
    for match, step, _ in replay():
        if step.action != "choose" or not step.text:
            continue
        assert step.move in legal_moves(match.state)
        assert "{key}" in step.text, step.text
        for column in step.move or ():
            assert re.search(rf"\b{column}\b", step.text), (column, step.text)


def test_each_lesson_happens_where_the_script_says() -> None:
    shown = set()
    for match, step, events in replay():
        shown.add(step.shows)
        if step.shows == "bust":
            assert any(isinstance(e, Busted) for e in events)
        elif step.shows == "claim":
            assert any(isinstance(e, ColumnWon) for e in events)
        elif step.shows == "blocked":
            dice = match.state.dice
            assert dice is not None
            claimed = {c for c, owner in enumerate(match.state.claimed) if owner is not None}
            assert any(set(p.sums) & claimed for p in pairings(dice))
        else:
            assert not any(isinstance(e, Busted) for e in events), step
    assert shown == {"", "bust", "blocked", "claim", "win"}


def test_the_third_runner_is_used() -> None:
    assert any(
        sum(1 for height in match.state.runners if height) == 3 for match, _, _ in replay()
    )


def test_the_text_shows_the_key_of_the_move() -> None:
    for match, step, _ in replay():
        if step.action == "choose" and step.text:
            assert step.move is not None
            key = legal_moves(match.state).index(step.move) + 1
            assert f"press {key}" in guide.text_of(match).lower(), guide.text_of(match)


@pytest.mark.parametrize("action", ["roll", "choose", "stop"])
def test_an_action_off_script_is_refused_with_a_sentence(action: guide.Expect) -> None:
    for match, step, _ in replay():
        if match.state.current_player != guide.LEARNER:
            continue
        wrong_move = next(
            (m for m in legal_moves(match.state) if m != step.move), ()
        ) if match.state.phase is Phase.CHOOSE else ()
        if step.action == action and (action != "choose" or not wrong_move):
            continue
        with pytest.raises(IllegalMoveError, match="press"):
            guide.take(match, action, wrong_move)


def test_taking_the_script_plays_the_guides_turns_at_once() -> None:
    match = guide.start()
    while (step := guide.step_of(match)) is not None:
        assert match.state.current_player == guide.LEARNER
        match, _ = guide.take(match, step.action, step.move)
    assert match.state.winner == guide.LEARNER
    assert guide.text_of(match) == guide.FINISHED


def test_after_the_guides_turn_the_learner_reads_their_bust_and_the_guides_rolls() -> None:
    """The guide plays at once, so its dice replace the learner's: ``recap`` says what
    happened in between, and only then."""
    recaps = []
    for match, step, events in replay():
        after = guide.apply(match, step)[0]
        said = guide.recap(after)
        hands_over = bool(step.text) and after.state.current_player != guide.LEARNER
        guides_last = not step.text and after.state.current_player == guide.LEARNER
        assert bool(said) == guides_last, (len(match.history), said)
        if hands_over:  # the learner's stop or bust: their turn's end
            busted = any(isinstance(e, Busted) for e in events)
            ended_by = step
        if said:
            assert step.action == "stop" and said[-1] == "then stopped."
            bust = f"You rolled {' '.join(map(str, ended_by.dice or ()))}:"
            assert (bust in said) == busted
            recaps.append(said)
    assert len(recaps) == 3 and sum("a bust." in said for said in recaps) == 1
    assert "6 6 6 6: 12 twice," in recaps[0] and "6 6 3 4: 7 and 12," in recaps[0]
