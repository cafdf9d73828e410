"""A widget's lines kept from one frame to the next, until Textual marks the widget dirty.

A frame draws every widget under the rectangle around what changed: Textual's compositor
asks each for all its lines, and a widget in which nothing changed still walks its cached
lines, their styles and the line filters. At 80x24 a key in the game changes four or five
widgets and redraws eleven; the unchanged ones cost about a sixteenth of the key's work.
Here ``Widget.render_lines`` gives what the widget last gave for the same crop, size and
line filters, until Textual marks it dirty: every repaint (``refresh``), resize, scroll and
style change goes through ``Widget._set_dirty``, which drops what was kept. Patched on
import, for every app, like ``rendering``.

Private part (``Widget._set_dirty``): tests/ui/test_compat_kept_lines.py checks that the
kept lines are Textual's own, and are drawn again after each kind of change.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

UPSTREAM_RENDER_LINES = Widget.render_lines
UPSTREAM_SET_DIRTY = Widget._set_dirty
"""Textual's own (what the patched ones call, and what the tests compare with)."""
KEPT = "_cantstop_kept_lines"
"""The attribute a widget keeps its last lines in: (crop, size, filters, lines)."""

Kept = tuple[Region, Size, Sequence[LineFilter], list[Strip]]


def _render_lines(self: Widget, crop: Region) -> list[Strip]:
    filters = self.get_line_filters()
    kept: Kept | None = self.__dict__.get(KEPT)
    if kept is not None and kept[0] == crop and kept[1] == self.size and kept[2] == filters:
        return kept[3]
    lines = UPSTREAM_RENDER_LINES(self, crop)
    self.__dict__[KEPT] = (crop, self.size, filters, lines)
    return lines


def _set_dirty(self: Widget, *regions: Region) -> None:
    self.__dict__.pop(KEPT, None)
    UPSTREAM_SET_DIRTY(self, *regions)


Widget.render_lines = _render_lines  # type: ignore[method-assign]
Widget._set_dirty = _set_dirty  # type: ignore[method-assign]
