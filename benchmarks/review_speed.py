"""The time a person waits for a review: ``cantstop review FILE --text`` as a new process,
start-up and model loading included, in CPU time (user + system) so the figure holds on a
loaded machine. Targets (issue 31): a whole 2-player game under 1 s median, any game under
3 s. The baseline, in the same run, is ``cantstop --help``: start-up alone.

Fixed games, every seat a person so every decision is reviewed: ``rule28`` against
``easy`` (2 players) and ``expert``, ``rule28``, ``easy``, ``rule28`` (4 players), dice
seeds ``game_seed(7, i)``; ``BENCH_REVIEW_GAMES`` of each (default 5).

    python -m benchmarks review      (also run by make bench)
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from benchmarks import Row, children
from benchmarks.review_games import played
from cantstop_tui.arena.play import game_seed
from cantstop_tui.storage.record import write_game

GAMES = int(os.environ.get("BENCH_REVIEW_GAMES", "5"))
KINDS = (["rule28", "easy"], ["expert", "rule28", "easy", "rule28"])
TARGETS = {2: "target: median < 1 s, any < 3 s", 4: "target: any < 3 s"}


def cpu_seconds(args: list[str]) -> float:
    """CPU time (user + system) of ``python -m cantstop_tui ARGS`` run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    children.run(
        [sys.executable, "-m", "cantstop_tui", *args], timeout=600, check=True,
        capture_output=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@cache  # make bench shows it twice (its own table and the UI's): measured once
def run() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        start = statistics.median(cpu_seconds(["--help"]) for _ in range(3))
        rows.append(("start-up alone (cantstop --help), median", f"{start:.2f} s", "baseline"))
        for kinds in KINDS:
            paths = []
            for i in range(GAMES):
                path = Path(folder) / f"{len(kinds)}-{i}.json"
                write_game(path, played(kinds, game_seed(7, i)))
                paths.append(path)
            times = [cpu_seconds(["review", str(path), "--text"]) for path in paths]
            label = f"cantstop review --text, {len(kinds)}-player game"
            rows += [
                (f"{label}, median", f"{statistics.median(times):.2f} s",
                 f"{GAMES} games, CPU time; {TARGETS[len(kinds)]}"),
                (f"{label}, max", f"{max(times):.2f} s",
                 f"{statistics.median(times) / start:.1f}x start-up (median)"),
            ]
    return rows
