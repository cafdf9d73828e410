"""One pairing's sharpness refitted on more seeds, and checked on fresh games of it alone.

    python -m cantstop_tui.arena.skill_fresh --pairing strong,strong \\
        --fit-seeds 2 3 4 5 6 7 8 9 10 11 12 13 14 --fit-cache /tmp/chance_games_5 \\
        --fresh-seeds 21 22 --fresh-cache /tmp/chance_games_mirror --against 0.906

fits the pairing's own terms by the shipped fitting code and penalty (``skill_pairs.fit_pairs``
with ``SHIPPED``, the shipped ``SKILL_TERM`` and every other pairing's shipped numbers held),
on the fit seeds' games of the pairing (the cache's whole chunks of each; printed beside, the
same fit on ``skill_fit.FIT_SEEDS`` alone, which should return what ships); then reads the
fresh games (played by ``skill_games --pairings``, never fitted on) with the shipped
sharpness (or ``--against``'s) and with the refit: Spiegelhalter's z and Hosmer-Lemeshow's
test (``skill_tests``), each tenth's tests, the expected calibration error, the log loss
(and the refit's gain, with its error over games); and each seed's z. With
``--mirror-seeds``: every mirror's z on those seeds' games of the fit cache, seed by seed
(whether an error is one mirror's or every mirror's).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..ai.skill_term import PAIR_SHARPNESS, PAIR_SHIFTS, PAIR_STARTS, SKILL_TERM
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibration_for
from .skill_check import (
    Predictions,
    games_per_pairing,
    log_loss,
    pairings,
    predictions,
    shown,
    tenths,
)
from .skill_fit import FIT_SEEDS
from .skill_games import PAIRINGS, Pairings, cached, generate, parse_pairings
from .skill_pairs import SHIPPED, fit_pairs, only
from .skill_tests import cell_tests, pairing_tests, spiegelhalter

Sharpness = dict[tuple[str, str], float]


def read(cache: Path, seeds: Sequence[int], pairs: Pairings = PAIRINGS) -> Predictions:
    """Every whole game ``cache`` holds of ``seeds`` between ``pairs`` (none played)."""
    return predictions([game for seed in seeds
                        for game in generate(seed, cached(cache, seed, pairs), cache, 1, pairs)])


def refit(data: Predictions, pairing: tuple[str, str], calibration: Calibration) -> float:
    """``pairing``'s sharpness by the shipped fit (``fit_pairs``, ``SHIPPED``) on its games."""
    return fit_pairs(only(data, [pairing]), calibration, SKILL_TERM, SHIPPED).sharpness[
        PAIRINGS.index(pairing)]


def check(data: Predictions, pairing: tuple[str, str], sharpness: float,
          calibration: Calibration) -> str:
    """One line: ``pairing``'s games in ``data`` read with this sharpness (see the docstring)."""
    sharp: Sharpness = {**PAIR_SHARPNESS, pairing: sharpness}
    chances = shown(data, calibration, SKILL_TERM, PAIR_SHIFTS, sharp, PAIR_STARTS)
    (test,) = [t for t in pairing_tests(data, chances) if t.pairing == pairing]
    cells = cell_tests([row for row in tenths(data, chances) if row.pairing == pairing])
    worst = min(cells, key=lambda c: c.beyond)
    (ece,) = [p for p in pairings([c.row for c in cells], games_per_pairing(data))
              if p.pairing == pairing]
    loss = log_loss(only(data, [pairing]), calibration, SKILL_TERM, PAIR_SHIFTS, sharp,
                    PAIR_STARTS)
    return (f"sharpness {sharpness}: z {test.z:+.2f} (p {test.p_z:.3g}), HL chi2 "
            f"{test.statistic:.1f} df {test.df} p {test.p:.3g}; cells off "
            f"{sum(c.off for c in cells)}, shown within {sum(c.shown_within for c in cells)}"
            f" of {len(cells)}, worst {worst.row.tenth / 10:.1f}+ gap "
            f"{worst.row.gap * 100:+.1f} ± {worst.row.error * 100:.1f} (p {worst.beyond:.3g},"
            f" Holm {worst.beyond_holm:.3g}); ECE {ece.ece * 100:.1f} (noise alone "
            f"{ece.floor * 100:.1f}); log loss {loss:.5f}")


def seed_z(data: Predictions, pairing: tuple[str, str], sharpness: float,
           calibration: Calibration, seeds: np.ndarray) -> dict[int, float]:
    """``pairing``'s Spiegelhalter z (seat 0's chances) on each seed's games in ``data``
    (``seeds``: each row's seed)."""
    sharp: Sharpness = {**PAIR_SHARPNESS, pairing: sharpness}
    chances = shown(data, calibration, SKILL_TERM, PAIR_SHIFTS, sharp, PAIR_STARTS)[:, 0]
    mine = data.pairing == PAIRINGS.index(pairing)
    return {int(seed): spiegelhalter(chances[rows], data.won[rows, 0], data.game[rows])
            for seed in np.unique(seeds) if (rows := mine & (seeds == seed)).any()}


def loss_gain(data: Predictions, pairing: tuple[str, str], before: float, after: float,
              calibration: Calibration) -> tuple[float, float]:
    """``pairing``'s log loss per turn start with sharpness ``after`` less with ``before``,
    and its standard error over the games (a game's turn starts taken together)."""
    mine = only(data, [pairing])

    def per_game(value: float) -> np.ndarray:
        sharp: Sharpness = {**PAIR_SHARPNESS, pairing: value}
        chance = shown(mine, calibration, SKILL_TERM, PAIR_SHIFTS, sharp, PAIR_STARTS)[:, 0]
        lost = -np.log(np.clip(np.where(mine.won[:, 0], chance, 1.0 - chance), 1e-9, 1.0))
        _, game = np.unique(mine.game, return_inverse=True)
        return np.bincount(game, weights=lost)

    diff = per_game(after) - per_game(before)
    n = len(mine.raw)
    return float(diff.sum()) / n, float(diff.std() * np.sqrt(len(diff))) / n


def _zs(found: dict[int, float]) -> str:
    return ", ".join(f"{seed} {z:+.2f}" for seed, z in found.items())


def _seeds_of(cache: Path, seeds: Sequence[int], pairs: Pairings = PAIRINGS) -> np.ndarray:
    """Each turn start's seed, in ``read``'s order."""
    return np.concatenate([np.full(len(read(cache, [s], pairs).raw), s) for s in seeds])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cantstop_tui.arena.skill_fresh")
    parser.add_argument("--pairing", type=parse_pairings, default=(("strong", "strong"),))
    parser.add_argument("--fit-seeds", type=int, nargs="+", default=list(range(2, 15)))
    parser.add_argument("--fit-cache", type=Path, default=Path("/tmp/chance_games_5"))
    parser.add_argument("--fresh-seeds", type=int, nargs="+", default=[21, 22])
    parser.add_argument("--fresh-cache", type=Path, default=Path("/tmp/chance_games_mirror"))
    parser.add_argument("--mirror-seeds", type=int, nargs="*", default=[])
    parser.add_argument("--against", type=float, default=None,
                        help="the sharpness the refit is checked against (default: the shipped)")
    args = parser.parse_args(argv)
    (pairing,) = args.pairing
    against = PAIR_SHARPNESS[pairing] if args.against is None else args.against
    calibration = calibration_for(shipped(), 2)
    fit_data = read(args.fit_cache, args.fit_seeds)
    found = refit(fit_data, pairing, calibration)
    before = refit(read(args.fit_cache, FIT_SEEDS), pairing, calibration)
    fit_games = len(np.unique(only(fit_data, [pairing]).game))
    print(f"{pairing}: refit {found} on {fit_games} games of seeds {args.fit_seeds}; "
          f"on seeds {list(FIT_SEEDS)} alone {before}; ships {PAIR_SHARPNESS[pairing]}, "
          f"checked against {against}")
    fresh = read(args.fresh_cache, args.fresh_seeds, args.pairing)
    print(f"fresh: {len(np.unique(fresh.game))} games of seeds {args.fresh_seeds}, "
          f"{len(fresh.raw):,} turn starts")
    seeds = _seeds_of(args.fresh_cache, args.fresh_seeds, args.pairing)
    for value in (against, found):
        print("  " + check(fresh, pairing, value, calibration))
        print("    z by seed: " + _zs(seed_z(fresh, pairing, value, calibration, seeds)))
    gained, error = loss_gain(fresh, pairing, against, found, calibration)
    print(f"  log loss, refit less {against}: {gained:+.5f} ± {error:.5f} a turn start")
    if args.mirror_seeds:
        held = read(args.fit_cache, args.mirror_seeds)
        seeds = _seeds_of(args.fit_cache, args.mirror_seeds)
        for mirror in (p for p in PAIRINGS if p[0] == p[1]):
            sharp = PAIR_SHARPNESS[mirror]
            (whole,) = seed_z(held, mirror, sharp, calibration, np.zeros_like(seeds)).values()
            print(f"{mirror[0]} v {mirror[1]} ({sharp}): z {whole:+.2f}; by seed "
                  + _zs(seed_z(held, mirror, sharp, calibration, seeds)))


if __name__ == "__main__":
    main()
