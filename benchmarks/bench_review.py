"""Game reviews: the time to review whole games (target: a 2-player game under 5 s),
against replaying the same games through the engine (the baseline, same run).

    python -m benchmarks review      (also run by make bench)
"""

from __future__ import annotations

import os
import statistics
import time

from benchmarks import Row
from cantstop_tui.ai import make_bot
from cantstop_tui.arena.play import game_seed
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.bot_step import play_step
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.review import review_game

GAMES = int(os.environ.get("BENCH_REVIEW_GAMES", "10"))


def played(kinds: list[str], seed: int) -> Match:
    """A finished game whose seats are people (so every decision is reviewed), their steps
    chosen by the levels ``kinds``."""
    bots = [make_bot(kind, seed) for kind in kinds]
    seats = tuple(Seat(f"P{i}") for i in range(len(kinds)))
    match = Match.start(seats, GameConfig(num_players=len(kinds)), seed)
    while not match.state.is_over:
        match, _ = play_step(bots[match.state.current_player], match)
    return match


def _times(matches: list[Match]) -> tuple[list[float], list[float]]:
    reviews, replays = [], []
    for match in matches:
        start = time.perf_counter()
        review_game(match)
        reviews.append(time.perf_counter() - start)
        start = time.perf_counter()
        for _ in match.positions():
            pass
        replays.append(time.perf_counter() - start)
    return reviews, replays


def run() -> list[Row]:
    review_game(played(["rule28", "easy"], 1))  # numpy and the weights load once
    rows: list[Row] = []
    for kinds in (["rule28", "easy"], ["expert", "rule28", "easy", "rule28"]):
        matches = [played(kinds, game_seed(7, i)) for i in range(GAMES)]
        reviews, replays = _times(matches)
        steps = statistics.median(len(m.history) for m in matches)
        label = f"review of a {len(kinds)}-player game"
        ratio = statistics.median(reviews) / statistics.median(replays)
        rows += [
            (f"{label} median", f"{statistics.median(reviews):.2f} s",
             f"{GAMES} games of {steps:.0f} steps (median); target < 5 s (2 players)"),
            (f"{label} max", f"{max(reviews):.2f} s", ""),
            ("replay of the same games median (baseline)",
             f"{statistics.median(replays) * 1000:.1f} ms", f"review/replay = {ratio:.0f}x"),
        ]
    return rows
