"""A server's side of its worker processes (``play.worker`` is theirs): a bounded number
of workers at a lower priority, a bounded queue, each worker replaced after a few jobs and
all of them ended when idle, so the memory the work took comes back to the system.

Two pools use it: visitors' reviews (``ui.background``) and the computer players'
decisions (``play.thinking``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from .worker import STARTED, WorkerLimits, init_worker, run_job

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called as the work goes."""
Work = Callable[..., T]
"""``work(*args, progress)``: a module-level function (a worker process imports it)."""

CANCELLED_RING: Final = 64
"""Recently cancelled jobs the workers can see; far more than can be queued at once."""


class Busy(Exception):
    """Every worker is busy and the queue is full."""


@dataclass
class _Job:
    """A job sent to a worker: where and how to report its start and progress."""

    loop: asyncio.AbstractEventLoop
    started: Callable[[], None]
    progress: Progress


class Processes:
    def __init__(self, limits: WorkerLimits) -> None:
        import multiprocessing  # a server's only: not on a local game's start-up

        self.limits = limits
        self._context = multiprocessing.get_context("spawn")  # never a fork of a server
        self._sink = self._context.SimpleQueue()
        self._cancelled: Any = self._context.Array("q", [-1] * CANCELLED_RING)
        self._pool: ProcessPoolExecutor | None = None
        self._taken = 0
        """Jobs given to the pool now: it is replaced after ``jobs_per_worker`` each."""
        self._jobs: dict[int, _Job] = {}
        self._next = 0
        self._retire: asyncio.TimerHandle | None = None
        self._reader = threading.Thread(target=self._read, name="cantstop-worker-progress")
        self._reader.daemon = True
        self._reader.start()

    def _read(self) -> None:
        while (message := self._sink.get()) is not None:
            self._pass_on(*message)

    def _pass_on(self, job_id: int, done: int, total: int) -> None:
        """A worker's word to the job's event loop. A method of its own, so that no local
        of the reader's thread keeps the job (its screen, a closed review) while the thread
        waits for the next word: a thread's locals are not the collector's to see."""
        job = self._jobs.get(job_id)
        if job is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed
            if done == STARTED:
                job.loop.call_soon_threadsafe(job.started)
            else:
                job.loop.call_soon_threadsafe(job.progress, done, total)

    def _executor(self) -> ProcessPoolExecutor:
        # Workers are replaced by replacing the pool once its workers have taken their
        # jobs (the old pool finishes what it has, then ends), not by the executor's
        # ``max_tasks_per_child``: with jobs always queued (tables thinking at once), a
        # worker that ended at its count was sometimes never replaced, and every table
        # waited for good (Python 3.11).
        if self._pool is not None and self._taken >= self.limits.jobs_per_worker * max(
            self.limits.workers, 1
        ):
            self._pool.shutdown(wait=False)
            self._pool = None
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                self.limits.workers,
                mp_context=self._context,
                initializer=init_worker,
                initargs=(self._sink, self._cancelled, self.limits.niceness),
            )
            self._taken = 0
        self._taken += 1
        return self._pool

    async def run(
        self, work: Work[T], args: tuple[Any, ...], started: Callable[[], None], progress: Progress
    ) -> T:
        """``work(*args, progress)`` in a worker. Raises ``Busy`` when the queue is full."""
        if len(self._jobs) >= self.limits.workers + self.limits.waiting:
            raise Busy
        if self._retire is not None:
            self._retire.cancel()
            self._retire = None
        loop = asyncio.get_running_loop()
        job_id = self._next
        self._next += 1
        self._jobs[job_id] = _Job(loop, started, progress)
        pool = self._executor()
        future: Future[T] = pool.submit(run_job, job_id, work, args)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            if not future.cancel():  # under way: it stops at its next step
                self._cancelled[job_id % CANCELLED_RING] = job_id
            raise
        except Exception as error:
            from concurrent.futures.process import BrokenProcessPool  # loaded with the pool

            if isinstance(error, BrokenProcessPool) and self._pool is pool:
                self._pool = None  # a worker died: the next job gets a new pool
            raise
        finally:
            del self._jobs[job_id]
            if not self._jobs:  # in a context of its own: the caller's would keep its
                # screen (a closed review, its task's context) until the workers retire
                self._retire = loop.call_later(
                    self.limits.idle_seconds, self._shut_down_pool, context=contextvars.Context()
                )

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


class PoolSlot:
    """Where a kind of work finds its pool while a server runs (None: not in processes)."""

    def __init__(self) -> None:
        self.current: Processes | None = None

    @contextlib.contextmanager
    def running(self, limits: WorkerLimits) -> Iterator[None]:
        """While this lasts, the work runs in worker processes; they end with it."""
        processes = Processes(limits)
        self.current = processes
        try:
            yield
        finally:
            self.current = None
            processes.close()
