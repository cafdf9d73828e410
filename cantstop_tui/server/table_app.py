"""The local game app at a shared table, plus the table's chat (a pane under the game log;
``t`` to talk), a banner for spectators and, when a game ends, the rematch: every seated
visitor asks for it, then it starts for all."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..play.match import Match
from ..play.table import Table
from ..ui.app import CantStopApp
from ..ui.screens.game import GameScreen
from ..ui.screens.help import PLAY_KEYS
from ..ui.screens.rolloff import RolloffScreen
from ..ui.screens.table_over import RematchWanted, TableOverScreen
from ..ui.widgets.chat_pane import ChatPane
from .chat import CHAT_LINES
from .lobby_app import use_terminal_palette
from .tables import HostedTable, Visitor


class TalkScreen(ModalScreen[str]):
    """One line to say to everyone at the table; Enter sends, an empty line cancels."""

    DEFAULT_CSS = """
    TalkScreen { align: center bottom; }
    TalkScreen Input { width: 100%; margin: 0 0 1 0; }
    """

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Input(
            self.text,
            placeholder="say something to the table (Enter sends)",
            max_length=120,
            select_on_focus=False,  # a line kept from before goes on where it was
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class TableScreen(GameScreen):
    """The game screen of a shared table: the chat under the log and, for a spectator, a
    banner saying that they are watching."""

    DEFAULT_CSS = """
    TableScreen #watching {
        height: 1;
        background: $warning;
        color: $background;
        text-style: bold;
        padding: 0 1;
    }
    TableScreen:ansi #watching { background: ansi_yellow; color: ansi_black; }
    """

    def __init__(self, table: Table, app: TableApp) -> None:
        super().__init__(table, app.my_seats, app.glyphs, hints=app.hints)
        self.hosted = app.hosted
        self.watching = app.watching

    def above_players(self) -> ComposeResult:
        if self.watching:
            yield Static(
                Text(f"Watching {self.hosted.name}", overflow="ellipsis", no_wrap=True),
                id="watching",
            )

    def below_log(self) -> ComposeResult:
        yield ChatPane(self.hosted.chat.lines, CHAT_LINES, id="chat")


class TableApp(CantStopApp):
    """``CantStopApp`` following a server table, with its chat and notices as notifications."""

    QUIT_QUESTION = ("Leave this table for the lobby?", "Yes, leave (y)")
    KEY_LABELS: ClassVar[dict[str, str]] = {"app.request_quit": "Lobby"}
    HELP_KEYS = (
        PLAY_KEYS + "  h            a hint                t       talk to the table\n"
        "  q            back to the lobby     ? or F1 this help\n"
        "  ctrl+p       command palette\n"
    )

    textual_commands = False  # nothing that writes on the host or shows its paths
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
        self._unsubscribe: list[Callable[[], None]] = []

    def on_mount(self) -> None:
        super().on_mount()
        use_terminal_palette(self)
        app = self

        # Called from other visitors' sessions: each app redraws in its own task.
        def said(line: str) -> None:
            app.call_later(app._said_at_table, line)

        def voted() -> None:
            app.call_later(app._show_votes)

        self._unsubscribe = [self.hosted.chat.subscribe(said), self.hosted.subscribe_votes(voted)]

    def on_unmount(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()

    def make_game_screen(self, table: Table) -> GameScreen:
        return TableScreen(table, self)

    def _said_at_table(self, line: str) -> None:
        """Into the chat pane; also a notice while a box covers the pane."""
        panes = [pane for screen in self.screen_stack for pane in screen.query(ChatPane)]
        for pane in panes:
            pane.said(line)
        if not panes or not isinstance(self.screen, TableScreen):
            self.notify(line, timeout=8, markup=False)

    def action_talk(self) -> None:
        if not isinstance(self.screen, ModalScreen) or isinstance(self.screen, TableOverScreen):
            self.push_screen(TalkScreen(), self._said)

    # --- the rematch ------------------------------------------------------------------

    def _asked(self) -> bool:
        seats = self.hosted.seats_of(self.visitor)
        return bool(seats) and seats <= self.hosted.rematch_votes

    def show_game_over(self, match: Match) -> None:
        screen = TableOverScreen(
            match,
            self.glyphs,
            seated=bool(self.my_seats),
            status=self.hosted.rematch_status(self.visitor),
            asked=self._asked(),
        )
        self.push_screen(screen, self._after_game)

    def _show_votes(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TableOverScreen):
                screen.show_status(self.hosted.rematch_status(self.visitor), self._asked())

    def on_rematch_wanted(self, message: RematchWanted) -> None:
        if message.computer:
            self.hosted.computer_takes_free_seats(self.visitor)
        else:
            self.hosted.ask_rematch(self.visitor)

    def hide_game_over(self) -> bool:
        """The rematch began: show who starts; a line being typed to the table stays open."""
        talk = next((s for s in self.screen_stack if isinstance(s, TalkScreen)), None)
        typed = talk.query_one(Input).value if talk is not None else None
        if self.table is None or not super().hide_game_over():
            return False
        if not self.watching:  # a spectator finds who starts in the game log
            self.push_screen(RolloffScreen(self.table.match))
        if typed is not None:
            self.push_screen(TalkScreen(typed), self._said)
        return True

    def _host_only(self) -> None:
        self.notify(
            "At a shared table the next game is a rematch, asked for when this one ends; "
            "for other rules, create a table in the lobby.",
            severity="warning",
        )

    def _said(self, line: str | None) -> None:
        if line:
            self.hosted.say(self.visitor, line)
