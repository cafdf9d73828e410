"""Terms of each pairing of levels of its own, on top of the per-level skill term.

The skill term (``ai.skill_term``) gives each level one strength, so a pairing's gap is the
two strengths' difference, and every pairing shares the self-play calibration's
sharpness. Here each pairing of two levels may also have a shift of its own (log-odds the
stronger level gains beyond that difference) and each pairing, mirrors included, a
sharpness (a factor on the calibrated log-odds of the board), both fading with the turns
left as the term does. Each is held toward the one-strength-per-level term by a penalty
(``Penalty``: per game's worth of evidence, times the square of the shift or of the
sharpness's log), fitted by least penalised log loss one pairing at a time. Which penalty
ships was chosen by cross-validation (``arena.skill_cv``): ``SHIPPED``, shifts only; and
two experts' sharpness, free (``fit_sharpness``, checked seed by seed: ``skill_mirror``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..ai import LEVELS
from ..ai.skill_term import PAIR_SHARPNESS, SKILL_TERM, SkillTerm, skill_shifts
from ..ai.win_chance import IDENTITY, Calibration, calibrate
from .newton import newton
from .skill_check import Predictions
from .skill_games import PAIRINGS


@dataclass(frozen=True, slots=True)
class Penalty:
    shift: float
    """Per game's worth of evidence, times the square of a pairing's own shift."""
    sharpness: float
    """Per game's worth of evidence, times the square of the log of a pairing's sharpness."""


PENALTIES: Final = (
    Penalty(0.0, 0.0), Penalty(0.0, math.inf), Penalty(3.0, math.inf), Penalty(10.0, math.inf),
    Penalty(30.0, math.inf), Penalty(10.0, 100.0), Penalty(math.inf, 10.0),
    Penalty(math.inf, math.inf),
)
"""From each pairing free to the per-level term (the last)."""
SHIPPED: Final = Penalty(10.0, math.inf)
"""The penalty of ``skill_term.PAIR_SHIFTS``: each pairing's shift held toward 0 by 10
games' worth of evidence per squared log-odds, no sharpness of its own (on seeds 2, 3 and
4, each left out in turn, the best held-out log loss but one, within noise of the best;
a sharpness of each pairing's own gained nothing: docs/ai.md)."""


@dataclass(frozen=True, slots=True)
class PairTerms:
    shifts: tuple[float, ...]
    """Each pairing's own shift (``PAIRINGS`` order): the stronger level's gain at the start
    beyond the strengths' difference (mirrors: 0)."""
    sharpness: tuple[float, ...]
    """Each pairing's factor on the board's calibrated log-odds at the start."""


NONE: Final = PairTerms((0.0,) * len(PAIRINGS), (1.0,) * len(PAIRINGS))


def pair_chances(
    data: Predictions, calibration: Calibration, term: SkillTerm, pairs: PairTerms
) -> np.ndarray:
    """The chances shown with the per-pairing terms on top of ``term``, (rows, 2)."""
    fade = (np.clip(data.turns_left.mean(axis=1), 0.0, None) / term.start_turns) ** term.power
    stronger = np.array([p[1] for p in PAIRINGS])[data.pairing]
    sign = np.where(np.array(LEVELS)[data.levels] == stronger[:, None], 1.0, -1.0)
    sign[data.levels[:, 0] == data.levels[:, 1]] = 0.0
    shift = np.asarray(pairs.shifts)[data.pairing] * fade
    sharp = 1.0 + (np.asarray(pairs.sharpness)[data.pairing] - 1.0) * fade
    slope, offset = calibration
    raw = np.clip(data.raw, 1e-9, 1 - 1e-9)
    board = sharp[:, None] * (slope * np.log(raw / (1.0 - raw)) + offset)
    levels = skill_shifts(np.asarray(term.strengths)[data.levels], data.turns_left, term)
    board = np.clip(board, -40.0, 40.0)  # beyond: 1 or 0 in floating point anyway
    return calibrate(1.0 / (1.0 + np.exp(-board)), IDENTITY, levels + sign * shift[:, None])


def loss(chances: np.ndarray, won: np.ndarray) -> float:
    picked = np.where(won[:, 0], chances[:, 0], 1.0 - chances[:, 0])
    return float(-np.log(np.clip(picked, 1e-9, 1.0)).sum())


def fit_pairs(
    data: Predictions, calibration: Calibration, term: SkillTerm, penalty: Penalty
) -> PairTerms:
    """Each pairing's own shift and sharpness, least penalised log loss (the log loss of a
    pairing's turn starts counted per game: divided by its turn starts per game)."""
    shifts, sharpness = list(NONE.shifts), list(NONE.sharpness)
    for p, (weaker, stronger) in enumerate(PAIRINGS):
        rows = data.pairing == p
        if not rows.any():
            continue
        mine = Predictions(*(np.asarray(a)[rows] for a in (
            data.raw, data.levels, data.turns_left, data.won, data.game, data.pairing)))
        per_game = rows.sum() / len(np.unique(mine.game))
        free_shift = weaker != stronger and math.isfinite(penalty.shift)
        free_sharp = math.isfinite(penalty.sharpness)
        if not (free_shift or free_sharp):
            continue

        def penalised(x: np.ndarray, p: int = p, mine: Predictions = mine,
                      per_game: float = per_game, free_shift: bool = free_shift,
                      free_sharp: bool = free_sharp) -> float:
            shift = x[0] if free_shift else 0.0
            log_sharp = x[-1] if free_sharp else 0.0
            trial = PairTerms(
                tuple(shift if k == p else 0.0 for k in range(len(PAIRINGS))),
                tuple(math.exp(log_sharp) if k == p else 1.0 for k in range(len(PAIRINGS))),
            )
            paid = (penalty.shift * shift**2 if free_shift else 0.0) + (
                penalty.sharpness * log_sharp**2 if free_sharp else 0.0)
            return loss(pair_chances(mine, calibration, term, trial), mine.won) / per_game + paid

        x = newton(penalised, np.zeros(int(free_shift) + int(free_sharp)))
        shifts[p] = round(float(x[0]), 3) if free_shift else 0.0
        sharpness[p] = round(math.exp(float(x[-1])), 3) if free_sharp else 1.0
    return PairTerms(tuple(shifts), tuple(sharpness))


def as_shifts(pairs: PairTerms) -> dict[tuple[str, str], float]:
    """The pairings' own shifts as ``skill_term.PAIR_SHIFTS`` keeps them (mirrors left out)."""
    return {pairing: shift for pairing, shift in zip(PAIRINGS, pairs.shifts, strict=True)
            if pairing[0] != pairing[1]}


SHARP_PAIRINGS: Final = tuple(PAIR_SHARPNESS)
"""The pairings with a sharpness of their own: those of ``skill_term.PAIR_SHARPNESS``."""
FREE: Final = Penalty(math.inf, 0.0)
"""No shift, the sharpness free."""


def only(data: Predictions, pairings: Sequence[tuple[str, str]] = SHARP_PAIRINGS) -> Predictions:
    """The turn starts of these pairings' games."""
    rows = np.isin(data.pairing, [PAIRINGS.index(p) for p in pairings])
    return Predictions(*(np.asarray(a)[rows] for a in (
        data.raw, data.levels, data.turns_left, data.won, data.game, data.pairing)))


def fit_sharpness(
    data: Predictions, calibration: Calibration,
    pairings: Sequence[tuple[str, str]] = SHARP_PAIRINGS,
) -> dict[tuple[str, str], float]:
    """Each of ``pairings``' sharpness, least log loss on ``data`` (as ``PAIR_SHARPNESS``)."""
    found = fit_pairs(only(data, pairings), calibration, SKILL_TERM, FREE)
    return {p: found.sharpness[PAIRINGS.index(p)] for p in pairings}
