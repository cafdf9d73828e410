"""The garbage collector of a process that hosts many apps: a young generation of 20,000.

A frame makes and drops thousands of objects, and with a large young generation they die
by reference counting before the collector looks (measured: 7 young collections of about
8 ms per 1,200 redraws, against 1,500 of up to 7 ms with Python's default of 700). With
Python's defaults the 50-session bench's key-to-screen p95 was 379 ms; with this, see
docs/ssh.md. What was alive when the server started is frozen (``gc.freeze``: modules,
classes), so full collections do not walk it.

Each connection keeps one app for its whole visit (the lobby, the tables and the
game-over are its screens). A visitor who leaves a table (or a game that ends and the
next that begins) drops screens: garbage in reference cycles, mostly old enough that only
a full collection frees it, and Python runs those rarely (100 lobby-table round trips
left 14-16 MiB behind). So one full collection follows, ``COLLECT_AFTER`` seconds later,
however many visitors leave tables meanwhile. With 5 s, 100 round trips in 11 s still
raised the high-water mark by 13-14 MiB (a second hundred added 1 MiB: garbage between
collections, not a leak); with 1 s, +0.0 MiB.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import heapq
import logging
import time
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)

THRESHOLDS = (20_000, 20, 10)
"""A large young generation (see above); the older two as Python sets them."""
COLLECT_AFTER = 1.0
"""Seconds from a visitor leaving a table to the full collection that frees its screens:
at most one a second, whatever the number of visitors."""
_pending: list[tuple[asyncio.AbstractEventLoop, asyncio.TimerHandle]] = []
_NO_APP = contextvars.Context()
"""The context the collections are timed in: an empty one. A timer runs in a copy of the
context it was set in, and an app's holds Textual's ``active_app``: a visitor who left
(their connection closed) kept their whole app alive until a notice's time was up."""
_removing: set[asyncio.Task[None]] = set()


def drop_cancelled_timers() -> int:
    """Take the cancelled timers off the running event loop now; how many. A cancelled
    timer keeps its context until asyncio drops it, at the time it was due (unless most
    of the loop's timers are cancelled): a notice's timer, cancelled when a visitor's app
    ends, held that whole app (the context's ``active_app``) until the notice's time was
    up. Called as each app ends. asyncio's private parts, as its own ``_run_once`` drops
    them: ``BaseEventLoop._scheduled``, ``_timer_cancelled_count`` and each handle's
    ``_scheduled`` (a loop without them, uvloop's, is left alone)."""
    loop = asyncio.get_running_loop()
    scheduled = getattr(loop, "_scheduled", None)
    if not isinstance(scheduled, list) or not hasattr(loop, "_timer_cancelled_count"):
        return 0
    kept = [handle for handle in scheduled if not handle.cancelled()]
    dropped = len(scheduled) - len(kept)
    if dropped:
        for handle in scheduled:
            if handle.cancelled():
                handle._scheduled = False
        heapq.heapify(kept)
        scheduled[:] = kept
        loop._timer_cancelled_count = 0
    return dropped


@contextmanager
def hosting_many_apps() -> Iterator[None]:
    """The collector's thresholds for a server, restored afterwards."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def collect_soon() -> None:
    """A visitor left a table, or a game ended: collect everything once, ``COLLECT_AFTER``
    seconds from now, unless a collection is already due."""
    loop = asyncio.get_running_loop()
    if _pending and _pending[0][0] is not loop:
        _pending.clear()  # due on an event loop that has ended (a server before this one)
    if not _pending:
        _pending.append((loop, loop.call_later(COLLECT_AFTER, _collect, context=_NO_APP)))


def collect_after(seconds: float) -> None:
    """``collect_soon``, ``seconds`` from now: once a notice's time is up (gone by then,
    whether it timed out, was clicked away or taken back)."""
    asyncio.get_running_loop().call_later(seconds, collect_soon, context=_NO_APP)


def collect_once_removed(removal: Awaitable[object]) -> None:
    """``collect_soon`` once ``removal`` (a closed screen's) has finished. On a loaded
    machine removing a screen can take longer than ``COLLECT_AFTER``: a collection that
    comes first frees nothing of it, and the next full one may be long in coming."""

    async def removed() -> None:
        with contextlib.suppress(Exception):  # Textual's own awaiting of it reports errors
            await removal
        collect_soon()

    task = asyncio.get_running_loop().create_task(removed())
    _removing.add(task)
    task.add_done_callback(_removing.discard)


def _collect() -> None:
    _pending.clear()
    start = time.perf_counter()
    freed = gc.collect()
    log.debug("collected the screens of tables left: %d objects, %.0f ms",
              freed, 1000 * (time.perf_counter() - start))
