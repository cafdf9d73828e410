"""What the game screen shows: the table's latest Match and events, seen from this app."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Event, GameState
from ..play.match import Match


@dataclass(frozen=True, slots=True)
class GameView:
    match: Match
    events: tuple[Event, ...] = ()
    """What the last change did; empty when only the notice or the viewer changed."""
    my_turn: bool = False
    """The player to move is controlled from this app."""
    bot_turn: bool = False
    """A computer seat is to move (the table plays it)."""
    notice: str = ""
    """A sentence for the player, e.g. why stopping was refused."""
    chances: tuple[float, ...] | None = None
    """Each player's win chance (0-1), when the player shows them (``w``)."""
    seated: bool = True
    """The viewer plays a seat at this table; a spectator does not, and no control is
    theirs: what may be pressed and shown follows from this and ``my_turn``."""

    @property
    def state(self) -> GameState:
        return self.match.state

    def name(self, player: int) -> str:
        return self.match.seats[player].name
