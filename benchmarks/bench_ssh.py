"""``make bench-ssh``: many people playing over SSH at once against one ``cantstop serve``.

The server runs as its own process (``cantstop serve --open``, loopback, ephemeral port);
this process plays scripted people: for each two-player table one creates it in the
lobby, the other sits, and both play it to the end by keys, reading their screens with
pyte as a person would (press ``1`` when a choice is asked, ``s`` after two moves,
otherwise ``r``). Measured:

* key-to-screen latency: from writing a key to the first bytes of the redraw it causes;
  p50 and p95 over every key of every game;
* server memory per session: the server's resident memory with every session in a game,
  minus its memory with one warm session, divided by the number of sessions.

Baseline in the same run: one table (2 sessions) alone, then 25 tables (50 sessions).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from dataclasses import dataclass

import asyncssh

from benchmarks import Row, children
from benchmarks.ssh_app_cost import Minimal, cpu_per_change
from benchmarks.ssh_people import (
    GAME_DEADLINE,
    QUIET_SECONDS,
    Person,
    address_of,
    connect,
    create_table,
    keep_playing,
    open_table,
    roll_off,
)
from benchmarks.ssh_people import play as play_with
from benchmarks.ssh_server import (
    MAX_SESSIONS,
    cpu_seconds,
    percentile,
    rss_kib,
    server_log,
    start_server,
)

__all__ = [
    "GAME_DEADLINE", "MAX_SESSIONS", "QUIET_SECONDS", "Person", "address_of", "connect",
    "cpu_seconds", "create_table", "keep_playing", "open_table", "percentile", "play",
    "roll_off", "rss_kib", "server_log", "start_server",
]

TABLES = int(os.environ.get("BENCH_SSH_TABLES", "25"))
THINK_SECONDS = float(os.environ.get("BENCH_SSH_THINK", "0.5"))  # a person's pause before a key
"""Read by ``play`` at each call: a benchmark may set it (``bench_memory``: 0)."""


async def play(person: Person) -> None:
    """Play this person's seat to the end of the game, ``THINK_SECONDS`` before each key."""
    await play_with(person, THINK_SECONDS)


@dataclass
class Played:
    latencies: list[float]
    busy_rss: int
    server_cpu: float  # share of one core during the games
    server_cpu_seconds: float  # in all, during the games (holds on a loaded machine)
    client_cpu: float


async def run_tables(port: int, pid: int, count: int) -> Played:
    people = [pair for index in range(count) for pair in await open_table(port, index)]
    start, server_start, client_start = time.perf_counter(), cpu_seconds(pid), time.process_time()
    games = [asyncio.create_task(play(person)) for _conn, person in people]
    await asyncio.sleep(2.0)
    busy_rss = rss_kib(pid)  # every session in a game
    await asyncio.gather(*games)
    wall = time.perf_counter() - start
    server_used = cpu_seconds(pid) - server_start
    server_cpu = server_used / wall
    client_cpu = (time.process_time() - client_start) / wall
    for conn, _person in people:
        conn.close()
    latencies = [latency for _conn, person in people for latency in person.latencies]
    return Played(latencies, busy_rss, server_cpu, server_used, client_cpu)


async def flood_bytes(port: int, stop: asyncio.Event) -> int:
    """An attacker's session that floods random keys; when the server closes it (it does,
    once the flood outlasts the input budget), it comes back and floods again."""
    sessions = 0
    while not stop.is_set():
        try:
            conn, person = await connect(port, f"flood{sessions}")
        except (OSError, asyncssh.Error):  # refused: it comes back too fast
            await asyncio.sleep(0.1)
            continue
        sessions += 1
        with contextlib.suppress(OSError, asyncssh.Error):
            while not stop.is_set() and not person.chan.is_closing():
                person.chan.write(os.urandom(3000).decode("latin-1"))
                await asyncio.sleep(0.01)  # about 300 KB/s
        conn.close()
        await asyncio.sleep(0.1)
    return sessions


async def flood_resizes(port: int, stop: asyncio.Event) -> None:
    """An attacker's session that changes its window size 500 times a second (the server
    closes it within a second: past its budget of window changes)."""
    conn, person = await connect(port, "resizer")
    width = 80
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            for _ in range(5):
                width = 80 + (width - 79) % 120
                person.chan.change_terminal_size(width, 24 + width % 20)
            await asyncio.sleep(0.01)
    conn.close()


async def measure(tables: int, floods: bool = False) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data_home:
        process, port = start_server(data_home)
        try:
            conn, warm = await connect(port, "warmup")
            await warm.wait_for("lobby")
            idle_rss = rss_kib(process.pid)
            stop = asyncio.Event()
            attackers = (
                [
                    asyncio.create_task(flood_bytes(port, stop)),
                    asyncio.create_task(flood_resizes(port, stop)),
                ]
                if floods
                else []
            )
            start = time.perf_counter()
            played = await run_tables(port, process.pid, tables)
            latencies, busy_rss = played.latencies, played.busy_rss
            elapsed = time.perf_counter() - start
            stop.set()
            await asyncio.gather(*attackers, return_exceptions=True)
            conn.close()
        finally:
            children.end_tree(process, grace=30)
    sessions = 2 * tables
    return {
        "sessions": sessions,
        "keys": len(latencies),
        "p50_ms": 1000 * statistics.median(latencies),
        "p95_ms": 1000 * percentile(latencies, 0.95),
        "rss_one_mib": idle_rss / 1024,
        "per_session_mib": max(0, busy_rss - idle_rss) / 1024 / sessions,
        "seconds": elapsed,
        "server_cpu": played.server_cpu,
        "server_cpu_seconds": played.server_cpu_seconds,
        "client_cpu": played.client_cpu,
    }


def run() -> list[Row]:
    from cantstop_tui.ui.table_app import TableApp

    minimal = asyncio.run(cpu_per_change(Minimal))
    game = asyncio.run(
        cpu_per_change(lambda table: TableApp(table, frozenset()))
    )
    baseline = asyncio.run(measure(1))
    loaded = asyncio.run(measure(TABLES))
    flooded = asyncio.run(measure(TABLES, floods=True))
    rows: list[Row] = []
    for label, figures in (
        ("1 table", baseline),
        (f"{TABLES} tables", loaded),
        (f"{TABLES} tables + 2 flooders", flooded),
    ):
        sessions = int(figures["sessions"])
        rows += [
            (
                f"{label}: key-to-screen p50",
                f"{figures['p50_ms']:.1f} ms",
                f"{int(figures['keys'])} keys, {sessions} sessions, all games finished",
            ),
            (f"{label}: key-to-screen p95", f"{figures['p95_ms']:.1f} ms", "target < 150 ms"),
        ]
    rows += [
        (
            "server CPU per table change, minimal app",
            f"{1000 * minimal:.1f} ms",
            "per session following the table",
        ),
        (
            "server CPU per table change, game app",
            f"{1000 * game:.1f} ms",
            f"{game / minimal:.1f}x the minimal app; this bounds sessions per core",
        ),
        ("p95 ratio, 50 sessions / 2", f"{loaded['p95_ms'] / baseline['p95_ms']:.1f}x", ""),
        (
            "p95 ratio, with floods / without",
            f"{flooded['p95_ms'] / loaded['p95_ms']:.2f}x",
            "one session floods bytes (closed, back, again), one window changes; target < 2x",
        ),
        ("server memory, one session", f"{baseline['rss_one_mib']:.0f} MiB", "resident, lobby"),
        (
            "server memory per session",
            f"{loaded['per_session_mib']:.2f} MiB",
            f"(RSS with {int(loaded['sessions'])} playing - RSS with 1) / sessions",
        ),
        (
            "server CPU during the 25 games",
            f"{100 * loaded['server_cpu']:.0f}% of a core",
            f"the scripted clients used {100 * loaded['client_cpu']:.0f}%",
        ),
        ("wall time, 25 games", f"{loaded['seconds']:.0f} s", f"think time {THINK_SECONDS}s/key"),
    ]
    return rows


if __name__ == "__main__":
    from benchmarks.__main__ import format_table
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()

    print(format_table(run()))
