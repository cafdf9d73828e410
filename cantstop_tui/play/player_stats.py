"""Each player's statistics in a game: turns, busts and columns won, counted from the
engine's events as the game goes (a ``Match`` keeps them, ``match.stats``)."""

from __future__ import annotations

from dataclasses import replace

from ..engine import Busted, ColumnWon, Event, TurnPassed
from ..frozen import frozen


@frozen
class PlayerStats:
    """A player's turns, busts and columns won so far in the game."""

    turns: int = 0
    busts: int = 0
    columns: int = 0


def count_events(
    stats: tuple[PlayerStats, ...], events: tuple[Event, ...]
) -> tuple[PlayerStats, ...]:
    """``stats`` after ``events``: a turn passed, a bust, a column won."""
    result = list(stats)
    for event in events:
        if isinstance(event, TurnPassed):
            nxt = result[event.player]
            result[event.player] = replace(nxt, turns=nxt.turns + 1)
        elif isinstance(event, Busted):
            who = result[event.player]
            result[event.player] = replace(who, busts=who.busts + 1)
        elif isinstance(event, ColumnWon):
            who = result[event.player]
            result[event.player] = replace(who, columns=who.columns + 1)
    return tuple(result)
