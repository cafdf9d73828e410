"""Play at my level: the level offered for a rating (the strongest worth a try), a
newcomer's, and the one line after a game, which never contradicts the offer."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

from cantstop_tui.ai import LEVELS
from cantstop_tui.play.match import Seat
from cantstop_tui.play.my_level import (
    NO_COMPUTER,
    WORTH_A_TRY,
    level_offer,
    level_played,
    my_level,
    next_level_advice,
    offered_level,
)
from cantstop_tui.play.ratings import ANCHORS, MU, Rating, win_chance
from cantstop_tui.ui.demo import finished


def test_a_newcomer_starts_at_the_second_level() -> None:
    assert my_level(None) == offered_level(None) == LEVELS[1]
    assert my_level(Rating()) == LEVELS[1]  # a first rating's estimate is the second level's
    assert offered_level(Rating()) == LEVELS[1]


def test_the_chances_take_a_person_for_the_level_nearest_their_estimate() -> None:
    """Not the level offered: an unsure rating at strong's estimate is taken for strong,
    and offered expert (worth a try: the model's chance widens with the doubt)."""
    for level, anchor in ANCHORS.items():
        assert my_level(Rating(anchor.mu + 0.4, 2.0, 12)) == level
    unsure = Rating(ANCHORS["strong"].mu, 8.0, 3)
    assert my_level(unsure) == "strong"
    assert offered_level(unsure) == "expert"


def test_the_level_offered_is_the_strongest_worth_a_try() -> None:
    for level, anchor in ANCHORS.items():  # at a level's anchor: 50% there, under 40% above
        assert offered_level(Rating(anchor.mu + 0.4, 2.0, 12)) == level
    assert offered_level(Rating(-50.0, 1.0, 99)) == LEVELS[0]  # none worth a try: the weakest
    for mu in range(10, 45):
        rating = Rating(float(mu), 4.0, 9)
        chances = [win_chance(rating, ANCHORS[level]) for level in LEVELS]
        worth = [level for level, chance in zip(LEVELS, chances, strict=True)
                 if chance >= WORTH_A_TRY]
        assert offered_level(rating) == (worth[-1] if worth else LEVELS[0])


def test_the_offer_says_the_chance_it_compares() -> None:
    """The tester's case: the Records show 3.5 (mu - 3 sigma), rule28 22.0; the offer says
    the chance behind it, not a nearness to figures it does not show."""
    you = Rating(3.5 + 3 * 6.5, 6.5, 5)
    chance = win_chance(you, ANCHORS["rule28"])
    assert f"{chance:.0%}" == "44%"
    assert level_offer("You", None, None).endswith("; no seat is a computer.")
    assert level_offer("You", you, "ctrl+l") == (
        "Level for You: rule28 (strongest worth a try: you win 44%); ctrl+l picks it.")
    assert level_offer("You", None, "ctrl+l") == (
        f"Level for You: {LEVELS[1]} (where newcomers start); ctrl+l picks it.")
    assert level_offer("Zoe", Rating(-50.0, 1.0, 99), "k") == (
        "Level for Zoe: easy (the weakest: you win 0%); k picks it.")


def test_the_advice_after_a_game_never_contradicts_the_offer() -> None:
    """The next level up is worth a try exactly when it is at most the level offered."""
    for mu, sigma in itertools.product(range(10, 45), (1.0, 3.0, 6.5, 8.3)):
        rating = Rating(float(mu), sigma, 9)
        offered = LEVELS.index(offered_level(rating))
        for played, up in itertools.pairwise(LEVELS):
            worth = "worth a try" in next_level_advice(rating, played)
            assert worth == (LEVELS.index(up) <= offered), (mu, sigma, played)


def test_the_next_level_up_is_worth_a_try_from_the_models_chance() -> None:
    for lower, upper in itertools.pairwise(LEVELS):
        at = ANCHORS[upper]
        even = next_level_advice(Rating(at.mu, 2.0, 20), lower)
        assert even == f"Next level up: {upper}, worth a try (your chance: 50%)."
        at_lower = Rating(ANCHORS[lower].mu, 2.0, 20)
        assert win_chance(at_lower, at) < WORTH_A_TRY and offered_level(at_lower) == lower
        assert f"Next level up: {upper}, not yet" in next_level_advice(at_lower, lower)


def test_after_the_top_level_the_line_says_so() -> None:
    top = ANCHORS[LEVELS[-1]]
    line = next_level_advice(Rating(top.mu, 1.0, 40), LEVELS[-1])
    assert line == f"{LEVELS[-1]} is the top level (your chance against it: 50%)."


def test_after_a_level_above_yours_the_line_points_to_yours() -> None:
    """A newcomer who lost to expert read "expert is the top level (your chance against
    it: 20%)", nothing pointing back down: the line names the level offered next."""
    for played in LEVELS[2:]:
        line = next_level_advice(Rating(MU, 3.0, 4), played)
        assert line.startswith(f"Your level: {offered_level(Rating(MU, 3.0, 4))} (your chance: ")
        assert f"against {played}: " in line


def test_the_level_played_is_the_strongest_computer_in_the_game() -> None:
    match = finished(4, seed=2)
    assert level_played(match) is None  # people only
    seats = (Seat("Ana"), Seat("A", "rule28"), Seat("B", "ai"), Seat("C", "easy"))
    assert level_played(dataclasses.replace(match, seats=seats)) == "expert"  # "ai" is expert


def test_the_docs_say_the_rule_the_code_follows() -> None:
    """docs/ai.md's paragraph on the offer (and the README's line) against the code."""
    root = Path(__file__).resolve().parents[2]
    docs = " ".join((root / "docs" / "ai.md").read_text(encoding="utf-8").split())
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert f"`WORTH_A_TRY` ({WORTH_A_TRY:.0%})" in docs
    assert f"you win at least {WORTH_A_TRY:.0%} of games against" in readme
    # What Enter plays on a newcomer's first new-game screen (tests/ui/test_ui_my_level.py).
    newcomers = f"the level the screen offers them (a newcomer's: `{offered_level(None)}`"
    assert f"Enter starts one person against the computer at {newcomers}" in readme
    assert "strongest computer" not in readme.split("## Playing")[1].split("Flags")[0]
    you = Rating(23.0, 6.5, 5)
    assert f"{you.shown:.1f} shown for an estimate of 23 with σ 6.5" in docs
    assert level_offer("You", you, "ctrl+l") in docs
    assert f'the line ends "{NO_COMPUTER}."' in docs
    newcomer = [f"{win_chance(Rating(), ANCHORS[level]):.0%}" for level in ("rule28", "steady")]
    assert f"50% against it, {newcomer[1]} against steady" in docs and newcomer[0] == "50%"
    assert offered_level(None) == "rule28"
    advice = next_level_advice(Rating(27.0, 6.5, 6), "rule28")
    assert f'"{advice}" (an estimate of 27, σ 6.5)' in docs
    assert offered_level(Rating(27.0, 6.5, 6)) == "steady"
    assert f'"{next_level_advice(Rating(MU, 3.0, 4), "expert")}" (an estimate of 25, σ 3' in docs
