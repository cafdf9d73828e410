"""What a table's chat says when a seated person goes away or comes back, and when someone
comes to watch: one wording for live and turn-based tables, said once each way (``* ana
left; ...`` then ``* ana is back.``).

A seat that is kept for its person while they are away is announced both ways; a seat given
up (before the game starts, or after it ends) is not one to come back to.
"""

from __future__ import annotations


def left(name: str, *, turn_based: bool) -> str:
    """``name`` left their seat, which waits for them: held for a while at a live table
    (``--seat-timeout``), kept at a turn-based one (no seat timeout)."""
    if turn_based:
        return f"* {name} left; the seat is kept for them (turn-based table)."
    return f"* {name} left; the seat is held for them."


def back(name: str) -> str:
    """``name`` is at the seat kept for them again."""
    return f"* {name} is back."


def watching(name: str) -> str:
    """``name`` came to watch the table (their chat lines say ``(watching)``)."""
    return f"* {name} is watching."
