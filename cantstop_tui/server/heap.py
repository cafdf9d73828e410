"""Short garbage-collector pauses for a process that hosts many apps at once.

Python's cyclic collector now and then walks every object that has lived a while. Fifty
visitors' apps are about a million such objects, and a walk over them stops every session
for a second or more. Almost all of them live as long as their session does, so the keeper
freezes them every few seconds (``gc.freeze``: the collector stops walking them), and the
collector's regular passes only look at what was made since.

Frozen objects that later die in a reference cycle are not reclaimed until they are
unfrozen: an app that ended (a visitor left the lobby for a table, or left) is such
garbage, as big as a live app. So once the apps ended since the last sweep reach a quarter
of the apps still running, the keeper sweeps: unfreeze, collect everything, freeze again.
Smaller garbage (a closed dialog) is swept when the frozen heap has doubled. A sweep walks
every object (about a second with fifty sessions), so it is the one long pause left, and
it comes as often as visitors come and go, not as often as objects are made.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

FREEZE_SECONDS = 2.0
SWEEP_CHECK_TICKS = 15
"""Counting the frozen objects walks them all (a few ms), so growth is checked every 30 s."""
ENDED_APPS_BEFORE_SWEEP = 0.25
"""Sweep once the apps ended since the last sweep are this share of the running ones."""
GROWTH_BEFORE_SWEEP = 1.0
THRESHOLDS = (20_000, 20, 100)
"""A frame makes and drops thousands of objects; a young generation of 20,000 lets them
die by reference counting before the collector looks (measured: 7 young collections of
about 8 ms per 1,200 redraws, against 1,500 of up to 7 ms with Python's default 700)."""
MIN_SWEEP_OBJECTS = 200_000
"""Below this many frozen objects (a handful of sessions) sweeps are too short to matter."""


class HeapKeeper:
    def __init__(self, freeze_seconds: float = FREEZE_SECONDS) -> None:
        self.freeze_seconds = freeze_seconds
        self.swept_size = 0
        self.sweeps = 0
        self.running_apps = 0
        self.ended_apps = 0
        """Apps that ended since the last sweep."""
        self._ticks = 0
        self._handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        gc.set_threshold(*THRESHOLDS)
        gc.collect()
        gc.freeze()
        self.swept_size = gc.get_freeze_count()
        self._schedule()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _schedule(self) -> None:
        loop = asyncio.get_running_loop()
        self._handle = loop.call_later(self.freeze_seconds, self.tick)

    def app_started(self) -> None:
        self.running_apps += 1

    def app_ended(self) -> None:
        self.running_apps -= 1
        self.ended_apps += 1

    def tick(self) -> None:
        gc.freeze()
        self._ticks += 1
        if self.ended_apps and self.ended_apps >= ENDED_APPS_BEFORE_SWEEP * self.running_apps:
            self.sweep()
        elif self._ticks % SWEEP_CHECK_TICKS == 0:
            frozen = gc.get_freeze_count()
            if frozen > max(MIN_SWEEP_OBJECTS, self.swept_size * (1 + GROWTH_BEFORE_SWEEP)):
                self.sweep()
        self._schedule()

    def sweep(self) -> None:
        start = time.perf_counter()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        self.swept_size = gc.get_freeze_count()
        self.sweeps += 1
        self.ended_apps = 0
        log.info(
            "swept the heap: %d objects freed, %d kept, %.0f ms",
            freed,
            self.swept_size,
            1000 * (time.perf_counter() - start),
        )
