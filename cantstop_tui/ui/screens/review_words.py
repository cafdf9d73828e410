"""What the Review screen says: its title, its lines while the analysis runs, and the
decisions list's titles and label styles (``review``)."""

from __future__ import annotations

from typing import Final

from ...play.match import Match
from ...play.review import FLAGGED

WAITING: Final = "Waiting for the analysis: another review may be under way..."
UNDER_WAY: Final = "Reviewing every decision against expert..."
BUSY: Final = "The server is busy with other reviews: close this and try again in a minute."
"""What the progress bar's line says before the analysis takes the review, and after: over
SSH visitors share a bounded number of workers, so a review may wait its turn, or be
refused while the queue is full."""
LABEL_STYLES: Final = {"inaccuracy": "yellow", "mistake": "bold dark_orange", "blunder": "bold red"}
FLAGGED_TITLE: Final = f"Flagged: {', '.join(FLAGGED)} (m: all decisions)"
ALL_TITLE: Final = "Decisions (m: flagged only)"
NONE_FLAGGED: Final = f"Nothing flagged (no {' or '.join(FLAGGED)})."
"""What ``m`` lists, said as it filters: the flagged bands (``play.review.FLAGGED``)."""


def review_title(title: str, match: Match, separator: str = " · ") -> str:
    """The one title form from every way in: ``Review: Ada vs Ben``, then what ``title``
    adds past the names (the resume list's ``Ada vs Ben · Ben won · 96 steps``)."""
    names = " vs ".join(seat.name for seat in match.seats)
    details = title.removeprefix(names).removeprefix(separator).strip()
    return f"Review: {names}{separator}{details}" if details else f"Review: {names}"
