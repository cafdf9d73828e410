"""A win chance as text, for the side panel, the review and its graph (a module of its own:
the game screen shows chances without loading the review)."""

from __future__ import annotations


def percent(chance: float) -> str:
    """A chance 0-1 as ``42%`` (``<1%`` and ``>99%`` rather than a rounded 0 or 100)."""
    value = chance * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"
