"""The lobby as one visitor sees it (their name, their seats), and the name they are asked
for when their SSH user name will not do."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..ai import LEVELS
from ..play.names import is_usable_name, sanitize_name
from ..storage.records import Records
from ..ui import screen_keys
from ..ui.keys import bindings
from ..ui.screens.create_table import NewTable
from ..ui.screens.lobby_tables import LobbyChoice, TableSummary
from ..ui.widgets.keys_bar import KeysBar
from .guests import leaderboard_of
from .lobby import Lobby
from .tables import Visitor


class VisitorLobby:
    """The lobby service of one visitor (see ``LobbyService``)."""

    levels = LEVELS

    def __init__(self, lobby: Lobby, visitor: Visitor) -> None:
        self.lobby = lobby
        self.visitor = visitor

    @property
    def turn_based(self) -> bool:
        return self.lobby.turn_based_limit > 0

    @property
    def name(self) -> str:
        return self.visitor.name

    def tables(self) -> list[TableSummary]:
        return self.lobby.summaries()

    def leaderboard(self) -> Records:
        """Only the names an authentication owns (``guests``): a guest's name is anyone's."""
        return leaderboard_of(self.lobby.leaderboard(), self.lobby.keeps_rating)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        return self.lobby.subscribe(listener)

    def create(self, table: NewTable) -> LobbyChoice:
        hosted = self.lobby.create(
            self.visitor,
            table.name,
            table.config,
            table.others,
            chances=table.chances,
            turns=table.turns,
        )
        return LobbyChoice(hosted.id, 0)

    def sit(self, table_id: int) -> LobbyChoice:
        hosted = self.lobby.get(table_id)
        if not hosted.seats_of(self.visitor):  # back to one's own seat is no new move
            self.lobby.budgets.may_move(self.name)
        return LobbyChoice(table_id, hosted.sit(self.visitor, None))

    def watch(self, table_id: int) -> LobbyChoice:
        """Watch a table, at once or (one still waiting for players) from when it starts:
        counted among its watchers from now."""
        hosted = self.lobby.get(table_id)  # a sentence if it has closed
        self.lobby.budgets.may_move(self.name)
        hosted.watch(self.visitor)
        return LobbyChoice(table_id, None)

    def leave(self, table_id: int) -> None:
        """Leave the seat waited at, or stop waiting to watch."""
        self.lobby.budgets.moved(self.name)
        hosted = self.lobby.tables.get(table_id)
        if hosted is None:
            return
        if hosted.seats_of(self.visitor):
            hosted.left(self.visitor)
        else:
            hosted.unwatch(self.visitor)

    def started(self, table_id: int) -> bool:
        hosted = self.lobby.tables.get(table_id)
        return hosted is not None and hosted.table is not None


class NameScreen(ModalScreen[str]):
    """Asked when the SSH user name cannot be shown as a player name: Enter plays under the
    name typed, Escape leaves the server."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.NAME_QUESTION)

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen > Vertical { width: 50; height: auto; border: round $accent; padding: 0 1; }
    NameScreen #name-error { color: $error; }
    """

    def __init__(self, taken: Callable[[str], str | None], problem: str) -> None:
        super().__init__()
        self.taken = taken
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.problem))
            yield Input(placeholder="your name", max_length=16)
            yield Static("", id="name-error")
        yield KeysBar()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_submit()

    def action_leave(self) -> None:
        self.app.exit()

    def action_submit(self) -> None:
        name = sanitize_name(self.query_one(Input).value)
        if not is_usable_name(name):
            self.query_one("#name-error", Static).update(
                "Use letters or digits (spaces and -_.' allowed)."
            )
        elif (refusal := self.taken(name)) is not None:
            self.query_one("#name-error", Static).update(Text(refusal))
        else:
            self.dismiss(name)
