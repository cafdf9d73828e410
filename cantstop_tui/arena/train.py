"""``make train``: the turns-left model, from self-play, reproducible from a seed.

    python -m cantstop_tui.arena.train --seed 1             # the shipped model (< 1 hour)
    python -m cantstop_tui.arena.train --seed 1 --quick     # the loop end to end in seconds

Fitted policy iteration: views are taken from games between the levels; generation 0
plays them out alone with ``expert-classic`` and fits the network to the turns each
still took (Monte Carlo returns). Each further generation (``Budget.starts``) plays fresh
views out with ``expert`` planning against the previous one, and fits again; the shipped
budget has one generation (the second did not fit in this machine's hour), the quick
test runs two. Finally games between the levels fit the calibration. The result,
with how it was made, goes in the package.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from ..ai.turns_model import WEIGHTS_FILE, TurnsModel
from .calibration import Prediction, fit_calibration, game_predictions
from .train_data import Samples, View, game_views, rollouts
from .train_fit import fit

DATA_VERSION = 1
"""Bumped whenever the samples change meaning (features, targets, views)."""
SHIPPED = Path(__file__).resolve().parent.parent / "ai" / "data" / WEIGHTS_FILE
T = TypeVar("T")


@dataclass(frozen=True)
class Budget:
    view_games: int
    starts: tuple[int, ...]
    """Views played out alone, per generation."""
    epochs: int
    calibration_games: int


FULL = Budget(view_games=3000, starts=(40_000,), epochs=40, calibration_games=2000)
QUICK = Budget(view_games=6, starts=(12, 8), epochs=2, calibration_games=2)
"""Two generations, so the quick test checks planning against a model too."""
CHUNK = 50


def _parallel(work: Callable[..., T], tasks: Sequence[tuple[object, ...]], jobs: int) -> list[T]:
    if jobs <= 1 or len(tasks) <= 1:
        return [work(*task) for task in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(work, *zip(*tasks, strict=True)))


def _views(seed: int, first: int, count: int) -> list[View]:
    return [v for index in range(first, first + count) for v in game_views(seed, index)]


def _predictions(seed: int, first: int, count: int, model_path: str) -> list[Prediction]:
    model = TurnsModel.load(Path(model_path))
    return [p for i in range(first, first + count) for p in game_predictions(seed, i, model)]


def _chunks(total: int) -> list[tuple[int, int]]:
    return [(first, min(CHUNK, total - first)) for first in range(0, total, CHUNK)]


def train(
    seed: int,
    budget: Budget,
    out: Path,
    jobs: int,
    command: str,
    *,
    start_from: Path | None = None,
    keep_samples: Path | None = None,
) -> TurnsModel:
    """Views, then each generation's play-outs and fit, then the calibration. With
    ``start_from``, that model is generation 0 and ``budget.starts`` the later ones; with
    ``keep_samples``, each generation's samples are saved there (refits need no play-outs)."""
    started = time.monotonic()

    def say(text: str) -> None:
        print(f"[{time.monotonic() - started:6.0f} s] {text}", flush=True)

    views = [v for part in _parallel(
        _views, [(seed, a, n) for a, n in _chunks(budget.view_games)], jobs) for v in part]
    say(f"{len(views)} views from {budget.view_games} games between the levels")
    rng = random.Random(seed)
    model_path: str | None = str(start_from) if start_from is not None else None
    model: TurnsModel | None = TurnsModel.load(start_from) if start_from is not None else None
    for generation, count in enumerate(budget.starts, start=1 if start_from else 0):
        starts = rng.sample(views, min(count, len(views)))
        spec = "expert-classic" if model_path is None else "expert"
        tasks = [(starts[a:a + n], spec, model_path, seed * 1000 + generation * 100_000 + a)
                 for a, n in _chunks(len(starts))]
        samples = Samples.join(_parallel(rollouts, tasks, jobs))
        say(f"generation {generation}: {len(samples)} turn starts played out by {spec}")
        if keep_samples is not None:
            keep_samples.mkdir(parents=True, exist_ok=True)
            samples.save(keep_samples / f"samples-{seed}-{generation}.npz")
        meta = {"generation": generation, "policy": spec}
        model = fit(samples, seed + generation, epochs=budget.epochs, meta=meta)
        say(f"generation {generation}: held-out log loss {model.meta['held_out_log_loss']}")
        out.parent.mkdir(parents=True, exist_ok=True)
        model.save(out)
        model_path = str(out)
    assert model is not None
    return finish(model, seed, budget, out, jobs, command, say)


def finish(model: TurnsModel, seed: int, budget: Budget, out: Path, jobs: int, command: str,
           say: Callable[[str], None] = print) -> TurnsModel:
    """Fit the calibration on games between the levels and save with the recipe."""
    model.save(out)
    predictions = [p for part in _parallel(
        _predictions, [(seed, a, n, str(out)) for a, n in _chunks(budget.calibration_games)],
        jobs) for p in part]
    fitted = fit_calibration(predictions)
    say(f"calibration (slope, shift) {fitted} from {budget.calibration_games} games")
    meta = dict(model.meta)
    meta.update(calibration=fitted, seed=seed, data_version=DATA_VERSION, command=command,
                view_games=budget.view_games, starts=list(budget.starts),
                calibration_games=budget.calibration_games)
    final = TurnsModel(model.layers, model.mean, model.scale, meta)
    final.save(out)
    say(f"saved {out} ({out.stat().st_size:,} bytes)")
    return final


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cantstop_tui.arena.train",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a tiny budget: checks the loop")
    parser.add_argument("--out", type=Path, default=SHIPPED)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--start-from", type=Path, metavar="MODEL",
                        help="this model is generation 0: train the next ones from it")
    parser.add_argument("--starts", type=int, nargs="+", metavar="N",
                        help="views played out per generation (default: the budget's)")
    parser.add_argument("--keep-samples", type=Path, metavar="DIR",
                        help="save each generation's samples there")
    parser.add_argument("--calibrate-only", action="store_true",
                        help="only fit the calibration of the model at --out again")
    args = parser.parse_args(argv)
    budget = QUICK if args.quick else FULL
    if args.starts:
        budget = replace(budget, starts=tuple(args.starts))
    command = " ".join(
        ["python -m cantstop_tui.arena.train", *(argv if argv is not None else sys.argv[1:])]
    )
    if args.calibrate_only:
        old = TurnsModel.load(args.out)
        finish(old, args.seed, budget, args.out, args.jobs, f"{old.meta.get('command')}; {command}")
        return 0
    train(args.seed, budget, args.out, args.jobs, command,
          start_from=args.start_from, keep_samples=args.keep_samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
