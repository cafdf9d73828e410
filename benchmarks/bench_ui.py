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
GAME = ["--players", "Ana:human,Bo:human", "--seed", "6"]


def _probe_path() -> Path | None:
    candidates = [
        os.environ.get("CANTSTOP_PTYPROBE", ""),
        str(ROOT.parent / "shared/tools/ptyprobe.py"),
    ]
    return next((Path(c) for c in candidates if c and Path(c).is_file()), None)


def _probe(probe: Path, *args: str) -> dict[str, object]:
    env = {**os.environ, "XDG_CONFIG_HOME": tempfile.mkdtemp(prefix="bench-ui-")}
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
    baseline = _probe(probe, "--baseline")
    app = _probe(
        probe,
        "--ready",
        "First to play",
        "--keys",
        _keys(),
        "--",
        str(Path(sys.executable).parent / "cantstop"),
        *GAME,
    )
    if not app.get("ok"):
        return [("ui", "failed", "the app did not reach every wait: of the key script")]
    base_keys = baseline["keys"]  # type: ignore[index]
    base_latency = float(base_keys["latency_ms_median"])  # type: ignore[index]
    base_first = float(baseline["first_frame_ms"])  # type: ignore[arg-type]
    first = float(app["first_frame_ms"])  # type: ignore[arg-type]
    rolls = _presses(app, "r")
    moves = _presses(app, "1")
    roll_latency = statistics.median(float(p["latency_ms"]) for p in rolls if p["latency_ms"])
    roll_bytes = statistics.median(float(p["bytes"]) for p in rolls)
    move_bytes = statistics.median(float(p["bytes"]) for p in moves)
    return [
        (
            "ui first frame",
            f"{first:.0f} ms",
            f"{first / base_first:.2f}x minimal Textual app ({base_first:.0f} ms); target <= 1.3x",
        ),
        (
            "ui roll latency",
            f"{roll_latency:.1f} ms",
            f"median of {len(rolls)}; {roll_latency / base_latency:.2f}x minimal app key "
            f"({base_latency:.1f} ms); target <= 2x",
        ),
        ("ui roll bytes", f"{roll_bytes:.0f} B", "median bytes a roll sends; target < 2048"),
        ("ui move bytes", f"{move_bytes:.0f} B", "median bytes choosing a move sends (board, log)"),
        (
            "ui memory",
            f"{int(app['rss_kb']) // 1024} MB",  # type: ignore[call-overload]
            f"resident at the end; minimal app {int(baseline['rss_kb']) // 1024} MB",
        ),  # type: ignore[call-overload]
    ]


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  |  ")
