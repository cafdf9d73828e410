"""Does each pairing of levels need numbers of its own? Per-pairing terms, cross-validated.

    python -m cantstop_tui.arena.skill_cv --seeds 2 3 4 5 6 7 --games 1260 --cache DIR

leaves each seed out in turn: fits the levels' strengths (``skill_fit.fit``), two experts'
sharpness (``skill_pairs.fit_sharpness``) and each penalty's per-pairing terms
(``skill_pairs.fit_pairs``) on the other seeds' games, and scores the left-out games: log
loss, Brier score, and, every seed's left-out chances taken together, the tenths within 3
points / within noise / off and each pairing's calibration error (``skill_check``). The
figures behind ``skill_pairs.SHIPPED`` (docs/ai.md, "The win chance knows who is playing").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ..ai.skill_term import SKILL_TERM, SkillTerm
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibration_for
from .skill_check import (
    Predictions,
    games_per_pairing,
    pairing_summary,
    pairings,
    summary,
    tenths,
)
from .skill_fit import fit, seed_folds
from .skill_games import PAIRINGS
from .skill_pairs import (
    NONE,
    PENALTIES,
    SHARP_PAIRINGS,
    PairTerms,
    Penalty,
    fit_pairs,
    fit_sharpness,
    loss,
    pair_chances,
)
from .skill_starts import start_summary


def join_folds(parts: Sequence[Predictions]) -> Predictions:
    """Several sets of games as one (each set's game numbers after the one before's)."""
    games = np.cumsum([0, *(int(p.game.max()) + 1 for p in parts[:-1])])

    def joined(name: str) -> np.ndarray:
        return np.concatenate([getattr(p, name) for p in parts])

    return Predictions(joined("raw"), joined("levels"), joined("turns_left"), joined("won"),
                       np.concatenate([p.game + g for p, g in zip(parts, games, strict=True)]),
                       joined("pairing"))


def per_game_loss(chances: np.ndarray, held: Predictions) -> np.ndarray:
    """Each game's log loss, summed over its turn starts (``held.game`` numbers the games)."""
    picked = np.where(held.won[:, 0], chances[:, 0], 1.0 - chances[:, 0])
    return np.bincount(held.game, weights=-np.log(np.clip(picked, 1e-9, 1.0)))


def with_sharpness(pairs: PairTerms, sharpness: dict[tuple[str, str], float]) -> PairTerms:
    """``pairs`` with these pairings' sharpness (the others' kept)."""
    return replace(pairs, sharpness=tuple(sharpness.get(p, s) for p, s in zip(
        PAIRINGS, pairs.sharpness, strict=True)))


def _label(p: Penalty) -> str:
    own = [f"{name} {value:g}" for name, value in (
        ("shift", p.shift), ("slope", p.slope), ("sharpness", p.sharpness),
        ("start", p.start)) if math.isfinite(value)]
    if math.isfinite(p.start):
        own.append(f"start power {p.start_power:g}")
    if p.anchored:
        own.append("anchored")
    return ", ".join(own) or "none (one strength per level)"


def cross_validate(
    folds: Sequence[Predictions], calibration: Calibration,
    penalties: Sequence[Penalty] = PENALTIES, start: SkillTerm = SKILL_TERM,
    sharp_pairings: Sequence[tuple[str, str]] = SHARP_PAIRINGS,
) -> list[str]:
    """Each penalty's held-out scores (a line each): its log loss, and less the per-level
    term's (no pairing terms) with the standard error of that difference over the held-out
    games (a game's turn starts taken together); every fold's held-out chances together:
    the tenths and the pairings' calibration. ``sharp_pairings`` take their own sharpness
    (fitted on the other folds) under every penalty that has none."""
    shown: dict[Penalty, list[np.ndarray]] = {penalty: [] for penalty in penalties}
    gains: dict[Penalty, list[np.ndarray]] = {penalty: [] for penalty in penalties}
    for k, held in enumerate(folds):
        rest = join_folds([f for j, f in enumerate(folds) if j != k])
        term = fit(rest, calibration, start)
        sharp = fit_sharpness(rest, calibration, sharp_pairings, term)
        per_level = per_game_loss(
            pair_chances(held, calibration, term, with_sharpness(NONE, sharp)), held)
        for penalty in penalties:
            pairs = fit_pairs(rest, calibration, term, penalty)
            if not math.isfinite(penalty.sharpness):
                pairs = with_sharpness(pairs, sharp)
            chances = pair_chances(held, calibration, term, pairs)
            shown[penalty].append(chances)
            gains[penalty].append(per_game_loss(chances, held) - per_level)
    every = join_folds(folds)
    n = len(every.raw)
    lines = []
    for penalty in penalties:
        chances = np.concatenate(shown[penalty])
        gain = np.concatenate(gains[penalty])
        cells = tenths(every, chances)
        brier = float(((chances[:, 0] - every.won[:, 0]) ** 2).mean())
        lines.append(
            f"{_label(penalty)}: held-out log loss {loss(chances, every.won) / n:.5f} "
            f"(per level {gain.sum() / n:+.5f} ± {gain.std() * np.sqrt(len(gain)) / n:.5f}), "
            f"Brier {brier:.5f}; {summary(cells)}; "
            f"{pairing_summary(pairings(cells, games_per_pairing(every)))}; "
            f"{start_summary(every, chances)}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    _, folds = seed_folds("python -m cantstop_tui.arena.skill_cv", [2, 3, 4, 5, 6, 7], argv)
    for line in cross_validate(list(folds.values()), calibration_for(shipped(), 2)):
        print(line)


if __name__ == "__main__":
    main()
