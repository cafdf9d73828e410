"""Where start-up's imports go: ``python -X importtime`` of the play command's modules, each
module's own time (the fastest of several runs, so other work on the machine counts less),
summed by package (``cantstop_tui`` by its sub-packages, Textual by its top modules)."""

from __future__ import annotations

import re
import sys

from benchmarks import children, pty_run

PLAY = (
    "import cantstop_tui.cli; cantstop_tui.cli.collector.hold(); "
    "import cantstop_tui.ui.cli, cantstop_tui.ui.app"
)
"""What ``cantstop`` imports before its first frame, as it does: its entry module, then the
rest with the garbage collector held (``cantstop_tui.startup_collector``)."""
BARE = "from textual.app import App; from textual.widgets import Static"
"""What the bare Textual app imports."""
_LINE = re.compile(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)")


def self_times(statement: str, runs: int = 5) -> dict[str, float]:
    """Seconds each module's own import took, the fastest of ``runs``."""
    best: dict[str, float] = {}
    for _ in range(runs):
        done = children.run(
            [sys.executable, "-X", "importtime", "-c", statement],
            text=True, env=pty_run.env(), timeout=120, check=True,
        )
        for match in _LINE.finditer(done.stderr):
            seconds, module = int(match[1]) / 1e6, match[2]
            best[module] = min(best.get(module, seconds), seconds)
    return best


def package(module: str) -> str:
    """``cantstop_tui.ui.widgets.board`` -> ``cantstop_tui.ui``; ``textual.css.x`` ->
    ``textual.css``; ``rich.text`` -> ``rich``."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] in ("cantstop_tui", "textual") else parts[0]


def by_package(times: dict[str, float]) -> dict[str, float]:
    """Seconds by package, the slowest first."""
    totals: dict[str, float] = {}
    for module, seconds in times.items():
        totals[package(module)] = totals.get(package(module), 0.0) + seconds
    return dict(sorted(totals.items(), key=lambda item: -item[1]))
