"""Key to screen for the game's keys, each beside a bare Textual key pressed just before or
just after it: the game and the bare app (``ptyprobe.py``'s ``BASELINE_APP``) run side by
side on two pseudo-terminals at 80x24, and each key of the game's script is paired with a
press of the bare app's key, the order changing from pair to pair. A pair's two keys meet
the same load, so the figure is the median of the pairs' ratios, not a ratio of two medians
taken at different moments (the bare key's own median moved from 11.8 to 16.1 ms between
runs at load 11 to 13, and every ratio with it).

Key to screen is the time from the key's write to the arrival of the bytes that change
the screen: the time a terminal that draws at once would show the change. ptyprobe's own
``press`` takes the time once pyte has parsed the bytes and the screen been compared
(about 1.3 ms of pyte's work to compare, and a frame of 1.5 KB about 1.5 ms more to parse
than the bare key's 130 B: time the measuring tool spends, counted against the app that
writes more).

    python -m benchmarks.key_pairs [RUNS]
"""

from __future__ import annotations

import os
import select
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from benchmarks import pty_run

BARE_KEY = "r"
SETTLE = 0.08
"""Seconds read on after a change (the rest of the frame; ptyprobe's own default)."""
TIMEOUT = 2.0
"""Seconds a key has to change the screen."""
RUNS = 4
"""Runs of the game's script (8 turns: 8 pairs of each key a run), each with a bare app."""


@dataclass(frozen=True)
class Pair:
    """One key of the game and the bare app's key pressed beside it."""

    key: str
    ms: float
    bare_ms: float
    sent: int
    """Bytes the game wrote for its key."""
    bare_sent: int

    @property
    def ratio(self) -> float:
        return self.ms / self.bare_ms


def press(term: Any, key: bytes, timeout: float = TIMEOUT) -> tuple[float | None, int]:
    """Seconds from writing ``key`` to the arrival of the bytes that changed ``term``'s
    screen (None if nothing changed), and the bytes read until the screen is quiet for
    ``SETTLE`` seconds."""
    screen = term.screen
    before = list(screen.display)
    written = time.perf_counter()
    os.write(term.master, key)
    end, changed, total = written + timeout, None, 0
    while (left := end - time.perf_counter()) > 0:
        ready, _, _ = select.select([term.master], [], [], left)
        arrived = time.perf_counter()
        if not ready:
            break
        try:
            data = os.read(term.master, 1 << 16)
        except OSError:
            break
        total += len(data)
        term.stream.feed(data)
        if changed is None and screen.display != before:
            changed = arrived - written
            end = arrived + SETTLE
        elif changed is not None:
            end = max(end, arrived + SETTLE)
    return changed, total


def _drain(term: Any, seconds: float) -> None:
    """Read what ``term``'s program writes for ``seconds``."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        if term.read(min(left, 0.05)) < 0:
            return


def _wait(term: Any, text: str) -> None:
    if term.wait_for(text, 30.0, 0.05)[0] is None:
        raise RuntimeError(f"{text!r} never showed: {term.text()[-300:]}")


def run_pairs(
    probe: ModuleType,
    argv: Sequence[str],
    ready: str,
    start: Sequence[str],
    script: Sequence[str],
    keys: Sequence[str],
) -> list[Pair]:
    """Runs ``argv`` and the bare app side by side; ``start`` (ptyprobe's tokens) first,
    then ``script``, whose tokens in ``keys`` are each paired with a bare key."""
    bare_argv = [sys.executable, "-c", probe.BASELINE_APP]
    pairs: list[Pair] = []
    with pty_run.terminal(probe, bare_argv) as bare, pty_run.terminal(probe, list(argv)) as ours:
        _wait(bare, "READY")
        _wait(ours, ready)
        pty_run._play(probe, ours, list(start))
        for token in script:
            if token.startswith("wait:"):
                _wait(ours, token[5:])
            elif token.startswith("sleep:"):
                _drain(ours, float(token[6:]))
            elif token in keys:
                pairs.append(_pair(probe, token, ours, bare, bare_first=len(pairs) % 2 == 0))
            else:
                press(ours, probe.KEYS.get(token, token.encode()))
    return pairs


def _pair(probe: ModuleType, token: str, ours: Any, bare: Any, bare_first: bool) -> Pair:
    key = probe.KEYS.get(token, token.encode())
    if bare_first:
        bare_ms, bare_sent = press(bare, BARE_KEY.encode())
        ms, sent = press(ours, key)
    else:
        ms, sent = press(ours, key)
        bare_ms, bare_sent = press(bare, BARE_KEY.encode())
    if ms is None or bare_ms is None:
        raise RuntimeError(f"a key changed nothing on screen ({token!r}: {ms}, bare: {bare_ms})")
    return Pair(token, ms * 1000, bare_ms * 1000, sent, bare_sent)


def summary(pairs: Sequence[Pair], key: str) -> dict[str, float]:
    """For ``key``'s pairs: how many, the median of their ratios, the medians of the
    game's and the bare app's milliseconds and bytes, and the highest ratio."""
    mine = [p for p in pairs if p.key == key]
    if not mine:
        raise ValueError(f"no pairs for {key!r}")
    return {
        "pairs": len(mine),
        "ratio": statistics.median(p.ratio for p in mine),
        "ms": statistics.median(p.ms for p in mine),
        "bare_ms": statistics.median(p.bare_ms for p in mine),
        "sent": statistics.median(p.sent for p in mine),
        "bare_sent": statistics.median(p.bare_sent for p in mine),
        "worst": max(p.ratio for p in mine),
    }


def measure(probe: ModuleType, runs: int) -> tuple[list[Pair], float]:
    """``bench_ui``'s game and script ``runs`` times, each against a bare app of its own;
    the pairs, and the load average (1 minute) at the end."""
    from benchmarks.bench_ui import GAME, KEYS, _script

    script = _script().split(",")
    pairs: list[Pair] = []
    for _ in range(runs):
        pairs += run_pairs(probe, [pty_run.CANTSTOP, *GAME], "First to play", script[:2],
                           script[2:], list(KEYS))
    return pairs, os.getloadavg()[0]


def main(argv: list[str]) -> int:
    from benchmarks.bench_ui import KEYS

    path = pty_run.probe_path()
    if path is None:
        raise SystemExit("ptyprobe.py not found (set CANTSTOP_PTYPROBE)")
    pty_run.warm_up()
    pairs, load = measure(pty_run.load_probe(path), int(argv[0]) if argv else RUNS)
    print(f"load average (1 min) at the end: {load:.1f}")
    for key, name in KEYS.items():
        s = summary(pairs, key)
        print(f"{name}: {s['ratio']:.2f}x the bare key (median of {s['pairs']:.0f} pairs' "
              f"ratios; highest {s['worst']:.2f}x), {s['ms']:.1f} ms against {s['bare_ms']:.1f} "
              f"ms, {s['sent']:.0f} B against {s['bare_sent']:.0f} B")
    return 0


if __name__ == "__main__":
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()
    sys.exit(main(sys.argv[1:]))
