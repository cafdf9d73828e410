"""Play at my level: the computer level nearest a person's rating, and after a game against
the computer, whether the next level up is worth a try.

Both follow from the ratings (``ratings.ANCHORS``, from the arena's win rates): a person's
level is the one whose anchor is nearest their estimate ``mu`` (a newcomer's estimate is the
second level's anchor, so a newcomer starts there), and the next level up is worth a try
when the model gives them at least ``WORTH_A_TRY`` of the games against it.
"""

from __future__ import annotations

from typing import Final

from ..ai import LEVELS, level_name
from .match import Match
from .ratings import ANCHORS, NEWCOMER_LEVEL, Rating, win_chance

WORTH_A_TRY: Final = 0.4
"""The least chance to win against the next level up that makes it worth a try."""


def my_level(rating: Rating | None) -> str:
    """The level whose rating is nearest ``rating``'s estimate (a newcomer's: the second)."""
    if rating is None:
        return NEWCOMER_LEVEL
    return min(LEVELS, key=lambda level: (abs(ANCHORS[level].mu - rating.mu), level))


def level_played(match: Match) -> str | None:
    """The strongest computer level in ``match`` (None with no built-in level in it)."""
    kinds = {level_name(seat.kind) for seat in match.seats if not seat.is_human}
    played = [level for level in LEVELS if level in kinds]
    return played[-1] if played else None


def next_level_advice(rating: Rating, played: str) -> str:
    """One line: whether the level above ``played`` is worth a try for ``rating``."""
    above = LEVELS.index(played) + 1
    if above == len(LEVELS):
        chance = win_chance(rating, ANCHORS[played])
        return f"{played} is the top level (your chance against it: {chance:.0%})."
    up = LEVELS[above]
    chance = win_chance(rating, ANCHORS[up])
    verdict = "worth a try" if chance >= WORTH_A_TRY else "not yet"
    return f"Next level up: {up}, {verdict} (your chance: {chance:.0%})."
