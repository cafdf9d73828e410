"""Fit and check the win chance's skill term on games between every pairing of the levels.

    python -m cantstop_tui.arena.skill_fit --fit-seed 1 --fit-games 300 \\
        --check-seed 2 --check-games 1260 --cache /tmp/chance_games --jobs 2

plays (or reads from the cache) the games of ``arena.skill_games``, fits the skill term's
two numbers on the first seed's games by least log loss, and prints, for the second seed's
(held out), each pairing's predictions grouped in tenths: mean predicted, how often won,
the count and a standard error clustered by game (a game's predictions are correlated).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np

from ..ai.skill_term import SKILL_TERM, SkillTerm, skill_shifts
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibrate, calibration_for
from ..play.ratings import ANCHORS
from .calibration import golden
from .skill_games import PAIRINGS, SkillGame, generate

FIT_SEED: Final = 1
FIT_GAMES: Final = 300
CHECK_SEED: Final = 2
CHECK_GAMES: Final = 1260
"""The games the shipped term was fitted and checked on (docs/ai.md's table: the check's)."""


@dataclass(frozen=True)
class Predictions:
    """Every turn start of a set of games, a row each, both seats (columns 0 and 1)."""

    raw: np.ndarray
    skills: np.ndarray
    turns_left: np.ndarray
    won: np.ndarray
    game: np.ndarray
    """The row's game (its index in the set), for clustered standard errors."""
    pairing: np.ndarray
    """The row's pairing (index into ``PAIRINGS``)."""


def predictions(games: Sequence[SkillGame]) -> Predictions:
    raw, skills, turns, won, game, pairing = [], [], [], [], [], []
    for g, played in enumerate(games):
        if played.winner is None:
            continue
        levels = tuple(played.levels)
        mus = [ANCHORS[level].mu for level in levels]
        weaker, stronger = sorted(levels, key=_rank)
        which = PAIRINGS.index((weaker, stronger))
        for start in played.starts:
            raw.append(start.chances)
            skills.append(mus)
            turns.append(start.turns_left)
            won.append((played.winner == 0, played.winner == 1))
            game.append(g)
            pairing.append(which)
    return Predictions(np.array(raw), np.array(skills), np.array(turns), np.array(won),
                       np.array(game), np.array(pairing))


def _rank(level: str) -> int:
    return list(ANCHORS).index(level)


def shown(data: Predictions, calibration: Calibration, term: SkillTerm) -> np.ndarray:
    """The chances the players would be shown, (rows, 2)."""
    return calibrate(data.raw, calibration, skill_shifts(data.skills, data.turns_left, term))


def log_loss(data: Predictions, calibration: Calibration, term: SkillTerm) -> float:
    chances = shown(data, calibration, term)[:, 0]
    won = data.won[:, 0]
    picked = np.where(won, chances, 1 - chances)
    return float(-np.log(np.clip(picked, 1e-9, 1.0)).mean())


ROUNDS: Final = 30
"""At most this many rounds of the two searches (they stop once neither number moves)."""


def fit(data: Predictions, calibration: Calibration, start: SkillTerm) -> SkillTerm:
    """The per-point weight and the power of turns left with the least log loss
    (alternating golden-section searches)."""
    term = start
    for _ in range(ROUNDS):
        before = term

        def by_weight(x: float, power: float = term.power) -> float:
            return log_loss(data, calibration, SkillTerm(x, power, start.start_turns))

        term = _with(term, per_point=golden(by_weight, 0.0, 0.5))

        def by_power(x: float, k: float = term.per_point) -> float:
            return log_loss(data, calibration, SkillTerm(k, x, start.start_turns))

        term = _with(term, power=golden(by_power, 0.0, 2.0))
        if abs(term.per_point - before.per_point) < 1e-5 and abs(term.power - before.power) < 1e-4:
            break
    return SkillTerm(round(term.per_point, 4), round(term.power, 3), term.start_turns)


def _with(term: SkillTerm, per_point: float | None = None,
          power: float | None = None) -> SkillTerm:
    return SkillTerm(term.per_point if per_point is None else per_point,
                     term.power if power is None else power, term.start_turns)


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
          f"blind {log_loss(fit_data, calibration, _with(term, per_point=0.0)):.4f}")
    check = predictions(generate(args.check_seed, args.check_games, args.cache, args.jobs))
    print(f"held out: seed {args.check_seed}, {len(check.raw):,} turn starts")
    for line in report(tenths(check, shown(check, calibration, term))):
        print(line)


if __name__ == "__main__":
    main()
