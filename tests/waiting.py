"""The one way a synchronous test waits: for a condition, looked at every few
milliseconds, failing with a sentence after a bound (never a wait of a fixed length).
Asynchronous tests have their own (``ui_helpers.until``, the server tests' ``until``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

LOOK_EVERY = 0.01
"""Seconds between looks at the condition."""


def wait_until(condition: Callable[[], object], what: str, seconds: float = 60.0) -> None:
    """Return once ``condition()`` holds; AssertionError naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds:g} s for {what}"
        time.sleep(LOOK_EVERY)


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended and not yet reaped by its parent, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
