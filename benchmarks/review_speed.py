"""The time a person waits for a review: ``cantstop review FILE --text`` as a new process,
start-up and model loading included, in CPU time (user + system) so the figure holds on a
loaded machine. Targets (issue 31): a whole 2-player game under 1 s median, any game under
3 s. The baseline, in the same run, is ``cantstop --help``: start-up alone. Run as an
installed program runs: its bytecode compiled once and cached, untimed (``pty_run.env``;
where ``PYTHONDONTWRITEBYTECODE`` is set and the tree has no ``__pycache__``, every run
compiled our 63 modules anew: 0.06 to 0.08 s of CPU a person never waits for).

CPU time itself moves by about 30% from run to run on this machine (a VM, whatever the
load; the same review read 0.86 s and 1.66 s of CPU minutes apart on an idle machine), and a
fixed workload timed just before each review did not steady it (docs/ai.md, fifth round).
Interference only adds time, so each game is reviewed ``BENCH_REVIEW_REPEATS`` times
(default 3) and its least CPU time is the game's figure, as ``timeit`` advises ("the
lowest value gives a lower bound for how fast your machine can run the given code
snippet; higher values ... are typically not caused by variability in Python's speed, but
by other processes interfering"); the median over every run is shown beside it.
What does not move is the instructions a review executes: with
``BENCH_REVIEW_VALGRIND=1`` the first game of each kind is also counted under valgrind's
cachegrind (``I refs``; 2 to 4 minutes of CPU each), the same within about 0.2% run after
run, and read against ``QUIET_INSTRUCTIONS_PER_SECOND``, what a CPU second held on a quiet
run.

Fixed games, every seat a person so every decision is reviewed: ``rule28`` against
``easy`` (2 players) and ``expert``, ``rule28``, ``easy``, ``rule28`` (4 players), dice
seeds ``game_seed(7, i)``; ``BENCH_REVIEW_GAMES`` of each (default 5).

    python -m benchmarks review      (also run by make bench)
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from benchmarks import Row, children, pty_run
from benchmarks.review_games import played
from cantstop_tui.arena.play import game_seed
from cantstop_tui.storage.record import write_game

GAMES = int(os.environ.get("BENCH_REVIEW_GAMES", "5"))
REPEATS = max(1, int(os.environ.get("BENCH_REVIEW_REPEATS", "3")))
VALGRIND = os.environ.get("BENCH_REVIEW_VALGRIND", "") == "1"
KINDS = (["rule28", "easy"], ["expert", "rule28", "easy", "rule28"])
TARGETS = {2: "target: median < 1 s, any < 3 s", 4: "target: any < 3 s"}
QUIET_INSTRUCTIONS_PER_SECOND = 4.5e9
"""Instructions (valgrind's I refs) a review executes per CPU second on this machine when
it is quiet (a 215-step review: 5.88 billion in 1.32 s at load 1, its least of the runs;
docs/ai.md, "Speed", fifth round): issue 31's 1 s is about 4.5 billion."""


def cpu_seconds(argv: list[str]) -> float:
    """CPU time (user + system) of ``python ARGV`` run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    children.run(
        [sys.executable, *argv], timeout=600, check=True,
        capture_output=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=pty_run.env(),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cantstop(args: list[str]) -> list[str]:
    return ["-m", "cantstop_tui", *args]


def instructions(argv: list[str]) -> float | None:
    """Instructions ``python ARGV`` executes (valgrind's cachegrind, ``I refs``); None
    without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        done = children.run(
            [valgrind, "--tool=cachegrind", "--cache-sim=no",
             f"--cachegrind-out-file={folder}/out", sys.executable, *argv],
            timeout=3600, check=True, env={**pty_run.env(), "PYTHONHASHSEED": "0"},
        )
    found = re.search(rb"I\s+refs:\s+([\d,]+)", done.stderr)
    return float(found.group(1).replace(b",", b"")) if found else None


@cache  # make bench shows it twice (its own table and the UI's): measured once
def run() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        cpu_seconds(cantstop(["--help"]))  # its bytecode compiled, untimed
        start = statistics.median(cpu_seconds(cantstop(["--help"])) for _ in range(3))
        rows.append(("start-up alone (cantstop --help), median", f"{start:.2f} s", "baseline"))
        for kinds in KINDS:
            paths = []
            for i in range(GAMES):
                path = Path(folder) / f"{len(kinds)}-{i}.json"
                write_game(path, played(kinds, game_seed(7, i)))
                paths.append(path)
            cpu_seconds(cantstop(["review", str(paths[0]), "--text"]))  # bytecode, untimed
            # Game after game, round after round: a slow spell of the machine falls on
            # every game's runs alike, not on one game's.
            runs = [[cpu_seconds(cantstop(["review", str(path), "--text"])) for path in paths]
                    for _ in range(REPEATS)]
            times = [min(game) for game in zip(*runs, strict=True)]
            every = [t for round_ in runs for t in round_]
            label = f"cantstop review --text, {len(kinds)}-player game"
            rows += [
                (f"{label}, median", f"{statistics.median(times):.2f} s",
                 f"{GAMES} games, each its least CPU time of {REPEATS} runs; "
                 f"{TARGETS[len(kinds)]}"),
                (f"{label}, max", f"{max(times):.2f} s",
                 f"{statistics.median(times) / start:.1f}x start-up (median)"),
                (f"{label}, median of every run", f"{statistics.median(every):.2f} s",
                 f"{len(every)} runs (interference included); slowest {max(every):.2f} s"),
            ]
            if VALGRIND:
                counted = instructions(cantstop(["review", str(paths[0]), "--text"]))
                if counted is not None:
                    rows.append((
                        f"{label}, instructions (first game)", f"{counted / 1e9:.2f} G",
                        f"= {counted / QUIET_INSTRUCTIONS_PER_SECOND:.2f} s quiet; "
                        f"1 s = {QUIET_INSTRUCTIONS_PER_SECOND / 1e9:.1f} G",
                    ))
    return rows
