"""Who is playing, as the win chance assumes it: a computer's level, a person's rating, a
newcomer's estimate for anyone else; and the one line that says so."""

from __future__ import annotations

import dataclasses
import math

import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Handover, Match, Seat
from cantstop_tui.play.ratings import ANCHORS, MU, NEWCOMER_LEVEL, Rating, scale
from cantstop_tui.play.seat_skill import EQUALS, assumed, assumption, seat_skills


def _match(*seats: Seat) -> Match:
    return Match.start(seats, GameConfig(len(seats)), 5)


def test_a_computer_level_is_its_anchor_and_a_person_their_rating() -> None:
    levels = _match(Seat("A", "easy"), Seat("B", "expert"))
    assert seat_skills(levels) == pytest.approx((ANCHORS["easy"].mu, ANCHORS["expert"].mu))
    match = _match(Seat("Ana"), Seat("Bot", "expert"))
    sure = seat_skills(match, {"Ana": Rating(31.0, ANCHORS["expert"].sigma)})
    assert sure == pytest.approx((31.0, ANCHORS["expert"].mu))
    assert assumption(match, {"Ana": Rating(31.0, 2.0)}) == (
        "Chances assume: Ana ~ steady, Bot = expert"
    )


def test_a_newcomer_and_a_bot_of_your_own_are_taken_at_the_second_level() -> None:
    assert LEVELS[1] == NEWCOMER_LEVEL and ANCHORS[NEWCOMER_LEVEL].mu == MU
    match = _match(Seat("Ana"), Seat("Mine", "my_bots:Clever"))
    assert seat_skills(match) == (MU, MU)
    assert seat_skills(match, {"Someone else": Rating(40.0, 1.0)}) == (MU, MU)
    assert assumed(match) == ("~ rule28 (new)", "~ rule28 (unknown)")


def test_an_unsure_rating_narrows_the_gap_as_the_ratings_model_does() -> None:
    match = _match(Seat("Ana"), Seat("Bot", "expert"))
    newcomer = seat_skills(match)
    sure = seat_skills(match, {"Ana": Rating(MU, ANCHORS["expert"].sigma)})
    assert sum(newcomer) == pytest.approx(sum(sure))  # around the same middle
    gap, sure_gap = newcomer[1] - newcomer[0], sure[1] - sure[0]
    assert 0 < gap < sure_gap
    # the same narrowing as the ratings' own chance of beating expert
    from cantstop_tui.play.ratings import win_chance

    implied = win_chance(ANCHORS["expert"], Rating())
    assert implied == pytest.approx(1 / (1 + math.exp(-gap / scale(*[ANCHORS["rule28"]] * 2))))


def test_old_level_names_count_as_todays() -> None:
    match = _match(Seat("A", "ai"), Seat("B", "expert-classic"))
    assert seat_skills(match) == pytest.approx((ANCHORS["expert"].mu, ANCHORS["strong"].mu))
    assert assumed(match) == ("= expert", "= strong")


def test_a_seat_handed_to_the_computer_is_the_computer_from_then() -> None:
    match = _match(Seat("Ana"), Seat("Bot", "easy"))
    handed = dataclasses.replace(match, handovers=(Handover(0, 0, "expert"),))
    assert seat_skills(handed, {"Ana": Rating(20.0, 1.0)}) == pytest.approx(
        (ANCHORS["expert"].mu, ANCHORS["easy"].mu)
    )
    assert assumed(handed)[0] == "= expert"


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_are_taken_as_equals(players: int) -> None:
    match = _match(*(Seat(f"P{k}", "expert") for k in range(players)))
    assert assumed(match) == ()
    assert assumption(match) == EQUALS
