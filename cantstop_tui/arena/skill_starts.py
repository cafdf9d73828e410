"""The win chance knowing who plays at each game's first turn start, per pairing of two
levels: against how often the stronger won in a set of games (``arena.skill_games``), and
against the ladder's measured rates (``play.ratings.ARENA_WIN_RATES``).

The calibration over every turn start, by tenth and by pairing, is ``skill_check``.
"""

from __future__ import annotations

import numpy as np

from ..ai import LEVELS
from ..play.ratings import ARENA_GAMES, ARENA_WIN_RATES
from .skill_check import Predictions
from .skill_games import PAIRINGS


def start_gaps(data: Predictions, chances: np.ndarray) -> list[tuple[str, str, int, float, float]]:
    """Per pairing of two levels (stronger, weaker): its games, how often the stronger won
    and its chance at each game's first turn start, averaged."""
    first = np.r_[True, data.game[1:] != data.game[:-1]]
    found = []
    for p, (weaker, stronger) in enumerate(PAIRINGS):
        rows = first & (data.pairing == p)
        if weaker == stronger or not rows.any():
            continue
        seat = np.where(data.levels[rows, 0] == LEVELS.index(stronger), 0, 1)
        picked = np.arange(int(rows.sum()))
        found.append((stronger, weaker, int(rows.sum()),
                      float(data.won[rows][picked, seat].mean()),
                      float(chances[rows][picked, seat].mean())))
    return found


def start_summary(data: Predictions, chances: np.ndarray) -> str:
    """The pairings' chances at the first turn start against how often the stronger won:
    the root mean square of the gaps, and that noise alone would give (each rate's binomial
    error at its games)."""
    found = start_gaps(data, chances)
    gaps = np.array([said - won for *_, won, said in found])
    noise = np.array([won * (1 - won) / games for _, _, games, won, _ in found])
    return (f"start: gap rms {np.sqrt((gaps**2).mean()) * 100:.1f} points "
            f"(noise alone {np.sqrt(noise.mean()) * 100:.1f}), "
            f"worst {np.abs(gaps).max() * 100:.1f}")


def start_rates(data: Predictions, chances: np.ndarray) -> list[str]:
    """Per pairing of two levels: its games, how often the stronger won, and its chance at
    each game's first turn start, averaged (a line each)."""
    return [f"{stronger:>6} v {weaker:<6} {games:>4} games  stronger won "
            f"{won * 100:5.1f}%  predicted at the start {said * 100:5.1f}%"
            for stronger, weaker, games, won, said in start_gaps(data, chances)]


def ladder_rates(data: Predictions, chances: np.ndarray) -> list[str]:
    """Per pairing the ladder measured (``play.ratings.ARENA_WIN_RATES``, ``ARENA_GAMES``
    games each, seats rotated): its rate against the chance at the first turn start, the
    same board in every game (the mean of the two seatings'), with the rate's standard
    error (a line each; pairings not among ``data``'s games left out)."""
    first = np.r_[True, data.game[1:] != data.game[:-1]]
    lines = []
    for stronger, weaker, rate in ARENA_WIN_RATES:
        s, w = LEVELS.index(stronger), LEVELS.index(weaker)
        said = []
        for seats in ((s, w), (w, s)):
            rows = np.flatnonzero(first & (data.levels[:, 0] == seats[0])
                                  & (data.levels[:, 1] == seats[1]))
            if len(rows):
                said.append(chances[rows[0], 0 if seats[0] == s else 1])
        if len(said) == 2:
            error = np.sqrt(rate * (1 - rate) / ARENA_GAMES)
            lines.append(f"{stronger:>6} v {weaker:<6} ladder {rate * 100:5.2f}% "
                         f"(± {error * 100:.2f})  predicted at the start "
                         f"{np.mean(said) * 100:5.1f}%")
    return lines
