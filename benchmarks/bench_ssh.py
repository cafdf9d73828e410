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
import contextvars
import functools
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import asyncssh
import pyte
from textual.app import App, ComposeResult
from textual.widgets import Static

from benchmarks import Row

TABLES = int(os.environ.get("BENCH_SSH_TABLES", "25"))
THINK_SECONDS = float(os.environ.get("BENCH_SSH_THINK", "0.5"))  # a person's pause before a key
QUIET_SECONDS = 0.04  # the screen is read once output has paused this long
GAME_DEADLINE = 600.0
MAX_SESSIONS = 250
"""The server's caps on sessions and connections: room for 100 tables (bench_capacity)."""


@dataclass
class Person(asyncssh.SSHClientSession):  # type: ignore[misc]
    name: str
    screen: pyte.Screen = field(default_factory=lambda: pyte.Screen(80, 24))
    latencies: list[float] = field(default_factory=list)
    chan: Any = None
    last_data: float = 0.0
    pressed_at: float | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    reading: bool = True
    """Whether the screen is kept (an attacker that no longer looks drops what it gets)."""

    def __post_init__(self) -> None:
        self.stream = pyte.Stream(self.screen)

    def data_received(self, data: str, datatype: Any) -> None:
        if not self.reading:
            return
        now = time.perf_counter()
        if self.pressed_at is not None:
            self.latencies.append(now - self.pressed_at)
            self.pressed_at = None
        self.last_data = now
        self.stream.feed(data)
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def footer(self) -> str:
        return self.screen.display[-1]

    def press(self, key: str, timed: bool = True) -> None:
        self.changed.clear()
        self.pressed_at = time.perf_counter() if timed else None
        self.chan.write(key)

    async def settle(self) -> None:
        """Wait until some output came and then paused."""
        try:
            await asyncio.wait_for(self.changed.wait(), 2.0)
        except TimeoutError:
            self.pressed_at = None
            return
        while time.perf_counter() - self.last_data < QUIET_SECONDS:
            await asyncio.sleep(QUIET_SECONDS / 2)

    async def wait_until_gone(self, text: str) -> None:
        deadline = time.perf_counter() + 60
        while text in self.text():
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{self.name}: {text!r} stayed on screen:\n{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)

    async def wait_for(self, text: str) -> None:
        deadline = time.perf_counter() + 60
        while text not in self.text():
            if time.perf_counter() > deadline:
                raise RuntimeError(
                    f"{self.name} waited for {text!r}; the screen shows:\n{self.text()}"
                )
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)


def address_of(name: str) -> str:
    """Each scripted person comes from an address of their own (the server's per-address
    limits are its defaults): host3 from 127.0.1.4, guest3 from 127.0.2.4, attacker3 from
    127.0.4.4, the flooders from 127.0.0.2 and 127.0.0.3."""
    kind, number = re.fullmatch(r"([a-z]+)(\d*)", name).groups()  # type: ignore[union-attr]
    block = {"host": 1, "guest": 2, "warmup": 3, "attacker": 4}.get(kind)
    if block is None:
        return "127.0.0.3" if kind == "resizer" else "127.0.0.2"
    return f"127.0.{block}.{int(number or 0) + 1}"


async def connect(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, Person]:
    # An open server lets keyless guests in by keyboard-interactive login with no question;
    # asyncssh tries that only when given a password (any will do).
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        password="",
        local_addr=(address_of(name), 0),
    )
    person = Person(name)
    chan, _ = await conn.create_session(
        lambda: person, term_type="xterm-256color", term_size=(80, 24), encoding="utf-8"
    )
    person.chan = chan
    return conn, person


async def play(person: Person) -> None:
    """Play this person's seat to the end of the game."""
    moves = 0
    deadline = time.perf_counter() + GAME_DEADLINE
    while "wins, with" not in person.text():  # the game-over box, not "wins column"
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{person.name}'s game did not end:\n{person.text()}")
        footer = person.footer()
        if "Who starts?" in person.text():
            key = "\r"
        elif re.search(r"\b1(-\d)? Choose", footer):
            key, moves = "1", moves + 1
        elif "r Roll" in footer:
            key, moves = ("s", 0) if moves >= 2 else ("r", moves)
        else:
            moves = 0
            person.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(person.changed.wait(), 1.0)
            await person.settle()
            continue
        await asyncio.sleep(THINK_SECONDS)
        person.press(key)
        await person.settle()


async def open_table(port: int, index: int) -> list[tuple[asyncssh.SSHClientConnection, Person]]:
    """host<index> creates table t<index> in the lobby and guest<index> sits at it."""
    host_conn, host = await connect(port, f"host{index}")
    await host.wait_for("lobby")
    host.press("c", timed=False)
    await host.wait_for("New table")
    host.press(f"t{index}\r", timed=False)
    await host.wait_for("Waiting")
    guest_conn, guest = await connect(port, f"guest{index}")
    await guest.wait_for("you are")
    guest.press("\x1b[B" * index + "\r", timed=False)  # tables are listed in the order made
    for person in (host, guest):
        await person.wait_for("Who starts?")
        person.press("\r", timed=False)
    return [(host_conn, host), (guest_conn, guest)]


def rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(match.group(1)) if match else 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def server_log() -> int | IO[str]:
    """Where the server's log goes: the file named by BENCH_SERVER_LOG, else nowhere."""
    path = os.environ.get("BENCH_SERVER_LOG")
    return open(path, "a", encoding="utf-8") if path else subprocess.DEVNULL


def start_server(data_home: str, *options: str) -> tuple[subprocess.Popen[str], int]:
    """``cantstop serve`` on an ephemeral loopback port, with ``options`` added."""
    env = {**os.environ, "XDG_DATA_HOME": data_home}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cantstop_tui",
            "serve",
            "--open",
            "--port",
            "0",
            "--ai-delay",
            "0",
            "--max-sessions",
            str(MAX_SESSIONS),
            "--max-connections",
            str(MAX_SESSIONS),
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=server_log(),
        text=True,
        env=env,
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if found:
            return process, int(found.group(1))
    raise RuntimeError("cantstop serve did not start")


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
            process.terminate()
            process.wait(10)
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


class _Sink:
    """A terminal that only counts: the apps' output is produced, then dropped."""

    def __init__(self) -> None:
        self.size = (80, 24)
        self.written = 0
        self.driver: Any = None

    def write(self, data: str) -> None:
        self.written += len(data)

    def attach(self, driver: Any) -> None:
        self.driver = driver


class _Minimal(App[None]):
    """The baseline: one line of text following the same table."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static(id="line")

    def on_mount(self) -> None:
        self.table.subscribe(lambda match, events: self.call_later(self._show, match))

    def _show(self, match: Any) -> None:
        self.query_one(Static).update(
            f"{len(match.history)} steps, turn of {match.current_seat.name}"
        )


async def _cpu_per_change(make_app: Any, apps: int = 4, changes: int = 120) -> float:
    """Server CPU seconds per table change per app following it (no SSH, no client)."""
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.play.match import Match, Seat
    from cantstop_tui.server.driver import ChannelDriver
    from cantstop_tui.server.shared_table import SharedTable
    from cantstop_tui.ui.demo import step_at

    table = SharedTable(Match.start((Seat("ana"), Seat("bob")), GameConfig(), 3), bot_delay=0)
    sinks = [_Sink() for _ in range(apps)]
    running = []
    for sink in sinks:
        app = make_app(table)
        app.driver_class = functools.partial(ChannelDriver, terminal=sink)
        running.append((app, asyncio.create_task(app.run_async(), context=contextvars.Context())))
    await asyncio.sleep(3.0)  # started and idle
    for sink in sinks:
        if sink.driver is not None:
            sink.driver.feed("\r")  # past the roll-off
    await asyncio.sleep(1.0)
    start = time.process_time()
    made = 0
    while made < changes and not table.match.state.is_over:
        step_at(table)
        made += 1
        await asyncio.sleep(0.05)  # each change drawn before the next
    cpu = time.process_time() - start
    for app, task in running:
        app.exit()
        await task
    # Apps redirect sys.stdout while they run; ended out of order they can leave it redirected.
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    return cpu / (made * apps)


def run() -> list[Row]:
    from cantstop_tui.ui.table_app import TableApp

    minimal = asyncio.run(_cpu_per_change(_Minimal))
    game = asyncio.run(
        _cpu_per_change(lambda table: TableApp(table, frozenset()))
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

    print(format_table(run()))
