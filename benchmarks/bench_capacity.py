"""Capacity: how many active players one ``cantstop serve`` process holds at key-to-screen
p95 under 150 ms.

Two people per table, playing by keys with 0.5 s of thinking before each, game after game,
at ``BENCH_CAPACITY`` tables (default "25,50,100"), one size after the other on one server.
The players run in ``BENCH_CAPACITY_CLIENTS`` processes (default one per 25 tables, at least
two; ``capacity_clients``), apart from the server and from each other. Per size:

1. the size's new tables are seated, one after the other, while the others wait;
2. idle: the server's CPU over ``IDLE_SECONDS`` with every session seated and nobody
   pressing a key (what a connected session costs by itself: timers, keepalives);
3. every table plays; after ``WARM_SECONDS`` the window of ``BENCH_CAPACITY_SECONDS``
   (default 90) is measured: every key's key-to-screen latency, the server's CPU seconds
   (``/proc``: other work on the machine is not counted) and the clients' own; then
   everyone stops where they are.

Reported: p95 and p50 with the load average beside them (p95 grows with the machine's
load), the seconds between a player's keys (0.6 when the machine keeps up), the server's
CPU per active session and per key, memory per session, the clients' CPU, the CPU time of
a fixed piece of work (a loaded machine inflates CPU time too: shared caches and cores),
and the players one process holds, derived:

An active player presses a key every ``KEY_PERIOD`` seconds on a quiet machine (every 0.6 s
on their turn: 0.5 s of thinking, the redraw, reading it; at a two-player table, half the
time), so a session takes ``i + c / KEY_PERIOD`` of a core: i its idle share, c the
server's CPU per key beyond idle (every session at the table redrawn).
The server draws on one event loop: keys queue for one core. As a single queue with random
arrivals (M/M/1, pessimistic for keys that cost about the same each), a key's time in the
server is exponential with mean ``c / (1 - u)`` at a utilisation u, so its p95 is
``ln 20 * c / (1 - u)``: under 150 ms while ``u < 1 - ln 20 * c / 0.150``. The players held
are that utilisation over one session's share. Network and the client's reading add to the
measured p95, not to the server's queue.

    python -m benchmarks capacity      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from benchmarks import Row, capacity_clients
from benchmarks import bench_ssh as ssh
from benchmarks.capacity_clients import Window

CAPACITY = [int(n) for n in os.environ.get("BENCH_CAPACITY", "25,50,100").split(",") if n]
WINDOW_SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "90"))
"""How long every table plays while it is measured, once all are seated."""
TABLES_PER_CLIENT = 25
CLIENTS = int(os.environ.get("BENCH_CAPACITY_CLIENTS", "0"))
"""Client processes (0: one per ``TABLES_PER_CLIENT`` tables, at least two)."""
IDLE_SECONDS = 10.0
WARM_SECONDS = 5.0
SEATING_DEADLINE = 1800.0
P95_TARGET_MS = 150.0
KEY_PERIOD = 1.2
"""Seconds between an active session's keys on a quiet machine: the player whose turn it is
presses a key every 0.6 s (0.5 s of thinking, the redraw, the pause that ends it), and at a
two-player table that is one of the two at a time."""
P95_FACTOR = math.log(20)
"""An exponential time's 95th percentile, in means."""

HEADER: Row = (
    "tables (sessions)",
    "load",
    "p95 / p50",
    "s per key",
    "server CPU per active session",
    "server CPU per key",
    "memory per session",
    "players one process holds",
    "clients' CPU",
    "fixed work's CPU",
)


def players_held(cpu_per_key: float, idle_share: float = 0.0) -> int:
    """Active players whose keys keep the server's p95 under ``P95_TARGET_MS``, each costing
    ``idle_share`` of a core when idle and ``cpu_per_key`` seconds a key (see the module's
    docstring)."""
    utilisation = 1 - P95_FACTOR * cpu_per_key / (P95_TARGET_MS / 1000)
    if cpu_per_key <= 0 or utilisation <= 0:
        return 0
    return int(utilisation / (idle_share + cpu_per_key / KEY_PERIOD))


@dataclass
class Size:
    """One size's figures (see the module's docstring)."""

    tables: int
    sessions: int
    clients: int
    latencies: list[float]
    wall: float
    server_cpu: float
    """The server's CPU seconds over the window."""
    idle_cpu: float
    """The server's CPU seconds a second with every session seated, no key pressed."""
    client_cpu: float
    """The client processes' CPU seconds over the window, all together."""
    per_session_mib: float
    load: tuple[float, float]
    """The one-minute load average as the window opened and as it closed."""
    seating: float
    """Seconds to seat every table."""
    stopped: list[str]
    received: int
    """Characters of screen the clients received over the window."""
    work_unit_ms: float
    """``work_unit_ms()`` as the window closed."""

    @property
    def keys(self) -> int:
        return len(self.latencies)

    @property
    def cpu_per_key(self) -> float:
        """Server CPU seconds per key beyond what the sessions cost idle."""
        busy = self.server_cpu - self.idle_cpu * self.wall
        return max(busy, 0.0) / self.keys if self.keys else 0.0

    @property
    def idle_share(self) -> float:
        return self.idle_cpu / self.sessions

    @property
    def held(self) -> int:
        return players_held(self.cpu_per_key, self.idle_share)


def row(size: Size) -> Row:
    latencies = size.latencies
    p95 = 1000 * ssh.percentile(latencies, 0.95) if latencies else 0.0
    p50 = 1000 * statistics.median(latencies) if latencies else 0.0
    period = size.sessions * size.wall / size.keys if size.keys else 0.0
    return (
        f"{size.tables} ({size.sessions})",
        f"{size.load[0]:.1f}-{size.load[1]:.1f}",
        f"{p95:,.0f} / {p50:,.0f} ms",
        f"{period:.2f}",
        f"{100 * size.server_cpu / size.wall / size.sessions:.2f}% of a core "
        f"(idle {100 * size.idle_share:.2f}%)",
        f"{1000 * size.cpu_per_key:.1f} ms",
        f"{size.per_session_mib:.2f} MiB",
        f"{size.held}",
        f"{100 * size.client_cpu / size.wall:.0f}% of a core in {size.clients} processes, "
        f"{1000 * size.client_cpu / max(size.keys, 1):.1f} ms a key; "
        f"{size.received / max(size.keys, 1) / 1000:.1f} KB of screen a key",
        f"{size.work_unit_ms:.0f} ms",
    )


def _tell(pipes: list[Connection], message: object) -> None:
    for pipe in pipes:
        pipe.send(message)


async def _hear(pipes: list[Connection], timeout: float) -> list[Any]:
    async def one(pipe: Connection) -> Any:
        if not await asyncio.to_thread(pipe.poll, timeout):
            raise RuntimeError(f"a client process said nothing for {timeout:.0f} s")
        try:
            answer = pipe.recv()
        except EOFError:
            raise RuntimeError("a client process ended without a word") from None
        if isinstance(answer, tuple) and answer[0] == "failed":
            raise RuntimeError(f"a client process failed:\n{answer[1]}")
        return answer

    return list(await asyncio.gather(*(one(pipe) for pipe in pipes)))


def work_unit_ms() -> float:
    """CPU milliseconds of a fixed piece of pure-Python work (the median of five): beside a
    size's CPU figures, it shows how much a loaded machine inflates CPU time itself."""

    def work() -> int:
        return sum(len(str(number)) for number in range(200_000))

    times = []
    for _ in range(5):
        start = time.process_time()
        work()
        times.append(1000 * (time.process_time() - start))
    return statistics.median(times)


async def measure(
    sizes: list[int], seconds: float = WINDOW_SECONDS, clients: int = CLIENTS
) -> list[Size]:
    """One server, ``sizes`` tables in turn (ascending): the tables of the next size are
    seated while the others wait, then all play for ``seconds`` (not to their games' end)."""
    clients = clients or max(2, math.ceil(max(sizes) / TABLES_PER_CLIENT))
    context = multiprocessing.get_context("spawn")
    lock = context.Lock()
    results = []
    with tempfile.TemporaryDirectory() as data_home:
        server, port = ssh.start_server(data_home)
        processes, pipes = [], []
        try:
            conn, warm = await ssh.connect(port, "warmup")
            await warm.wait_for("lobby")
            idle_rss = ssh.rss_kib(server.pid)
            for _ in range(clients):
                ours, theirs = context.Pipe()
                process = context.Process(
                    target=capacity_clients.main,
                    args=(port, lock, theirs, ssh.THINK_SECONDS),
                    daemon=True,
                )
                process.start()
                theirs.close()  # theirs only: a process that ends is heard at once (EOF)
                processes.append(process)
                pipes.append(ours)
            seated = 0
            for tables in sorted(sizes):
                started = time.perf_counter()
                for number, pipe in enumerate(pipes):
                    pipe.send(("seat", list(range(seated + number, tables, clients))))
                await _hear(pipes, SEATING_DEADLINE)
                seated = tables
                seating = time.perf_counter() - started
                cpu = ssh.cpu_seconds(server.pid)
                await asyncio.sleep(IDLE_SECONDS)
                idle_cpu = (ssh.cpu_seconds(server.pid) - cpu) / IDLE_SECONDS
                _tell(pipes, ("play",))
                await asyncio.sleep(WARM_SECONDS)
                busy_rss = ssh.rss_kib(server.pid)  # every session in a game
                load_start = os.getloadavg()[0]
                _tell(pipes, "start")
                start, cpu = time.perf_counter(), ssh.cpu_seconds(server.pid)
                await asyncio.sleep(seconds)
                _tell(pipes, "stop")
                server_cpu = ssh.cpu_seconds(server.pid) - cpu
                wall = time.perf_counter() - start
                windows: list[Window] = await _hear(pipes, 120)
                results.append(size := Size(
                    tables,
                    2 * tables,
                    clients,
                    [latency for window in windows for latency in window.latencies],
                    wall,
                    server_cpu,
                    idle_cpu,
                    sum(window.cpu for window in windows),
                    max(0, busy_rss - idle_rss) / 1024 / (2 * tables),
                    (load_start, os.getloadavg()[0]),
                    seating,
                    [why for window in windows for why in window.stopped],
                    sum(window.received for window in windows),
                    work_unit_ms(),
                ))
                # A long run's figures as each size ends (stderr; the table comes at the end).
                print("  ".join(row(size)), file=sys.stderr, flush=True)
            _tell(pipes, ("quit",))
            conn.close()
        finally:
            for process in processes:
                process.join(30)
                if process.is_alive():
                    process.kill()
            server.terminate()
            server.wait(30)
    return results


def summary(sizes: list[Size]) -> list[Row]:
    """The capacity, derived from the largest size measured (its CPU per key includes what
    more sessions add to each key), and what was measured directly."""
    largest = max(sizes, key=lambda size: size.sessions)
    under = [
        size for size in sizes
        if size.latencies and 1000 * ssh.percentile(size.latencies, 0.95) < P95_TARGET_MS
    ]
    measured = (
        f"measured p95 < {P95_TARGET_MS:.0f} ms up to {max(s.sessions for s in under)} sessions"
        if under else f"no size measured p95 < {P95_TARGET_MS:.0f} ms (see the load)"
    )
    seated = ", ".join(f"{size.tables} in {size.seating:.0f} s" for size in sizes)
    stopped = [why for size in sizes for why in size.stopped]
    notes = f"tables seated: {seated}" + (
        f"; {len(stopped)} players stopped early: {stopped[0]}" if stopped else ""
    )
    loads = [load for size in sizes for load in size.load]
    return [(
        "one process holds",
        f"{min(loads):.1f}-{max(loads):.1f}",
        measured,
        "",
        "",
        "",
        "",
        f"{largest.held} (from {largest.tables} tables)",
        notes,
        "",
    )]


def run() -> list[Row]:
    sizes = asyncio.run(measure(CAPACITY))
    return [row(size) for size in sizes] + summary(sizes)


if __name__ == "__main__":
    from benchmarks.__main__ import format_table

    print(format_table(run(), HEADER))
