"""Fit and check the win chance's skill term on games between every pairing of the levels.

    python -m cantstop_tui.arena.skill_fit --fit-seed 2 --fit-games 1260 \\
        --check-seed 3 --check-games 1260 --cache /tmp/chance_games --jobs 2

plays (or reads from the cache) the games of ``arena.skill_games``, fits the skill term's
numbers (each level's strength, the weakest's held at 0, and the power of the turns left)
on the first seed's games by least log loss, and prints, for the second seed's (held out),
each pairing's predictions grouped in tenths (``arena.skill_check``), then the same games
read blind to skill.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import numpy as np

from ..ai.skill_term import SKILL_TERM, SkillTerm
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibration_for
from .skill_check import Predictions, log_loss, predictions, report, shown, summary, tenths
from .skill_games import generate

FIT_SEED: Final = 2
FIT_GAMES: Final = 1260
CHECK_SEED: Final = 3
CHECK_GAMES: Final = 1260
"""The games the shipped term was fitted and checked on (docs/ai.md's table: the check's)."""

STEPS: Final = 40
"""At most this many Newton steps (the fit stops once no number moves by 1e-6)."""
_H: Final = 1e-4
"""The finite difference of the Newton steps' derivatives."""


def blind(term: SkillTerm = SKILL_TERM) -> SkillTerm:
    """The term that adds nothing: every level equally strong."""
    return SkillTerm((0.0,) * len(term.strengths), term.power, term.start_turns)


def _term(x: np.ndarray, start_turns: float) -> SkillTerm:
    """The term of the fit's numbers: the strengths above the weakest, the power's log."""
    return SkillTerm((0.0, *(float(v) for v in x[:-1])), float(np.exp(x[-1])), start_turns)


def _newton(loss: Callable[[np.ndarray], float], x: np.ndarray) -> np.ndarray:
    """Where ``loss`` is least near ``x``: Newton steps on finite-difference derivatives,
    damped (Levenberg-Marquardt) until the loss falls: nearly Newton's where the loss curves
    as a bowl, a short step downhill where it does not."""
    unit = np.eye(len(x)) * _H
    damping = 1e-3
    for _ in range(STEPS):
        here = loss(x)
        grad = np.array([(loss(x + e) - loss(x - e)) / (2 * _H) for e in unit])
        hess = np.array([[(loss(x + a + b) - loss(x + a - b) - loss(x - a + b)
                           + loss(x - a - b)) / (4 * _H * _H) for b in unit] for a in unit])
        while True:
            step = np.linalg.solve(hess + damping * np.eye(len(x)), grad)
            if loss(x - step) < here:
                break
            damping *= 10
            if damping > 1e8:
                return x
        x, damping = x - step, damping / 10
        if np.abs(step).max() < 1e-6:
            break
    return x


def fit(data: Predictions, calibration: Calibration, start: SkillTerm) -> SkillTerm:
    """Each level's strength (the weakest's held at 0) and the power of the turns left,
    with the least log loss on ``data``."""

    def loss(x: np.ndarray) -> float:
        return log_loss(data, calibration, _term(x, start.start_turns))

    found = _term(_newton(loss, np.array([*start.strengths[1:], np.log(start.power)])),
                  start.start_turns)
    return SkillTerm(tuple(round(v, 3) for v in found.strengths), round(found.power, 3),
                     start.start_turns)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cantstop_tui.arena.skill_fit")
    parser.add_argument("--fit-seed", type=int, default=FIT_SEED)
    parser.add_argument("--fit-games", type=int, default=FIT_GAMES)
    parser.add_argument("--check-seed", type=int, default=CHECK_SEED)
    parser.add_argument("--check-games", type=int, default=CHECK_GAMES)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/chance_games"))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    calibration = calibration_for(shipped(), 2)
    fit_data = predictions(generate(args.fit_seed, args.fit_games, args.cache, args.jobs))
    term = fit(fit_data, calibration, SKILL_TERM)
    print(f"fitted {term} on {len(fit_data.raw):,} turn starts of seed {args.fit_seed}; "
          f"log loss {log_loss(fit_data, calibration, term):.4f}, "
          f"blind {log_loss(fit_data, calibration, blind(term)):.4f}")
    check = predictions(generate(args.check_seed, args.check_games, args.cache, args.jobs))
    print(f"held out: seed {args.check_seed}, {len(check.raw):,} turn starts")
    found = tenths(check, shown(check, calibration, term))
    for line in report(found):
        print(line)
    for name, read in (("fitted", term), ("blind", blind(term))):
        print(f"{name}: {summary(tenths(check, shown(check, calibration, read)))}; "
              f"log loss {log_loss(check, calibration, read):.4f}")


if __name__ == "__main__":
    main()
