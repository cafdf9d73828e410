"""Names kept for the computer's seats: nobody plays as one.

A computer seat shows as "Computer 2 (expert)" (``seating.SeatRecord.player_name``), and a
level by its name (``ai.LEVELS``, the one table of levels): a
person called ``Computer 2``, ``expert`` or ``Bot (expert)`` would pass for one. A name is
compared by its canonical form: the look-alike skeleton (``lookalike.skeleton``: case and
confusable letters) with everything but letters and digits left out, so ``C0mputer-2`` and
``BOT (Expert)`` are kept too.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from ..ai import LEVELS
from .lookalike import skeleton

SEAT_WORDS: Final = ("computer", "bot", "cpu")
"""What a computer seat is called, with a seat number or a level after it, or alone."""


def canonical(name: str) -> str:
    """``name``'s skeleton, letters and digits only."""
    return "".join(char for char in skeleton(name) if char.isalnum())


def _forms(words: tuple[str, ...]) -> list[str]:
    """Each word's canonical forms as typed in lower, upper or title case (the skeleton of
    ``I`` is ``l``), longest first."""
    forms = {canonical(case(word)) for word in words for case in (str.lower, str.upper, str.title)}
    return sorted(forms, key=len, reverse=True)


@cache
def _pattern() -> re.Pattern[str]:
    levels, words = _forms(LEVELS), _forms(SEAT_WORDS)
    level = "|".join(map(re.escape, levels))
    word = "|".join(map(re.escape, words))
    return re.compile(rf"(?:(?:{word})[0-9]*(?:{level})?|(?:{level}))")


def computer_name(name: str) -> str | None:
    """Why ``name`` may not be a person's (it reads as a computer seat's), or None."""
    if _pattern().fullmatch(canonical(name)) is None:
        return None
    return f"The name {name} is kept for the computer's seats."
