"""Calibration of the win chance between every pairing of the levels, knowing who plays:
what the held-out games prove (issue 32; a table, not a timing).

The games are every whole game the cache ``BENCH_SKILL_CACHE`` (default /tmp/chance_games)
holds of the held-out seeds, from ``HELD_OUT_FROM`` (11) up: nothing was fitted or chosen on
them (the skill term on ``skill_fit.FIT_SEEDS``, 2 to 10; its form on seeds 1 and 2), but
for strong's mirror, whose sharpness was refitted on seeds 2 to 14 and checked on fresh games
of it alone (``arena.skill_fresh``): its rows of seeds 11 to 14 are not held out. When
the cache holds none, ``BENCH_SKILL_GAMES`` games (default ``skill_fit.CHECK_GAMES``) of
``skill_fit.CHECK_SEEDS`` are played into it first (``arena/skill_games.py``).

Each pairing's predictions, both seats, grouped in tenths: mean predicted against how often
won, the gap with its standard error counting games (``skill_check.Tenth``); "verdict" is
``skill_check.verdict`` (ok within 3 points, noise within 3 plus two errors, else OFF);
"p off" is the p-value of "this tenth is within 3 points" after Holm's correction over the
150 cells, "p within" that of "this tenth is 3 points or more off" (``arena.skill_tests``);
"test" says OFF where "p off" <= 5%, within where "p within" <= 5%, else open. Then per
pairing Hosmer-Lemeshow's test over ten groups of one seat's chances, clustered by game,
Holm's correction over the 15 pairings, Spiegelhalter's z, and the games of the pairing
that would show its every tenth within 3 points (``skill_tests.games_to_show_within``); then
the totals, and the same
games read blind to skill (the calibration alone), the baseline; each with the cells' tests
redone with the error the chances imply were they right (``skill_tests.martingale_errors``)
in place of the most it can be.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Final

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
    Predictions,
    Tenth,
    games_per_pairing,
    pairings,
    predictions,
    shown,
    tenths,
    verdict,
)
from cantstop_tui.arena.skill_fit import CHECK_GAMES, CHECK_SEEDS, FIT_SEEDS, blind, played
from cantstop_tui.arena.skill_games import cached, generate
from cantstop_tui.arena.skill_tests import (
    ALPHA,
    cell_tests,
    games_to_show_within,
    martingale_errors,
    pairing_tests,
)

HEADER: Row = ("pairing", "tenth", "predictions", "games", "predicted", "won", "gap ± error",
               "verdict", "p off (Holm)", "p within", "test")
HELD_OUT_FROM: Final = max(FIT_SEEDS) + 1
"""The first held-out seed; every seed from it up that the cache holds is read."""
LAST_SEED: Final = 99


def held_out(cache: Path) -> tuple[Predictions, dict[int, int]]:
    """Every whole game of the held-out seeds in ``cache`` (playing ``CHECK_SEEDS``'
    ``BENCH_SKILL_GAMES`` first when it holds none), and the games read of each seed."""
    counts = {s: n for s in range(HELD_OUT_FROM, LAST_SEED + 1) if (n := cached(cache, s))}
    if not counts:
        games = int(os.environ.get("BENCH_SKILL_GAMES", str(CHECK_GAMES)))
        return played(CHECK_SEEDS, games, cache, os.cpu_count() or 1), dict.fromkeys(
            CHECK_SEEDS, games)
    return predictions([g for s, n in counts.items() for g in generate(s, n, cache)]), counts


def _pairing(names: tuple[str, str]) -> str:
    return f"{names[0]} v {names[1]}"


def _tenth(tenth: int) -> str:
    return f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}"


def _test(off: bool, within: bool) -> str:
    return "OFF" if off else "within" if within else "open"


def run() -> list[Row]:
    cache = Path(os.environ.get("BENCH_SKILL_CACHE", "/tmp/chance_games"))
    data, counts = held_out(cache)
    calibration = calibration_for(shipped(), 2)
    rows: list[Row] = []
    for name, term, shifts, sharp, starts in (
        ("knowing who plays", SKILL_TERM, PAIR_SHIFTS, PAIR_SHARPNESS, PAIR_STARTS),
        ("blind to skill", blind(), NO_SHIFTS, NO_SHARPNESS, NO_STARTS),
    ):
        chances = shown(data, calibration, term, shifts, sharp, starts)
        cells = cell_tests(tenths(data, chances))
        whole = pairing_tests(data, chances)
        tight = cell_tests(martingale_errors(data, chances, [c.row for c in cells]))
        if term is SKILL_TERM:
            rows += [(_pairing(c.row.pairing), _tenth(c.row.tenth), f"{c.row.count:,}",
                      str(c.row.games), f"{c.row.predicted * 100:.1f}%", f"{c.row.won * 100:.1f}%",
                      f"{c.row.gap * 100:+.1f} ± {c.row.error * 100:.1f}", verdict(c.row),
                      f"{c.beyond_holm:.3g}", f"{c.within:.3g}", _test(c.off, c.shown_within))
                     for c in cells]
            mine: dict[tuple[str, str], list[Tenth]] = {}
            for c in cells:
                mine.setdefault(c.row.pairing, []).append(c.row)
            eces = {p.pairing: p for p in pairings([c.row for c in cells],
                                                   games_per_pairing(data))}
            rows += [(_pairing(t.pairing), "HL", f"chi2 {t.statistic:.1f}", str(t.games),
                      f"df {t.df}", f"z {t.z:+.2f}", f"ECE {eces[t.pairing].ece * 100:.1f}",
                      f"p {t.p:.3g}", f"{t.p_holm:.3g}",
                      f"{games_to_show_within(mine[t.pairing], t.games):,} games",
                      "REJECTED" if t.rejected else "calibrated")
                     for t in whole]
        worst_cell = min(cells, key=lambda c: c.beyond)
        worst = min(whole, key=lambda t: t.p)
        rows.append((
            f"{name}: cells OFF / within / open", f"{sum(c.off for c in cells)} / "
            f"{sum(c.shown_within for c in cells)} / "
            f"{sum(not c.off and not c.shown_within for c in cells)} of {len(cells)}",
            f"worst {_pairing(worst_cell.row.pairing)} {_tenth(worst_cell.row.tenth)}",
            f"gap {worst_cell.row.gap * 100:+.1f} ± {worst_cell.row.error * 100:.1f}",
            f"p {worst_cell.beyond:.3g}, Holm {worst_cell.beyond_holm:.3g}; "
            f"{sum(c.beyond <= ALPHA for c in cells)} cells p <= {ALPHA:.0%} uncorrected",
            f"pairings rejected {sum(t.rejected for t in whole)} of {len(whole)}",
            f"worst {_pairing(worst.pairing)} chi2 {worst.statistic:.1f}",
            f"p {worst.p:.3g}", f"Holm {worst.p_holm:.3g}", f"level {ALPHA:.0%}",
            f"with the martingale errors: {sum(c.off for c in tight)} OFF / "
            f"{sum(c.shown_within for c in tight)} within"))
    rows.append((f"{len(data.raw):,} turn starts",
                 f"{sum(counts.values()):,} held-out games",
                 "seeds " + ", ".join(f"{s} ({n:,})" for s, n in counts.items()),
                 f"fitted on seeds {min(FIT_SEEDS)}-{max(FIT_SEEDS)}", str(cache),
                 "", "", "", "", "", str(SKILL_TERM)))
    return rows
