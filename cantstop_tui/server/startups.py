"""Connections that have not logged in yet, and what a source pays for them.

Modelled on OpenSSH: ``MaxStartups start:rate:full`` (a cap on unauthenticated connections,
with random early drop from ``start`` on), ``PerSourceMaxStartups`` (that cap per source),
``PerSourceNetBlockSize`` (a source is an address block: /32 for IPv4, /64 for IPv6) and
``PerSourcePenalties`` (``grace-exceeded``, ``noauth``, ``min``, ``max``: a source whose
connections keep the server waiting and never log in is refused for a while). The numbers
are ``limits.Limits``'s fields; these are the mechanisms.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, NamedTuple

from .per_source import PerSource


class Startups(NamedTuple):
    """OpenSSH's ``MaxStartups start:rate:full``: with ``start`` connections logging in, a
    new one is refused with a chance of ``rate`` percent, rising evenly to all at ``full``."""

    start: int
    rate: int
    full: int

    def __str__(self) -> str:
        return f"{self.start}:{self.rate}:{self.full}"

    @classmethod
    def parse(cls, text: str) -> Startups:
        """``START:RATE:FULL`` (or one number N, as OpenSSH reads it: N:100:N)."""
        parts = text.split(":")
        try:
            numbers = [int(part) for part in parts]
        except ValueError:
            numbers = []
        if len(numbers) == 1:
            numbers = [numbers[0], 100, numbers[0]]
        if len(numbers) != 3:
            raise ValueError(f"{text!r} is not START:RATE:FULL (three whole numbers)")
        startups = cls(*numbers)
        if not 0 < startups.start <= startups.full or not 0 <= startups.rate <= 100:
            raise ValueError(f"{text} needs 0 < START <= FULL and RATE from 0 to 100")
        return startups

    def drop_chance(self, logging_in: int) -> float:
        """The chance that a new connection is refused while ``logging_in`` are."""
        if logging_in >= self.full:
            return 1.0
        if logging_in < self.start:
            return 0.0
        rising = (100 - self.rate) * (logging_in - self.start) / (self.full - self.start)
        return (self.rate + rising) / 100


MAX_STARTUPS = Startups(10, 30, 60)
"""``Limits.max_startups``'s default, OpenSSH's own but for ``full`` (100 there)."""


IDLE_SHARE = 0.25
"""When the startups are full (or a new one would be dropped), the oldest connection that has
not asked to log in after this share of the login grace (5 s of 20) is closed to make room,
and charged as one that exceeded the grace: a client that only holds a connection open
(its version line, then nothing) gives way to one that logs in."""


IPV4_BLOCK_BITS: Final = 32
"""Bits of an IPv4 address that make one address block by default: the address itself."""
IPV6_BLOCK_BITS: Final = 64
"""Bits of an IPv6 address that make one address block by default: a /64 is one household's."""


def source_block(address: str, ipv4_bits: int, ipv6_bits: int) -> str:
    """The source an address counts as: itself for a full-length block (IPv4 /32), else its
    network ("2001:db8:1:2::/64"). An IPv4 address mapped into IPv6 counts as IPv4; a peer
    that is no IP address (a Unix socket, a test's name) is its own source."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])  # a link-local's zone aside
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    bits = ipv4_bits if ip.version == 4 else ipv6_bits
    if bits >= ip.max_prefixlen:
        return str(ip)
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


def address_block(address: str) -> str:
    """The block ``address`` counts in for the per-person allowances (guests' waiting tables
    and chat, new names a day): ``source_block`` at the default sizes, /32 and /64."""
    return source_block(address, IPV4_BLOCK_BITS, IPV6_BLOCK_BITS)


@dataclass
class _Penalty:
    expiry: float = 0.0
    """When the seconds owed run out."""
    enforced: bool = False
    """Whether the source is refused until ``expiry`` (the seconds owed reached the minimum)."""
    times: int = 0
    """Times the source was refused: each doubles what its next offences cost."""
    last: float = 0.0


class Penalties:
    """Seconds each source owes for its connections that did not log in; a source that owes
    ``minimum`` or more is refused until they run out (at most ``maximum``). Each time a
    source is refused its offences cost twice as much; ``maximum`` seconds without one
    forgive it. At most ``max_sources`` sources are remembered (the oldest forgotten)."""

    def __init__(
        self,
        minimum: float,
        maximum: float,
        max_sources: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.clock = clock
        self._owed: PerSource[str, _Penalty] = PerSource(max_sources, clock)

    def remaining(self, source: str) -> float:
        """Seconds for which ``source`` is refused now (0: it is not)."""
        penalty = self._owed.get(source)
        if penalty is None or not penalty.enforced:
            return 0.0
        return max(0.0, penalty.expiry - self.clock())

    def offend(self, source: str, seconds: float) -> float:
        """Charge ``source`` ``seconds`` (doubled for each time it was refused); returns the
        seconds it is refused for from now (0: not refused)."""
        now = self.clock()
        penalty = self._owed.get(source)
        if penalty is None or now - max(penalty.last, penalty.expiry) > self.maximum:
            penalty = _Penalty()  # new, or quiet for long enough: forgiven
        if penalty.expiry <= now:
            penalty.enforced = False  # served
        owed = max(0.0, penalty.expiry - now) + seconds * 2.0 ** min(penalty.times, 16)
        penalty.expiry = now + min(owed, self.maximum)
        penalty.last = now
        if not penalty.enforced and owed >= self.minimum:
            penalty.enforced = True
            penalty.times += 1
        self._owed.seen(source, penalty)
        return self.remaining(source)
