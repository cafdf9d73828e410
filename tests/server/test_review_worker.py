"""Over SSH a visitor's review runs in a worker process at a lower priority (``Limits``'s
``analysis_*``), and a bystander keeps playing while it runs."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import multiprocessing
import os
import time
import weakref
from pathlib import Path

from cantstop_tui.play.worker import WorkerLimits
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.server import GameServer
from cantstop_tui.ui.background import Busy, analyse, in_processes
from cantstop_tui.ui.screens.review import ReviewScreen

from .conftest import REVIEW_WAIT, play_one_step, start_table, until
from .rematch_helpers import finished_match


def worker_pid(_: int, progress: object) -> tuple[int, int]:
    """Where a job runs, and at what priority."""
    return os.getpid(), os.getpriority(os.PRIO_PROCESS, 0)


async def test_a_job_runs_in_a_lower_priority_worker_and_the_queue_is_bounded() -> None:
    limits = Limits()
    with in_processes(limits.analysis()):
        pid, niceness = await analyse(worker_pid, (0,), lambda: None, lambda d, t: None)
    assert pid != os.getpid()
    # Nicer by the setting, within the system's ceiling (19: a suite itself run under
    # ``nice -n 10`` cannot go 10 further).
    assert niceness >= min(os.getpriority(os.PRIO_PROCESS, 0) + limits.analysis_niceness, 19)
    assert not multiprocessing.active_children()  # the workers end with the server

    full = WorkerLimits(workers=1, waiting=0, jobs_per_worker=1, idle_seconds=1, niceness=0)
    with in_processes(full):
        first = asyncio.ensure_future(analyse(worker_pid, (0,), lambda: None, lambda d, t: None))
        await asyncio.sleep(0)  # the first job is taken
        try:
            await analyse(worker_pid, (0,), lambda: None, lambda d, t: None)
        except Busy:
            pass
        else:
            raise AssertionError("a job past the queue's bound was accepted")
        await first


async def test_workers_are_replaced_after_their_jobs_and_end_when_idle() -> None:
    """The memory a review took comes back: a new worker after ``jobs_per_worker`` jobs,
    none at all once idle."""
    limits = WorkerLimits(workers=1, waiting=1, jobs_per_worker=1, idle_seconds=0.2, niceness=0)
    with in_processes(limits):
        first, _ = await analyse(worker_pid, (0,), lambda: None, lambda d, t: None)
        second, _ = await analyse(worker_pid, (0,), lambda: None, lambda d, t: None)
        assert first != second
        await until(lambda: not multiprocessing.active_children(), "the idle worker to end")


HELD: contextvars.ContextVar[object] = contextvars.ContextVar("held")


class Caller:
    """Stands for the screen that asked for a review (Textual's context names it)."""


async def test_a_finished_job_keeps_nothing_of_its_caller() -> None:
    """The workers' idle timer starts when a job ends, in the caller's task: made in the
    caller's context it kept what that context held (over SSH, the closed review screen
    that asked) until the workers retired, minutes later."""
    limits = WorkerLimits(workers=1, waiting=1, jobs_per_worker=10, idle_seconds=300, niceness=0)

    async def ask() -> weakref.ref[Caller]:
        caller = Caller()
        HELD.set(caller)
        await analyse(worker_pid, (0,), lambda: None, lambda d, t: None)
        return weakref.ref(caller)

    with in_processes(limits):
        kept = await asyncio.create_task(ask())
        # Once the step that woke this one (it names the task) is done, nothing holds it.
        await until(lambda: gc.collect() >= 0 and kept() is None, "the caller to be let go")


class Asker:
    """Stands for the review screen whose bound methods a job passes its word on to."""

    def __init__(self, began: asyncio.Event) -> None:
        self.began = began

    def started(self) -> None:
        self.began.set()

    def progress(self, done: int, total: int) -> None:
        pass


def wait_for_file(path: str, progress: object) -> None:
    """A job that lasts until ``path`` exists (a minute at most)."""
    deadline = time.monotonic() + 60
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.01)


async def test_the_progress_reader_keeps_nothing_of_a_finished_job(tmp_path: Path) -> None:
    """The thread that passes the workers' word on to the event loops waits for the next
    word with nothing of the last job: its local kept the job's ``started`` (over SSH a
    closed review screen's method) until the next review, and a thread's locals are not
    the collector's to see (``gc.get_referrers`` finds no holder)."""
    limits = WorkerLimits(workers=1, waiting=1, jobs_per_worker=10, idle_seconds=300, niceness=0)
    with in_processes(limits):
        began = asyncio.Event()
        asker = Asker(began)
        kept = weakref.ref(asker)
        go_on = tmp_path / "go on"
        job = asyncio.ensure_future(analyse(wait_for_file, (str(go_on),), asker.started,
                                            asker.progress))
        del asker
        # The job ends only once its start was passed on: the reader has had it in hand.
        await until(began.is_set, "the job's start to be passed on")
        go_on.touch()
        await job
        await until(lambda: gc.collect() >= 0 and kept() is None, "the asker to be let go")


async def test_a_review_over_ssh_finishes_while_a_bystander_plays(server: GameServer) -> None:
    carol, dave, hosted = await start_table(server, "carol", "dave")
    table = hosted.table
    assert table is not None
    players = {0: carol, 1: dave}
    mover = table.match.state.current_player
    reviewer = players[1 - mover]
    [session] = [
        s for s in server.sessions if s.visitor and s.visitor.name == ("carol", "dave")[1 - mover]
    ]
    app = session._app
    assert app is not None
    game = finished_match()
    app.call_later(lambda: app.push_screen(ReviewScreen(game, "of ana's game", play_on=False)))
    await reviewer.wait_for("of ana's game")
    played = 0
    while table.match.state.current_player == mover and "Accuracy" not in reviewer.text():
        await play_one_step(table, players)  # the bystander's keys are taken meanwhile
        played += 1
    await reviewer.wait_for("Accuracy", seconds=REVIEW_WAIT)
    assert played > 0
    assert multiprocessing.active_children()  # the review ran in a worker
    await carol.close()
    await dave.close()
