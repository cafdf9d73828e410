"""The worker process's side of a server's analysis (``ui.background``): each job runs at
a lower priority than the server, tells its progress through a queue the server reads,
and stops at its next step once the server cancels it. A worker ends with its server,
even one killed without a word (``kill -9``).

Kept below the interface's layer so that a worker imports only the analysis, never Textual.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

STARTED = -1
"""The ``done`` of the message that says a job left the queue and is under way."""
SHOWN_STEPS = 50
"""Progress is passed on at most this many times a job (a bar's worth, not every step)."""


@dataclass(frozen=True)
class WorkerLimits:
    """How many worker processes, how many waiting jobs, and how long they live."""

    workers: int
    waiting: int
    """Jobs that may wait for a worker; one more is refused (``Busy``)."""
    jobs_per_worker: int
    idle_seconds: float
    niceness: int


class Sink(Protocol):
    def put(self, obj: Any, /) -> None: ...


class Cancelled(Exception):
    """The server cancelled the job (the screen that asked for it closed)."""


_sink: Sink | None = None
_cancelled: Any = None
"""A shared array of the ids of recently cancelled jobs (a ring, see ``ui.background``)."""


def init_worker(sink: Sink, cancelled: Any, niceness: int) -> None:
    """``ProcessPoolExecutor``'s initializer: lower this process's priority, keep the
    channels to the server."""
    global _sink, _cancelled
    _sink, _cancelled = sink, cancelled
    if niceness:
        os.nice(niceness)
    end_with_server()


def end_with_server() -> None:
    """End this process once the server that started it is gone. A worker waits for jobs
    on a queue it holds both ends of, so it never sees its server die; the timer that ends
    idle workers lives in the server. Killed (``kill -9``), the server left its workers
    running for good, orphans. A thread waits on the server's sentinel (no polling) and
    ends the process, whatever job it was doing: its result has nowhere to go."""
    import multiprocessing.connection  # a worker's only: not on a local game's start-up
    import threading

    server = multiprocessing.parent_process()
    if server is None:  # not a worker (a test calling the initializer itself)
        return
    sentinel = server.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="cantstop-server-watch", daemon=True).start()


def run_job(job: int, work: Callable[..., T], args: tuple[Any, ...]) -> T:
    """``work(*args, progress)``, telling the server when it starts and how far it got."""
    assert _sink is not None
    sink = _sink

    def cancelled() -> bool:
        return _cancelled is not None and job in _cancelled[:]

    sink.put((job, STARTED, 0))
    return work(*args, sparse(lambda done, total: sink.put((job, done, total)), cancelled))


def sparse(
    send: Callable[[int, int], None], cancelled: Callable[[], bool]
) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` that passes on each ``SHOWN_STEPS``-th of the way and
    the end, and raises ``Cancelled`` once ``cancelled()``."""
    shown = -1

    def progress(done: int, total: int) -> None:
        nonlocal shown
        if cancelled():
            raise Cancelled
        step = done * SHOWN_STEPS // max(total, 1)
        if step != shown or done == total:
            shown = step
            send(done, total)

    return progress
