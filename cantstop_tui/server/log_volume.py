"""How much a client can make the server write to its log: connection lines summarised
per address block, and a byte budget a minute for the whole log.

Every connection opened and closed is a line; a client reconnecting from many addresses
(26 addresses wrote 1.2-1.4 KB/s of them) would otherwise fill the disk. The first
:data:`CONNECTION_LINES` a minute from one block (IPv4 /24, IPv6 /48) are written, the rest
are counted and said in one line when the minute is over ("... and 57 more connections from
127.0.3.0/24 in the last minute (57 closed)."). Whatever still comes past that (many blocks)
meets :class:`LogBudget`: :data:`LOG_BYTES_PER_MINUTE` for every line under ERROR.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from .per_source import PerSource
from .startups import source_block

CONNECTION_LINES = 10
"""Connection lines ("Connection from X.", "... closed.") written a minute per block."""
LOG_BLOCK_IPV4 = 24
LOG_BLOCK_IPV6 = 48
"""The address blocks whose connection lines are summarised together."""
PERIOD = 60.0
LOG_BYTES_PER_MINUTE = 64 * 1024
"""The log's budget: lines under ERROR past it are dropped, and counted in the next one."""
LINE_OVERHEAD = 32
"""Bytes a line takes beyond its message (timestamp, level, newline)."""
MAX_BLOCKS = 10_000

log = logging.getLogger("cantstop_tui.server.connection")


@dataclass
class _Window:
    start: float
    said: int = 0
    opened: int = 0
    closed: int = 0


class ConnectionLog:
    """Each connection's opening and closing, at most :data:`CONNECTION_LINES` lines a
    minute per address block; :meth:`flush` says the rest in one line per block."""

    def __init__(
        self,
        logger: logging.Logger = log,
        lines: int = CONNECTION_LINES,
        period: float = PERIOD,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.lines = lines
        self.period = period
        self._windows: PerSource[str, _Window] = PerSource(MAX_BLOCKS, clock, self._summarise)
        """Each block's minute (a block forgotten for room says what it held back)."""

    def opened(self, address: str) -> None:
        if self._say(address, opened=True):
            self.logger.info("Connection from %s.", address)

    def closed(self, address: str) -> None:
        if self._say(address, opened=False):
            self.logger.info("Connection from %s closed.", address)

    def _say(self, address: str, opened: bool) -> bool:
        block = source_block(address, LOG_BLOCK_IPV4, LOG_BLOCK_IPV6)
        now = self._windows.clock()
        window = self._windows.get(block)
        if window is not None and now - window.start >= self.period:
            self._summarise(block, window)
            window = None
        window = self._windows.seen(block, window or _Window(now))
        if window.said < self.lines:
            window.said += 1
            return True
        if opened:
            window.opened += 1
        else:
            window.closed += 1
        return False

    def flush(self, everything: bool = False) -> None:
        """Say what was held back for each block whose minute is over (``everything``: for
        every block, as the server stops)."""
        now = self._windows.clock()
        for block, window in self._windows.items():
            if everything or now - window.start >= self.period:
                self._windows.pop(block)
                self._summarise(block, window)

    def _summarise(self, block: str, window: _Window) -> None:
        if window.opened or window.closed:
            self.logger.info(
                "... and %d more connections from %s in the last minute (%d closed).",
                window.opened,
                block,
                window.closed,
            )


class LogBudget(logging.Filter):
    """At most ``per_minute`` bytes of lines under ERROR (refilled evenly, a minute's worth
    at once); the lines past it are dropped, and the next line written says how many."""

    def __init__(
        self, per_minute: float = LOG_BYTES_PER_MINUTE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.per_minute = per_minute
        self.clock = clock
        self.tokens = per_minute
        self.stamp = clock()
        self.dropped = 0
        self.dropped_bytes = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        self.tokens = min(self.per_minute, self.tokens + (now - self.stamp) * self.per_minute / 60)
        self.stamp = now
        size = len(record.getMessage().encode("utf-8", "replace")) + LINE_OVERHEAD
        if record.levelno < logging.ERROR:
            if size > self.tokens:
                self.dropped += 1
                self.dropped_bytes += size
                return False
            self.tokens -= size
        if self.dropped:
            record.msg = (
                f"{record.getMessage()} [{self.dropped} lines ({self.dropped_bytes} bytes) "
                f"dropped before this one: the log's budget is {self.per_minute / 1024:g} KB "
                "a minute]"
            )
            record.args = None
            self.dropped = self.dropped_bytes = 0
        return True
