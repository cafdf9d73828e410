"""Limits on what a client can make the server do: connections and login attempts.

Also the worker processes a server runs at a lower priority: the analysis workers
visitors share (reviews) and the computer players' (their searches).

Modelled on OpenSSH: a cap on every connection (before and after login, with or without a
terminal session) and per source; ``MaxStartups`` / ``PerSourceMaxStartups`` on those not
logged in yet (``startups.py``), so strangers cannot take the slots of players;
``MaxAuthTries`` (per connection) and ``PerSourcePenalties`` (per source: after a few failed
logins each attempt waits twice as long as the last, and many failures block the source
for a while; connections that never log in cost it seconds of refusal). A source is an
address block (``PerSourceNetBlockSize``: /32 for IPv4, /64 for IPv6).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..play.worker import WorkerLimits
from .per_source import PerSource
from .startups import (
    IDLE_SHARE,
    IPV4_BLOCK_BITS,
    IPV6_BLOCK_BITS,
    MAX_STARTUPS,
    Penalties,
    Startups,
    source_block,
)
from .token_bucket import TokenBucket


@dataclass(frozen=True)
class Limits:
    max_connections: int = 200
    max_per_address: int = 8
    login_grace: float = 20.0
    """Seconds to log in; then seconds an authenticated connection may go without a session."""
    max_startups: Startups = MAX_STARTUPS
    """Connections not logged in yet, at once (OpenSSH's ``MaxStartups``): from ``start`` on
    a new one is refused with a chance of ``rate`` percent, rising evenly to every one at
    ``full``. Logged-in connections do not count: strangers cannot take players' slots."""
    per_source_max_startups: int = 3
    """Connections not logged in yet, at once, from one source (address block)."""
    netblock_ipv4: int = IPV4_BLOCK_BITS
    """Bits of an IPv4 address that make one source (OpenSSH's ``PerSourceNetBlockSize``)."""
    netblock_ipv6: int = IPV6_BLOCK_BITS
    """Bits of an IPv6 address that make one source: a /64 is one household's."""
    penalty_grace_exceeded: float = 10.0
    """Seconds a source is charged for a connection that did not log in within the grace."""
    penalty_noauth: float = 1.0
    """Seconds a source is charged for a connection that closed without logging in."""
    penalty_min: float = 15.0
    """Seconds charged after which a source is refused until they run out (each time it is,
    its charges double; ``penalty_max`` quiet seconds forgive it)."""
    penalty_max: float = 600.0
    """The longest a source is refused for its connections that did not log in."""
    connect_rate: float = 0.5
    """New connections a second from one address, once ``max_per_address`` were made at
    once: a client that reconnects in a loop (each connection costs a key exchange and an
    app) is slowed to one every two seconds."""
    max_auth_tries: int = 3
    free_failures: int = 5
    """Failed logins an address may make before each attempt waits."""
    max_delay: float = 30.0
    block_after: int = 20
    flood_penalty: int = 5
    """A session closed for flooding counts as this many failed logins: an address that
    floods four times is blocked like one that failed twenty logins."""
    block_seconds: float = 600.0
    session_rate: float = 0.2
    """Terminal sessions a second one connection may open one after another, after a burst
    of ``session_burst`` (only one may be open at a time): each opening costs an app, so a
    session refused for coming too fast or while another is open counts as a failed login."""
    session_burst: int = 3
    resize_rate: float = 20.0
    """Window-size changes a second a session may send, after a burst of ``resize_burst``
    (dragging a window's corner sends one per step): a session past it is closed and counts
    as ``flood_penalty`` failed logins."""
    resize_burst: int = 200
    max_addresses: int = 10_000
    """Addresses whose failures are remembered (the oldest are forgotten first)."""
    analysis_workers: int = 1
    """Worker processes that work out visitors' reviews, at a lower priority than the
    server (``ui.background``): a review never holds the interpreter players' keys need.
    0: reviews are worked out on a thread of the server's own process (slower keys)."""
    analysis_waiting: int = 4
    """Reviews that may wait for a worker; a visitor who asks for one more is told to
    try again later."""
    analysis_jobs_per_worker: int = 8
    """A worker is replaced after this many reviews, so the memory they took comes back."""
    analysis_idle: float = 120.0
    """Seconds without a review after which the workers end."""
    analysis_niceness: int = 10
    """How much lower the workers' priority is than the server's (``os.nice``)."""
    bot_workers: int = 1
    """Worker processes where the computer players think (``play.thinking``), so the
    memory a search takes comes back when the worker is replaced or ends. 0: they think on
    a thread of the server's own process (whose memory then grows with the searches)."""
    bot_waiting: int = 200
    """Decisions that may wait for a worker (at most one per table); one more is decided
    on the server's own thread."""
    bot_decisions_per_worker: int = 2_000
    """A worker is replaced after this many decisions (a few games' worth), so the plans
    and tables its searches kept come back."""
    bot_idle: float = 300.0
    """Seconds without a decision after which the computer players' workers end."""
    bot_niceness: int = 5
    """How much lower their priority is than the server's: less than a review's, since
    the players at the table wait for each step (at 10, on a machine with more work than
    cores, a step could wait tens of seconds)."""

    def analysis(self) -> WorkerLimits:
        return WorkerLimits(
            workers=self.analysis_workers,
            waiting=self.analysis_waiting,
            jobs_per_worker=self.analysis_jobs_per_worker,
            idle_seconds=self.analysis_idle,
            niceness=self.analysis_niceness,
        )

    def bots(self) -> WorkerLimits:
        return WorkerLimits(
            workers=self.bot_workers,
            waiting=self.bot_waiting,
            jobs_per_worker=self.bot_decisions_per_worker,
            idle_seconds=self.bot_idle,
            niceness=self.bot_niceness,
        )


@dataclass
class _Record:
    failures: int = 0
    last: float = 0.0
    blocked_until: float = 0.0


class Gate:
    """Counts every open connection (in total and per source), those not logged in yet, and
    every failed login; keeps each source's penalties."""

    def __init__(
        self,
        limits: Limits,
        clock: Callable[[], float] = time.monotonic,
        chance: Callable[[], float] = random.random,
    ) -> None:
        self.limits = limits
        self.clock = clock
        self.chance = chance
        self.total = 0
        self.open: dict[str, int] = {}
        self.logging_in = 0
        """Connections not logged in yet."""
        self.logging_in_from: dict[str, int] = {}
        self.idle: dict[Callable[[], None], float] = {}
        """Connections that have not asked to log in yet (how each is closed: when it came),
        oldest first: one is closed to make room when the startups are full."""
        self.penalties = Penalties(
            limits.penalty_min, limits.penalty_max, limits.max_addresses, clock
        )
        self._failures: PerSource[str, _Record] = PerSource(limits.max_addresses, clock)
        self._arrivals: PerSource[str, TokenBucket] = PerSource(limits.max_addresses, clock)

    def source(self, address: str) -> str:
        """The address block ``address`` counts in (itself for IPv4 by default)."""
        return source_block(address, self.limits.netblock_ipv4, self.limits.netblock_ipv6)

    # --- connections -----------------------------------------------------------------

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``, or say why it is refused (uncounted)."""
        limits, source = self.limits, self.source(address)
        if self.blocked(address):
            return "address blocked after too many failed logins"
        if penalty := self.penalties.remaining(source):
            return f"penalised for {penalty:.0f} s more: its connections did not log in"
        if self.total >= limits.max_connections:
            return f"server full ({limits.max_connections} connections)"
        if self.open.get(source, 0) >= limits.max_per_address:
            return f"{limits.max_per_address} connections from this address already"
        if self.logging_in_from.get(source, 0) >= limits.per_source_max_startups:
            return f"{limits.per_source_max_startups} connections from this address logging in"
        if self.chance() < limits.max_startups.drop_chance(self.logging_in) and not self._room():
            return f"{self.logging_in} connections logging in (max startups {limits.max_startups})"
        if not self._arrival(source):
            return "new connections from this address come too fast"
        self.total += 1
        self.logging_in += 1
        _count(self.open, source, 1)
        _count(self.logging_in_from, source, 1)
        return None

    def _room(self) -> bool:
        """Close the oldest connection that has not asked to log in for ``IDLE_SHARE`` of
        the grace, if any, to make room for a new one (its source is charged)."""
        old_enough = self.clock() - self.limits.login_grace * IDLE_SHARE
        for close, since in self.idle.items():
            if since > old_enough:
                return False
            del self.idle[close]
            close()
            return True
        return False

    def logged_in(self, address: str) -> None:
        """A counted connection has logged in: it no longer counts among the startups."""
        if _count(self.logging_in_from, self.source(address), -1):
            self.logging_in -= 1

    def release(self, address: str, logged_in: bool = True) -> None:
        """A counted connection has closed (``logged_in``: after ``logged_in`` was said)."""
        source = self.source(address)
        if not logged_in and _count(self.logging_in_from, source, -1):
            self.logging_in -= 1
        if _count(self.open, source, -1):
            self.total -= 1

    def penalise(self, address: str, seconds: float) -> float:
        """Charge the source of ``address`` for a connection that did not log in; returns
        the seconds it is now refused for (0: not refused)."""
        return self.penalties.offend(self.source(address), seconds)

    def _arrival(self, source: str) -> bool:
        limits = self.limits
        bucket = self._arrivals.get(source) or TokenBucket(
            limits.connect_rate, limits.max_per_address, self.clock
        )
        return self._arrivals.seen(source, bucket).take(1) == 1

    # --- logins ----------------------------------------------------------------------

    def _record(self, address: str) -> _Record | None:
        source = self.source(address)
        record = self._failures.get(source)
        if record is not None and self.clock() - record.last > self.limits.block_seconds:
            self._failures.pop(source)  # quiet for long enough: forgiven
            return None
        return record

    def blocked(self, address: str) -> bool:
        record = self._record(address)
        return record is not None and record.blocked_until > self.clock()

    def delay(self, address: str) -> float:
        """Seconds the next login attempt from ``address`` waits before it is answered."""
        record = self._record(address)
        if record is None or record.failures < self.limits.free_failures:
            return 0.0
        extra = record.failures - self.limits.free_failures
        return min(self.limits.max_delay, 2.0 ** min(extra, 16))

    def failed(self, address: str, weight: int = 1) -> int:
        """Count a failed login; returns the address's failures so far. A later success does
        not forgive them (or one account's owner could reset the count between guesses at
        another's password): only ``block_seconds`` without a failure does."""
        now = self.clock()
        record = self._record(address) or _Record()
        record.failures += weight
        record.last = now
        if record.failures >= self.limits.block_after:
            record.blocked_until = now + self.limits.block_seconds
        self._failures.seen(self.source(address), record)
        return record.failures


def _count(counts: dict[str, int], key: str, change: int) -> bool:
    """Add ``change`` to ``key``'s count (gone at 0); False if there was none to take."""
    count = counts.get(key, 0) + change
    if count < 0:
        return False
    if count:
        counts[key] = count
    else:
        del counts[key]
    return True
