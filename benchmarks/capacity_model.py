"""The capacity bench's figures: one size's measurements (``Size``), its row of the table,
the summary, and the model that derives the players one process holds from them.

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
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from benchmarks import Row
from benchmarks import bench_ssh as ssh

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
