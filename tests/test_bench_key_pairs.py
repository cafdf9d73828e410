"""benchmarks/key_pairs.py: a key's figure is the median of its pairs' ratios (each of the
game's keys beside a bare key pressed at the same moment), not a ratio of medians taken at
different moments; a press is timed to the arrival of the bytes that change the screen."""

from __future__ import annotations

import sys

import pytest

from benchmarks import pty_run
from benchmarks.key_pairs import Pair, press, summary


def test_the_figure_is_the_median_of_the_pairs_ratios() -> None:
    pairs = [
        Pair("1", ms=20, bare_ms=10, sent=1500, bare_sent=131),  # 2x
        Pair("1", ms=30, bare_ms=10, sent=1400, bare_sent=131),  # 3x
        Pair("1", ms=30, bare_ms=30, sent=1600, bare_sent=131),  # 1x: the machine was busy
        Pair("r", ms=5, bare_ms=10, sent=600, bare_sent=131),
    ]
    figures = summary(pairs, "1")
    assert figures["ratio"] == 2.0  # a ratio of the medians would say 3x
    assert figures["pairs"] == 3 and figures["worst"] == 3.0
    assert (figures["ms"], figures["bare_ms"], figures["sent"]) == (30, 10, 1500)
    with pytest.raises(ValueError):
        summary(pairs, "s")


ECHO = """
import sys, tty
tty.setraw(0)
print("READY", end="", flush=True)
for key in iter(lambda: sys.stdin.read(1), "q"):
    print(key * 3, end="", flush=True)
"""
"""A program that writes each key it reads three times."""


def test_a_press_is_timed_to_the_screen_changing_and_counts_the_bytes() -> None:
    path = pty_run.probe_path()
    if path is None:
        pytest.skip("ptyprobe.py not found")
    probe = pty_run.load_probe(path)
    with pty_run.terminal(probe, [sys.executable, "-c", ECHO]) as term:
        assert term.wait_for("READY", 30.0, 0.0)[0] is not None
        seconds, sent = press(term, b"x", timeout=30.0)
        assert seconds is not None and 0 < seconds < 30.0
        assert "READYxxx" in term.text() and sent == 3
        assert press(term, b"", timeout=0.2) == (None, 0)  # nothing written, nothing changed
