"""Play at my level: the level nearest a rating, a newcomer's, and the one line after a game."""

from __future__ import annotations

import dataclasses
import itertools

from cantstop_tui.ai import LEVELS
from cantstop_tui.play.match import Seat
from cantstop_tui.play.my_level import (
    WORTH_A_TRY,
    level_played,
    my_level,
    next_level_advice,
)
from cantstop_tui.play.ratings import ANCHORS, MU, Rating, win_chance
from cantstop_tui.ui.demo import finished


def test_a_newcomer_starts_at_the_second_level() -> None:
    assert my_level(None) == LEVELS[1]
    assert my_level(Rating()) == LEVELS[1]  # a first rating's estimate is the second level's


def test_the_level_offered_is_the_one_whose_rating_is_nearest() -> None:
    for level, anchor in ANCHORS.items():
        assert my_level(Rating(anchor.mu + 0.4, 2.0, 12)) == level
    top, below = ANCHORS[LEVELS[-1]].mu, ANCHORS[LEVELS[-2]].mu
    assert my_level(Rating(below + 0.6 * (top - below), 2.0, 5)) == LEVELS[-1]
    assert my_level(Rating(below + 0.4 * (top - below), 2.0, 5)) == LEVELS[-2]
    assert my_level(Rating(-50.0, 1.0, 99)) == LEVELS[0]


def test_the_next_level_up_is_worth_a_try_from_the_models_chance() -> None:
    for lower, upper in itertools.pairwise(LEVELS):
        at = ANCHORS[upper]
        even = next_level_advice(Rating(at.mu, 2.0, 20), lower)
        assert even == f"Next level up: {upper}, worth a try (your chance: 50%)."
        far_below = Rating(at.mu - 12, 2.0, 20)
        assert win_chance(far_below, at) < WORTH_A_TRY
        assert f"Next level up: {upper}, not yet" in next_level_advice(far_below, lower)


def test_after_the_top_level_the_line_says_so() -> None:
    line = next_level_advice(Rating(MU, 3.0, 4), LEVELS[-1])
    assert line.startswith(f"{LEVELS[-1]} is the top level (your chance against it: ")


def test_the_level_played_is_the_strongest_computer_in_the_game() -> None:
    match = finished(4, seed=2)
    assert level_played(match) is None  # people only
    seats = (Seat("Ana"), Seat("A", "rule28"), Seat("B", "ai"), Seat("C", "easy"))
    assert level_played(dataclasses.replace(match, seats=seats)) == "expert"  # "ai" is expert
