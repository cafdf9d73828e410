"""A visitor's talk at a table: the lines said there reach their chat pane (or a notice while
a box covers it: the table's own, which goes when the visitor leaves the table), and ``t``
opens the line they say, unless they are muted."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import ModalScreen
from textual.widgets import Input

from ..play.seating import LobbyError
from ..ui.screens.table_over import TableOverScreen
from ..ui.widgets.chat_pane import ChatPane
from .table_notices import TableNotices
from .table_screens import TableScreen, TalkScreen
from .tables import HostedTable, Visitor

Place = Callable[[], tuple[HostedTable | None, Visitor]]
"""Where the visitor is now: the table shown (None in the lobby), and who they are."""

NOTICE_SECONDS = 8.0
"""How long a notice stays: a line said at the table while a box covers the chat, or that
the visitor is muted (said again at most this often, however often they press t)."""


class TableTalk:
    """The talk of one visitor's app at the table it shows."""

    def __init__(self, app: App[Any], place: Place, notices: TableNotices) -> None:
        self.app = app
        self.place = place
        self.notices = notices
        self._told_muted = float("-inf")

    def heard(self, line: str) -> None:
        """A line said at the table: into the chat pane; also a notice while a box covers
        the pane."""
        app = self.app
        panes = [pane for screen in app.screen_stack for pane in screen.query(ChatPane)]
        for pane in panes:
            pane.said(line)
        if not panes or not isinstance(app.screen, TableScreen):
            self.notices.show(line, timeout=NOTICE_SECONDS)

    def open(self) -> None:
        """``t``: the line to say (or why the visitor may not say one now)."""
        app, (hosted, visitor) = self.app, self.place()
        if hosted is None:
            return
        muted = hosted.lobby.budgets.mute_notice(visitor.name)
        if muted is not None:  # a sentence, not a talk box to open and close at each key
            if time.monotonic() - self._told_muted >= NOTICE_SECONDS:
                self._told_muted = time.monotonic()
                app.notify(muted, timeout=NOTICE_SECONDS, severity="warning", markup=False)
            return
        if not isinstance(app.screen, ModalScreen) or isinstance(app.screen, TableOverScreen):
            app.push_screen(TalkScreen(), self.said)

    def said(self, line: str | None) -> None:
        hosted, visitor = self.place()
        if line and hosted is not None:
            try:
                hosted.say(visitor, line)
            except LobbyError as refused:  # over the person's chat budget: told why
                self.app.notify(str(refused), severity="warning", markup=False)

    def typed(self) -> str | None:
        """The line being typed to the table, if the talk box is open."""
        talk = next((s for s in self.app.screen_stack if isinstance(s, TalkScreen)), None)
        return talk.query_one(Input).value if talk is not None else None

    def reopen(self, typed: str | None) -> None:
        """The talk box again, with the line that was being typed (nothing if none was)."""
        if typed is not None:
            self.app.push_screen(TalkScreen(typed), self.said)
