"""The base of every Can't Stop app: its look (the ASCII style, notices over dialogs), its
always-on keys (ctrl+q, ctrl+s), its settings, the size check, and the hooks each app
answers for itself (``can_restart``, ``has_files``, ``my_seats``, ``is_saved``, ``begin``,
``start_match``, ``leaving_question``, ``host_only``, ``leave``). ``game_app.GameApp``
builds the game's screens and commands on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual import events
from textual.binding import BindingType
from textual.driver import Driver
from textual.notifications import Notify
from textual.screen import ModalScreen, Screen

from .. import startup_collector as collector
from ..play.match import Match
from ..play.pacing import BOT_DELAY
from ..play.table import Table
from ..storage.signals import HANG_UP
from . import screen_keys
from .ascii_look import ASCII_CLASS, ASCII_CSS
from .colors import NO_COLOR_CSS
from .compact_driver import TerminalEnded, compact
from .drawn_app import DrawnApp
from .glyphs import glyphs_for
from .key_order import KeyOrder
from .keys import bindings
from .settings import GameSettings
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH


class AppBase(DrawnApp[None]):
    TITLE = "Can't Stop"
    QUIT_QUESTION = ("Quit Can't Stop?", "Yes, quit")
    """What ``q`` asks, and its yes button (a server table asks about leaving instead)."""
    HELP_KEYS: str | None = None
    """The help screen's keys block, if not the local game's."""
    KEY_LABELS: ClassVar[dict[str, str]] = {}
    """Footer labels that differ from the bindings' own, by action."""
    CSS = ASCII_CSS + NO_COLOR_CSS + """
    /* A dialog's buttons are at its foot, below the middle of the screen: its notice shows
       at the top (the newest only: on_notify) and never reaches down to the buttons. */
    ModalScreen > ToastRack {
        dock: top;
        align: right top;
        max-height: 33%;
        scrollbar-size-vertical: 0;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.APP)

    def __init__(
        self,
        settings: GameSettings,
        *,
        ascii_only: bool = False,
        ai_delay: float = BOT_DELAY,
    ) -> None:
        super().__init__()
        self.table: Table | None = None
        """The table shown (None before the first game, or in a server's lobby)."""
        self.ascii_only = ascii_only
        self.set_class(ascii_only, ASCII_CLASS)  # the look, the keys' names and the palette
        self.glyphs = glyphs_for(ascii_only)
        self.ai_delay = ai_delay
        self.settings = settings
        self.hints = settings.hints
        self.show_chances = False
        """Each player's win chance in the side panel (``w``), kept from game to game."""
        self.key_order = KeyOrder(self)
        """Keys read together are handled one after another (``ui.key_order``)."""

    @property
    def key_labels(self) -> Mapping[str, str]:
        """The keys bar's words (``widgets.keys_bar.OwnLabels``): ``KEY_LABELS``."""
        return self.KEY_LABELS

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, sending fewer bytes where it can."""
        return compact(super().get_driver_class())

    async def on_event(self, event: events.Event) -> None:
        """A key read from the terminal waits until the one before it is handled."""
        if isinstance(event, events.Key):
            if not event.is_forwarded:
                if not self.key_order.admit(event):
                    return
                target = self.focused or self.screen  # where Textual posts it, if not bound
                await super().on_event(event)
                self.key_order.posted(event, target if event.is_forwarded else None)
                return
            self.key_order.returned(event)
            await super().on_event(event)
            self.key_order.acted(event, self.focused or self.screen)
            return
        await super().on_event(event)

    def on_notify(self, event: Notify) -> None:
        """Before a notice is shown (``App`` adds it next): over a dialog only the newest
        shows, at the top (see ``CSS``), so notices never pile down over its buttons."""
        if isinstance(self.screen, ModalScreen):
            self.clear_notifications()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._notices_on_top_only)
        self._check_size(self.size.width, self.size.height)
        # After Textual's start-up: a screen pushed during it is laid out and drawn, then
        # laid out and drawn again (Textual holds its frames until start-up ends).
        self.call_later(self._begin)

    def _notices_on_top_only(self, top: Screen[object]) -> None:
        """A dialog shows the notices (at its top); the screen under it, drawn through,
        hides its own copies of them (Textual gives every screen its own), so a notice
        never shows twice. Textual shows them again when that screen is on top."""
        for screen in self.screen_stack:
            if screen is not top:
                for rack in screen.query_children("ToastRack"):
                    if rack.display:
                        rack.display = False

    def _begin(self) -> None:
        self.begin()
        self.call_after_refresh(collector.release)  # the first frame is drawn

    def on_terminal_ended(self, _message: TerminalEnded) -> None:
        self.hang_up()

    def hang_up(self) -> None:
        """The terminal went away without a SIGHUP (``compact_driver``): the app ends as
        after one (exit code 129). An app with something to save saves it first."""
        self.exit(return_code=HANG_UP)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(too_small, "-too-small")
        for screen in self.screen_stack:
            screen.set_class(too_small, "-too-small")
        self.screen.refresh_bindings()

    @property
    def watching(self) -> bool:
        """A spectator: no seat of their own at this table."""
        return self.my_seats is not None and not self.my_seats

    # --- files: the local game's; elsewhere a sentence ----------------------------------

    def _no_files(self) -> None:
        self.notify("Saved games and records are kept by the table's host.", severity="warning")

    def action_save_as(self) -> None:
        self._no_files()

    def action_load_game(self) -> None:
        self._no_files()

    def action_finished_games(self) -> None:
        self._no_files()

    def action_records(self) -> None:
        self._no_files()

    # --- what each app says for itself ---------------------------------------------------

    can_restart: bool = False
    """Whether this app may start a new game or a rematch (on a shared table: for everyone)."""
    has_files: bool = False
    """Saved games, finished games and records: the local game's own, on this computer."""
    textual_commands: ClassVar[bool] = True
    """Whether the palette offers Textual's own commands too (theme, screenshot, keys...).
    Not on a server: a screenshot would be written on the host, and show the host's path."""

    @property
    def my_seats(self) -> frozenset[int] | None:
        """The seats this app plays (None: every person's seat, i.e. hot-seat)."""
        return None

    @property
    def is_saved(self) -> bool:
        """The game is kept on disk (what quitting says)."""
        return False

    def begin(self) -> None:
        """The first screen."""
        raise NotImplementedError

    def start_match(self, match: Match) -> None:
        """Play ``match`` (new, loaded, resumed or played on from a replay) from where it is."""
        raise NotImplementedError

    def leaving_question(self) -> str | None:
        """What to ask before a new game replaces this one (None: nothing is lost)."""
        return None

    def host_only(self) -> None:
        self.notify("The next game on this table is started by its host.", severity="warning")

    def leave(self) -> None:
        """``q``, confirmed (or the game-over box closed): the app ends. A server's app goes
        back to its lobby instead."""
        self.exit()
