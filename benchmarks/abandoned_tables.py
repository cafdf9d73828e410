"""Memory while abandoned tables are played out by the computer with nobody connected.

Every seat's person leaves at once, the seat timeout is short and the computer has no
delay: all the tables' computer players think at the same time (the worst case). The
process's resident memory after one such game (numpy and the model loaded, the shared
outcome tables warm), at its peak, and once every table has finished and closed.

    python -m benchmarks.abandoned_tables [TABLES]      (default 11)
"""

from __future__ import annotations

import asyncio
import gc
import re
import sys
import time
from pathlib import Path

from cantstop_tui.engine import GameConfig
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor


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


async def main(count: int) -> None:
    lobby = Lobby(seat_timeout=0.05, bot_delay=0.0)
    await play_out(lobby, 1, "warm")
    warm = rss_mib()
    start = time.process_time()
    peak = await play_out(lobby, count, "gone")
    cpu = time.process_time() - start
    end = rss_mib()
    print(f"after one game (warm): {warm:.0f} MiB")
    print(f"{count} tables at once: peak {peak:.0f} MiB, {cpu:.1f} s of CPU")
    print(f"every table closed: {end:.0f} MiB ({end - warm:+.0f} MiB)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 11))
