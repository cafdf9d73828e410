"""Calibration of the win-chance model over self-play games between the levels.

At every turn start of ``BENCH_CALIBRATION_GAMES`` games (default 5,000; the
lineups of ``arena/calibration.py``: 2 to 4 players, expert, expert-classic,
rule28 and easy) each player's predicted chance is grouped in tenths against how
often those players won; the issue asks for every tenth within 3 points. The
Brier score is read against the baseline of predicting every player's fair share.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from benchmarks import Row
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.arena.calibration import (
    Prediction,
    brier,
    calibrated,
    game_predictions,
    tenths,
)

SEED = 2026
CHUNK = 50


def _chunk(first: int, count: int) -> list[Prediction]:
    model = shipped()
    return [p for i in range(first, first + count) for p in game_predictions(SEED, i, model)]


def run() -> list[Row]:
    games = int(os.environ.get("BENCH_CALIBRATION_GAMES", "5000"))
    chunks = [(a, min(CHUNK, games - a)) for a in range(0, games, CHUNK)]
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        parts = pool.map(_chunk, *zip(*chunks, strict=True))
        predictions = [p for part in parts for p in part]
    model = shipped()
    fitted = model.meta.get("calibration", {})
    chances = calibrated(predictions, fitted if isinstance(fitted, dict) else {})
    won = [p.won for p in predictions]
    fair = [1 / p.players for p in predictions]
    rows: list[Row] = []
    worst = 0.0
    for span, count, predicted, happened in tenths(chances, won):
        gap = abs(predicted - happened) * 100
        worst = max(worst, gap)
        rows.append((f"calibration {span}", f"{happened * 100:.1f}% won",
                     f"predicted {predicted * 100:.1f}% over {count:,} (gap {gap:.1f} points)"))
    rows += [
        ("calibration worst gap", f"{worst:.1f} points",
         f"{games:,} games, {len(chances):,} predictions; target <= 3"),
        ("calibration Brier score", f"{brier(chances, won):.4f}",
         f"fair shares: {brier(fair, won):.4f} (baseline, same games)"),
    ]
    return rows
