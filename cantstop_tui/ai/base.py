"""The bot interface: two decisions, both given the immutable state (docs/bots.md).

Write your own in a few lines and load it with ``--players "Me:human,Bot:mymodule:MyBot"``::

    from cantstop_tui.engine import GameState, Move, legal_moves

    class FirstMoveBot:
        name = "first"
        def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
            return moves[0]
        def keep_rolling(self, state: GameState) -> bool:
            return sum(1 for h in state.runners if h) < 3
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import GameState, Move


@runtime_checkable
class Bot(Protocol):
    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        """Pick one of ``moves`` (the legal moves of the dice on the table)."""
        ...

    def keep_rolling(self, state: GameState) -> bool:
        """After a move: roll again (True) or stop (False). Only asked when stopping is allowed."""
        ...


@runtime_checkable
class Forgetful(Protocol):
    """A bot that keeps what it worked out during a turn (the expert's plan): told when the
    turn is over, it lets it go (a server holds many bots between their turns)."""

    def forget(self) -> None: ...
