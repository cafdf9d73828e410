"""Work-arounds for Textual behaviour that costs this app time, applied once on import.

Two ``Strip`` methods cache a strip on itself. ``Strip.divide`` caches ``[self]`` when the
cut is the whole strip, which the compositor does for most lines of every frame, and
``Strip.crop_extend`` caches ``self`` when the crop is the whole strip, which line widgets
do for every line. Such a strip refers to itself, so it, its segments and its seven caches
are freed only by the cyclic garbage collector: about 200 objects per redraw per app, and
collections of 30 to 500 ms on a server hosting fifty apps. Returning the same result
without the self-reference lets reference counting free the strip once it is drawn.

textual is pinned to an exact version; tests/ui/test_textual_fixes.py checks that the
problem still exists upstream (so the patch is still needed) and is gone here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from textual.strip import Strip

_original_divide = Strip.divide


def _divide_without_self_reference(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    cuts = [cut for cut in cuts if cut <= self.cell_length]
    if cuts == [self.cell_length]:
        return [self]
    return _original_divide(self, cuts)


_original_crop_extend = Strip.crop_extend


def _crop_extend_without_self_reference(
    self: Strip, start: int, end: int, style: Style | None
) -> Strip:
    if start <= 0 and end == self.cell_length:
        return self  # what the original returns, minus caching itself on itself
    return _original_crop_extend(self, start, end, style)


def apply() -> None:
    Strip.divide = _divide_without_self_reference  # type: ignore[method-assign]
    Strip.crop_extend = _crop_extend_without_self_reference  # type: ignore[method-assign]


apply()
