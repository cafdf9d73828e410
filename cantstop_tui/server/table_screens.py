"""The screens of a shared table: the game with the table's chat in a pane under the game
log and, for a spectator, a banner; and the line a visitor says to the table (``t``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input

from ..play.name_cells import ellipsis_for, short_name
from ..play.table import Table
from ..play.turn_based import Unseen
from ..ui import screen_keys
from ..ui.glyphs import Glyphs
from ..ui.keys import bindings
from ..ui.screens.closing import close
from ..ui.screens.game import GameScreen
from ..ui.screens.live_chances import Ratings
from ..ui.widgets.chat_pane import ChatPane
from .chat import CHAT_LENGTH, CHAT_LINES
from .tables import HostedTable


class TalkScreen(ModalScreen[str | None]):
    """One line to say to everyone at the table; Enter sends, an empty line or Escape
    cancels."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.TALK_BOX)

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
            # Whole in the box at 80 columns (76 cells inside it).
            placeholder=f"say something: Enter sends, {screen_keys.CANCEL_TALK.named} cancels, "
            f"{CHAT_LENGTH} characters at most",
            max_length=CHAT_LENGTH,
            select_on_focus=False,  # a line kept from before goes on where it was
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        close(self, event.value)

    def action_cancel(self) -> None:
        close(self, None)


class WatchingBanner(Widget):
    """A spectator's banner: the table's name cut to the width by the one rule for names
    (``play.name_cells``: after a whole word, ending in the ellipsis)."""

    def __init__(self, text: str, ellipsis: str, *, id: str) -> None:
        super().__init__(id=id)
        self.text = text
        self.ellipsis = ellipsis

    def render(self) -> Text:
        return Text(short_name(self.text, self.size.width, self.ellipsis), no_wrap=True)


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

    def __init__(
        self,
        hosted: HostedTable,
        table: Table,
        seats: Callable[[], frozenset[int] | None],
        glyphs: Glyphs,
        hints: bool,
        show_chances: bool = False,
        unseen: Unseen | None = None,
        ratings: Ratings | None = None,
    ) -> None:
        """``ratings``: the server's ratings of the table's people, for the chances."""
        super().__init__(
            table,
            seats,
            glyphs,
            hints=hints,
            chances=hosted.chances,
            show_chances=show_chances,
            unseen=unseen,
            ratings=ratings,
        )
        self.hosted = hosted
        self.watching = seats() == frozenset()

    def above_players(self) -> ComposeResult:
        if self.watching:
            ellipsis = ellipsis_for(self.glyphs.plain)
            yield WatchingBanner(f"Watching {self.hosted.name}", ellipsis, id="watching")

    def below_log(self) -> ComposeResult:
        yield ChatPane(self.hosted.chat.lines, CHAT_LINES, id="chat")
