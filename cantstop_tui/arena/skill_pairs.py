"""Terms of each pairing of levels of its own, on top of the per-level skill term.

The skill term (``ai.skill_term``) gives each level one strength, so a pairing's gap is the
two strengths' difference, and every pairing shares the self-play calibration's
sharpness. Here each pairing of two levels may also have a shift of its own (log-odds the
stronger level gains beyond that difference), a slope (the shift's shape: more or less of
it mid-game than at the start), and each pairing, mirrors included, a sharpness (a factor
on the calibrated log-odds of the board), all fading with the turns left as the term does.
Each is held toward the one-strength-per-level term by a penalty (``Penalty``: per game's
worth of evidence, times the square of the shift, of the slope or of the sharpness's log),
fitted by least penalised log loss one pairing at a time. Which penalty ships was chosen by
cross-validation (``arena.skill_cv``): ``SHIPPED``, a shift and a sharpness, no slope."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..ai import LEVELS
from ..ai.skill_term import SKILL_TERM, START_POWER, SkillTerm, skill_shifts
from ..ai.win_chance import IDENTITY, Calibration, calibrate
from ..play.ratings import ARENA_GAMES, ARENA_WIN_RATES
from .newton import newton
from .skill_check import Predictions
from .skill_games import PAIRINGS


@dataclass(frozen=True, slots=True)
class Penalty:
    shift: float
    """Per game's worth of evidence, times the square of a pairing's own shift."""
    sharpness: float
    """Per game's worth of evidence, times the square of the log of a pairing's sharpness."""
    slope: float = math.inf
    """Per game's worth of evidence, times the square of a pairing's own slope (infinite:
    none)."""
    start: float = math.inf
    """Per game's worth of evidence, times the square of a pairing's own start (infinite:
    none)."""
    start_power: float = START_POWER
    """How fast a pairing's own start fades: ``(turns_left / start_turns) ** start_power``."""
    anchored: bool = False
    """Whether the ladder's measured rates (``play.ratings.ARENA_WIN_RATES``, 10,000 games
    each) count as games too: each an outcome of its pairing's first turn start, the same
    board in every game (seats rotated: the two seatings' mean chance)."""


PENALTIES: Final = (
    Penalty(0.0, math.inf), Penalty(1.0, math.inf), Penalty(3.0, math.inf),
    Penalty(10.0, math.inf), Penalty(30.0, math.inf), Penalty(3.0, math.inf, 3.0),
    Penalty(10.0, math.inf, 3.0), Penalty(10.0, math.inf, 1.0), Penalty(10.0, 3.0),
    Penalty(10.0, 10.0), Penalty(10.0, 30.0), Penalty(3.0, 10.0),
    Penalty(10.0, 3.0, start=3.0, start_power=10.0),
    Penalty(10.0, 3.0, start=3.0, start_power=10.0, anchored=True),
    Penalty(10.0, 3.0, start=1.0, start_power=5.0, anchored=True), Penalty(math.inf, math.inf),
)
"""From each pairing's shift free to the per-level term (the last); with a slope of each
pairing's own (the third number), a sharpness (the second), or a start (with the ladder's
rates counted at the first turn start: anchored)."""
SHIPPED: Final = Penalty(10.0, 3.0, start=1.0, anchored=True)
"""The penalty of ``skill_term.PAIR_SHIFTS``, ``PAIR_SHARPNESS`` and ``PAIR_STARTS``: each
pairing's shift held toward 0 by 10 games' worth of evidence per squared log-odds, its
sharpness toward 1 by 3 per squared log, its start toward 0 by 1 (fading with
``skill_term.START_POWER``), the ladder's measured rates counted at the first turn start,
no slope. Chosen on seeds 2 to 7, each left out in turn (``skill_cv``; docs/ai.md)."""


@dataclass(frozen=True, slots=True)
class PairTerms:
    shifts: tuple[float, ...]
    """Each pairing's own shift (``PAIRINGS`` order): the stronger level's gain at the start
    beyond the strengths' difference (mirrors: 0)."""
    sharpness: tuple[float, ...]
    """Each pairing's factor on the board's calibrated log-odds at the start."""
    slopes: tuple[float, ...] = (0.0,) * len(PAIRINGS)
    """Each pairing's own slope: the stronger level's shift grows by ``slope * (1 - fade)``
    as the game goes on, so it gains ``(shift + slope * (1 - fade)) * fade`` (a shape of
    its own, not only a size: the shift at the start, more or less of it mid-game)."""
    starts: tuple[float, ...] = (0.0,) * len(PAIRINGS)
    """Each pairing's own start: log-odds the stronger level gains at the first turn start
    beyond its shift, gone within the first turns (``start * (turns_left / start_turns) **
    start_power``): the levels' edge need not show on the board at the pace the term
    fades."""
    start_power: float = START_POWER


NONE: Final = PairTerms((0.0,) * len(PAIRINGS), (1.0,) * len(PAIRINGS))


def pair_chances(
    data: Predictions, calibration: Calibration, term: SkillTerm, pairs: PairTerms
) -> np.ndarray:
    """The chances shown with the per-pairing terms on top of ``term``, (rows, 2)."""
    fade = (np.clip(data.turns_left.mean(axis=1), 0.0, None) / term.start_turns) ** term.power
    stronger = np.array([p[1] for p in PAIRINGS])[data.pairing]
    sign = np.where(np.array(LEVELS)[data.levels] == stronger[:, None], 1.0, -1.0)
    sign[data.levels[:, 0] == data.levels[:, 1]] = 0.0
    slope = np.asarray(pairs.slopes)[data.pairing]
    shift = (np.asarray(pairs.shifts)[data.pairing] + slope * (1.0 - fade)) * fade
    ratio = np.clip(data.turns_left.mean(axis=1), 0.0, None) / term.start_turns
    shift = shift + np.asarray(pairs.starts)[data.pairing] * ratio**pairs.start_power
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
    shifts, sharpness, slopes = list(NONE.shifts), list(NONE.sharpness), list(NONE.slopes)
    starts = list(NONE.starts)
    weights = (penalty.shift, penalty.slope, penalty.sharpness, penalty.start)
    for p, (weaker, stronger) in enumerate(PAIRINGS):
        rows = data.pairing == p
        if not rows.any():
            continue
        mine = Predictions(*(np.asarray(a)[rows] for a in (
            data.raw, data.levels, data.turns_left, data.won, data.game, data.pairing)))
        per_game = rows.sum() / len(np.unique(mine.game))
        free = [math.isfinite(w) and (k == 2 or weaker != stronger)
                for k, w in enumerate(weights)]
        if not any(free):
            continue
        anchor = _anchor(mine, weaker, stronger) if penalty.anchored else None

        def penalised(x: np.ndarray, p: int = p, mine: Predictions = mine,
                      per_game: float = per_game, free: list[bool] = free,
                      anchor: tuple[Predictions, float] | None = anchor) -> float:
            values = iter(x)
            shift, slope, log_sharp, start = (float(next(values)) if f else 0.0 for f in free)
            trial = PairTerms(_at(p, shift, 0.0), _at(p, math.exp(log_sharp), 1.0),
                              _at(p, slope, 0.0), _at(p, start, 0.0), penalty.start_power)
            paid = sum(w * v**2 for w, v, f in zip(
                weights, (shift, slope, log_sharp, start), free, strict=True) if f)
            if anchor is not None:
                paid += _anchor_loss(anchor, pair_chances(anchor[0], calibration, term, trial))
            return loss(pair_chances(mine, calibration, term, trial), mine.won) / per_game + paid

        found = iter(newton(penalised, np.zeros(sum(free))))
        shift, slope, log_sharp, start = (float(next(found)) if f else 0.0 for f in free)
        shifts[p], slopes[p], starts[p] = round(shift, 3), round(slope, 3), round(start, 3)
        sharpness[p] = round(math.exp(log_sharp), 3)
    return PairTerms(tuple(shifts), tuple(sharpness), tuple(slopes), tuple(starts),
                     penalty.start_power)


def _anchor(mine: Predictions, weaker: str, stronger: str) -> tuple[Predictions, float] | None:
    """A pairing's measured rate in the ladder (``ARENA_WIN_RATES``), if it has one, with
    the first turn start of one of its games in each seating (the stronger's chance in
    column 0 of the first row's seat order), for ``_anchor_loss``."""
    rate = next((r for s, w, r in ARENA_WIN_RATES if (s, w) == (stronger, weaker)), None)
    if rate is None:
        return None
    first = np.flatnonzero(np.r_[True, mine.game[1:] != mine.game[:-1]])
    seatings = {tuple(mine.levels[k]): int(k) for k in first}
    if len(seatings) != 2:
        return None
    rows = np.array(sorted(seatings.values()))
    return Predictions(*(np.asarray(a)[rows] for a in (
        mine.raw, mine.levels, mine.turns_left, mine.won, mine.game, mine.pairing))), rate


def _anchor_loss(anchor: tuple[Predictions, float], chances: np.ndarray) -> float:
    """The log loss of the ladder's games of a pairing (``ARENA_GAMES``, seats rotated) at
    their first turn start: the stronger's chance the mean of its two seatings'."""
    data, rate = anchor
    stronger = data.levels[:, 0] == max(data.levels[0])
    said = float(np.where(stronger, chances[:, 0], chances[:, 1]).mean())
    said = min(max(said, 1e-9), 1 - 1e-9)
    return -ARENA_GAMES * (rate * math.log(said) + (1 - rate) * math.log(1 - said))


def _at(p: int, value: float, other: float) -> tuple[float, ...]:
    """A value per pairing: ``value`` at pairing ``p``, ``other`` elsewhere."""
    return tuple(value if k == p else other for k in range(len(PAIRINGS)))


def as_shifts(pairs: PairTerms) -> dict[tuple[str, str], float]:
    """The pairings' own shifts as ``skill_term.PAIR_SHIFTS`` keeps them (mirrors left out)."""
    return {pairing: shift for pairing, shift in zip(PAIRINGS, pairs.shifts, strict=True)
            if pairing[0] != pairing[1]}


def as_starts(pairs: PairTerms) -> dict[tuple[str, str], float]:
    """The pairings' own starts as ``skill_term.PAIR_STARTS`` keeps them (mirrors left out)."""
    return {pairing: start for pairing, start in zip(PAIRINGS, pairs.starts, strict=True)
            if pairing[0] != pairing[1]}


def as_sharpness(pairs: PairTerms) -> dict[tuple[str, str], float]:
    """The pairings' own sharpness as ``skill_term.PAIR_SHARPNESS`` keeps them."""
    return dict(zip(PAIRINGS, pairs.sharpness, strict=True))


SHARP_PAIRINGS: Final = (("expert", "expert"),)
"""The pairing whose sharpness is checked seed by seed, fitted free (``skill_mirror``), and
under the penalties of ``skill_cv`` with no sharpness of each pairing's own: two experts'
(the one that held on every seed before every pairing had its own)."""
FREE: Final = Penalty(math.inf, 0.0)
"""No shift, the sharpness free."""


def only(data: Predictions, pairings: Sequence[tuple[str, str]] = SHARP_PAIRINGS) -> Predictions:
    """The turn starts of these pairings' games."""
    rows = np.isin(data.pairing, [PAIRINGS.index(p) for p in pairings])
    return Predictions(*(np.asarray(a)[rows] for a in (
        data.raw, data.levels, data.turns_left, data.won, data.game, data.pairing)))


def fit_sharpness(
    data: Predictions, calibration: Calibration,
    pairings: Sequence[tuple[str, str]] = SHARP_PAIRINGS, term: SkillTerm = SKILL_TERM,
) -> dict[tuple[str, str], float]:
    """Each of ``pairings``' sharpness, least log loss on ``data`` (as ``PAIR_SHARPNESS``;
    fading as ``term`` does)."""
    found = fit_pairs(only(data, pairings), calibration, term, FREE)
    return {p: found.sharpness[PAIRINGS.index(p)] for p in pairings}
