"""The garbage collector of a process that hosts many apps.

- A young generation of 20,000 objects: a frame makes and drops thousands of objects, and
  they die by reference counting before the collector looks (measured: 7 young collections
  of about 8 ms per 1,200 redraws, against 1,500 of up to 7 ms with Python's default 700).
- An app that ends (a visitor goes from the lobby to a table, or leaves) is garbage in
  reference cycles as big as a live app, which only a full collection frees, and Python
  runs those rarely: 30 lobby-table round trips left 26 MiB behind. Once the apps ended
  since the last collection reach a quarter of those running, the keeper collects
  everything (about 0.2 s per 10 sessions): as often as visitors come and go.

Nothing is frozen. An earlier keeper froze the heap every 2 s (``gc.freeze``) to keep the
collector's passes short; once strips stopped referring to themselves the 50-session bench
was as fast without it (key-to-screen p95 58 ms against 55 ms), and whatever was alive at
a freeze and died later (every dialog open at that moment) stayed frozen until a sweep:
+22 MiB over 1,000 dialog open/close cycles, against +2 MiB now.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

THRESHOLDS = (20_000, 20, 100)
"""The collector's generations: a large young one (see above), Python's others."""
ENDED_APPS_BEFORE_COLLECTING = 0.25
"""Collect once the apps ended since the last collection are this share of the running."""


class HeapKeeper:
    def __init__(self) -> None:
        self.running_apps = 0
        self.ended_apps = 0
        """Apps that ended since the last collection."""
        self.collections = 0
        self._pending: asyncio.Handle | None = None
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        self._thresholds = gc.get_threshold()
        gc.set_threshold(*THRESHOLDS)

    def stop(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def app_started(self) -> None:
        self.running_apps += 1

    def app_ended(self) -> None:
        """Counted; the collection, when due, runs once the ending app's task is done."""
        self.running_apps -= 1
        self.ended_apps += 1
        due = self.ended_apps >= ENDED_APPS_BEFORE_COLLECTING * self.running_apps
        if due and self._pending is None:
            self._pending = asyncio.get_running_loop().call_soon(self.collect)

    def collect(self) -> None:
        self._pending = None
        start = time.perf_counter()
        freed = gc.collect()
        self.collections += 1
        self.ended_apps = 0
        log.info(
            "collected the garbage of ended apps: %d objects freed, %.0f ms",
            freed,
            1000 * (time.perf_counter() - start),
        )
