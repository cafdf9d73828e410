"""A server killed without a word (``kill -9``) leaves no worker process behind: the
review worker (nice 10, ~60 MB) and multiprocessing's resource tracker stayed, orphans,
for good (the idle timer that would have ended the worker died with the server)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from waiting import running, wait_until

POOL_SERVER = Path(__file__).with_name("pool_server.py")


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` now."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended while looked at
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def test_a_killed_servers_review_worker_and_resource_tracker_end() -> None:
    server = subprocess.Popen([sys.executable, str(POOL_SERVER)], stdout=subprocess.PIPE, text=True)
    children: set[int] = set()
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        children = children_of(server.pid)
        # the worker and the resource tracker (the queues' and locks' semaphores)
        assert worker in children and len(children) == 2, children
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        wait_until(
            lambda: not any(running(pid) for pid in children),
            f"the server's worker ({worker}) and resource tracker ({children - {worker}}) to end",
        )
    finally:  # a failure leaves no orphan either
        for pid in children:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        server.kill()
        server.wait()
        assert server.stdout is not None
        server.stdout.close()
