"""Where the analysis screens ask for (reviews, live win chances) is worked out, off the
event loop so keys never wait for it.

Locally, one thread. A server calls ``in_processes``: reviews then run in worker processes
at a lower priority (``play.processes``), so a visitor's review never holds the interpreter
the other players' keys need; a bounded number of workers and a bounded queue (the
server's ``Limits``), and each worker is replaced after a few jobs or when idle, so the
memory an analysis takes comes back. Short work (``in_background``) stays on the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..play.processes import Busy, PoolSlot, Progress, Work
from ..play.worker import WorkerLimits, sparse

T = TypeVar("T")

_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cantstop-analysis")


async def in_background(work: Callable[[], T]) -> T:
    """``work()``'s result, worked out on the analysis thread."""
    return await asyncio.get_running_loop().run_in_executor(_POOL, work)


_slot = PoolSlot()


def in_processes(limits: WorkerLimits) -> contextlib.AbstractContextManager[None]:
    """While this lasts, ``analyse`` runs in worker processes (a server's visitors)."""
    return _slot.running(limits)


async def analyse(
    work: Work[T], args: tuple[Any, ...], started: Callable[[], None], progress: Progress
) -> T:
    """``work(*args, progress)``, off the event loop: ``started`` once it leaves the queue,
    ``progress`` as it goes, both on the caller's event loop. Cancelling the caller stops
    the work at its next step. Raises ``Busy`` when a server's queue is full."""
    processes = _slot.current
    if processes is not None:
        return await processes.run(work, args, started, progress)
    loop = asyncio.get_running_loop()
    closed = threading.Event()

    def send(done: int, total: int) -> None:
        loop.call_soon_threadsafe(progress, done, total)

    step = sparse(send, closed.is_set)

    def run() -> T:
        loop.call_soon_threadsafe(started)
        return work(*args, step)

    try:
        return await loop.run_in_executor(_POOL, run)
    finally:
        closed.set()  # a job still queued or under way stops at its next step


__all__ = ["Busy", "analyse", "in_background", "in_processes"]
