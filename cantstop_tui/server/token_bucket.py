"""A token bucket: a rate with bursts, the one shape of every budget over time (a
connection's input bytes, its terminal sessions, a person's chat lines and moves)."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """A budget of ``rate`` a second (bytes, lines, moves), bursts up to ``burst``; what is
    asked beyond it is not granted."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.clock = clock
        self.stamp = clock()

    def take(self, amount: int) -> int:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        granted = min(amount, int(self.tokens))
        self.tokens -= granted
        return granted
