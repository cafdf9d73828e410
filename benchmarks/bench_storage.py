"""Saving: autosave time per transition, loading (replay) time, file size per game.

Baseline in the same run: a plain ``write_bytes`` of the same record (no temp
file, no fsync), so the cost of the atomic, durable write reads as a ratio.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import Row, median_seconds
from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.storage import Autosaver, match_from_record, record_to_json

GAMES = 5


class _FirstMove:
    def choose_move(self, state, moves):  # type: ignore[no-untyped-def]
        return moves[0]

    def keep_rolling(self, state):  # type: ignore[no-untyped-def]
        return sum(1 for h in state.runners if h) < 3


def _game(seed: int, players: int) -> Match:
    seats = tuple(Seat(f"P{i}", "easy") for i in range(players))
    match = Match.start(seats, GameConfig(players), seed)
    while not match.state.is_over:
        state = match.state
        if state.phase is Phase.CHOOSE:
            match, _ = match.choose(legal_moves(state)[0])
        elif can_stop(state) and sum(1 for h in state.runners if h) == 3:
            match, _ = match.stop()
        else:
            match, _ = match.roll()
    return match


def _autosave_ms(folder: Path) -> list[float]:
    times = []
    for seed in range(GAMES):
        match = Match.start((Seat("A", "easy"), Seat("B", "easy")), GameConfig(), seed)
        table = Table(match, bots={0: _FirstMove(), 1: _FirstMove()}, bot_delay=0)
        saver = Autosaver(folder / "autosave", records=folder / "records.json")
        saver.attach(table)
        while table.bot_to_move:
            start = time.perf_counter()
            table.step_bot()
            times.append((time.perf_counter() - start) * 1000)
        saver.close()
    return times


def run() -> list[Row]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        step_ms = _autosave_ms(folder)
        games2 = [_game(seed, 2) for seed in range(GAMES)]
        games4 = [_game(seed, 4) for seed in range(GAMES)]
        texts = [record_to_json(g) for g in games2]
        plain = folder / "plain.json"
        plain_ms = median_seconds(lambda: [plain.write_bytes(t.encode()) for t in texts]) * 1000
        load_ms = median_seconds(
            lambda: [match_from_record(json.loads(t)) for t in texts], repeats=5
        ) * 1000
    steps2 = statistics.median(len(g.history) for g in games2)
    size2 = statistics.median(len(record_to_json(g)) for g in games2)
    size4 = statistics.median(len(record_to_json(g)) for g in games4)
    steps4 = statistics.median(len(g.history) for g in games4)
    per_plain = plain_ms / len(texts)
    autosave = statistics.median(step_ms)
    return [
        ("baseline: plain write_bytes of a record", f"{per_plain:.3f} ms",
         "no temp file, no fsync"),
        ("autosave per transition", f"{autosave:.2f} ms",
         f"median over {len(step_ms)} transitions (temp file, fsync, rename, fsync dir); "
         f"{autosave / per_plain:.0f}x baseline; p95 "
         f"{statistics.quantiles(step_ms, n=20)[-1]:.2f} ms"),
        ("load + replay a finished 2-player game", f"{load_ms / len(texts):.2f} ms",
         f"median game of {steps2:.0f} steps"),
        ("record size, finished 2-player game", f"{size2 / 1024:.1f} KiB",
         f"{steps2:.0f} steps"),
        ("record size, finished 4-player game", f"{size4 / 1024:.1f} KiB",
         f"{steps4:.0f} steps"),
    ]
