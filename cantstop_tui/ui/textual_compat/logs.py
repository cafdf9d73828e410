"""A ``RichLog`` whose cache of drawn lines holds no more lines than the log keeps.

A ``RichLog`` caches each line it draws (``RichLog._line_cache``, 1,024 strips) under the
line's number since the log began (``_start_line`` plus its place). A log capped at
``max_lines`` that keeps being written to (a table's chat: "* carol is watching.", "carol
left.") moves past its old numbers, so the cache keeps filling with lines long gone until
it holds 1,024 of them: about 13 objects (some 2 KB) each, per chat pane, in every app at
the table. Watching a table and leaving it 700 times grew the server by 5.1 MiB so (issue 31).
Sized to the lines the log keeps, the cache still holds every line it can show at one
width, and lines scrolled past are let go.

Private part (``RichLog._line_cache``): tests/ui/test_compat_logs.py checks that it still
holds 1,024 lines upstream and as many as the log keeps here.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.strip import Strip
from textual.widgets import RichLog

UPSTREAM_LINE_CACHE = 1024
"""The lines Textual's ``RichLog`` caches, however few it keeps."""


def bound_line_cache(log: RichLog, lines: int) -> None:
    """Make ``log`` cache no more drawn lines than ``lines`` (at least one)."""
    log._line_cache = LRUCache[tuple[int, int, int, int], Strip](max(1, lines))


def cached_lines(log: RichLog) -> tuple[int, int]:
    """How many drawn lines ``log`` caches, and how many it may (what tests read)."""
    return len(log._line_cache), log._line_cache.maxsize
