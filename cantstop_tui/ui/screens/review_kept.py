"""The reviews worked out lately, kept so that a server's players of one table share their
game's review (``review``)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from ...play.match import Match
from ...play.ratings import GameRatings
from ...play.review import Review

KEEP: Final = 4
"""Reviews kept in memory: a server's players of one table share their game's review."""

_recent: OrderedDict[Match, tuple[GameRatings | None, Review]] = OrderedDict()
"""Touched on the event loop only (a server's apps share one)."""


def remembered(match: Match, ratings: GameRatings | None) -> Review | None:
    """The review of ``match`` if it was worked out lately, with the same ratings."""
    found = _recent.get(match)
    if found is None or found[0] != ratings:
        return None
    _recent.move_to_end(match)
    return found[1]


def remember(review: Review, ratings: GameRatings | None) -> None:
    _recent[review.match] = (ratings, review)
    while len(_recent) > KEEP:
        _recent.popitem(last=False)
