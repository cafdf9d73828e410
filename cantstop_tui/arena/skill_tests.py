"""Statistical tests of the win chance's calibration per pairing of levels (issue 32).

``skill_check`` measures each tenth's gap; this says what a set of held-out games proves:

- **Each cell** (a pairing's tenth, both seats, ``skill_check.Tenth``): the hypothesis "this
  tenth is within 3 points", |true gap| <= ``TARGET``, tested against the gap seen, with the
  cell's standard error (``Tenth.error``: counting games, as if a game's predictions in the
  cell were fully correlated, an upper bound were the chances right, so the test holds its
  level for a cell of few games). The p-value is the chance of a gap at least as large were
  the true gap at the edge, +-3 points (``p_beyond``; the largest over the hypothesis), and
  the p-values of all the cells are corrected together by Holm's step-down (``holm``). The
  other way round, ``p_within`` tests "this tenth is 3 points or more off" (the two
  one-sided tests of equivalence, TOST): a cell it rejects is shown within 3 points; every
  cell within is shown when every cell's own test rejects, with no correction (an
  intersection-union test).
- **Each pairing** as a whole (``pairing_tests``): Hosmer and Lemeshow's test over ten
  groups of equal count ("deciles of risk") of one seat's chances, the weaker level's (a
  mirror's: the first to move; the other seat's chance is one less this, so it adds
  nothing), the groups' gaps weighed by their covariance counted over games (a game's turn
  starts share one outcome, so the classic test, counting each as independent, is far too
  sure; the covariance is the one the chances imply were they right, a martingale, from
  how a game's chance moved: ``_covariance``. A covariance read off the gaps themselves,
  the cluster-robust "sandwich", fails in the groups of chances near 0 or 1, where a win
  is rare: it said easy v expert, ECE 1.0, was off at p 5e-24).
  Held-out games: nothing was
  fitted on them, so the statistic is chi-square with as many degrees of freedom as groups
  (not groups - 2). Spiegelhalter's z, counted over games alike, is shown beside it: one
  number, whether the chances are too sure or not sure enough, where Hosmer-Lemeshow sees a
  gap in any part of the range (the issue's criterion, per tenth); the verdict is HL's.

No scipy: the normal tail is ``math.erfc``; the chi-square tail is the regularised upper
incomplete gamma function, by its series below a + 1 and its continued fraction above
(Numerical Recipes' ``gammq``), exact to about 1e-12, not an approximation such as
Wilson-Hilferty's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from .skill_check import TARGET, Predictions, Tenth
from .skill_games import PAIRINGS

ALPHA: Final = 0.05
"""The level of every test, after Holm's correction where there is one."""
GROUPS: Final = 10
"""Hosmer-Lemeshow's groups of equal count per pairing."""


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x)."""
    if x <= 0.0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1.0:  # the series of P(a, x)
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1.0
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # the continued fraction of Q(a, x), by Lentz's method
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return math.exp(log_front) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for X chi-square with ``df`` degrees of freedom."""
    return _gamma_q(df / 2.0, x / 2.0)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the given order: the k-th smallest of m times
    m - k + 1, made non-decreasing in that order, at most 1. Reject where <= the level."""
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for k, i in enumerate(sorted(range(m), key=lambda j: p_values[j])):
        running = max(running, min(1.0, (m - k) * p_values[i]))
        adjusted[i] = running
    return adjusted


def p_beyond(gap: float, error: float, target: float = TARGET) -> float:
    """p-value of "the true gap is within ``target``" given a gap seen with its standard
    error (normal): P(|gap'| >= |gap|) at a true gap of +-target, the largest over the
    hypothesis."""
    if error <= 0.0:
        return 0.0 if abs(gap) > target else 1.0
    return normal_sf((abs(gap) - target) / error) + normal_sf((abs(gap) + target) / error)


def p_within(gap: float, error: float, target: float = TARGET) -> float:
    """p-value of "the true gap is ``target`` or more off" (the larger of the two one-sided
    tests, TOST): small when the gap seen is well inside +-target."""
    if error <= 0.0:
        return 0.0 if abs(gap) < target else 1.0
    return normal_sf((target - abs(gap)) / error)


@dataclass(frozen=True)
class CellTest:
    row: Tenth
    beyond: float
    """p-value of "within 3 points" (``p_beyond``)."""
    beyond_holm: float
    """``beyond`` after Holm's correction over every cell tested together."""
    within: float
    """p-value of "3 points or more off" (``p_within``)."""

    @property
    def off(self) -> bool:
        """Shown more than 3 points off, after the correction."""
        return self.beyond_holm <= ALPHA

    @property
    def shown_within(self) -> bool:
        return self.within <= ALPHA


def cell_tests(rows: Sequence[Tenth], target: float = TARGET) -> list[CellTest]:
    beyond = [p_beyond(row.gap, row.error, target) for row in rows]
    return [CellTest(row, p, adjusted, p_within(row.gap, row.error, target))
            for row, p, adjusted in zip(rows, beyond, holm(beyond), strict=True)]


Z_ALPHA: Final = 1.6448536269514722
"""The normal quantile of 1 - ``ALPHA``: a one-sided test's edge at 5%."""
Z_POWER: Final = 0.8416212335729143
"""The normal quantile of 80%: the power ``games_to_show_within`` asks for."""


def games_to_show_within(rows: Sequence[Tenth], games: int, target: float = TARGET) -> int:
    """Games of a pairing (``rows``: its tenths, from ``games`` games) for each of its
    tenths, were its gap 0, to be shown within ``target`` (``p_within`` <= ``ALPHA``) 4
    times in 5: its error down to target / (1.645 + 0.842), errors shrinking as one over
    the square root of the games; the most over its tenths."""
    return max(math.ceil(games * (row.error * (Z_ALPHA + Z_POWER) / target) ** 2)
               for row in rows)


def _covariance(counts: np.ndarray, chance: np.ndarray, game: np.ndarray) -> np.ndarray:
    """The covariance, were the chances right, of the sums over a game's turn starts (rows in
    the order played, a game's rows together) of ``counts`` (rows, k) times the gap, won -
    chance. Were the chances right, they would be a martingale: a game's gap at turn start t
    is the sum of the chance's steps from t on (the last, won - the last chance), steps
    uncorrelated, each step's expected square the fall it brings in p(1 - p). So the
    covariance is the sum over turn starts of (v_t - v_t+1) c_t c_t', with v = p(1 - p)
    (0 after a game's last), and c_t the counts summed over the game's rows up to t: an
    unbiased estimate. With one turn start a game, the sum of p(1 - p) c c' (the classic)."""
    v = chance * (1.0 - chance)
    last = np.append(game[1:] != game[:-1], True)
    fall = v - np.where(last, 0.0, np.append(v[1:], 0.0))
    running = np.cumsum(counts, axis=0)
    before = np.vstack([np.zeros((1, counts.shape[1])), running[:-1]])
    first = np.insert(game[1:] != game[:-1], 0, True)
    start = np.maximum.accumulate(np.where(first, np.arange(len(game)), 0))
    so_far = running - before[start]
    return np.asarray((so_far * fall[:, None]).T @ so_far)


def _groups(chance: np.ndarray, groups: int) -> np.ndarray:
    """Each row's group: ``groups`` groups of equal count of the chances, ranked."""
    group = np.empty(len(chance), dtype=np.int64)
    for g, part in enumerate(np.array_split(np.argsort(chance, kind="stable"), groups)):
        group[part] = g
    return group


def hosmer_lemeshow(
    chance: np.ndarray, won: np.ndarray, game: np.ndarray, groups: int = GROUPS,
) -> tuple[float, int]:
    """Hosmer and Lemeshow's statistic over ``groups`` groups of equal count of the chances
    (rows in the order played, a game's rows together), the groups' gaps weighed by their
    covariance counted over games (``_covariance``); and its degrees of freedom (the
    covariance's rank: the groups)."""
    counts = np.zeros((len(chance), groups))
    counts[np.arange(len(chance)), _groups(chance, groups)] = 1.0
    total = counts.T @ (won.astype(np.float64) - chance)
    covariance = _covariance(counts, chance, game)
    rank = int(np.linalg.matrix_rank(covariance))
    return float(total @ np.linalg.pinv(covariance) @ total), rank


def spiegelhalter(chance: np.ndarray, won: np.ndarray, game: np.ndarray) -> float:
    """Spiegelhalter's z: the gaps weighted by 1 - 2p, over their standard error counted over
    games (``_covariance``; with one turn start a game, the classic). Positive: the chances
    too sure (too far from 1/2); negative: not sure enough."""
    weight = (1.0 - 2.0 * chance)[:, None]
    total = float(((won.astype(np.float64) - chance) * weight[:, 0]).sum())
    return total / float(np.sqrt(_covariance(weight, chance, game)[0, 0]))


@dataclass(frozen=True)
class PairingTest:
    pairing: tuple[str, str]
    games: int
    statistic: float
    """Hosmer-Lemeshow's, clustered by game (``hosmer_lemeshow``)."""
    df: int
    p: float
    p_holm: float
    """``p`` after Holm's correction over the pairings tested together."""
    z: float
    """Spiegelhalter's z, clustered by game."""

    @property
    def rejected(self) -> bool:
        return self.p_holm <= ALPHA

    @property
    def p_z(self) -> float:
        """Two-sided p-value of Spiegelhalter's z."""
        return 2.0 * normal_sf(abs(self.z))


def one_seat(data: Predictions, chances: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each turn start's chance and outcome for the weaker level's seat (a mirror's: seat 0)."""
    seat = (data.levels[:, 0] > data.levels[:, 1]).astype(np.int64)
    rows = np.arange(len(seat))
    return chances[rows, seat], data.won[rows, seat]


def pairing_tests(data: Predictions, chances: np.ndarray) -> list[PairingTest]:
    """Every pairing's Hosmer-Lemeshow test (and Spiegelhalter's z) on ``chances`` (rows, 2)."""
    chance, won = one_seat(data, chances)
    found = []
    for p, pairing in enumerate(PAIRINGS):
        picked = data.pairing == p
        if picked.sum() < GROUPS:
            continue
        statistic, df = hosmer_lemeshow(chance[picked], won[picked], data.game[picked])
        found.append((pairing, len(np.unique(data.game[picked])), statistic, df,
                      chi2_sf(statistic, df),
                      spiegelhalter(chance[picked], won[picked], data.game[picked])))
    adjusted = holm([row[4] for row in found])
    return [PairingTest(pairing, games, statistic, df, p, p_adj, z)
            for (pairing, games, statistic, df, p, z), p_adj in zip(found, adjusted, strict=True)]


def martingale_errors(data: Predictions, chances: np.ndarray, rows: Sequence[Tenth],
                      ) -> list[Tenth]:
    """``rows`` (``skill_check.tenths`` of ``chances``) with each cell's error the one the
    chances imply were they right (``_covariance``, on seat 0's chance: a seat-1 prediction
    in the cell counts its gap the other way), not the most it can be: a sensitivity check
    of the cells' tests, tighter where a game's chance moves within a cell, noisier in a
    cell of few games."""
    tenth = np.minimum((chances * 10).astype(int), 9)
    found = []
    for row in rows:
        picked = data.pairing == PAIRINGS.index(row.pairing)
        signs = ((tenth[picked, 0] == row.tenth).astype(np.float64)
                 - (tenth[picked, 1] == row.tenth))[:, None]
        variance = _covariance(signs, chances[picked, 0], data.game[picked])[0, 0]
        found.append(replace(row, error=float(np.sqrt(max(variance, 0.0))) / row.count))
    return found
