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
and the players one process holds, derived by the model of ``capacity_model``.

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
from multiprocessing.connection import Connection
from typing import Any

from benchmarks import Row, capacity_clients, children
from benchmarks import bench_ssh as ssh
from benchmarks.capacity_clients import Window
from benchmarks.capacity_model import HEADER, Size, row, summary

CAPACITY = [int(n) for n in os.environ.get("BENCH_CAPACITY", "25,50,100").split(",") if n]
WINDOW_SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "90"))
"""How long every table plays while it is measured, once all are seated."""
TABLES_PER_CLIENT = 25
CLIENTS = int(os.environ.get("BENCH_CAPACITY_CLIENTS", "0"))
"""Client processes (0: one per ``TABLES_PER_CLIENT`` tables, at least two)."""
IDLE_SECONDS = 10.0
WARM_SECONDS = 5.0
SEATING_DEADLINE = 1800.0


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
            children.end_tree(server, grace=30)
    return results


def run() -> list[Row]:
    sizes = asyncio.run(measure(CAPACITY))
    return [row(size) for size in sizes] + summary(sizes)


if __name__ == "__main__":
    from benchmarks.__main__ import format_table
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()

    print(format_table(run(), HEADER))
