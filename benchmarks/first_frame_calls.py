"""Python function calls (cProfile's, C builtins left out) from the start of the process to
the write of the first frame, of ``cantstop`` (its first screen, who starts) and of the
bare Textual app of ``ptyprobe.py --baseline``, each on a pseudo-terminal at 80x24. Unlike
CPU times, the counts hold on a loaded machine.

    python -m benchmarks.first_frame_calls [RUNS] [--stats FILE]

``--stats FILE`` keeps cProfile's statistics of the last run of ``cantstop`` (read them with
``pstats``). docs/testing.md ("The first frame") has the figures.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import pty_run
from benchmarks.bench_ui import GAME

_PROFILED = r'''
import cProfile, os, pstats, sys
_profile = cProfile.Profile()
_profile.enable()
from textual.drivers import linux_driver
_write = linux_driver.LinuxDriver.write
def _first_frame(self, data):
    _write(self, data)
    if READY in data:
        _profile.disable()
        stats = pstats.Stats(_profile)
        if STATS:
            stats.dump_stats(STATS)
        with open(OUT + ".part", "w") as file:
            file.write(str(sum(c[1] for (f, _, _), c in stats.stats.items() if f != "~")))
        os.replace(OUT + ".part", OUT)
        os._exit(0)
linux_driver.LinuxDriver.write = _first_frame
'''
OURS = "import sys\nsys.argv = ['cantstop', *GAME]\nfrom cantstop_tui.cli import main\nmain()\n"


def calls(app: str, ready: str, stats: str = "") -> int:
    """Calls until the first write of the terminal that holds ``ready``."""
    probe = pty_run.load_probe(_probe())
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "calls")
        code = (f"READY, OUT, STATS = {ready!r}, {out!r}, {stats!r}\n" + _PROFILED + app)
        with pty_run.terminal(probe, [sys.executable, "-c", code]):
            end = time.monotonic() + 120
            while not os.path.exists(out):
                if time.monotonic() > end:
                    raise RuntimeError(f"{ready!r} was never written")
                time.sleep(0.05)
            return int(Path(out).read_text())


def _probe() -> Path:
    path = pty_run.probe_path()
    if path is None:
        raise SystemExit("ptyprobe.py not found (set CANTSTOP_PTYPROBE)")
    return path


def main(argv: list[str]) -> int:
    stats = ""
    if "--stats" in argv:
        at = argv.index("--stats")
        stats = str(Path(argv[at + 1]).resolve())
        del argv[at:at + 2]
    runs = int(argv[0]) if argv else 3
    pty_run.warm_up()
    baseline = pty_run.load_probe(_probe()).BASELINE_APP
    bare, ours = [], []
    for _ in range(runs):
        bare.append(calls(baseline, "READY"))
        ours.append(calls(OURS.replace("GAME", repr(GAME)), "First to play", stats))
    b, o = min(bare), min(ours)
    print(f"bare Textual app: {b:,} calls to the first frame (runs: {bare})")
    print(f"cantstop: {o:,} calls ({o / b:.2f}x the bare app; runs: {ours})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
