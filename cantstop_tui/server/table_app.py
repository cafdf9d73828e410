"""The local game app at a shared table, plus the table's chat line (``t`` to talk)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input

from ..ui.app import CantStopApp
from .tables import HostedTable, Visitor


class TalkScreen(ModalScreen[str]):
    """One line to say to everyone at the table; Enter sends, an empty line cancels."""

    DEFAULT_CSS = """
    TalkScreen { align: center bottom; }
    TalkScreen Input { width: 100%; margin: 0 0 1 0; }
    """

    def compose(self) -> ComposeResult:
        yield Input(placeholder="say something to the table (Enter sends)", max_length=120)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class TableApp(CantStopApp):
    """``CantStopApp`` following a server table, with its chat and notices as notifications."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *CantStopApp.BINDINGS,
        Binding("t", "talk", "Talk"),
    ]

    def __init__(self, hosted: HostedTable, seats: frozenset[int], visitor: Visitor) -> None:
        assert hosted.table is not None
        super().__init__(
            table=hosted.table, my_seats=seats, remember=False, ai_delay=hosted.lobby.bot_delay
        )
        self.hosted = hosted
        self.visitor = visitor
        self._unsubscribe_chat: Callable[[], None] | None = None

    def on_mount(self) -> None:
        super().on_mount()
        app = self
        self._unsubscribe_chat = self.hosted.subscribe_chat(
            lambda line: app.call_later(app.notify, line, timeout=8, markup=False)
        )

    def on_unmount(self) -> None:
        if self._unsubscribe_chat is not None:
            self._unsubscribe_chat()

    def action_talk(self) -> None:
        if not isinstance(self.screen, ModalScreen):
            self.push_screen(TalkScreen(), self._said)

    def _said(self, line: str | None) -> None:
        if line:
            self.hosted.say(self.visitor, line)
