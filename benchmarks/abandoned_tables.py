"""Memory while abandoned tables are played out by the computer with nobody connected.

Every seat's person leaves at once, the seat timeout is short and the computer has no
delay: all the tables' computer players think at the same time (the worst case). The
process's resident memory after one such game (the shared outcome tables warm), at its
peak, and once every table has finished and closed; with the computer players thinking in
a worker process, as a server has them (``--bot-workers``, the default), and on a thread
of the process itself (``--bot-workers 0``), each in a fresh process.

    python -m benchmarks.abandoned_tables [TABLES]      (default 11)
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import re
import sys
import time
from pathlib import Path

from benchmarks import children
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.thinking import bots_in_processes
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor

TARGET_MIB = 20
"""Growth allowed once every table closed (issue 28)."""


def rss_mib() -> float:
    status = Path("/proc/self/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+)", status)
    return int(found.group(1)) / 1024 if found else 0.0


async def play_out(lobby: Lobby, count: int, tag: str) -> float:
    """``count`` abandoned two-player tables, played out; the peak RSS meanwhile."""
    ids = []
    for number in range(count):
        people = [Visitor(f"{tag}{number}a"), Visitor(f"{tag}{number}b")]
        hosted = lobby.create(people[0], "", GameConfig(num_players=2), ["human"])
        hosted.sit(people[1], None)
        for person in people:
            hosted.left(person)
        ids.append(hosted.id)
    peak = 0.0
    while any(table_id in lobby.tables for table_id in ids):
        peak = max(peak, rss_mib())
        await asyncio.sleep(0.1)
    gc.collect()
    return peak


async def measure(count: int, workers: int) -> str:
    lobby = Lobby(seat_timeout=0.05, bot_delay=0.0)
    limits = Limits(bot_workers=workers)
    with bots_in_processes(limits.bots()) if workers else contextlib.nullcontext():
        await play_out(lobby, 1, "warm")
        warm = rss_mib()
        start = time.process_time()
        peak = await play_out(lobby, count, "gone")
        cpu = time.process_time() - start
        end = rss_mib()
    where = f"{workers} worker process" if workers else "the server's own process"
    return (
        f"thinking in {where}: after one game {warm:.0f} MiB; {count} tables at once: "
        f"peak {peak:.0f} MiB, {cpu:.1f} s of this process's CPU; every table closed: "
        f"{end:.0f} MiB ({end - warm:+.0f} MiB; target < +{TARGET_MIB})"
    )


def main(count: int) -> None:
    for workers in (0, Limits().bot_workers):
        command = [sys.executable, "-m", "benchmarks.abandoned_tables", str(count), str(workers)]
        done = children.run(command, timeout=3600, check=True, text=True)
        print(done.stdout.strip())


if __name__ == "__main__":
    children.end_on_sigterm()
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    if len(sys.argv) > 2:
        print(asyncio.run(measure(tables, int(sys.argv[2]))))
    else:
        main(tables)
