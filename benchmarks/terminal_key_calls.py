"""Python function calls per key of the game on a real pseudo-terminal at 80x24 (a roll, a
pair choice, a stop, as ``bench_ui`` presses them) beside the bare Textual app's key: each
program runs under cProfile, which a SIGUSR1 makes write and clear its counts after each
key. Unlike ``key_calls`` (in-process, under ``Pilot``), nothing of a test harness is
counted: what a player's key costs, and the bytes written for it, cost here. C builtins and
code made at run time (``<string>``: named tuples' ``__new__``, which cProfile's files do
not keep apart) are left out.

    python -m benchmarks.terminal_key_calls

docs/testing.md ("What a key costs") has the figures.
"""

from __future__ import annotations

import glob
import os
import pstats
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import pty_run
from benchmarks.bench_ui import GAME, KEYS, _script
from benchmarks.key_calls import report

_PROFILED = """
import cProfile, os, signal, sys
_profile, _dumps = cProfile.Profile(), [0]
def _dump(*_):
    _profile.disable()
    _profile.dump_stats(os.path.join(OUT, f"{_dumps[0]:03d}.prof"))
    _dumps[0] += 1
    _profile.clear()
    _profile.enable()
signal.signal(signal.SIGUSR1, _dump)
_profile.enable()
"""
OURS = "sys.argv = ['cantstop', *GAME]\nfrom cantstop_tui.cli import main\nmain()\n"
SETTLE = 0.25
"""Seconds after a key before its counts are taken: its frame, and the autosave after it."""


def _calls(folder: str, first: int, every: int) -> float:
    """Calls per key, the median of the dumps ``first``, ``first + every``, ... (the first
    dump, the start, left out). A median, not a mean: the first key of each kind also pays
    for what is done once (a first drawing, the bytecode of a first use: 5,900 to 17,700
    calls for the first roll where the others took 2,550 to 2,770), which moved a mean of 8
    keys by hundreds of calls from run to run."""
    files = sorted(glob.glob(os.path.join(folder, "*.prof")))[1:][first::every]
    counts = []
    for file in files:
        stats = pstats.Stats(file).stats
        counts.append(sum(c[1] for (f, _, _), c in stats.items() if f not in ("~", "<string>")))
    return statistics.median(counts)


def _run(code: str, ready: str, tokens: list[str], start: list[str], folder: str) -> None:
    probe = pty_run.load_probe(_probe())
    program = f"OUT = {folder!r}\n" + _PROFILED + code
    with pty_run.terminal(probe, [sys.executable, "-c", program]) as term:
        if term.wait_for(ready, 60.0, 0.2)[0] is None:
            raise RuntimeError(f"{ready!r} never showed")
        pty_run._play(probe, term, start)
        _take(term.proc.pid, folder)
        for token in tokens:
            pty_run._play(probe, term, [token])
            if token in KEYS:
                _take(term.proc.pid, folder)


def _take(pid: int, folder: str) -> None:
    """Let the key settle, then have the program write its counts into ``folder``."""
    time.sleep(SETTLE)
    count = len(os.listdir(folder))
    os.kill(pid, signal.SIGUSR1)
    end = time.monotonic() + 30
    while len(os.listdir(folder)) <= count:
        if time.monotonic() > end:
            raise RuntimeError("the program wrote no counts")
        time.sleep(0.02)


def _probe() -> Path:
    path = pty_run.probe_path()
    if path is None:
        raise SystemExit("ptyprobe.py not found (set CANTSTOP_PTYPROBE)")
    return path


def measure() -> dict[str, float]:
    """Calls per key: ``bare`` and each of ``bench_ui.KEYS``' names."""
    pty_run.warm_up()
    script = _script().split(",")
    with tempfile.TemporaryDirectory() as bare, tempfile.TemporaryDirectory() as ours:
        baseline = pty_run.load_probe(_probe()).BASELINE_APP
        _run(baseline, "READY", ["r"] * 24, [], bare)
        _run(OURS.replace("GAME", repr(GAME)), "First to play", script[2:], script[:2], ours)
        figures = {"bare": _calls(bare, 0, 1)}
        for index, name in enumerate(KEYS.values()):
            figures[name] = _calls(ours, index, len(KEYS))
    return figures


def main() -> int:
    report(measure())
    return 0


if __name__ == "__main__":
    sys.exit(main())
