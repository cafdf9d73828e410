"""The notices of the table a visitor's app shows: what was played there meanwhile (a
turn-based table's "Since you last looked"), a line said there while a box covers its chat.
Leaving the table takes them away, and only them: a notice of the lobby's or of the session
(keys dropped, a paste cut) stays its time."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.notifications import Notification, Notify

from ..ui.textual_compat import withdraw_notices

SINCE_TITLE = "Since you last looked"
SINCE_SECONDS = 30.0
"""How long the notice of what was played meanwhile stays at its table (the log keeps it);
leaving the table takes it away."""


class TableNotices:
    """One visitor app's notices of the table it shows."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._shown: list[Notification] = []

    def show(self, message: str, *, title: str = "", timeout: float) -> None:
        """``message`` as a notice of the table (plain text, not markup) for ``timeout`` s."""
        notice = Notification(message, title, timeout=timeout, markup=False)
        self._shown = [shown for shown in self._shown if not shown.has_expired]
        self._shown.append(notice)
        self.app.post_message(Notify(notice))

    def since_last_looked(self, played: str) -> None:
        """What was played at a turn-based table since the visitor last looked."""
        self.show(played, title=SINCE_TITLE, timeout=SINCE_SECONDS)

    def withdraw(self) -> None:
        """The table is left: its notices go (from the screen too); the others stay."""
        withdraw_notices(self.app, self._shown)
        self._shown = []
