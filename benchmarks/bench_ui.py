"""The terminal UI on a real pseudo-terminal at 80x24, against a minimal Textual app.

Uses ``ptyprobe.py`` (the shared measuring tool; set CANTSTOP_PTYPROBE to its path
if it is not at ../shared/tools/ptyprobe.py) and measures, in the same run:
first frame, key-to-screen latency of a roll, and the bytes a roll sends.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import Row

ROOT = Path(__file__).resolve().parent.parent
SIZE = "80x24"
TURNS = 8
RUNS = 3
"""Baseline and app are probed alternately RUNS times; figures are medians over the runs."""
GAME = ["--players", "Ana:human,Bo:human", "--seed", "6"]


def _probe_path() -> Path | None:
    candidates = [
        os.environ.get("CANTSTOP_PTYPROBE", ""),
        str(ROOT.parent / "shared/tools/ptyprobe.py"),
    ]
    return next((Path(c) for c in candidates if c and Path(c).is_file()), None)


_SCRATCH = tempfile.mkdtemp(prefix="bench-ui-")


def _env() -> dict[str, str]:
    """As a player runs it: compiled bytecode cached (outside the tree), private config and
    data dirs (its unfinished games are not left in the user's autosaves)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(_SCRATCH, "pycache")
    env["XDG_CONFIG_HOME"] = os.path.join(_SCRATCH, "config")
    env["XDG_DATA_HOME"] = os.path.join(_SCRATCH, "data")
    return env


def _warm_up() -> None:
    """Compile and cache the bytecode once, as any installed program has it."""
    subprocess.run(
        [sys.executable, "-c", "import cantstop_tui.ui.cli, cantstop_tui.ui.app"],
        env=_env(),
        check=False,
        timeout=120,
    )


def _probe(probe: Path, *args: str) -> dict[str, object]:
    env = _env()
    done = subprocess.run(
        [sys.executable, str(probe), "--size", SIZE, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _keys() -> str:
    # The first roll of a turn never busts, so every roll ends on the move list.
    turn = "r,wait:Choose a move,1,sleep:0.2,s,sleep:0.3"
    return ",".join(["enter", "wait:your turn", *[turn] * TURNS])


def _presses(result: dict[str, object], key: str) -> list[dict[str, float]]:
    return [p for p in result["presses"] if p["key"] == key]  # type: ignore[union-attr, index]


def run() -> list[Row]:
    probe = _probe_path()
    if probe is None:
        return [("ui", "skipped", "ptyprobe.py not found (set CANTSTOP_PTYPROBE)")]
    command = ["--", str(Path(sys.executable).parent / "cantstop"), *GAME]
    _warm_up()
    baselines, apps = [], []
    for _ in range(RUNS):
        baselines.append(_probe(probe, "--baseline"))
        apps.append(_probe(probe, "--ready", "First to play", "--keys", _keys(), *command))
    if not all(app.get("ok") for app in apps):
        return [("ui", "failed", "the app did not reach every wait: of the key script")]
    base_first = statistics.median(float(b["first_frame_ms"]) for b in baselines)  # type: ignore[arg-type]
    base_latency = statistics.median(
        float(p["latency_ms"]) for b in baselines for p in _presses(b, "r") if p["latency_ms"]
    )
    first = statistics.median(float(a["first_frame_ms"]) for a in apps)  # type: ignore[arg-type]
    rolls = [p for a in apps for p in _presses(a, "r")]
    moves = [p for a in apps for p in _presses(a, "1")]
    roll_latency = statistics.median(float(p["latency_ms"]) for p in rolls if p["latency_ms"])
    roll_bytes = statistics.median(float(p["bytes"]) for p in rolls)
    move_bytes = statistics.median(float(p["bytes"]) for p in moves)
    rss = statistics.median(int(a["rss_kb"]) for a in apps) // 1024  # type: ignore[call-overload]
    base_rss = statistics.median(int(b["rss_kb"]) for b in baselines) // 1024  # type: ignore[call-overload]
    return [
        (
            "ui first frame",
            f"{first:.0f} ms",
            f"median of {RUNS}; {first / base_first:.2f}x minimal Textual app "
            f"({base_first:.0f} ms); target <= 1.3x",
        ),
        (
            "ui roll latency",
            f"{roll_latency:.1f} ms",
            f"median of {len(rolls)}; {roll_latency / base_latency:.2f}x minimal app key "
            f"({base_latency:.1f} ms); target <= 2x",
        ),
        ("ui roll bytes", f"{roll_bytes:.0f} B", "median bytes a roll sends; target < 2048"),
        ("ui move bytes", f"{move_bytes:.0f} B", "median bytes choosing a move sends (board, log)"),
        ("ui memory", f"{rss} MB", f"resident at the end; minimal app {base_rss} MB"),
    ]


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  |  ")
