"""Logs an operator can read: one line per event, timestamped, and repeats summarised.

Everything a client can make happen (a failed login, a refused connection, a flood) is
logged through :class:`Limited`, so a scanner or a flood writes one line a minute per
address and kind of event, never a line (or a traceback) per packet.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from .log_volume import LogBudget
from .per_source import PerSource

log = logging.getLogger("cantstop.serve")
FORMAT = "%(asctime)s %(levelname)s %(message)s"
DATE_FORMAT = "%Y-%m-%dT%H:%M:%S%z"
_OUT_OF_DESCRIPTORS = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def configure(stream: TextIO | None = None, log_file: Path | None = None) -> None:
    """Send the server's log lines to ``log_file`` (appended) or the stream (stderr)."""
    handler: logging.Handler
    if log_file is not None:
        handler = logging.FileHandler(log_file, encoding="utf-8")
    else:
        handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT, DATE_FORMAT))
    handler.addFilter(LogBudget())  # whatever clients cause, the log grows at most this fast
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    # asyncssh logs every packet-level problem a client can cause: only its warnings.
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)


class Limited:
    """At most one line per ``period`` seconds for each key; the rest are counted and the
    count is said with the next line for that key ("and 41 more like it")."""

    def __init__(
        self,
        logger: logging.Logger = log,
        period: float = 60.0,
        max_keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.period = period
        self._seen: PerSource[Any, tuple[float, int]] = PerSource(max_keys, clock)
        """Each key's last line (when) and the lines held back since."""

    def __call__(self, key: Any, level: int, message: str, *args: Any) -> bool:
        """Log ``message % args`` unless ``key`` was logged less than ``period`` ago;
        returns whether a line was written."""
        held = self.admit(key)
        if held is None:
            return False
        self.logger.log(level, message + _more(held), *args)
        return True

    def admit(self, key: Any) -> int | None:
        """Whether a line for ``key`` may be written now: None if not (it is counted), else
        how many were held back since the last one."""
        now = self._seen.clock()
        last, held = self._seen.get(key) or (float("-inf"), 0)
        if now - last < self.period:
            self._seen.keep(key, (last, held + 1))
            return None
        self._seen.seen(key, (now, 0))
        return held


def _more(held: int) -> str:
    return f" (and {held} more like it in the last minute)" if held else ""


class LimitedRecords(logging.Filter):
    """The same limit for a library's own lines (asyncio's "socket.send() raised
    exception." comes once per write to a client that went away): one line a minute per
    logger and message."""

    def __init__(self, limited: Limited) -> None:
        super().__init__()
        self.limited = limited

    def filter(self, record: logging.LogRecord) -> bool:
        held = self.limited.admit(("library", record.name, str(record.msg)))
        if held is None:
            return False
        if held:
            record.msg = f"{record.msg}{_more(held)}"
        return True


LIBRARY_LOGGERS = ("asyncio",)
"""Loggers of the libraries whose lines a client can cause (``configure`` keeps asyncssh's
to warnings, and asyncssh writes none)."""


@contextmanager
def libraries_limited(limited: Limited) -> Iterator[None]:
    """While the server runs, the libraries' lines are limited like its own."""
    records = LimitedRecords(limited)
    loggers = [logging.getLogger(name) for name in LIBRARY_LOGGERS]
    for logger in loggers:
        logger.addFilter(records)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeFilter(records)


def loop_exception_handler(limited: Limited) -> Callable[[Any, dict[str, Any]], None]:
    """An asyncio exception handler: one short line per kind of problem, never a traceback
    for what a client can cause; running out of file descriptors is said once a minute
    (asyncio itself pauses accepting for a second and tries again)."""

    def handle(loop: Any, context: dict[str, Any]) -> None:
        error = context.get("exception")
        message = context.get("message", "")
        if isinstance(error, OSError) and error.errno in _OUT_OF_DESCRIPTORS:
            limited(
                "descriptors",
                logging.ERROR,
                "Out of file descriptors (%s): new connections wait; those in go on.",
                error.strerror,
            )
        elif isinstance(error, OSError | EOFError | ValueError | UnicodeError):
            limited(("client", type(error).__name__), logging.WARNING, "%s: %s", message, error)
        else:
            limited(("error", message), logging.ERROR, "%s: %r", message, error)

    return handle


STREAM_LINES = 20
"""Lines of a child process's output logged as they come (a traceback, say); past them,
one a minute with a count of the rest."""
LINE_BYTES = 500
"""A logged line's length at most: the rest of a longer line is dropped."""


async def log_stream(stream: asyncio.StreamReader, limited: Limited, who: str) -> None:
    """Every line ``stream`` gives until it ends, said through ``limited`` as what ``who``
    wrote: the first :data:`STREAM_LINES`, then one a minute. Read in chunks, so a flood or
    a line that never ends costs no more memory than one line."""
    said = 0
    held = b""
    while chunk := await stream.read(4096):
        *lines, held = (held + chunk).split(b"\n")
        if len(held) > LINE_BYTES:
            lines.append(held)
            held = b""
        for line in lines:
            said += _say_line(line, said, limited, who)
    _say_line(held, said, limited, who)


def _say_line(line: bytes, said: int, limited: Limited, who: str) -> int:
    text = "".join(
        c if c.isprintable() else "?" for c in line[:LINE_BYTES].decode("utf-8", "replace")
    ).strip()
    if not text:
        return 0
    key = (who, "output", said) if said < STREAM_LINES else (who, "output")
    limited(key, logging.WARNING, "%s wrote: %s", who, text)
    return 1
