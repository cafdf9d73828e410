"""Play at my level: the computer level the new-game screen offers a person, and after a
game against the computer, whether the next level up is worth a try.

Both follow from one rule (``worth_a_try``): a level is worth a try when the ratings model
(``ratings.win_chance`` against the level's anchor, ``ratings.ANCHORS``) gives the person
at least ``WORTH_A_TRY`` of the games against it. The level offered is the strongest worth a
try (``offered_level``; the weakest if none is), so the offer and the advice after a game
never disagree: the next level up is "worth a try" exactly when it is at most the level
offered. Both say the chance they compare, never the leaderboard's cautious figure
(``Rating.shown``), which is another one. A newcomer (``Rating()``, the second level's
estimate, still unsure) is offered the second level. What the win chances take a person
for is another fact: the level whose anchor is nearest their estimate (``my_level``).
"""

from __future__ import annotations

from typing import Final

from ..ai import LEVELS, level_name
from .match import Match
from .ratings import ANCHORS, NEWCOMER_LEVEL, Rating, win_chance

WORTH_A_TRY: Final = 0.4
"""The least chance to win against the next level up that makes it worth a try."""


def chance_against(rating: Rating | None, level: str) -> float:
    """The model's chance that ``rating`` (None: a newcomer's) beats ``level``."""
    return win_chance(rating or Rating(), ANCHORS[level])


def worth_a_try(rating: Rating | None, level: str) -> bool:
    """Whether ``level`` is worth a try for ``rating``: at least ``WORTH_A_TRY`` of its games."""
    return chance_against(rating, level) >= WORTH_A_TRY


def offered_level(rating: Rating | None) -> str:
    """The strongest level worth a try for ``rating`` (None: a newcomer), else the weakest."""
    tried = [level for level in LEVELS if worth_a_try(rating, level)]
    return tried[-1] if tried else LEVELS[0]


def my_level(rating: Rating | None) -> str:
    """The level whose anchor is nearest ``rating``'s estimate (a newcomer's: the second):
    what the win chances take a person for (``seat_skill.assumed``: "Ana ~ steady"), not
    the level offered (``offered_level``)."""
    if rating is None:
        return NEWCOMER_LEVEL
    return min(LEVELS, key=lambda level: (abs(ANCHORS[level].mu - rating.mu), level))


NO_COMPUTER: Final = "no seat is a computer"
"""What the new-game screen's line ends with when there is no computer seat to set."""


def level_offer(name: str, rating: Rating | None, key: str | None) -> str:
    """The new-game screen's line: the level offered to ``name`` and why, in the chance it
    compares (``rating`` None: a newcomer); the ``key`` that sets the computer seats to it
    (None: there is no computer seat, and the line says so)."""
    level = offered_level(rating)
    if rating is None and level == NEWCOMER_LEVEL:
        why = "where newcomers start"
    else:
        chance = chance_against(rating, level)
        best = "strongest worth a try" if chance >= WORTH_A_TRY else "the weakest"
        why = f"{best}: you win {chance:.0%}"
    then = f"{key} picks it" if key is not None else NO_COMPUTER
    return f"Level for {name}: {level} ({why}); {then}."


def level_played(match: Match) -> str | None:
    """The strongest computer level in ``match`` (None with no built-in level in it)."""
    kinds = {level_name(seat.kind) for seat in match.seats if not seat.is_human}
    played = [level for level in LEVELS if level in kinds]
    return played[-1] if played else None


def next_level_advice(rating: Rating, played: str) -> str:
    """One line: whether the level above ``played`` is worth a try for ``rating``; after a
    game at a level above the one offered (``offered_level``, the same rule), that level,
    which the next new-game screen offers."""
    offered = offered_level(rating)
    if LEVELS.index(played) > LEVELS.index(offered):
        return (
            f"Your level: {offered} (your chance: {chance_against(rating, offered):.0%}; "
            f"against {played}: {chance_against(rating, played):.0%})."
        )
    above = LEVELS.index(played) + 1
    if above == len(LEVELS):
        chance = chance_against(rating, played)
        return f"{played} is the top level (your chance against it: {chance:.0%})."
    up = LEVELS[above]
    chance = chance_against(rating, up)
    verdict = "worth a try" if worth_a_try(rating, up) else "not yet"
    return f"Next level up: {up}, {verdict} (your chance: {chance:.0%})."
