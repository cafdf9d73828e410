"""``make bench-ssh``, attacks: bystanders' key-to-screen p95 under each attack of issue 28,
next to the quiet p95 of the same run, and the server's memory after each; then capacity.

A real ``cantstop serve --open`` (its own process, loopback). Bystanders (``BENCH_ATTACK_TABLES``
two-player tables, from 127.0.1.N and 127.0.2.N) play game after game by keys with 0.5 s
of thinking, through every phase. Each phase lasts ``BENCH_ATTACK_SECONDS``; one attacker
(from 127.0.0.2 or 127.0.0.3) runs through it, then stops, and the server's resident
memory is read once it has had a few seconds to settle:

* quiet: no attacker (the baseline of the run);
* in-band resize: a session types terminal size reports (``ESC [ 48 ; 1000 ; 1000 ; ... t``)
  of a huge size, alternating, twice a second;
* channel churn: one connection opens a new terminal session again and again;
* window-change flood: a session changes its window size 500 times a second;
* chat spam: a spectator says a line as fast as the talk box opens;
* join/leave loop: watch a table, back to the lobby, again;
* table spam: create a table, leave it (it closes), again.

Capacity (``BENCH_CAPACITY``, tables, default "25,50"): the quiet bench of ``bench_ssh`` at
each size: p95, the server's CPU per active session, memory per session; and from them the
active sessions one process holds at p95 under 150 ms.

    python -m benchmarks attacks      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh

from benchmarks import Row
from benchmarks import bench_ssh as ssh

TABLES = int(os.environ.get("BENCH_ATTACK_TABLES", "5"))
PHASE_SECONDS = float(os.environ.get("BENCH_ATTACK_SECONDS", "20"))
SETTLE_SECONDS = 4.0
CAPACITY = [int(n) for n in os.environ.get("BENCH_CAPACITY", "25,50").split(",") if n]
P95_TARGET_MS = 150.0
KEY_PERIOD = 0.6
"""Seconds between an active player's keys: 0.5 s of thinking and the redraw."""
CORE_SHARE = 0.8
"""Of the event loop's one core, what keys may take before p95 climbs (keys queue)."""
TALK_PROMPT = "say something"

Attack = Callable[[int, asyncio.Event], Awaitable[int]]
"""An attacker: given the server's port and a stop event, it attacks until told to stop
and returns how many times it did its thing."""


async def _session(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, ssh.Person]:
    conn, person = await ssh.connect(port, name)
    await person.wait_for("lobby")
    return conn, person


async def in_band_resize(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port, "inband")
    sent = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            size = 1000 if sent % 2 else 999
            person.chan.write(f"\x1b[48;{size};{size};{size * 10};{size * 20}t")
            sent += 1
            await asyncio.sleep(0.5)
    conn.close()
    return sent


async def channel_churn(port: int, stop: asyncio.Event) -> int:
    conn, _person = await _session(port, "churner")
    opened = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not conn.is_closed():
            person = ssh.Person("churner")
            chan, _ = await conn.create_session(
                lambda person=person: person,  # type: ignore[misc]
                term_type="xterm-256color",
                term_size=(80, 24),
            )
            person.chan = chan
            opened += 1
            await asyncio.sleep(0.05)
    conn.close()
    return opened


async def window_flood(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port, "resizer")
    changes, width = 0, 80
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            for _ in range(5):
                width = 80 + (width - 79) % 120
                person.chan.change_terminal_size(width, 24 + width % 20)
                changes += 1
            await asyncio.sleep(0.01)
    conn.close()
    return changes


async def _until(person: ssh.Person, check: Callable[[str], bool], seconds: float = 3.0) -> bool:
    deadline = time.perf_counter() + seconds
    while not check(person.text()):
        if time.perf_counter() > deadline:
            return False
        person.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(person.changed.wait(), 0.5)
    return True


async def chat_spam(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port, "chatter")
    person.press("w", timed=False)  # watch the first table
    await person.wait_for("Watching")
    said = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            person.press("t", timed=False)
            if await _until(person, lambda text: TALK_PROMPT in text):
                person.press(f"spam {said}\r", timed=False)
                said += 1
                await _until(person, lambda text: TALK_PROMPT not in text)
    conn.close()
    return said


async def join_leave(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port, "hopper")
    joins = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            person.press("w", timed=False)
            if await _until(person, lambda text: "Watching" in text, 1.0):
                joins += 1
                person.press("q", timed=False)
                await _until(person, lambda text: "Leave this table" in text)
                person.press("y", timed=False)
                await _until(person, lambda text: "you are" in text)
            else:  # refused: tried again at once, as an attacker would
                await asyncio.sleep(0.05)
    conn.close()
    return joins


async def table_spam(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port, "spammer")
    made = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            person.press("c", timed=False)
            if not await _until(person, lambda text: "New table" in text):
                continue
            person.press("\r", timed=False)
            if await _until(person, lambda text: "Waiting" in text, 1.0):
                made += 1
                person.press("x", timed=False)  # leave: the empty table closes
                await _until(person, lambda text: "Waiting" not in text)
            else:  # refused with a sentence, back in the lobby
                await asyncio.sleep(0.05)
    conn.close()
    return made


ATTACKS: list[tuple[str, Attack | None]] = [
    ("quiet", None),
    ("in-band resize", in_band_resize),
    ("channel churn", channel_churn),
    ("window-change flood", window_flood),
    ("chat spam", chat_spam),
    ("join/leave loop", join_leave),
    ("table spam", table_spam),
]


async def keep_playing(people: list[ssh.Person], stop: asyncio.Event) -> None:
    """Two bystanders at one table: game after game, each one asking for the rematch."""
    while not stop.is_set():
        await asyncio.gather(*(ssh.play(person) for person in people))
        for person in people:
            await person.wait_for("Rematch")
            person.press("r", timed=False)


async def attacked(tables: int = TABLES, seconds: float = PHASE_SECONDS) -> list[dict[str, Any]]:
    """Each phase's bystander p95 (ms), keys, attacker's count and server RSS after it."""
    ssh.THINK_SECONDS = float(os.environ.get("BENCH_SSH_THINK", "0.5"))
    phases: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as home:
        server, port = ssh.start_server(home)
        try:
            pairs = [pair for index in range(tables) for pair in await ssh.open_table(port, index)]
            people = [person for _conn, person in pairs]
            done = asyncio.Event()
            players = [
                asyncio.create_task(keep_playing(people[i : i + 2], done))
                for i in range(0, len(people), 2)
            ]
            await asyncio.sleep(seconds / 2)  # warm-up: every table in a game
            start_rss = ssh.rss_kib(server.pid)
            for name, attack in ATTACKS:
                seen = [len(person.latencies) for person in people]
                stop = asyncio.Event()
                task = asyncio.create_task(attack(port, stop)) if attack else None
                await asyncio.sleep(seconds)
                stop.set()
                count = 0
                if task is not None:
                    count = await asyncio.wait_for(task, 30)
                latencies = [
                    latency
                    for person, first in zip(people, seen, strict=True)
                    for latency in person.latencies[first:]
                ]
                await asyncio.sleep(SETTLE_SECONDS)
                phases.append({
                    "name": name,
                    "keys": len(latencies),
                    "p95_ms": 1000 * ssh.percentile(latencies, 0.95) if latencies else 0.0,
                    "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
                    "count": count,
                    "rss_growth_mib": (ssh.rss_kib(server.pid) - start_rss) / 1024,
                })
            done.set()
            for task in players:
                task.cancel()
            for conn, _person in pairs:
                conn.close()
        finally:
            server.terminate()
            server.wait(30)
    return phases


def capacity_rows() -> list[Row]:
    """Server CPU per key (which holds on a loaded machine, unlike shares of wall time),
    per active session at one key per ``KEY_PERIOD`` seconds, and the sessions whose keys
    fill ``CORE_SHARE`` of the server's one event loop."""
    rows: list[Row] = []
    for tables in CAPACITY:
        figures = asyncio.run(ssh.measure(tables))
        sessions, keys = int(figures["sessions"]), int(figures["keys"])
        per_key = figures["server_cpu_seconds"] / keys if keys else 0.0
        per_session = per_key / KEY_PERIOD
        holds = CORE_SHARE / per_session if per_session else float("inf")
        rows += [
            (
                f"{tables} tables ({sessions} sessions): key p95 / p50",
                f"{figures['p95_ms']:.0f} / {figures['p50_ms']:.0f} ms",
                f"{keys} keys; target p95 < {P95_TARGET_MS:.0f} ms",
            ),
            (
                f"{tables} tables: server CPU per key",
                f"{1000 * per_key:.1f} ms",
                f"every session at the table redrawn; {100 * per_session:.2f}% of a core "
                f"per active session at a key every {KEY_PERIOD} s",
            ),
            (
                f"{tables} tables: active sessions one process holds",
                f"{holds:.0f}",
                f"their keys fill {100 * CORE_SHARE:.0f}% of the event loop's core",
            ),
            (
                f"{tables} tables: server memory per session",
                f"{figures['per_session_mib']:.2f} MiB",
                "(RSS playing - RSS with 1) / sessions",
            ),
        ]
    return rows


def run() -> list[Row]:
    phases = asyncio.run(attacked())
    quiet = phases[0]["p95_ms"]
    rows: list[Row] = []
    for phase in phases:
        ratio = phase["p95_ms"] / quiet if quiet else 0.0
        rows.append((
            f"{phase['name']}: bystanders' key p95",
            f"{phase['p95_ms']:.0f} ms ({ratio:.2f}x)",
            f"p50 {phase['p50_ms']:.0f} ms, {phase['keys']} keys, attacker {phase['count']}; "
            f"RSS {phase['rss_growth_mib']:+.1f} MiB; targets 2x, 20 MiB",
        ))
    return rows + capacity_rows()


if __name__ == "__main__":
    from benchmarks.__main__ import format_table

    print(format_table(run()))
