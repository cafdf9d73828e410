"""Names in a column: the one rule for shortening a player's name.

A name that fits its room is shown whole. One that does not is cut after its last whole
word that fits, and ends in "…" (``Computer 2 (expert)`` in 16 cells: ``Computer 2…``),
never in the middle of a word; only a first word longer than the whole room is cut
inside it (nothing else could show). A name ending in a one-word part in brackets (a
computer's level, ``play.results.record_name``: ``Bot (expert)``) keeps that part whole and
shortens what stands before it by the same rule (``Computer 2 (expert)`` in 16 cells:
``Comput… (expert)``; ``Bot (expert)`` in 11: ``B… (expert)``), so two levels of one
computer stay apart; where not even a letter would be left before it, the whole name is cut
as any other. Widths are terminal cells: CJK and emoji take two. Sentences do not shorten
names: they give the whole name and wrap.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

ELLIPSIS: Final = "…"
ASCII_ELLIPSIS: Final = "..."
"""What ends a shortened name where only ASCII is drawn (``--ascii``)."""
KEPT_END: Final = re.compile(r" \([^ ()]+\)$")
"""The bracketed last word a shortened name keeps (a computer's level, ``results.record_name``)."""


def ellipsis_for(ascii_only: bool) -> str:
    return ASCII_ELLIPSIS if ascii_only else ELLIPSIS


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes (wide characters two, marks none; printable
    ASCII one each, counted at once: a review's text measures every line it writes)."""
    if text.isascii() and text.isprintable():
        return len(text)
    return sum(_cells(char) for char in text)


def _cells(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def prefix(text: str, room: int) -> str:
    """The longest start of ``text`` in at most ``room`` cells."""
    used = 0
    for index, char in enumerate(text):
        used += _cells(char)
        if used > room:
            return text[:index]
    return text


def short_name(name: str, room: int, ellipsis: str = ELLIPSIS) -> str:
    """``name`` in at most ``room`` cells, by the module's rule (ending in ``ellipsis``)."""
    if cells(name) <= room:
        return name
    end = KEPT_END.search(name)
    if end is not None and room - cells(end.group()) >= 1 + cells(ellipsis):
        start = name[: end.start()]
        return _cut(start, room - cells(end.group()), ellipsis) + end.group()
    return _cut(name, room, ellipsis)


def _cut(name: str, room: int, ellipsis: str) -> str:
    """``name`` cut after its last whole word that fits ``room`` with ``ellipsis`` (the
    first word cut inside only if it alone is too long)."""
    if cells(name) <= room:
        return name
    if room < 1:
        return ""
    kept = ""
    words = name.split(" ")
    for count in range(1, len(words) + 1):
        start = " ".join(words[:count]).rstrip(" ")
        if cells(start) + cells(ellipsis) > room:
            break
        kept = start
    if not kept:  # the first word alone is too long
        kept = prefix(name, room - cells(ellipsis))
    return kept.rstrip(" (-,") + ellipsis


def name_column(name: str, room: int, ellipsis: str = ELLIPSIS) -> str:
    """``name`` shortened to ``room`` cells and padded to them (a column of a table)."""
    short = short_name(name, room, ellipsis)
    return short + " " * (room - cells(short))
