"""Lines a widget has drawn, kept by what decides their look, so a line that comes back
(the roll and the choice alternate, a log line moves up a row) is not drawn again."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from textual.strip import Strip


class KeptStrips:
    """At most ``size`` drawn lines, by their look's key; when full, all are forgotten at
    once (cheaper than keeping an order, and the looks a widget shows come back quickly)."""

    __slots__ = ("_size", "_strips")

    def __init__(self, size: int) -> None:
        self._size = size
        self._strips: dict[Hashable, Strip] = {}

    def get(self, key: Hashable, draw: Callable[[], Strip]) -> Strip:
        """The line kept for ``key``, or ``draw()`` kept for it."""
        strip = self._strips.get(key)
        if strip is None:
            strip = draw()
            if len(self._strips) >= self._size:
                self._strips.clear()
            self._strips[key] = strip
        return strip

    def clear(self) -> None:
        self._strips.clear()
