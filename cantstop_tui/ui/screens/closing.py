"""Closing a pushed screen exactly once, however fast the keys arrive."""

from __future__ import annotations

from typing import Any
from weakref import WeakSet

from textual.screen import Screen

_closed: WeakSet[Screen[Any]] = WeakSet()


def close(screen: Screen[Any], result: Any = None) -> None:
    """Dismiss ``screen`` once; a second Enter in a burst must not pop the screen below."""
    if screen in _closed or not screen.is_current:
        return
    _closed.add(screen)
    screen.dismiss(result)
