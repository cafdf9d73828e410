"""Does each pairing of levels need numbers of its own? Per-pairing terms, cross-validated.

    python -m cantstop_tui.arena.skill_cv --seeds 2 3 4 --games 1260 --cache DIR

leaves each seed out in turn: fits the levels' strengths (``skill_fit.fit``) and then each
penalty's per-pairing terms (``skill_pairs.fit_pairs``) on the other seeds' games, and
scores the left-out games: log loss, Brier score, mean per-pairing calibration error,
tenths off (``skill_check``). The figures behind ``skill_pairs.SHIPPED`` (docs/ai.md, "The
win chance knows who is playing").
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from ..ai.skill_term import SKILL_TERM, SkillTerm
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibration_for
from .skill_check import Predictions, games_per_pairing, pairings, tenths, verdict
from .skill_fit import add_played_options, fit, played
from .skill_pairs import NONE, PENALTIES, Penalty, fit_pairs, loss, pair_chances


def _join(parts: Sequence[Predictions]) -> Predictions:
    """Several sets of games as one (each set's game numbers after the one before's)."""
    games = np.cumsum([0, *(int(p.game.max()) + 1 for p in parts[:-1])])

    def joined(name: str) -> np.ndarray:
        return np.concatenate([getattr(p, name) for p in parts])

    return Predictions(joined("raw"), joined("levels"), joined("turns_left"), joined("won"),
                       np.concatenate([p.game + g for p, g in zip(parts, games, strict=True)]),
                       joined("pairing"))


def _per_game(chances: np.ndarray, held: Predictions) -> np.ndarray:
    """Each held-out game's log loss, summed over its turn starts."""
    picked = np.where(held.won[:, 0], chances[:, 0], 1.0 - chances[:, 0])
    return np.bincount(held.game, weights=-np.log(np.clip(picked, 1e-9, 1.0)))


def cross_validate(
    folds: Sequence[Predictions], calibration: Calibration,
    penalties: Sequence[Penalty] = PENALTIES, start: SkillTerm = SKILL_TERM,
) -> list[str]:
    """Each penalty's held-out scores, each fold left out in turn (one line each), and its
    log loss less the per-level term's (no pairing terms) with the standard error of that
    difference over the held-out games (a game's turn starts taken together)."""
    totals = {penalty: np.zeros(5) for penalty in penalties}
    games: dict[Penalty, list[np.ndarray]] = {penalty: [] for penalty in penalties}
    for k, held in enumerate(folds):
        rest = _join([f for j, f in enumerate(folds) if j != k])
        term = fit(rest, calibration, start)
        per_level = _per_game(pair_chances(held, calibration, term, NONE), held)
        for penalty in penalties:
            chances = pair_chances(held, calibration, term,
                                   fit_pairs(rest, calibration, term, penalty))
            cells = tenths(held, chances)
            eces = [p.ece for p in pairings(cells, games_per_pairing(held))]
            brier = float(((chances[:, 0] - held.won[:, 0]) ** 2).sum())
            totals[penalty] += (loss(chances, held.won), brier, len(held.raw),
                                float(np.mean(eces)) / len(folds),
                                sum(verdict(c) == "OFF" for c in cells))
            games[penalty].append(_per_game(chances, held) - per_level)
    lines = []
    for p, t in totals.items():
        gain = np.concatenate(games[p])
        lines.append(
            f"penalty shift {p.shift:g}, sharpness {p.sharpness:g}: held-out log loss "
            f"{t[0] / t[2]:.5f} (per level {gain.sum() / t[2]:+.5f} ± "
            f"{gain.std() * np.sqrt(len(gain)) / t[2]:.5f}), Brier {t[1] / t[2]:.5f}, "
            f"mean pairing ECE {t[3] * 100:.2f} points, tenths off {int(t[4])}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cantstop_tui.arena.skill_cv")
    parser.add_argument("--seeds", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--games", type=int, default=1260)
    add_played_options(parser)
    args = parser.parse_args(argv)
    folds = [played([seed], args.games, args.cache, args.jobs) for seed in args.seeds]
    for line in cross_validate(folds, calibration_for(shipped(), 2)):
        print(line)


if __name__ == "__main__":
    main()
