"""The engine's one exception for moves the rules do not allow."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A transition the rules forbid; the message is a sentence for the player.

    The state passed to the transition is unchanged (states are immutable).
    """
