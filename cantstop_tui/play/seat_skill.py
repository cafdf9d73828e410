"""Who is playing, for the win chance: each seat's skill and the line that says it.

The win chance (``ai.skill_term``) takes each seat's strength in log-odds: a computer
level's fitted strength (``SKILL_TERM.strengths``; two computer levels: moved apart by
their pairing's own shift, ``skill_term.level_skills``); a person's rating from the records
placed among the levels' anchors (``ratings.ANCHORS``) and read off the levels' strengths
in between (``strength``); for anyone else (a newcomer, a person with no records, a bot of
your own) a newcomer's rating (``Rating()``: the second level's anchor
``ratings.NEWCOMER_LEVEL``, and unsure). The side panel and the review say what they
assume in one short line (``assumption``). Two computer levels also take their pairing's
own sharpness (``seat_sharpness``) and start (``seat_starts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..ai import level_name
from ..ai.skill_term import (
    FITTED_PLAYERS,
    SKILL_TERM,
    SkillTerm,
    level_sharpness,
    level_skills,
    level_starts,
)
from .match import HUMAN, Match
from .my_level import my_level
from .ratings import ANCHORS, NEWCOMER_LEVEL, Rating, anchor, scale

Ratings = Mapping[str, Rating]


def _kind(match: Match, seat: int, step: int | None) -> str:
    """Who plays ``seat`` at action ``step`` (None: now, after any hand-over)."""
    return match.kind_of(seat) if step is None else match.kind_at(seat, step)


def _rating(match: Match, seat: int, ratings: Ratings | None, step: int | None) -> Rating | None:
    """The records' rating of the person playing ``seat`` (None: not a rated person)."""
    if _kind(match, seat, step) != HUMAN or ratings is None:
        return None
    return ratings.get(match.seats[seat].name)


def strength(mu: float, term: SkillTerm = SKILL_TERM) -> float:
    """The strength (log-odds) of a rating ``mu``: a level's anchor is that level's fitted
    strength; between two anchors, in proportion; beyond the weakest or the strongest, on
    along the nearest two levels' line."""
    mus = [rating.mu for rating in ANCHORS.values()]
    strengths = [term.strength(level) for level in ANCHORS]
    upper = next((k for k in range(1, len(mus) - 1) if mu < mus[k]), len(mus) - 1)
    low, high = mus[upper - 1], mus[upper]
    share = (mu - low) / (high - low)
    return strengths[upper - 1] + share * (strengths[upper] - strengths[upper - 1])


def seat_skills(
    match: Match, ratings: Ratings | None = None, step: int | None = None
) -> tuple[float, ...]:
    """Each seat's strength as the win chance takes it, for who plays it at action ``step``
    (None: now): a level's fitted strength, a rating's ``strength``; two computer levels
    their pairing's skills (``skill_term.level_skills``); the gap between two players
    narrowed as the ratings model narrows a win chance when a rating is unsure
    (``ratings.win_chance``: a gap counts c0 / c of itself, c0 = the scale between two
    anchors, c = between these two ratings; a newcomer against a level, about 0.6)."""
    kinds = [_kind(match, seat, step) for seat in range(len(match.seats))]
    if len(kinds) == FITTED_PLAYERS and all(anchor(kind) for kind in kinds):
        return level_skills(kinds[0], kinds[1])
    known = [
        anchor(kind) or _rating(match, seat, ratings, step) or Rating()
        for seat, kind in enumerate(kinds)
    ]
    values = [SKILL_TERM.strength(kind) if anchor(kind) else strength(rating.mu)
              for kind, rating in zip(kinds, known, strict=True)]
    if len(known) != 2:
        return tuple(values)
    middle = (values[0] + values[1]) / 2
    narrowed = scale(ANCHORS[NEWCOMER_LEVEL], ANCHORS[NEWCOMER_LEVEL]) / scale(*known)
    return tuple(middle + (value - middle) * narrowed for value in values)


def seat_sharpness(match: Match, step: int | None = None) -> float:
    """The sharpness of the chance between the seats at action ``step`` (None: now): two
    computer levels' pairing's own (``skill_term.level_sharpness``), else 1 (the
    calibration between equals: people, and games of other than ``FITTED_PLAYERS``)."""
    kinds = [_kind(match, seat, step) for seat in range(len(match.seats))]
    if len(kinds) == FITTED_PLAYERS and all(anchor(kind) for kind in kinds):
        return level_sharpness(kinds[0], kinds[1])
    return 1.0


def seat_starts(match: Match, step: int | None = None) -> tuple[float, float] | None:
    """Each seat's part of the pairing's own start at action ``step`` (None: now): two
    computer levels' (``skill_term.level_starts``), else None (a person has no pairing)."""
    kinds = [_kind(match, seat, step) for seat in range(len(match.seats))]
    if len(kinds) == FITTED_PLAYERS and all(anchor(kind) for kind in kinds):
        return level_starts(kinds[0], kinds[1])
    return None


def _assumed(match: Match, seat: int, ratings: Ratings | None) -> str:
    kind = match.kind_of(seat)
    if anchor(kind) is not None:
        return f"= {level_name(kind)}"
    person = _rating(match, seat, ratings, None)
    if person is not None:
        return f"~ {my_level(person)}{'?' if person.provisional else ''}"  # as on the board
    return f"~ {NEWCOMER_LEVEL} ({'new' if kind == HUMAN else 'unknown'})"


def assumed(match: Match, ratings: Ratings | None = None) -> tuple[str, ...]:
    """What the chances assume of each seat: ``= expert`` (a computer level), ``~ steady``
    (a person, the level nearest their rating), ``~ rule28 (new)``; empty when the chances
    take the players as equals (games of other than ``FITTED_PLAYERS``)."""
    if len(match.seats) != FITTED_PLAYERS:
        return ()
    return tuple(_assumed(match, seat, ratings) for seat in range(len(match.seats)))


EQUALS: Final = "Chances assume equal players (skill counts in 2-player games)."


def assumption(match: Match, ratings: Ratings | None = None) -> str:
    """One line: what the chances assume of the players, e.g.
    ``Chances assume: Ana ~ steady, Computer = expert``."""
    parts = assumed(match, ratings)
    if not parts:
        return EQUALS
    said = ", ".join(f"{seat.name} {part}"  # a sentence: whole names (name_cells)
                     for seat, part in zip(match.seats, parts, strict=True))
    return f"Chances assume: {said}"
