"""The game log's lines wrapped to its width, where a wrapped line came from, and where each
segment of a drawn line starts (for the selection)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style


def place(parts: Sequence[int], from_end: int) -> tuple[int, int] | None:
    """Which narrated line (its index in ``parts``) and which of its wrapped lines is
    ``from_end`` wrapped lines from the newest, counting it (None: none, or 0)."""
    if from_end <= 0:
        return None
    for index in range(len(parts) - 1, -1, -1):
        if from_end <= parts[index]:
            return index, parts[index] - from_end
        from_end -= parts[index]
    return None


def wrap_cells(line: str, width: int, indent: str = "  ") -> list[str]:
    """``line`` in lines of at most ``width`` terminal cells (CJK and emoji count two),
    broken between words, the lines after the first indented; a word wider than a line is
    cut between characters."""
    width = max(width, len(indent) + 2)
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else (indent if lines else "") + word
        if cell_len(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = indent + word
        while cell_len(current) > width:  # a word too long for any line
            cut = _cells_prefix(current, width)
            lines.append(current[:cut])
            current = indent + current[cut:]
    if current.strip():
        lines.append(current)
    return lines


def _cells_prefix(text: str, width: int) -> int:
    """How many characters of ``text`` fit in ``width`` cells (at least one)."""
    used = 0
    for index, char in enumerate(text):
        used += cell_len(char)
        if used > width:
            return max(index, 1)
    return len(text)


def with_offsets(segments: list[Segment], y: int) -> list[Segment]:
    """What Textual's ``Strip.apply_offsets(0, y)`` makes of ``segments`` (each marked with
    where it starts, for the selection), without a strip before and after (about twenty
    calls a line)."""
    placed: list[Segment] = []
    x = 0
    for text, style, _ in segments:
        offset = Style.from_meta({"offset": (x, y)})
        placed.append(Segment(text, style + offset if style else offset))
        x += len(text)
    return placed
