"""A stand-in for ``cantstop serve``'s worker pools, run as a program by
test_review_worker_orphan.py: it runs one review job in the analysis pool as the server
does, prints the worker's pid, and waits (the workers idle, their timer far off) until
it is killed."""

from __future__ import annotations

import asyncio
import os
import signal

from cantstop_tui.server.limits import Limits
from cantstop_tui.ui.background import analyse, in_processes


def worker_pid(_: int, progress: object) -> int:
    return os.getpid()


async def serve() -> None:
    with in_processes(Limits().analysis()):
        print(await analyse(worker_pid, (0,), lambda: None, lambda d, t: None), flush=True)
        signal.pause()  # until killed


if __name__ == "__main__":  # not when a worker imports this module for ``worker_pid``
    asyncio.run(serve())
