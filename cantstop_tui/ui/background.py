"""Where the analysis screens ask for (reviews, live win chances) is worked out, off the
event loop so keys never wait for it.

Locally, one thread. A server calls ``in_processes``: reviews then run in worker processes
at a lower priority (``play.worker``), so a visitor's review never holds the interpreter
the other players' keys need; a bounded number of workers and a bounded queue (the
server's ``Limits``), and each worker is replaced after a few jobs or when idle, so the
memory an analysis takes comes back. Short work (``in_background``) stays on the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..play.worker import STARTED, WorkerLimits, init_worker, run_job, sparse

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called as the analysis goes."""
Work = Callable[..., T]
"""``work(*args, progress)``: a module-level function (a worker process imports it)."""

_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cantstop-analysis")

CANCELLED_RING: Final = 64
"""Recently cancelled jobs the workers can see; far more than can be queued at once."""


class Busy(Exception):
    """Every worker is busy and the queue is full: the visitor is told to try later."""


async def in_background(work: Callable[[], T]) -> T:
    """``work()``'s result, worked out on the analysis thread."""
    return await asyncio.get_running_loop().run_in_executor(_POOL, work)


@dataclass
class _Job:
    loop: asyncio.AbstractEventLoop
    started: Callable[[], None]
    progress: Progress


class _Processes:
    def __init__(self, limits: WorkerLimits) -> None:
        import multiprocessing  # a server's only: not on a local game's start-up

        self.limits = limits
        self._context = multiprocessing.get_context("spawn")  # never a fork of a server
        self._sink = self._context.SimpleQueue()
        self._cancelled: Any = self._context.Array("q", [-1] * CANCELLED_RING)
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: dict[int, _Job] = {}
        self._next = 0
        self._retire: asyncio.TimerHandle | None = None
        self._reader = threading.Thread(target=self._read, name="cantstop-analysis-progress")
        self._reader.daemon = True
        self._reader.start()

    def _read(self) -> None:
        while True:
            message = self._sink.get()
            if message is None:
                return
            job_id, done, total = message
            job = self._jobs.get(job_id)
            if job is None:
                continue
            with contextlib.suppress(RuntimeError):  # the loop closed
                if done == STARTED:
                    job.loop.call_soon_threadsafe(job.started)
                else:
                    job.loop.call_soon_threadsafe(job.progress, done, total)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                self.limits.workers,
                mp_context=self._context,
                initializer=init_worker,
                initargs=(self._sink, self._cancelled, self.limits.niceness),
                max_tasks_per_child=self.limits.jobs_per_worker,
            )
        return self._pool

    async def run(
        self, work: Work[T], args: tuple[Any, ...], started: Callable[[], None], progress: Progress
    ) -> T:
        if len(self._jobs) >= self.limits.workers + self.limits.waiting:
            raise Busy
        if self._retire is not None:
            self._retire.cancel()
            self._retire = None
        loop = asyncio.get_running_loop()
        job_id = self._next
        self._next += 1
        self._jobs[job_id] = _Job(loop, started, progress)
        future: Future[T] = self._executor().submit(run_job, job_id, work, args)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            if not future.cancel():  # under way: it stops at its next step
                self._cancelled[job_id % CANCELLED_RING] = job_id
            raise
        finally:
            del self._jobs[job_id]
            if not self._jobs:
                self._retire = loop.call_later(self.limits.idle_seconds, self._shut_down_pool)

    def _shut_down_pool(self) -> None:
        """No job for a while: the workers end, and their memory with them."""
        self._retire = None
        if self._pool is not None and not self._jobs:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        if self._retire is not None:
            self._retire.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._sink.put(None)
        self._reader.join()


_processes: _Processes | None = None


@contextlib.contextmanager
def in_processes(limits: WorkerLimits) -> Iterator[None]:
    """While this lasts, ``analyse`` runs in worker processes (a server's visitors)."""
    global _processes
    processes = _Processes(limits)
    _processes = processes
    try:
        yield
    finally:
        _processes = None
        processes.close()


async def analyse(
    work: Work[T], args: tuple[Any, ...], started: Callable[[], None], progress: Progress
) -> T:
    """``work(*args, progress)``, off the event loop: ``started`` once it leaves the queue,
    ``progress`` as it goes, both on the caller's event loop. Cancelling the caller stops
    the work at its next step. Raises ``Busy`` when a server's queue is full."""
    processes = _processes
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
