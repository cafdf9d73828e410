"""How well the win chance knowing who plays is calibrated, per pairing of levels and tenth.

Every turn start of a set of games (``arena.skill_games``) read as the players would be
shown it (``shown``), both seats; grouped by pairing and by tenth of the predicted chance:
mean predicted against how often won, with a standard error clustered by game (a game's
turn starts are correlated). The issue asks every tenth of every pairing within 3 points
(``TARGET``); ``verdict`` says "ok" within it, "noise" within it plus two standard errors,
else "OFF".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..ai import LEVELS
from ..ai.skill_term import SkillTerm, skill_shifts
from ..ai.win_chance import Calibration, calibrate
from .skill_games import PAIRINGS, SkillGame


@dataclass(frozen=True)
class Predictions:
    """Every turn start of a set of games, a row each, both seats (columns 0 and 1)."""

    raw: np.ndarray
    levels: np.ndarray
    """Each seat's level (its index in ``LEVELS``)."""
    turns_left: np.ndarray
    won: np.ndarray
    game: np.ndarray
    """The row's game (its index in the set), for clustered standard errors."""
    pairing: np.ndarray
    """The row's pairing (index into ``PAIRINGS``)."""


def predictions(games: Sequence[SkillGame]) -> Predictions:
    raw, levels, turns, won, game, pairing = [], [], [], [], [], []
    for g, played in enumerate(games):
        if played.winner is None:
            continue
        seats = [LEVELS.index(level) for level in played.levels]
        which = PAIRINGS.index((LEVELS[min(seats)], LEVELS[max(seats)]))
        for start in played.starts:
            raw.append(start.chances)
            levels.append(seats)
            turns.append(start.turns_left)
            won.append((played.winner == 0, played.winner == 1))
            game.append(g)
            pairing.append(which)
    return Predictions(np.array(raw), np.array(levels, dtype=np.int64).reshape(-1, 2),
                       np.array(turns), np.array(won), np.array(game), np.array(pairing))


def shown(data: Predictions, calibration: Calibration, term: SkillTerm) -> np.ndarray:
    """The chances the players would be shown, (rows, 2)."""
    strengths = np.asarray(term.strengths, dtype=np.float64)[data.levels]
    return calibrate(data.raw, calibration, skill_shifts(strengths, data.turns_left, term))


def log_loss(data: Predictions, calibration: Calibration, term: SkillTerm) -> float:
    chances = shown(data, calibration, term)[:, 0]
    won = data.won[:, 0]
    picked = np.where(won, chances, 1 - chances)
    return float(-np.log(np.clip(picked, 1e-9, 1.0)).mean())


@dataclass(frozen=True)
class Tenth:
    pairing: tuple[str, str]
    tenth: int
    count: int
    games: int
    predicted: float
    won: float
    error: float
    """Standard error of ``won - predicted``, clustered by game."""

    @property
    def gap(self) -> float:
        return self.won - self.predicted


def tenths(data: Predictions, chances: np.ndarray) -> list[Tenth]:
    """Per pairing and tenth: both seats' predictions (the weaker seat's, the stronger's)."""
    rows = []
    flat_chance = chances.reshape(-1)
    flat_won = data.won.reshape(-1).astype(np.float64)
    flat_game = np.repeat(data.game, 2)
    flat_pairing = np.repeat(data.pairing, 2)
    which_tenth = np.minimum((flat_chance * 10).astype(int), 9)
    for p, pairing in enumerate(PAIRINGS):
        for tenth in range(10):
            picked = (flat_pairing == p) & (which_tenth == tenth)
            n = int(picked.sum())
            if not n:
                continue
            residual = flat_won[picked] - flat_chance[picked]
            games, by_game = np.unique(flat_game[picked], return_inverse=True)
            sums = np.bincount(by_game, weights=residual)
            error = float(np.sqrt((sums**2).sum())) / n
            rows.append(Tenth(pairing, tenth, n, len(games), float(flat_chance[picked].mean()),
                              float(flat_won[picked].mean()), error))
    return rows


TARGET: Final = 0.03
"""The issue's bound on a tenth's gap between predicted and won: 3 points."""


def verdict(row: Tenth, target: float = TARGET) -> str:
    """``ok`` within ``target``; ``noise`` within it plus two standard errors; else ``OFF``."""
    if abs(row.gap) <= target:
        return "ok"
    return "noise" if abs(row.gap) - target <= 2 * row.error else "OFF"


def summary(rows: Sequence[Tenth]) -> str:
    """The cells within 3 points / within noise / off, the worst and the mean gap."""
    said = [verdict(row) for row in rows]
    gaps = [abs(row.gap) * 100 for row in rows]
    return (f"{said.count('ok')} ok / {said.count('noise')} noise / {said.count('OFF')} OFF "
            f"of {len(rows)} cells; worst gap {max(gaps):.1f} points, mean "
            f"{sum(gaps) / len(gaps):.1f}")


def report(rows: Sequence[Tenth]) -> list[str]:
    lines = []
    for row in rows:
        a, b = row.pairing
        lines.append(
            f"{a:>6} v {b:<6} {row.tenth / 10:.1f}-{(row.tenth + 1) / 10:.1f} "
            f"{row.count:>6,} {row.games:>4} {row.predicted * 100:5.1f}% {row.won * 100:5.1f}% "
            f"{row.gap * 100:+5.1f} ±{row.error * 100:4.1f}  {verdict(row)}"
        )
    return lines
