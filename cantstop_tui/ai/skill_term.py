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

Fitted (least log loss) on 1,260 two-player games of seed 2 between every pairing of the
five levels (15 pairings, mirrors included, the first seat swapped every other round),
checked on 1,260 games of seed 3 (docs/ai.md, "The win chance knows who is playing").
Refit with

    python -m cantstop_tui.arena.skill_fit --fit-seed 2 --fit-games 1260 \\
        --check-seed 3 --check-games 1260 --cache /tmp/chance_games --jobs 2

Games of three or four players are not fitted: their chances stay blind to skill.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from . import LEVELS, level_name


@dataclass(frozen=True, slots=True)
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
    strengths=(0.0, 1.126, 2.48, 3.086, 3.396), power=0.343, start_turns=7.81
)
"""The fitted term (its provenance: the module's docstring)."""
FITTED_PLAYERS: Final = 2
"""The number of players the term was fitted for (other games: no skill term)."""


def skill_shifts(
    strengths: Sequence[float] | np.ndarray, turns_left: Sequence[float] | np.ndarray,
    term: SkillTerm = SKILL_TERM,
) -> np.ndarray:
    """The log-odds each player gains, for one position (``strengths``: a value per player,
    ``turns_left``: per player) or many (a row each)."""
    s = np.asarray(strengths, dtype=np.float64)
    turns = np.asarray(turns_left, dtype=np.float64)
    if s.shape[-1] != FITTED_PLAYERS:
        return np.zeros(s.shape)
    others = (s.sum(axis=-1, keepdims=True) - s) / (s.shape[-1] - 1)
    left = np.clip(turns.mean(axis=-1, keepdims=True), 0.0, None) / term.start_turns
    return np.asarray((s - others) * left**term.power)
