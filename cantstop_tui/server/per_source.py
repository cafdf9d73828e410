"""What the server keeps for each source of something a client can cause (an address
block's connection lines, a source's penalty, a kind of log line): bounded, so that a
client with many addresses cannot make it grow without end.

The sources seen last are kept, at most ``most`` of them; the one seen longest ago is
forgotten first (``forgotten`` hears it: a summary still to say). ``clock`` is the one
time the windows of its users are read from (``ConnectionLog``, ``Penalties``,
``Limited``)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class PerSource(Generic[K, V]):
    """A value per source, the ``most`` sources seen last kept."""

    def __init__(
        self,
        most: int,
        clock: Callable[[], float] = time.monotonic,
        forgotten: Callable[[K, V], None] | None = None,
    ) -> None:
        self.most = most
        self.clock = clock
        self._forgotten = forgotten
        self._kept: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, source: object) -> bool:
        return source in self._kept

    def get(self, source: K) -> V | None:
        return self._kept.get(source)

    def seen(self, source: K, value: V) -> V:
        """``value`` kept for ``source``, the source seen last; past ``most`` sources, the
        one seen longest ago is forgotten. Returns ``value``."""
        self._kept[source] = value
        self._kept.move_to_end(source)
        while len(self._kept) > self.most:
            old, held = self._kept.popitem(last=False)
            if self._forgotten is not None:
                self._forgotten(old, held)
        return value

    def keep(self, source: K, value: V) -> None:
        """``value`` kept for a source already kept, where it stands among the others
        (what it did since does not count as being seen: a line held back)."""
        self._kept[source] = value

    def pop(self, source: K) -> V | None:
        return self._kept.pop(source, None)

    def items(self) -> list[tuple[K, V]]:
        """Every source and its value, the one seen longest ago first (a copy)."""
        return list(self._kept.items())
