"""Calibration of the win chance between every pairing of the levels, knowing who plays.

``BENCH_SKILL_GAMES`` two-player games (default ``skill_fit.CHECK_GAMES``, the games of
docs/ai.md's table; the issue asks for 300 per pairing, 4,500) of ``skill_fit.CHECK_SEEDS``,
held out from the games the skill term was fitted on (``skill_fit.FIT_SEEDS``; the games of
``arena/skill_games.py``), cached in ``BENCH_SKILL_CACHE`` (default /tmp/chance_games) so a
second run replays nothing. Each pairing's predictions, both seats, grouped in tenths: mean
predicted against how often won, with the standard error the gap would have were the
chances right, counting games (a game's turn starts share its one outcome). The issue asks
every tenth of every pairing within 3 points; the verdict says "ok" within 3, "noise" when
the gap is within 3 points plus two standard errors, else "OFF". Then each pairing's
expected calibration error against what noise alone would give, and the games a pairing
would need for a right tenth to show within 3 points. The last rows read the same games
blind to skill (the calibration alone), the baseline.
"""
from __future__ import annotations

import os
from pathlib import Path

from benchmarks import Row
from cantstop_tui.ai.skill_term import (
    NO_SHARPNESS,
    NO_SHIFTS,
    NO_STARTS,
    PAIR_SHARPNESS,
    PAIR_SHIFTS,
    PAIR_STARTS,
    SKILL_TERM,
)
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import calibration_for
from cantstop_tui.arena.skill_check import (
    games_per_pairing,
    log_loss,
    pairing_summary,
    pairings,
    shown,
    tenths,
    verdict,
)
from cantstop_tui.arena.skill_fit import CHECK_GAMES, CHECK_SEEDS, FIT_SEEDS, blind, played

HEADER: Row = ("pairing", "tenth", "predictions", "games", "predicted", "won", "gap", "verdict")


def _seeds(seeds: tuple[int, ...]) -> str:
    return ", ".join(map(str, seeds))


def run() -> list[Row]:
    games = int(os.environ.get("BENCH_SKILL_GAMES", str(CHECK_GAMES)))
    cache = Path(os.environ.get("BENCH_SKILL_CACHE", "/tmp/chance_games"))
    data = played(CHECK_SEEDS, games, cache, os.cpu_count() or 1)
    calibration = calibration_for(shipped(), 2)
    rows: list[Row] = []
    summaries = []
    for name, term, shifts, sharp, starts in (
        ("knowing who plays", SKILL_TERM, PAIR_SHIFTS, PAIR_SHARPNESS, PAIR_STARTS),
        ("blind to skill", blind(), NO_SHIFTS, NO_SHARPNESS, NO_STARTS),
    ):
        found = tenths(data, shown(data, calibration, term, shifts, sharp, starts))
        said = [verdict(row) for row in found]
        summaries.append((
            f"{name}: tenths ok / noise / OFF",
            f"{said.count('ok')} / {said.count('noise')} / {said.count('OFF')}",
            f"worst gap {max(abs(r.gap) for r in found) * 100:.1f} points, mean "
            f"{sum(abs(r.gap) for r in found) / len(found) * 100:.1f}; "
            f"{pairing_summary(pairings(found, games_per_pairing(data)))}; "
            f"log loss {log_loss(data, calibration, term, shifts, sharp, starts):.4f}",
        ))
        if term is SKILL_TERM:
            rows += [(f"{r.pairing[0]} v {r.pairing[1]}",
                      f"{r.tenth / 10:.1f}-{(r.tenth + 1) / 10:.1f}", f"{r.count:,}",
                      str(r.games), f"{r.predicted * 100:.1f}%", f"{r.won * 100:.1f}%",
                      f"{r.gap * 100:+.1f} ± {r.error * 100:.1f}", v)
                     for r, v in zip(found, said, strict=True)]
            rows += [(f"{p.pairing[0]} v {p.pairing[1]}", "ECE", f"{p.predictions:,}",
                      str(p.games), f"noise alone {p.floor * 100:.1f}", "",
                      f"{p.ece * 100:.1f}", f"{p.games_needed:,} games for 3 points")
                     for p in pairings(found, games_per_pairing(data))]
    rows += [(label, value, note, "", "", "", "", "") for label, value, note in summaries]
    rows.append((f"{len(data.raw):,} turn starts", f"{games:,} games a seed",
                 f"seeds {_seeds(CHECK_SEEDS)} (fitted on seeds {_seeds(FIT_SEEDS)})",
                 "", "", "", "", str(SKILL_TERM)))
    return rows
