"""``make bench-ssh``, attacks: bystanders' key-to-screen p95 under each attack of issue 28,
next to the quiet p95 of the same run, and the server's memory after each; then capacity.

A real ``cantstop serve --open`` (its own process, loopback). Bystanders (``BENCH_ATTACK_TABLES``
two-player tables, from 127.0.1.N and 127.0.2.N) play game after game by keys with 0.5 s
of thinking, through every phase. Each phase lasts ``BENCH_ATTACK_SECONDS``; one attacker
(from 127.0.0.2 or 127.0.0.3) runs through it, then stops, and the server's resident
memory is read once it has had a few seconds to settle. Every attack phase comes right
after a quiet phase of its own (no attacker), so a machine shared with other work loads
both alike; the whole sequence is played ``BENCH_ATTACK_RUNS`` times (default 3), and each
phase notes the machine's load average and the server's CPU per second:

in-band resize, channel churn, window-change flood, chat spam, join/leave loop and table
spam (``benchmarks/attackers.py`` says what each does).

Capacity is ``bench_capacity`` (``python -m benchmarks capacity``).

    python -m benchmarks attacks      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import os
import statistics
from dataclasses import dataclass

import asyncssh

from benchmarks import Row
from benchmarks import bench_ssh as ssh
from benchmarks.attackers import ATTACKS, Attack
from benchmarks.ssh_server import served

TABLES = int(os.environ.get("BENCH_ATTACK_TABLES", "5"))
PHASE_SECONDS = float(os.environ.get("BENCH_ATTACK_SECONDS", "20"))
SETTLE_SECONDS = 4.0
RUNS = int(os.environ.get("BENCH_ATTACK_RUNS", "3"))
RATIO_TARGET = 2.0
RSS_TARGET_MIB = 20.0


@dataclass
class Phase:
    name: str
    run: int
    keys: int
    p95_ms: float
    p50_ms: float
    count: int
    """What the attacker did (sessions, changes, lines...)."""
    rss_growth_mib: float
    """The server's RSS, settled after the phase, minus where it was before the first."""
    load: float
    """The machine's one-minute load average at the phase's end."""
    server_cpu: float
    """The server's CPU seconds during the phase, per second of it: unlike latency, it
    does not grow with the other work on the machine."""


async def _phase(
    name: str, attack: Attack | None, run: int, port: int, people: list[ssh.Person],
    seconds: float, pid: int, start_rss: int,
) -> Phase:
    seen = [len(person.latencies) for person in people]
    cpu_before = ssh.cpu_seconds(pid)
    stop = asyncio.Event()
    task = asyncio.create_task(attack(port, stop)) if attack else None
    await asyncio.sleep(seconds)
    stop.set()
    count = 0
    if task is not None:
        try:
            count = await asyncio.wait_for(task, 30)
        except (OSError, asyncssh.Error, RuntimeError):
            count = -1  # the server refused or dropped it before it did anything
    load = os.getloadavg()[0]
    server_cpu = (ssh.cpu_seconds(pid) - cpu_before) / seconds
    latencies = [
        latency
        for person, first in zip(people, seen, strict=True)
        for latency in person.latencies[first:]
    ]
    await asyncio.sleep(SETTLE_SECONDS)
    return Phase(
        name,
        run,
        len(latencies),
        1000 * ssh.percentile(latencies, 0.95) if latencies else 0.0,
        1000 * statistics.median(latencies) if latencies else 0.0,
        count,
        (ssh.rss_kib(pid) - start_rss) / 1024,
        load,
        server_cpu,
    )


async def attacked(
    tables: int = TABLES, seconds: float = PHASE_SECONDS, runs: int = RUNS
) -> list[tuple[Phase, Phase]]:
    """Each attack's phase with the quiet phase played just before it, ``runs`` times."""
    pairs: list[tuple[Phase, Phase]] = []
    with served() as (server, port):
        seated = [pair for index in range(tables) for pair in await ssh.open_table(port, index)]
        people = [person for _conn, person in seated]
        done = asyncio.Event()
        players = [
            asyncio.create_task(ssh.keep_playing(person, done, ssh.THINK_SECONDS))
            for person in people
        ]
        await asyncio.sleep(seconds / 2)  # warm-up: every table in a game
        start_rss = ssh.rss_kib(server.pid)
        for run in range(runs):
            for name, attack in ATTACKS:
                if failed := [task for task in players if task.done()]:
                    raise RuntimeError("a bystander stopped playing") from failed[0].exception()
                quiet = await _phase(
                    "quiet", None, run, port, people, seconds, server.pid, start_rss
                )
                hit = await _phase(name, attack, run, port, people, seconds, server.pid, start_rss)
                pairs.append((quiet, hit))
        done.set()
        for task in players:
            task.cancel()
        for conn, _person in seated:
            conn.close()
    return pairs


def run() -> list[Row]:
    pairs = asyncio.run(attacked())
    rows: list[Row] = []
    for name, _attack in ATTACKS:
        mine = [(quiet, hit) for quiet, hit in pairs if hit.name == name]
        ratios = [hit.p95_ms / quiet.p95_ms if quiet.p95_ms else 0.0 for quiet, hit in mine]
        rows.append((
            f"{name}: bystanders' key p95 / quiet p95 just before",
            " ".join(f"{r:.2f}x" for r in ratios) + f" (median {statistics.median(ratios):.2f}x)",
            "; ".join(
                f"{hit.p95_ms:.0f}/{quiet.p95_ms:.0f} ms (p50 {hit.p50_ms:.0f}/{quiet.p50_ms:.0f})"
                f" at load {hit.load:.1f}, server CPU "
                f"{100 * hit.server_cpu:.0f}/{100 * quiet.server_cpu:.0f}%, "
                f"attacker {hit.count}, RSS {hit.rss_growth_mib:+.1f} MiB"
                for quiet, hit in mine
            )
            + f"; targets {RATIO_TARGET:.0f}x, {RSS_TARGET_MIB:.0f} MiB",
        ))
    return rows


if __name__ == "__main__":
    from benchmarks.__main__ import format_table
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()

    print(format_table(run()))
