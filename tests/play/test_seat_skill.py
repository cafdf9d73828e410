"""Who is playing, as the win chance assumes it: a computer's level (its fitted strength), a
person's rating placed among the levels' anchors, a newcomer's estimate for anyone else; and
the one line that says so."""

from __future__ import annotations

import dataclasses

import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.ai.skill_term import PAIR_SHIFTS, SKILL_TERM, level_skills
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Handover, Match, Seat
from cantstop_tui.play.ratings import ANCHORS, MU, NEWCOMER_LEVEL, PROVISIONAL_GAMES, Rating, scale
from cantstop_tui.play.seat_skill import EQUALS, assumed, assumption, seat_skills, strength


def _match(*seats: Seat) -> Match:
    return Match.start(seats, GameConfig(len(seats)), 5)


def _of(level: str) -> float:
    return SKILL_TERM.strength(level)


def test_a_computer_level_is_its_fitted_strength_and_a_person_their_ratings() -> None:
    levels = _match(Seat("A", "easy"), Seat("B", "expert"))
    assert seat_skills(levels) == pytest.approx(level_skills("easy", "expert"))
    match = _match(Seat("Ana"), Seat("Bot", "expert"))
    sure = seat_skills(match, {"Ana": Rating(31.0, ANCHORS["expert"].sigma)})
    assert sure == pytest.approx((strength(31.0), _of("expert")))
    assert _of("steady") < strength(31.0) < _of("strong")
    assert assumption(match, {"Ana": Rating(31.0, 2.0, PROVISIONAL_GAMES)}) == (
        "Chances assume: Ana ~ steady, Bot = expert"
    )
    assert assumption(match, {"Ana": Rating(31.0, 2.0, PROVISIONAL_GAMES - 1)}) == (
        "Chances assume: Ana ~ steady?, Bot = expert"  # provisional, as on the leaderboard
    )


def test_a_rating_maps_through_the_levels_strengths_on_their_anchors() -> None:
    for level, rating in ANCHORS.items():
        assert strength(rating.mu) == pytest.approx(_of(level))
    # halfway between two anchors: halfway between their strengths
    low, high = ANCHORS["steady"].mu, ANCHORS["strong"].mu
    assert strength((low + high) / 2) == pytest.approx((_of("steady") + _of("strong")) / 2)
    # beyond the ladder's ends: on along the nearest two levels' line
    top, below = ANCHORS["expert"].mu, ANCHORS["strong"].mu
    slope = (_of("expert") - _of("strong")) / (top - below)
    assert strength(top + 2) == pytest.approx(_of("expert") + 2 * slope)
    bottom, above = ANCHORS["easy"].mu, ANCHORS["rule28"].mu
    slope = (_of("rule28") - _of("easy")) / (above - bottom)
    assert strength(bottom - 3) == pytest.approx(_of("easy") - 3 * slope)
    mus = [10.0 + k / 2 for k in range(70)]
    assert [strength(mu) for mu in mus] == sorted(strength(mu) for mu in mus)


def test_a_person_rated_like_a_level_plays_it_as_equals() -> None:
    from cantstop_tui.ai.win_chance import win_chances

    match = _match(Seat("Ana"), Seat("Bot", "steady"))
    skills = seat_skills(match, {"Ana": Rating(ANCHORS["steady"].mu, ANCHORS["steady"].sigma)})
    assert skills[0] == pytest.approx(skills[1])
    assert win_chances(match.state, skills=skills) == pytest.approx(win_chances(match.state))


def test_a_newcomer_and_a_bot_of_your_own_are_taken_at_the_second_level() -> None:
    assert LEVELS[1] == NEWCOMER_LEVEL and ANCHORS[NEWCOMER_LEVEL].mu == MU
    match = _match(Seat("Ana"), Seat("Mine", "my_bots:Clever"))
    second = pytest.approx((_of(NEWCOMER_LEVEL), _of(NEWCOMER_LEVEL)))
    assert seat_skills(match) == second
    assert seat_skills(match, {"Someone else": Rating(40.0, 1.0)}) == second
    assert assumed(match) == ("~ rule28 (new)", "~ rule28 (unknown)")


def test_an_unsure_rating_narrows_the_gap_as_the_ratings_model_does() -> None:
    match = _match(Seat("Ana"), Seat("Bot", "expert"))
    newcomer = seat_skills(match)
    sure = seat_skills(match, {"Ana": Rating(MU, ANCHORS["expert"].sigma)})
    assert sum(newcomer) == pytest.approx(sum(sure))  # around the same middle
    gap, sure_gap = newcomer[1] - newcomer[0], sure[1] - sure[0]
    assert 0 < gap < sure_gap
    # by the ratio the ratings model's own log-odds shrink for an unsure rating
    assert gap / sure_gap == pytest.approx(
        scale(ANCHORS["rule28"], ANCHORS["rule28"]) / scale(Rating(), ANCHORS["expert"])
    )


def test_old_level_names_count_as_todays() -> None:
    match = _match(Seat("A", "ai"), Seat("B", "expert-classic"))
    assert seat_skills(match) == pytest.approx(level_skills("expert", "strong"))
    assert assumed(match) == ("= expert", "= strong")


def test_a_seat_handed_to_the_computer_is_the_computer_from_then() -> None:
    match = _match(Seat("Ana"), Seat("Bot", "easy"))
    handed = dataclasses.replace(match, handovers=(Handover(0, 0, "expert"),))
    assert seat_skills(handed, {"Ana": Rating(20.0, 1.0)}) == pytest.approx(
        level_skills("expert", "easy")
    )
    assert assumed(handed)[0] == "= expert"


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_are_taken_as_equals(players: int) -> None:
    match = _match(*(Seat(f"P{k}", "expert") for k in range(players)))
    assert assumed(match) == ()
    assert assumption(match) == EQUALS


def test_two_computer_levels_take_their_pairings_own_shift_a_person_does_not() -> None:
    """Between two levels the gap is the strengths' plus the pairing's own shift; a person
    rated exactly at a level's anchor, against another level, takes the strengths alone."""
    bots = seat_skills(_match(Seat("A", "expert"), Seat("B", "steady")))
    assert bots[0] - bots[1] == pytest.approx(
        _of("expert") - _of("steady") + PAIR_SHIFTS[("steady", "expert")])
    assert PAIR_SHIFTS[("steady", "expert")] != 0
    match = _match(Seat("Ana"), Seat("B", "steady"))
    person = seat_skills(match, {"Ana": Rating(ANCHORS["expert"].mu, ANCHORS["expert"].sigma)})
    assert person == pytest.approx((_of("expert"), _of("steady")))


def test_two_computer_levels_take_their_pairings_sharpness_people_none() -> None:
    """Two computer levels' chance takes their pairing's own sharpness (whichever seat each
    has, also after a hand-over to a level); a person against a level, and games of more
    players, keep the calibration's."""
    from cantstop_tui.ai.skill_term import PAIR_SHARPNESS
    from cantstop_tui.play.seat_skill import seat_sharpness

    experts = _match(Seat("A", "expert"), Seat("B", "ai"))
    assert seat_sharpness(experts) == PAIR_SHARPNESS[("expert", "expert")] < 1
    for level in LEVELS:
        assert seat_sharpness(_match(Seat("A", level), Seat("B", level))) == PAIR_SHARPNESS[
            (level, level)]
        assert seat_sharpness(_match(Seat("A", "expert"), Seat("B", level))) == seat_sharpness(
            _match(Seat("A", level), Seat("B", "expert"))) == PAIR_SHARPNESS[(level, "expert")]
    assert len(set(PAIR_SHARPNESS.values())) > 2  # not one sharpness for all
    person = _match(Seat("Ana"), Seat("B", "expert"))
    assert seat_sharpness(person) == 1.0
    later = dataclasses.replace(person, handovers=(Handover(3, 0, "expert"),))
    assert seat_sharpness(later, 0) == 1.0  # a person played seat 0 before the hand-over
    assert seat_sharpness(later, 3) == seat_sharpness(experts)
    assert seat_sharpness(person.with_seat_kind(0, "expert")) == seat_sharpness(experts)
    assert seat_sharpness(_match(*(Seat(f"P{k}", "expert") for k in range(3)))) == 1.0


def test_two_computer_levels_take_their_pairings_own_start_a_person_none() -> None:
    from cantstop_tui.ai.skill_term import level_starts
    from cantstop_tui.play.seat_skill import seat_starts

    bots = _match(Seat("A", "expert"), Seat("B", "rule28"))
    assert seat_starts(bots) == level_starts("expert", "rule28")
    assert seat_starts(_match(Seat("A", "ai"), Seat("B", "expert-classic"))) == (
        level_starts("expert", "strong"))
    assert seat_starts(_match(Seat("Ana"), Seat("B", "steady"))) is None
    assert seat_starts(_match(*(Seat(f"P{k}", "expert") for k in range(3)))) is None
