"""The apps a visitor moves between: the lobby, then a table's game, then the lobby again."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ..ai import LEVELS
from ..engine import GameConfig
from ..play.names import is_usable_name, sanitize_name
from ..ui.screens.lobby import LobbyChoice, LobbyScreen, TableSummary
from .lobby import Lobby
from .tables import Visitor


def use_terminal_palette(app: App[Any]) -> None:
    """At 16 colours draw with the terminal's own ANSI palette, not approximations of RGB.

    Rich would map the theme's RGB colours to the nearest of 16: the accent turns red (an
    error colour) and players' colours drift; the ANSI theme is what the widgets' ``:ansi``
    rules are written for.
    """
    if app.console.color_system == "standard":
        app.theme = "ansi-dark"


class VisitorLobby:
    """The lobby service of one visitor (see ``LobbyService``)."""

    levels = LEVELS

    def __init__(self, lobby: Lobby, visitor: Visitor) -> None:
        self.lobby = lobby
        self.visitor = visitor

    @property
    def name(self) -> str:
        return self.visitor.name

    def tables(self) -> list[TableSummary]:
        return self.lobby.summaries()

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        return self.lobby.subscribe(listener)

    def create(self, name: str, config: GameConfig, others: list[str]) -> LobbyChoice:
        hosted = self.lobby.create(self.visitor, name, config, others)
        return LobbyChoice(hosted.id, 0)

    def sit(self, table_id: int) -> LobbyChoice:
        return LobbyChoice(table_id, self.lobby.get(table_id).sit(self.visitor, None))

    def watch(self, table_id: int) -> LobbyChoice:
        """Watch a table, at once or (one still waiting for players) from when it starts."""
        self.lobby.get(table_id)  # a sentence if it has closed
        return LobbyChoice(table_id, None)

    def leave(self, table_id: int) -> None:
        if table_id in self.lobby.tables:
            self.lobby.tables[table_id].left(self.visitor)

    def started(self, table_id: int) -> bool:
        hosted = self.lobby.tables.get(table_id)
        return hosted is not None and hosted.table is not None


class NameScreen(ModalScreen[str]):
    """Asked when the SSH user name cannot be shown as a player name."""

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen > Vertical { width: 50; height: auto; border: round $accent; padding: 0 1; }
    NameScreen #name-error { color: $error; }
    """

    def __init__(self, taken: Callable[[str], bool], problem: str) -> None:
        super().__init__()
        self.taken = taken
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.problem))
            yield Input(placeholder="your name", max_length=16)
            yield Static("", id="name-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = sanitize_name(event.value)
        if not is_usable_name(name):
            self.query_one("#name-error", Static).update(
                "Use letters or digits (spaces and -_.' allowed)."
            )
        elif self.taken(name):
            self.query_one("#name-error", Static).update(Text(f"{name} is taken: choose another."))
        else:
            self.dismiss(name)


class LobbyApp(App[LobbyChoice | None]):
    """The lobby, alone in an app; exits with where the visitor goes next."""

    TITLE = "Can't Stop"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "quit", "Quit", show=False)]

    def __init__(
        self,
        lobby: Lobby,
        visitor: Visitor,
        ask_name: str | None = None,
        taken: Callable[[str], bool] = lambda _name: False,
    ) -> None:
        super().__init__()
        self.lobby = lobby
        self.visitor = visitor
        self.ask_name = ask_name
        self.taken = taken

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The lobby's own commands only: none of Textual's (a screenshot would be written on
        the host and show its path; theme and quit are not the visitor's to change)."""
        for binding in screen.active_bindings.values():
            if binding.binding.show and binding.enabled:
                action = binding.binding.action
                yield SystemCommand(
                    binding.binding.description,
                    f"{binding.binding.key}",
                    lambda a=action: screen.run_action(a),  # type: ignore[misc]
                )

    def on_mount(self) -> None:
        use_terminal_palette(self)
        if self.ask_name is not None:
            self.push_screen(NameScreen(self.taken, self.ask_name), self._named)
        else:
            self._show_lobby()

    def _named(self, name: str | None) -> None:
        self.visitor = Visitor(name or "player", self.visitor.key)
        self._show_lobby()

    def _show_lobby(self) -> None:
        self.push_screen(LobbyScreen(VisitorLobby(self.lobby, self.visitor)), self.exit)
