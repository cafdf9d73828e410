"""Typed messages, posted upward: player intents (widgets and keys -> the game screen) and
what a screen tells the app (the game ended, a new game began on the table, quit, load)."""

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
class TableChanged(Message, bubble=False):
    """The table published a new match and the events that led to it (the game screen
    posts it to itself: it goes no further)."""

    match: Match
    events: tuple[Event, ...]


@dataclass
class GameEnded(Message):
    """The table's game is over: the app shows how it ended."""

    match: Match


@dataclass
class NextGameBegan(Message):
    """The table moved on from a finished game to a new one: the app closes the game-over."""


@dataclass
class QuitRequested(Message):
    """Leave the app (it asks first)."""


@dataclass
class LoadRequested(Message):
    """Open the saved games."""


@dataclass
class ChancesToggled(Message):
    """The player turned the win chances in the side panel on or off (``w``); the app keeps
    the choice for the next games."""

    shown: bool
