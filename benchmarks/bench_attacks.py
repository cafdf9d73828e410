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

* in-band resize: a session types terminal size reports (``ESC [ 48 ; 1000 ; 1000 ; ... t``)
  of a huge size, alternating, twice a second;
* channel churn: one connection opens a new terminal session again and again;
* window-change flood: a session changes its window size 500 times a second;
* chat spam: a spectator says a line as fast as the talk box opens;
* join/leave loop: watch a table, back to the lobby, again;
* table spam: create a table, leave it (it closes), again.

Capacity is ``bench_capacity`` (``python -m benchmarks capacity``).

    python -m benchmarks attacks      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import asyncssh

from benchmarks import Row
from benchmarks import bench_ssh as ssh

TABLES = int(os.environ.get("BENCH_ATTACK_TABLES", "5"))
PHASE_SECONDS = float(os.environ.get("BENCH_ATTACK_SECONDS", "20"))
SETTLE_SECONDS = 4.0
RUNS = int(os.environ.get("BENCH_ATTACK_RUNS", "3"))
RATIO_TARGET = 2.0
RSS_TARGET_MIB = 20.0
TALK_PROMPT = "say something"

Attack = Callable[[int, asyncio.Event], Coroutine[Any, Any, int]]
"""An attacker: given the server's port and a stop event, it attacks until told to stop
and returns how many times it did its thing."""


ATTACKERS = itertools.count()
"""Each attacker's number: its name and its address (127.0.4.N), so that each attack is
met by the server afresh, not slowed by the penalties an earlier attacker earned."""


async def _session(port: int) -> tuple[asyncssh.SSHClientConnection, ssh.Person]:
    conn, person = await ssh.connect(port, f"attacker{next(ATTACKERS)}")
    await person.wait_for("lobby")
    return conn, person


async def in_band_resize(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port)
    person.reading = False  # it only sends
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
    conn, _person = await _session(port)
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
    conn, person = await _session(port)
    person.reading = False  # it only sends
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
    conn, person = await _session(port)
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
    conn, person = await _session(port)
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
    conn, person = await _session(port)
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


ATTACKS: list[tuple[str, Attack]] = [
    ("in-band resize", in_band_resize),
    ("channel churn", channel_churn),
    ("window-change flood", window_flood),
    ("chat spam", chat_spam),
    ("join/leave loop", join_leave),
    ("table spam", table_spam),
]


async def keep_playing(person: ssh.Person, stop: asyncio.Event) -> None:
    """A bystander: game after game, asking for the rematch after each (the next game
    starts when both at the table asked)."""
    while not stop.is_set():
        await ssh.play(person)
        deadline = time.perf_counter() + 60
        while "wins, with" in person.text():  # until the next game starts
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{person.name}'s rematch did not start:\n{person.text()}")
            if "Rematch (r)" in person.text():  # not asked yet (a last key may have)
                person.press("r", timed=False)
            person.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(person.changed.wait(), 1.0)


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
    ssh.THINK_SECONDS = float(os.environ.get("BENCH_SSH_THINK", "0.5"))
    pairs: list[tuple[Phase, Phase]] = []
    with tempfile.TemporaryDirectory() as home:
        server, port = ssh.start_server(home)
        try:
            seated = [pair for index in range(tables) for pair in await ssh.open_table(port, index)]
            people = [person for _conn, person in seated]
            done = asyncio.Event()
            players = [asyncio.create_task(keep_playing(person, done)) for person in people]
            await asyncio.sleep(seconds / 2)  # warm-up: every table in a game
            start_rss = ssh.rss_kib(server.pid)
            for run in range(runs):
                for name, attack in ATTACKS:
                    if failed := [task for task in players if task.done()]:
                        raise RuntimeError("a bystander stopped playing") from failed[0].exception()
                    quiet = await _phase(
                        "quiet", None, run, port, people, seconds, server.pid, start_rss
                    )
                    hit = await _phase(
                        name, attack, run, port, people, seconds, server.pid, start_rss
                    )
                    pairs.append((quiet, hit))
            done.set()
            for task in players:
                task.cancel()
            for conn, _person in seated:
                conn.close()
        finally:
            server.terminate()
            server.wait(30)
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
                f"{hit.p95_ms:.0f}/{quiet.p95_ms:.0f} ms at load {hit.load:.1f}, server CPU "
                f"{100 * hit.server_cpu:.0f}/{100 * quiet.server_cpu:.0f}%, "
                f"attacker {hit.count}, RSS {hit.rss_growth_mib:+.1f} MiB"
                for quiet, hit in mine
            )
            + f"; targets {RATIO_TARGET:.0f}x, {RSS_TARGET_MIB:.0f} MiB",
        ))
    return rows


if __name__ == "__main__":
    from benchmarks.__main__ import format_table

    print(format_table(run()))
