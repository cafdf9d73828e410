"""The server's CPU for each attacker of the attack table alone: one idle table, then each
attacker of ``attackers.ATTACKS`` (or those named) for ``SECONDS`` on a fresh address, and
the server's CPU seconds per second of it (``/proc``: other work on the machine is not
counted), beside the load average.

    python -m benchmarks.attack_cost ["chat spam" ...]
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

from benchmarks import attackers, ssh_people, ssh_server

SECONDS = 20.0
SETTLE_SECONDS = 3.0


async def measure(names: list[str]) -> list[str]:
    chosen = [(name, attack) for name, attack in attackers.ATTACKS if not names or name in names]
    lines = []
    with ssh_server.served(wait=10) as (server, port):
        seated = await ssh_people.open_table(port, 0)  # a table to watch and talk at
        await asyncio.sleep(SETTLE_SECONDS)
        for name, attack in [("idle", None), *chosen]:
            cpu, start = ssh_server.cpu_seconds(server.pid), time.perf_counter()
            stop = asyncio.Event()
            task = asyncio.create_task(attack(port, stop)) if attack else None
            await asyncio.sleep(SECONDS)
            stop.set()
            count = await task if task else 0
            used = ssh_server.cpu_seconds(server.pid) - cpu
            share = used / (time.perf_counter() - start)
            lines.append(
                f"{name}: server {100 * share:.1f}% of a core, the attacker did {count}, "
                f"load average {os.getloadavg()[0]:.1f}"
            )
            print(lines[-1], flush=True)
            await asyncio.sleep(SETTLE_SECONDS)
        for conn, _person in seated:
            conn.close()
    return lines


if __name__ == "__main__":
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()
    asyncio.run(measure(sys.argv[1:]))
