"""The sharpness of the chance between two experts, fitted and checked seed by seed.

    python -m cantstop_tui.arena.skill_mirror --fit-seeds 2 3 4 5 6 7 --seeds 2 3 4 5 6 7 \\
        --games 1260 --cache /tmp/chance_games

fits the sharpness of each pairing of ``skill_pairs.SHARP_PAIRINGS`` (least log loss, no
penalty: ``skill_pairs.fit_sharpness``, shifts held at 0) on the fit seeds' games
together, then, for every seed of ``--seeds``: that seed's own fit, and its log loss
with the fit seeds' sharpness and, left out, with the other seeds' (each less the log loss
without a sharpness, with the standard error of that difference over the seed's games).
The check that first gave two experts a sharpness of their own (seeds 2 and 3 fitted, every
seed below 1; CHANGELOG, issue 32); every pairing's now comes from ``skill_fit``, held
toward 1 (``skill_pairs.SHIPPED``). A mirror's terms do not depend on the levels'
strengths (equal strengths add nothing), so the shipped ``SKILL_TERM`` is used throughout
(its power: how the sharpness fades).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from ..ai.skill_term import SKILL_TERM
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibration_for
from .skill_check import Predictions
from .skill_cv import join_folds, per_game_loss
from .skill_fit import FIT_SEEDS, seed_folds
from .skill_games import PAIRINGS
from .skill_pairs import NONE, PairTerms, fit_sharpness, only, pair_chances


def _terms(sharpness: dict[tuple[str, str], float]) -> PairTerms:
    return PairTerms(NONE.shifts, tuple(sharpness.get(p, 1.0) for p in PAIRINGS))


def gain(
    data: Predictions, calibration: Calibration, sharpness: dict[tuple[str, str], float]
) -> tuple[float, float]:
    """Log loss per turn start with ``sharpness`` less without, and its standard error over
    the games (a game's turn starts taken together)."""

    def per_game(terms: PairTerms) -> np.ndarray:
        return per_game_loss(pair_chances(data, calibration, SKILL_TERM, terms), data)

    _, game = np.unique(data.game, return_inverse=True)
    data = Predictions(data.raw, data.levels, data.turns_left, data.won, game, data.pairing)
    diff = per_game(_terms(sharpness)) - per_game(NONE)
    n = len(data.raw)
    return float(diff.sum()) / n, float(diff.std() * np.sqrt(len(diff))) / n


def report(
    folds: dict[int, Predictions], fit_seeds: Sequence[int], calibration: Calibration
) -> list[str]:
    """The fit seeds' sharpness, then a line per seed (see the module's docstring)."""
    mine = {seed: only(data) for seed, data in folds.items()}
    shipped_fit = fit_sharpness(join_folds([mine[s] for s in fit_seeds]), calibration)
    lines = [f"fitted on seeds {list(fit_seeds)}: {shipped_fit}"]
    for seed, data in mine.items():
        own = fit_sharpness(data, calibration)
        rest = fit_sharpness(join_folds([d for s, d in mine.items() if s != seed]), calibration)
        with_fit, fit_error = gain(data, calibration, shipped_fit)
        left_out, left_error = gain(data, calibration, rest)
        lines.append(
            f"seed {seed}: {len(np.unique(data.game))} games, own fit {own}; log loss "
            f"{with_fit:+.4f} ± {fit_error:.4f} with the fit seeds', {left_out:+.4f} ± "
            f"{left_error:.4f} left out (the others' {rest})"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    def fit_seeds(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--fit-seeds", type=int, nargs="+", default=list(FIT_SEEDS))

    args, folds = seed_folds("python -m cantstop_tui.arena.skill_mirror",
                             [2, 3, 4, 5, 6, 7], argv, fit_seeds)
    for line in report(folds, args.fit_seeds, calibration_for(shipped(), 2)):
        print(line)


if __name__ == "__main__":
    main()
