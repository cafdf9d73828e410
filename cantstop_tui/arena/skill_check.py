"""How well the win chance knowing who plays is calibrated, per pairing of levels and tenth.

Every turn start of a set of games (``arena.skill_games``) read as the players would be
shown it (``shown``), both seats; grouped by pairing and by tenth of the predicted chance:
mean predicted against how often won, with a standard error clustered by game (a game's
turn starts are correlated). The issue asks every tenth of every pairing within 3 points
(``TARGET``); ``verdict`` says "ok" within it, "noise" within it plus two standard errors,
else "OFF". Per pairing (``pairings``): the expected calibration error (the tenths' gaps
weighted by their predictions), what it would be from noise alone were the chances right,
and how many games would let a right cell show within 3 points.

The chances at each game's first turn start, against how often the stronger level won
and against the ladder's rates, are ``skill_starts``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..ai import LEVELS
from ..ai.skill_term import (
    NO_SHARPNESS,
    NO_STARTS,
    SkillTerm,
    level_skill_rows,
    level_start_rows,
    sharpness_factor,
    skill_shifts,
)
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


def shown(
    data: Predictions, calibration: Calibration, term: SkillTerm,
    shifts: Mapping[tuple[str, str], float],
    sharpness: Mapping[tuple[str, str], float] = NO_SHARPNESS,
    starts: Mapping[tuple[str, str], float] = NO_STARTS,
) -> np.ndarray:
    """The chances the players would be shown, (rows, 2): with the levels' strengths and
    each pairing's own shift (the shipped ``skill_term.PAIR_SHIFTS``, or ``NO_SHIFTS``),
    sharpness (``skill_term.PAIR_SHARPNESS``, or ``NO_SHARPNESS``) and start
    (``skill_term.PAIR_STARTS``, or ``NO_STARTS``)."""
    skills = level_skill_rows(data.levels, term, shifts)
    own = np.array([sharpness.get(pairing, 1.0) for pairing in PAIRINGS])[data.pairing]
    gains = skill_shifts(skills, data.turns_left, term, level_start_rows(data.levels, starts))
    return calibrate(data.raw, calibration, gains, sharpness_factor(own, data.turns_left, term))


def log_loss(
    data: Predictions, calibration: Calibration, term: SkillTerm,
    shifts: Mapping[tuple[str, str], float],
    sharpness: Mapping[tuple[str, str], float] = NO_SHARPNESS,
    starts: Mapping[tuple[str, str], float] = NO_STARTS,
) -> float:
    chances = shown(data, calibration, term, shifts, sharpness, starts)[:, 0]
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
    """Standard error of ``won - predicted`` were the chances right, counting games: a
    game's predictions in the cell share its one outcome (``_game_error``)."""

    @property
    def gap(self) -> float:
        return self.won - self.predicted


def _game_error(chance: np.ndarray, seat0: np.ndarray, game: np.ndarray) -> float:
    """The standard error of a cell's mean gap were its chances right, counting games, not
    predictions: a game's predictions in the cell all hang on its one winner, so each game
    adds the variance of one outcome (the mean of its predictions, read as seat 0's),
    scaled by its count of seat-0 predictions less its seat-1 ones (a seat-1 prediction
    wins when seat 0 loses). As if a game's predictions in a cell were fully correlated:
    the most they can be, so the error is not understated for a cell of few games (the
    sandwich error of residuals clustered by game is, badly, below 10 games)."""
    as_seat0 = np.where(seat0, chance, 1.0 - chance)
    sign = np.where(seat0, 1.0, -1.0)
    _, which = np.unique(game, return_inverse=True)
    weight = np.bincount(which, weights=sign)
    counts = np.bincount(which)
    q = np.bincount(which, weights=as_seat0) / counts
    return float(np.sqrt((weight**2 * q * (1.0 - q)).sum())) / len(chance)


def tenths(data: Predictions, chances: np.ndarray) -> list[Tenth]:
    """Per pairing and tenth: both seats' predictions (the weaker seat's, the stronger's)."""
    rows = []
    flat_chance = chances.reshape(-1)
    flat_won = data.won.reshape(-1).astype(np.float64)
    flat_game = np.repeat(data.game, 2)
    flat_pairing = np.repeat(data.pairing, 2)
    flat_seat0 = np.tile([True, False], len(data.raw))
    which_tenth = np.minimum((flat_chance * 10).astype(int), 9)
    for p, pairing in enumerate(PAIRINGS):
        for tenth in range(10):
            picked = (flat_pairing == p) & (which_tenth == tenth)
            n = int(picked.sum())
            if not n:
                continue
            error = _game_error(flat_chance[picked], flat_seat0[picked], flat_game[picked])
            rows.append(Tenth(pairing, tenth, n, len(np.unique(flat_game[picked])),
                              float(flat_chance[picked].mean()),
                              float(flat_won[picked].mean()), error))
    return rows


TARGET: Final = 0.03
"""The issue's bound on a tenth's gap between predicted and won: 3 points."""


def verdict(row: Tenth, target: float = TARGET) -> str:
    """``ok`` within ``target``; ``noise`` within it plus two standard errors; else ``OFF``."""
    if abs(row.gap) <= target:
        return "ok"
    return "noise" if abs(row.gap) - target <= 2 * row.error else "OFF"


_HALF_NORMAL: Final = float(np.sqrt(2 / np.pi))
"""The mean of |x| for x normal with mean 0 and standard deviation 1."""
_SURE: Final = 1.96
"""Standard errors either side of a right cell's 0 that hold 95% of its gaps."""


@dataclass(frozen=True)
class Pairing:
    """One pairing's calibration over its tenths."""

    pairing: tuple[str, str]
    games: int
    predictions: int
    ece: float
    """Expected calibration error: the tenths' absolute gaps weighted by their predictions."""
    floor: float
    """The ``ece`` expected from noise alone were the chances right (each tenth's gap
    normal around 0 with its ``error``)."""
    spread: float
    """The tenths' standard errors, root mean square weighted by their predictions."""

    @property
    def games_needed(self) -> int:
        """Games of this pairing for a right tenth to show within ``TARGET`` 19 times in 20
        (its error ``TARGET / 1.96``, 1.5 points), errors shrinking as 1 / sqrt(games)."""
        return int(np.ceil(self.games * (self.spread * _SURE / TARGET) ** 2))


def pairings(rows: Sequence[Tenth], games: Sequence[int]) -> list[Pairing]:
    """Each pairing's calibration from its tenths (``rows``); ``games``: each pairing's
    count of games (``PAIRINGS`` order)."""
    found = []
    for pairing, played in zip(PAIRINGS, games, strict=True):
        mine = [row for row in rows if row.pairing == pairing]
        n = sum(row.count for row in mine)
        if not n:
            continue
        found.append(Pairing(
            pairing, played, n, sum(row.count * abs(row.gap) for row in mine) / n,
            sum(row.count * row.error for row in mine) * _HALF_NORMAL / n,
            float(np.sqrt(sum(row.count * row.error**2 for row in mine) / n)),
        ))
    return found


def games_per_pairing(data: Predictions) -> list[int]:
    """Each pairing's count of games in ``data`` (``PAIRINGS`` order)."""
    return [len(np.unique(data.game[data.pairing == p])) for p in range(len(PAIRINGS))]


def summary(rows: Sequence[Tenth]) -> str:
    """The cells within 3 points / within noise / off, the worst and the mean gap."""
    said = [verdict(row) for row in rows]
    gaps = [abs(row.gap) * 100 for row in rows]
    return (f"{said.count('ok')} ok / {said.count('noise')} noise / {said.count('OFF')} OFF "
            f"of {len(rows)} cells; worst gap {max(gaps):.1f} points, mean "
            f"{sum(gaps) / len(gaps):.1f}")


def pairing_summary(found: Sequence[Pairing]) -> str:
    """The pairings whose expected calibration error is within ``TARGET``, the worst, and
    the mean against its noise floor."""
    eces = [p.ece * 100 for p in found]
    floors = [p.floor * 100 for p in found]
    return (f"ECE within {TARGET * 100:.0f} points in {sum(e <= TARGET * 100 for e in eces)} "
            f"of {len(found)} pairings; worst {max(eces):.1f}, mean {np.mean(eces):.1f} "
            f"(noise alone: {np.mean(floors):.1f})")


def pairing_report(found: Sequence[Pairing]) -> list[str]:
    return [
        f"{p.pairing[0]:>6} v {p.pairing[1]:<6} {p.games:>4} games  ECE {p.ece * 100:4.1f} "
        f"(noise alone {p.floor * 100:3.1f})  tenths' error {p.spread * 100:3.1f}  "
        f"games for 3 points {p.games_needed:,}"
        for p in found
    ]


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
