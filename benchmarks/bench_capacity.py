"""Capacity: how many active players one ``cantstop serve`` process holds at key-to-screen
p95 under 150 ms.

The people of ``bench_ssh`` (two per table, playing by keys, 0.5 s of thinking before
each) at ``BENCH_CAPACITY`` tables (default "25,50,100"), one size after the other, each on
a server of its own, measured over ``BENCH_CAPACITY_SECONDS`` (default 90) once every table
is seated and playing. Per size:

* key-to-screen p95 and p50, and the machine's load average when the games ended;
* the server's CPU per active session: CPU seconds of the server process divided by
  session-seconds (sessions x the games' wall time);
* its CPU per key (CPU seconds / keys: every session at the table redrawn, and all the
  server does meanwhile), which, unlike a share of wall time, holds on a loaded machine;
* memory per session: (RSS with every session playing - RSS with one) / sessions;
* the active players one process holds, derived from the CPU per key (below);
* the scripted people's own CPU (one process reads every screen with pyte): near a whole
  core, their reading, not the server, delays what they measure.

The derivation. An active player presses a key every ``KEY_PERIOD`` seconds on a quiet
machine (0.5 s of thinking, the redraw, reading it), so a session costs
``c / KEY_PERIOD`` of a core, c being the CPU per key. The server draws on one event loop:
keys queue for one core. As a single queue with random arrivals (M/M/1, pessimistic for
keys that cost about the same each), a key's time in the server is exponential with mean
``c / (1 - u)`` at a utilisation u, so its p95 is ``ln 20 * c / (1 - u)``; under 150 ms
when ``u < 1 - ln 20 * c / 0.150``. The players held: that utilisation divided by one
session's share, ``(1 - ln 20 * c / 0.150) * KEY_PERIOD / c``. Network and the client's
reading add to the measured p95, not to the server's queue.

    python -m benchmarks capacity      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import math
import os
import statistics
import tempfile
import time

from benchmarks import Row
from benchmarks import bench_ssh as ssh

CAPACITY = [int(n) for n in os.environ.get("BENCH_CAPACITY", "25,50,100").split(",") if n]
WINDOW_SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "90"))
"""How long every table plays while it is measured, once all are seated."""
P95_TARGET_MS = 150.0
KEY_PERIOD = 0.6
"""Seconds between an active player's keys on a quiet machine: 0.5 s of thinking, the
redraw and the pause that ends it."""
P95_FACTOR = math.log(20)
"""An exponential time's 95th percentile, in means."""

HEADER: Row = (
    "tables (sessions)",
    "load",
    "p95 / p50",
    "server CPU per active session",
    "server CPU per key",
    "memory per session",
    "players one process holds",
    "bench client CPU",
)


def players_held(cpu_per_key: float) -> int:
    """Active players whose keys keep the server's p95 under ``P95_TARGET_MS`` (see the
    module's docstring)."""
    utilisation = 1 - P95_FACTOR * cpu_per_key / (P95_TARGET_MS / 1000)
    if cpu_per_key <= 0 or utilisation <= 0:
        return 0
    return int(utilisation * KEY_PERIOD / cpu_per_key)


def row(tables: int, figures: dict[str, float], load: float) -> Row:
    sessions, keys = int(figures["sessions"]), int(figures["keys"])
    per_key = figures["server_cpu_seconds"] / keys if keys else 0.0
    per_session = figures["server_cpu"] / sessions
    return (
        f"{tables} ({sessions})",
        f"{load:.1f}",
        f"{figures['p95_ms']:,.0f} / {figures['p50_ms']:,.0f} ms",
        f"{100 * per_session:.2f}% of a core",
        f"{1000 * per_key:.1f} ms",
        f"{figures['per_session_mib']:.2f} MiB",
        f"{players_held(per_key)}",
        f"{100 * figures['client_cpu']:.0f}% of a core",
    )


async def measure(tables: int, seconds: float = WINDOW_SECONDS) -> dict[str, float]:
    """``tables`` tables playing for ``seconds`` (not to their games' end, which on a
    loaded machine takes longer than any deadline): what ``bench_ssh.measure`` gives."""
    with tempfile.TemporaryDirectory() as data_home:
        process, port = ssh.start_server(data_home)
        try:
            conn, warm = await ssh.connect(port, "warmup")
            await warm.wait_for("lobby")
            idle_rss = ssh.rss_kib(process.pid)
            people = [pair for i in range(tables) for pair in await ssh.open_table(port, i)]
            games = [asyncio.create_task(ssh.play(person)) for _conn, person in people]
            await asyncio.sleep(2.0)
            busy_rss = ssh.rss_kib(process.pid)  # every session in a game
            seen = [len(person.latencies) for _conn, person in people]
            start, cpu = time.perf_counter(), ssh.cpu_seconds(process.pid)
            client = time.process_time()
            await asyncio.sleep(seconds)
            wall = time.perf_counter() - start
            server_used = ssh.cpu_seconds(process.pid) - cpu
            client_used = time.process_time() - client
            latencies = [
                latency
                for (_conn, person), first in zip(people, seen, strict=True)
                for latency in person.latencies[first:]
            ]
            for game in games:
                game.cancel()
            for each, _person in [*people, (conn, warm)]:
                each.close()
        finally:
            process.terminate()
            process.wait(30)
    return {
        "sessions": 2 * tables,
        "keys": len(latencies),
        "p50_ms": 1000 * statistics.median(latencies),
        "p95_ms": 1000 * ssh.percentile(latencies, 0.95),
        "per_session_mib": max(0, busy_rss - idle_rss) / 1024 / (2 * tables),
        "server_cpu": server_used / wall,
        "server_cpu_seconds": server_used,
        "client_cpu": client_used / wall,
    }


def run() -> list[Row]:
    rows = []
    for tables in CAPACITY:
        figures = asyncio.run(measure(tables))
        rows.append(row(tables, figures, os.getloadavg()[0]))
    return rows


if __name__ == "__main__":
    from benchmarks.__main__ import format_table

    print(format_table(run(), HEADER))
