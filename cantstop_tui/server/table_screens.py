"""The screens of a shared table: the game with the table's chat in a pane under the game
log and, for a spectator, a banner; and the line a visitor says to the table (``t``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from ..engine import IllegalMoveError
from ..play.match import Seat
from ..play.name_cells import ellipsis_for, short_name
from ..play.seating import AWAY
from ..play.table import Table
from ..play.turn_based import Unseen, describe
from ..ui import screen_keys
from ..ui.glyphs import Glyphs
from ..ui.keys import bindings
from ..ui.screens.closing import close
from ..ui.screens.game import GameScreen
from ..ui.screens.live_chances import Ratings
from ..ui.view import GameView
from ..ui.widgets.capped_input import CappedInput
from ..ui.widgets.chat_pane import ChatPane
from . import turn_tables
from .chat import CHAT_LENGTH, CHAT_LINES
from .tables import HostedTable

DEADLINE_REDRAW = 30.0
"""Seconds between redraws of a turn-based table's time left (shown to the minute)."""
CHAT_CUT = f"Chat lines are at most {CHAT_LENGTH} characters: the rest was cut."
"""Under the talk box once a paste or a key went past ``CHAT_LENGTH`` (the first
``CHAT_LENGTH`` characters are kept)."""
HINTS_UNRATE = "Hints make this game unrated for you: press h again for the hint."
"""Said at a rated player's first ``h`` of a game (``Match.hinted``: their rating cannot
rise); a guest, whose games are never rated (``guests``), gets the hint at once."""


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
        yield CappedInput(
            self.text,
            # Whole in the box at 80 columns (76 cells inside it).
            placeholder=f"say something: Enter sends, {screen_keys.CANCEL_TALK.named} cancels, "
            f"{CHAT_LENGTH} characters at most",
            max_length=CHAT_LENGTH,
            cut_notice=CHAT_CUT,
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
    TableScreen #deadline { height: 1; text-style: bold; }
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
        creator: bool = False,
    ) -> None:
        """``ratings``: the server's ratings of the table's people, for the chances;
        ``creator``: the one looking made the table (chose whether the chances show)."""
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
        self.chances.yours = creator
        self.watching = seats() == frozenset()
        self.views.away = self._away
        self._unhear: Callable[[], None] = lambda: None
        self._warned: tuple[int, tuple[Seat, ...]] | None = None
        """The game (seed, seats; a rematch has a new seed) whose first ``h`` said
        ``HINTS_UNRATE``."""

    def above_players(self) -> ComposeResult:
        if self.watching:
            ellipsis = ellipsis_for(self.glyphs.plain)
            yield WatchingBanner(f"Watching {self.hosted.name}", ellipsis, id="watching")
        if self.hosted.turn_rules is not None:
            yield Static(id="deadline")

    def on_mount(self) -> None:
        super().on_mount()
        if self.hosted.turn_rules is not None:
            self.set_interval(DEADLINE_REDRAW, self._show_deadline)
        # Each seat's coming and going is said in the chat: the status line follows it.
        screen = self

        def heard(_line: str) -> None:
            screen.call_later(screen._seated)

        self._unhear = self.hosted.chat.subscribe(heard)

    def on_unmount(self) -> None:
        super().on_unmount()
        self._unhear()

    def action_hint(self) -> None:
        """A hint makes the game unrated for the one who asks (``Match.hinted``): said at
        the first ``h`` of a game, the hint itself at the second; a guest (never rated)
        is not told, and gets the hint at once."""
        match = self.table.match
        seat = match.state.current_player
        if seat not in match.hinted:
            game = (match.seed, match.seats)
            if self._warned != game and not self._unrated(match.seats[seat].name):
                self._warned = game
                self._notice(HINTS_UNRATE)
                return
            try:
                self.table.hinted(seat)
            except IllegalMoveError as error:
                self._notice(str(error))
                return
        super().action_hint()

    def _unrated(self, name: str) -> bool:
        """Whether ``name`` sat at this table as a guest, whose games are never rated."""
        return name.casefold() in {guest.casefold() for guest in self.hosted.unrated}

    def _away(self) -> frozenset[int]:
        return frozenset(
            index
            for index, seat in enumerate(self.hosted.seats)
            if seat.person is not None and (seat.held or seat.stand_in == AWAY)
        )

    def _seated(self) -> None:
        """The seats may have changed (someone left, came back, or the computer took over):
        the view says who is away (a spectator's status line)."""
        view, now = self.view, self.views.now()
        if view is not None and (view.away, view.bot_turn) != (now.away, now.bot_turn):
            self.view = replace(view, events=(), away=now.away, bot_turn=now.bot_turn)

    def watch_view(self, view: GameView | None) -> None:
        super().watch_view(view)
        self._show_deadline()

    def _show_deadline(self) -> None:
        """A turn-based table: the time left for the move, as the lobby says it ("23 h 59
        min to move"); nothing while the computer plays or the game is over."""
        lines = self.query("#deadline").results(Static)
        line = next(lines, None)
        if line is None:  # a real-time table, or not composed yet
            return
        left = turn_tables.time_left(self.hosted)
        line.display = left is not None
        if left is not None:
            line.update(Text(f"{describe(left)} to move", overflow="ellipsis", no_wrap=True))

    def below_log(self) -> ComposeResult:
        yield ChatPane(self.hosted.chat.lines, CHAT_LINES, id="chat")
