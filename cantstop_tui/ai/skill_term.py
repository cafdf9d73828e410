"""The skill term of the win chance: who is playing, in log-odds.

The race (``race.py``) reads only the board, as if every player played like the model's
own policy. Between players of different strength the stronger one wins more than the
board says, and the more so the more of the game is left to play. So in a two-player game
each player's calibrated log-odds gain

    (strength_i - strength_other) * (turns_left / start_turns) ** power

where a player's ``strength`` is in log-odds at the start of a game, one fitted number per
computer level (``SKILL_TERM.strengths``, the weakest level at 0; a person's: their rating
placed among the levels' anchors, ``play.seat_skill``; this layer takes them as numbers)
and ``turns_left`` the mean of the turns each player still needs alone (the model's
expectation). Equal strengths add nothing: the calibration between equals is the one
fitted on self-play.

The strengths are fitted on the games themselves, not read off the ladder's ratings: one
rating per level, from adjacent levels' rates, cannot give every pairing's rate (steady
beats easy far more often than the two ratings say).

Fitted (least log loss) on 11,340 two-player games of seeds 2 to 10 between every pairing
of the five levels (15 pairings, 756 games each, mirrors included, the first seat swapped
every other round), checked on games of another seed (docs/ai.md, "The win chance knows who
is playing"). Refit with

    python -m cantstop_tui.arena.skill_fit --fit-seeds 2 3 4 5 6 7 8 9 10 --fit-games 1260 \\
        --check-seeds 11 --check-games 1260 --cache /tmp/chance_games --jobs 2

Strong's mirror's sharpness alone was refitted on seeds 2 to 14 (1,092 games) and checked on
1,500 fresh games of it (seeds 21 and 22; docs/ai.md, "Strong's mirror, settled on fresh
games"):

    python -m cantstop_tui.arena.skill_fresh --pairing strong,strong --against 0.906

Between two computer levels each pairing also has terms of its own, fitted on the same
games after the strengths, one pairing at a time, each held toward none by a penalty
chosen by cross-validation, each seed left out in turn (``arena.skill_pairs``,
``arena.skill_cv``:

    python -m cantstop_tui.arena.skill_cv --seeds 2 3 4 5 6 7 --games 1260 \\
        --cache /tmp/chance_games

):

- a shift (``PAIR_SHIFTS``): the levels are not transitive (expert beats steady more often
  and rule28 less often than their strengths say);
- a sharpness (``PAIR_SHARPNESS``, mirrors included): a factor on the calibrated log-odds
  of the board, fading toward 1 as the term does. The calibration between equals was
  fitted on self-play of one policy; levels that play for their win chance against the
  position (expert, strong) come back more often than the race of turns says (their
  chance less sure, sharpness under 1), the plainer levels less often (over 1);
- a start (``PAIR_STARTS``): log-odds at the first turn start, gone within the first turns
  (``start_fade``): the levels' edge shows on the board at a pace of each pairing's own
  (rule28 keeps pace early); fitted with the ladder's 10,000-game rates counted as games
  at the first turn start (``play.ratings.ARENA_WIN_RATES``), so the four adjacent
  pairings start at their measured rate.

A person has no pairing: a rating maps to a strength between the levels'
(``play.seat_skill``), and a person against a level, or two people, take the strengths
alone and the calibration's sharpness.

Games of three or four players are not fitted: their chances stay blind to skill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import numpy as np

from ..frozen import frozen
from . import LEVELS, level_name


@frozen
class SkillTerm:
    strengths: tuple[float, ...]
    """Each level's strength (``LEVELS`` order, weakest first): log-odds at the start."""
    power: float
    """How the term grows with the turns left."""
    start_turns: float
    """The turns a player needs alone from the start (the model's expectation)."""

    def strength(self, level: str) -> float:
        """A computer level's strength (older names read as today's)."""
        return self.strengths[LEVELS.index(level_name(level))]


SKILL_TERM: Final = SkillTerm(
    strengths=(0.0, 1.078, 2.152, 2.841, 3.163), power=0.408, start_turns=7.81
)
"""The fitted term (its provenance: the module's docstring)."""
PAIR_SHIFTS: Final[Mapping[tuple[str, str], float]] = MappingProxyType({
    ("easy", "rule28"): -0.284, ("easy", "steady"): 0.456, ("easy", "strong"): -0.006,
    ("easy", "expert"): -0.109, ("rule28", "steady"): 0.124, ("rule28", "strong"): 0.063,
    ("rule28", "expert"): -0.173, ("steady", "strong"): 0.072, ("steady", "expert"): 0.183,
    ("strong", "expert"): -0.12,
})
"""Each pairing of two computer levels (weaker first): log-odds the stronger gains at the
start beyond the two strengths' difference (fading as the term does; the provenance: the
module's docstring)."""
PAIR_SHARPNESS: Final[Mapping[tuple[str, str], float]] = MappingProxyType({
    ("easy", "easy"): 1.337, ("easy", "rule28"): 1.107, ("easy", "steady"): 1.573,
    ("easy", "strong"): 1.291, ("easy", "expert"): 1.234, ("rule28", "rule28"): 0.947,
    ("rule28", "steady"): 1.089, ("rule28", "strong"): 1.084, ("rule28", "expert"): 1.05,
    ("steady", "steady"): 1.367, ("steady", "strong"): 1.146, ("steady", "expert"): 0.679,
    ("strong", "strong"): 1.028, ("strong", "expert"): 0.854, ("expert", "expert"): 0.564,
})
"""Each pairing of two computer levels' factor on the calibrated log-odds of the board at the
start, fading toward 1 as the skill term does (``sharpness_factor``; the provenance: the
module's docstring)."""
PAIR_STARTS: Final[Mapping[tuple[str, str], float]] = MappingProxyType({
    ("easy", "rule28"): 0.238, ("easy", "steady"): 0.527, ("easy", "strong"): 0.142,
    ("easy", "expert"): -0.14, ("rule28", "steady"): -0.391, ("rule28", "strong"): -0.497,
    ("rule28", "expert"): -0.326, ("steady", "strong"): -0.068, ("steady", "expert"): 0.377,
    ("strong", "expert"): 0.303,
})
"""Each pairing of two computer levels (weaker first): log-odds the stronger gains at the
first turn start beyond its strengths and shift, gone within the first turns
(``start_fade``: the levels' edge shows on the board at a pace of the pairing's own; the
provenance: the module's docstring)."""
START_POWER: Final = 5.0
"""How fast a pairing's own start fades: ``(turns_left / start_turns) ** START_POWER`` (on
the games, 76% of it left at the second turn start, 41% at the fourth, 15% at the seventh;
chosen by
cross-validation, ``arena.skill_pairs.SHIPPED``)."""
NO_STARTS: Final[Mapping[tuple[str, str], float]] = MappingProxyType({})
"""No pairing's own start."""
NO_SHARPNESS: Final[Mapping[tuple[str, str], float]] = MappingProxyType({})
"""No pairing's own sharpness: the calibration between equals for every pairing."""
NO_SHIFTS: Final[Mapping[tuple[str, str], float]] = MappingProxyType({})
"""No pairing's own shift: the strengths alone."""
FITTED_PLAYERS: Final = 2
"""The number of players the term was fitted for (other games: no skill term)."""


def skill_shifts(
    strengths: Sequence[float] | np.ndarray, turns_left: Sequence[float] | np.ndarray,
    term: SkillTerm = SKILL_TERM, starts: Sequence[float] | np.ndarray | None = None,
) -> np.ndarray:
    """The log-odds each player gains, for one position (``strengths``: a value per player,
    ``turns_left``: per player) or many (a row each); ``starts``: each player's part of
    their pairing's own start (``level_starts``; None: none), shaped as ``strengths``."""
    s = np.asarray(strengths, dtype=np.float64)
    turns = np.asarray(turns_left, dtype=np.float64)
    if s.shape[-1] != FITTED_PLAYERS:
        return np.zeros(s.shape)
    gains = _gaps(s) * fade(turns, term)
    if starts is not None:
        gains = gains + _gaps(np.asarray(starts, dtype=np.float64)) * start_fade(turns, term)
    return np.asarray(gains)


def _gaps(values: np.ndarray) -> np.ndarray:
    """Each player's value less the other's (two players, along the last axis)."""
    return np.asarray(values - (values.sum(axis=-1, keepdims=True) - values))


def start_fade(
    turns_left: Sequence[float] | np.ndarray, term: SkillTerm = SKILL_TERM
) -> np.ndarray:
    """How much of a pairing's own start is left: ``(turns_left / start_turns) **
    START_POWER`` (shaped as ``fade``)."""
    return np.asarray(_left(turns_left, term) ** START_POWER)


def fade(turns_left: Sequence[float] | np.ndarray, term: SkillTerm = SKILL_TERM) -> np.ndarray:
    """How much of the term is left: ``(turns_left / start_turns) ** power``, the turns left
    the mean of the players' (one position: ``turns_left`` per player; many: a row each;
    the result keeps the last axis, of length 1)."""
    return np.asarray(_left(turns_left, term) ** term.power)


def _left(turns_left: Sequence[float] | np.ndarray, term: SkillTerm) -> np.ndarray:
    """The mean of the players' turns left, in turns from the start (shaped as ``fade``)."""
    turns = np.asarray(turns_left, dtype=np.float64)
    return np.asarray(np.clip(turns.mean(axis=-1, keepdims=True), 0.0, None) / term.start_turns)


def sharpness_factor(
    sharpness: float | np.ndarray, turns_left: Sequence[float] | np.ndarray,
    term: SkillTerm = SKILL_TERM,
) -> np.ndarray:
    """The factor on the calibrated log-odds of the board (``win_chance.calibrate``) of a
    pairing's ``sharpness`` (one position, or many: ``sharpness`` a value a row) with these
    turns left: ``sharpness`` at the start, toward 1 as the game ends."""
    s = np.asarray(sharpness, dtype=np.float64)
    f = fade(turns_left, term)
    return np.asarray(1.0 + (s.reshape(s.shape + (1,) * (f.ndim - s.ndim)) - 1.0) * f)


def level_sharpness(
    first: str, second: str, sharpness: Mapping[tuple[str, str], float] = PAIR_SHARPNESS
) -> float:
    """Two computer levels' sharpness (``PAIR_SHARPNESS``; 1 for a pairing not there)."""
    return sharpness.get(pair_key(first, second), 1.0)


def pair_key(first: str, second: str) -> tuple[str, str]:
    """The pairing of two levels, weaker first (older names read as today's)."""
    a, b = level_name(first), level_name(second)
    return (a, b) if LEVELS.index(a) <= LEVELS.index(b) else (b, a)


def level_skills(
    first: str, second: str, term: SkillTerm = SKILL_TERM,
    shifts: Mapping[tuple[str, str], float] = PAIR_SHIFTS,
) -> tuple[float, float]:
    """Two computer levels' skills as ``skill_shifts`` takes them: each level's strength,
    the two moved apart by their pairing's own shift (half each, the stronger up)."""
    a, b = term.strength(first), term.strength(second)
    key = pair_key(first, second)
    half = shifts.get(key, 0.0) / 2 if key[0] != key[1] else 0.0
    up = 1.0 if level_name(first) == key[1] else -1.0
    return a + up * half, b - up * half


def level_starts(
    first: str, second: str, starts: Mapping[tuple[str, str], float] = PAIR_STARTS
) -> tuple[float, float]:
    """Two computer levels' parts of their pairing's own start as ``skill_shifts`` takes
    them: half each, the stronger's up (a mirror, or a pairing not there: none)."""
    key = pair_key(first, second)
    half = starts.get(key, 0.0) / 2 if key[0] != key[1] else 0.0
    up = 1.0 if level_name(first) == key[1] else -1.0
    return up * half, -up * half


def level_skill_rows(
    levels: np.ndarray, term: SkillTerm = SKILL_TERM,
    shifts: Mapping[tuple[str, str], float] = PAIR_SHIFTS,
) -> np.ndarray:
    """``level_skills`` of many two-player positions: ``levels`` each seat's level (its index
    in ``LEVELS``), a row each."""
    base = np.asarray(term.strengths, dtype=np.float64)
    return np.asarray(base[levels] + level_start_rows(levels, shifts))


def level_start_rows(
    levels: np.ndarray, starts: Mapping[tuple[str, str], float] = PAIR_STARTS
) -> np.ndarray:
    """``level_starts`` of many two-player positions (``levels`` as ``level_skill_rows``
    takes them); with a pairing's shifts, the halves ``level_skills`` adds."""
    pairs = np.zeros((len(LEVELS), len(LEVELS)))
    for (weaker, stronger), value in starts.items():
        w, s = LEVELS.index(weaker), LEVELS.index(stronger)
        pairs[s, w], pairs[w, s] = value / 2, -value / 2
    half = pairs[levels[:, 0], levels[:, 1]]
    return np.column_stack([half, -half])
