"""Subscribing to something that changes: one rule for the table, the lobby, the chat and
the rematch votes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

L = TypeVar("L")


def subscribe(listeners: list[L], listener: L) -> Callable[[], None]:
    """Add ``listener``; returns the function that removes it (calling it again does nothing)."""
    listeners.append(listener)

    def unsubscribe() -> None:
        if listener in listeners:
            listeners.remove(listener)

    return unsubscribe
