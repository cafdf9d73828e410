"""Programs on a real pseudo-terminal at 80x24, through the shared ``ptyprobe.py`` (its
``Term``: a pty rendered with pyte), measured from outside: CPU time and resident memory
read from ``/proc`` the moment a text shows, and a whole game played to its end.

CPU time (user + system of the process) holds on a loaded machine where wall time does
not; both are reported. Each program is ended with its whole process tree however the
measurement ends (``terminal``, ``children.end_tree``).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks import children

ROOT = Path(__file__).resolve().parent.parent
COLS, ROWS = 80, 24
SIZE = f"{COLS}x{ROWS}"
CANTSTOP = str(Path(sys.executable).parent / "cantstop")
_TICK = os.sysconf("SC_CLK_TCK")
_SCRATCH = tempfile.mkdtemp(prefix="bench-ui-")
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)


def probe_path() -> Path | None:
    """ptyprobe.py: $CANTSTOP_PTYPROBE, or ../shared/tools/ptyprobe.py beside the tree."""
    candidates = [
        os.environ.get("CANTSTOP_PTYPROBE", ""),
        str(ROOT.parent / "shared/tools/ptyprobe.py"),
    ]
    return next((Path(c) for c in candidates if c and Path(c).is_file()), None)


def load_probe(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("ptyprobe", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def env() -> dict[str, str]:
    """As a player runs it: compiled bytecode cached (outside the tree), private config and
    data dirs (its unfinished games are not left in the user's autosaves)."""
    found = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",)}
    found["PYTHONPYCACHEPREFIX"] = os.path.join(_SCRATCH, "pycache")
    found["XDG_CONFIG_HOME"] = os.path.join(_SCRATCH, "config")
    found["XDG_DATA_HOME"] = os.path.join(_SCRATCH, "data")
    found["XDG_STATE_HOME"] = os.path.join(_SCRATCH, "state")
    return found


def warm_up() -> None:
    """Compile and cache the bytecode once, as any installed program has it."""
    children.run(
        [sys.executable, "-c", "import cantstop_tui.ui.cli, cantstop_tui.ui.app, "
         "cantstop_tui.ui.screens.game, cantstop_tui.ai.expert, cantstop_tui.ai.win_chance"],
        env=env(), timeout=300, capture_output=False,
    )


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process (clock ticks, 10 ms)."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def terminal(probe: ModuleType, argv: list[str]) -> Iterator[Any]:
    """``argv`` on a ptyprobe ``Term`` at 80x24; ended with its process tree and its pty
    closed when the block ends, however it ends (ptyprobe's own ``close`` does not wait
    for a SIGKILLed program, and stops at Ctrl+C)."""
    term = probe.Term(argv, COLS, ROWS, {**env(), "TERM": "xterm-256color"})
    try:
        yield term
    finally:
        try:
            children.end_tree(term.proc)
        finally:
            os.close(term.master)


@dataclass(frozen=True)
class Frame:
    """A program's first frame: wall and CPU seconds from the spawn, resident MiB then."""

    wall: float
    cpu: float
    rss: float


def first_frame(probe: ModuleType, argv: list[str], ready: str) -> Frame:
    with terminal(probe, argv) as term:
        seen, _ = term.wait_for(ready, 60.0, 0.0)
        if seen is None:
            raise RuntimeError(f"{ready!r} never showed: {term.text()[-300:]}")
        pid = term.proc.pid
        return Frame(term.seen_at - term.t0, cpu_seconds(pid), rss_mib(pid))


def whole_game(probe: ModuleType, argv: list[str], timeout: float = 600.0) -> tuple[float, float]:
    """Resident MiB at the first frame and once a game between computers is over (its
    who-starts box closed with Enter)."""
    with terminal(probe, argv) as term:
        if term.wait_for("First to play", 60.0, 0.2)[0] is None:
            raise RuntimeError("the who-starts box never showed")
        first = rss_mib(term.proc.pid)
        os.write(term.master, b"\r")
        end = time.monotonic() + timeout
        while "wins" not in term.text():
            if time.monotonic() > end or term.read(0.2) < 0:
                raise RuntimeError(f"the game did not end: {term.text()[-300:]}")
        term.wait_for("Rematch", 10.0, 0.5)
        return first, rss_mib(term.proc.pid)


def cpu_per_key(
    probe: ModuleType, argv: list[str], ready: str, start: list[str], script: list[str]
) -> float:
    """CPU seconds the program spends per key of ``script`` (ptyprobe's tokens: keys,
    ``wait:TEXT``, ``sleep:SECONDS``), read from ``/proc`` before and after it, once
    ``ready`` shows and the ``start`` tokens are done. CPU time holds on a loaded machine,
    where key-to-screen times do not; 10 ms clock ticks, so a script of many keys."""
    with terminal(probe, argv) as term:
        if term.wait_for(ready, 60.0, 0.2)[0] is None:
            raise RuntimeError(f"{ready!r} never showed: {term.text()[-300:]}")
        _play(probe, term, start)
        before = cpu_seconds(term.proc.pid)
        keys = _play(probe, term, script)
        return (cpu_seconds(term.proc.pid) - before) / keys


def _play(probe: ModuleType, term: Any, tokens: list[str]) -> int:
    """Runs ptyprobe tokens on ``term``; returns how many keys were pressed."""
    keys = 0
    for token in tokens:
        if token.startswith("wait:"):
            if term.wait_for(token[5:], 30.0, 0.05)[0] is None:
                raise RuntimeError(f"{token[5:]!r} never showed")
        elif token.startswith("sleep:"):
            term.wait_for("\0", float(token[6:]), 0.0)  # reads on
        else:
            term.press(probe.KEYS.get(token, token.encode()), 2.0, 0.05)
            keys += 1
    return keys
