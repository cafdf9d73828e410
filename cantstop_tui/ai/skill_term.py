"""The skill term of the win chance: who is playing, in log-odds.

The race (``race.py``) reads only the board, as if every player played like the model's
own policy. Between players of different strength the stronger one wins more than the
board says, and the more so the more of the game is left to play. So in a two-player game
each player's calibrated log-odds gain

    per_point * (s_i - s_other) * (turns_left / start_turns) ** power

where ``s`` is a player's skill in rating points (a computer level's anchor ``mu``, a
person's ``mu``: ``play.ratings``; this layer takes them as numbers) and ``turns_left`` the
fewer turns either player still needs alone (the model's expectation). Equal skills add
nothing: the calibration between equals is the one fitted on self-play.

Fitted (least log loss) on 300 two-player games of seed 1 between every pairing of the five
levels (15 pairings, mirrors included, the first seat swapped every other round; 4,670 turn
starts), checked on 1,260 games of seed 2 (docs/ai.md, "The win chance knows who is
playing"). Refit with

    python -m cantstop_tui.arena.skill_fit --fit-seed 1 --fit-games 300 \\
        --check-seed 2 --check-games 1260 --cache /tmp/chance_games --jobs 2

Games of three or four players are not fitted: their chances stay blind to skill.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np


@dataclass(frozen=True, slots=True)
class SkillTerm:
    per_point: float
    """Log-odds per rating point of difference, with ``start_turns`` left."""
    power: float
    """How the term grows with the turns left."""
    start_turns: float
    """The turns a player needs alone from the start (the model's expectation)."""


SKILL_TERM: Final = SkillTerm(per_point=0.1596, power=0.542, start_turns=7.81)
"""The fitted term (its provenance: the module's docstring)."""
FITTED_PLAYERS: Final = 2
"""The number of players the term was fitted for (other games: no skill term)."""


def skill_shifts(
    skills: Sequence[float] | np.ndarray, turns_left: Sequence[float] | np.ndarray,
    term: SkillTerm = SKILL_TERM,
) -> np.ndarray:
    """The log-odds each player gains, for one position (``skills``: a value per player,
    ``turns_left``: per player) or many (a row each)."""
    s = np.asarray(skills, dtype=np.float64)
    turns = np.asarray(turns_left, dtype=np.float64)
    if s.shape[-1] != FITTED_PLAYERS:
        return np.zeros(s.shape)
    others = (s.sum(axis=-1, keepdims=True) - s) / (s.shape[-1] - 1)
    left = np.clip(turns.min(axis=-1, keepdims=True), 0.0, None) / term.start_turns
    return np.asarray(term.per_point * (s - others) * left**term.power)
