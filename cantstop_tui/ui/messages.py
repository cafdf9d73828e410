"""Player intents, posted upward by widgets and key bindings, handled by the game screen."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..engine import Event, Move
from ..play.match import Match


@dataclass
class RollRequested(Message):
    pass


@dataclass
class StopRequested(Message):
    pass


@dataclass
class MoveChosen(Message):
    move: Move


@dataclass
class TableChanged(Message):
    """The table published a new match and the events that led to it."""

    match: Match
    events: tuple[Event, ...]
