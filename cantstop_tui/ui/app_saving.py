"""The local game's autosave, as the app uses it: every change of its game saved once the
screen shows it, and the game saved again on SIGHUP, SIGTERM and exit.

A piece the local app (``app.CantStopApp``) is built with; it knows nothing of screens.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.constants import MAX_FPS

from ..engine import Event
from ..play.match import Match
from ..play.table import Table
from ..storage import Autosaver

Later = Callable[[Callable[[], None]], object]
"""Run a callable once the screen has been redrawn (``AFTER_A_FRAME`` later)."""
AFTER_A_FRAME = 2 / MAX_FPS
"""How long a change's save waits: two of Textual's frames, so the change is on screen
first. ``App.call_after_refresh`` runs its callable as soon as the screen is idle, which
after a key is before the widgets have asked for their repaint: the save delayed the frame
(about a tenth of a key's work)."""


class GameSaves:
    def __init__(self, saver: Autosaver, after_refresh: Later) -> None:
        self.saver = saver
        self._after_refresh = after_refresh
        self._stop: Callable[[], None] | None = None
        self._unsaved: list[tuple[Match, tuple[Event, ...]]] = []

    @property
    def kept(self) -> bool:
        """The game has a file (a game not yet begun has none)."""
        return self.saver.path is not None

    def follow(self, table: Table) -> None:
        """Save ``table``'s game now and after every change, once the screen shows the change
        (a save takes about a millisecond: the player should not wait for it)."""
        if self._stop is not None:
            self._stop()
            self._stop = None
        self._flush()
        self.saver.detach()
        self._stop = table.subscribe(self._save_later)
        self.saver(table.match, ())

    def _save_later(self, match: Match, events: tuple[Event, ...]) -> None:
        self._unsaved.append((match, events))
        if len(self._unsaved) == 1:  # one flush saves all that waits
            self._after_refresh(self._flush)

    def _flush(self) -> None:
        while self._unsaved:
            self.saver(*self._unsaved.pop(0))

    def save_now(self) -> None:
        """Save what is waiting and the game again (on SIGHUP, SIGTERM and exit)."""
        self._flush()
        if self.kept:
            self.saver.save_now()

    def close(self) -> None:
        """Save what is waiting and let go of the game. The table is left first: a change
        after it (a computer's step ending while the app shuts down) would come after the
        saver let go of its file, and be saved in a second file of the same game."""
        if self._stop is not None:
            self._stop()
            self._stop = None
        self.save_now()
        self.saver.close()
