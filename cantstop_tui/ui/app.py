"""The Can't Stop app: a local game, or a view onto a Table shared from outside (SSH).

Local play: ``CantStopApp()`` shows the new-game screen; ``CantStopApp(settings=...)``
starts that game at once. Shared play: ``CantStopApp(table=table, my_seats={1})``
shows ``table``'s game and lets this app play seat 1 only (``my_seats=None``: every
human seat, i.e. hot-seat). The app never plays computer seats: the table does.
On a shared table only an app made with ``can_restart=True`` offers new games and
rematches; they replace the table's match for everyone watching it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..match import Match
from ..table import Table
from .glyphs import glyphs_for
from .screens.game import GameScreen
from .screens.rolloff import RolloffScreen
from .settings import GameSettings, load_settings, save_settings
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH

# The other screens are imported when first shown: the first frame comes sooner.


class CantStopApp(App[None]):
    TITLE = "Can't Stop"
    CSS = """
    CantStopApp.-ascii .dialog {
        border: ascii $primary;
    }
    CantStopApp.-ascii #right {
        border-left: ascii $primary;
    }
    CantStopApp.-ascii PairChoice {
        border-top: ascii $primary;
    }
    CantStopApp.-ascii * {
        scrollbar-size: 0 0;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        table: Table | None = None,
        my_seats: Iterable[int] | None = None,
        *,
        settings: GameSettings | None = None,
        ascii_only: bool = False,
        ai_delay: float = 0.6,
        remember: bool = True,
        can_restart: bool | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.owns_table = table is None
        # Whether this app may start a new game or a rematch (on a shared table: for everyone).
        self.can_restart = self.owns_table if can_restart is None else can_restart
        self.my_seats = frozenset(my_seats) if my_seats is not None else None
        self.start_settings = settings
        self.ascii_only = ascii_only
        self.glyphs = glyphs_for(ascii_only)
        self.ai_delay = ai_delay
        self.remember = remember
        self.settings = settings or (load_settings() if remember else GameSettings())

    def on_mount(self) -> None:
        self.set_class(self.ascii_only, "-ascii")
        self._check_size(self.size.width, self.size.height)
        if self.table is not None:
            self._show_table(self.table)
        elif self.start_settings is not None:
            self.start_game(self.start_settings)
        else:
            self.action_new_game()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(too_small, "-too-small")
        for screen in self.screen_stack:
            screen.set_class(too_small, "-too-small")
        self.screen.refresh_bindings()

    # --- games -----------------------------------------------------------------

    def start_game(self, settings: GameSettings) -> None:
        """Start a game with ``settings``: on a fresh table, or on the shared one."""
        self.settings = settings
        if self.remember:
            save_settings(settings)
        if self.owns_table or self.table is None:
            self._release_table()
            self.table = Table(settings.start(), bot_delay=self.ai_delay)
        else:
            self.table.replace_match(settings.start())
        self._show_table(self.table)

    def rematch(self) -> None:
        """The same players and rules with new dice (the shared table keeps its seats)."""
        assert self.table is not None
        if not self.can_restart:
            self._host_only()
            return
        old = self.table.match
        seed = (old.seed + 1) & 0x7FFFFFFF
        match = Match.start(old.seats, old.config, seed)
        if self.owns_table:
            self._release_table()
            self.table = Table(match, bot_delay=self.ai_delay)
        else:
            self.table.replace_match(match)
        self._show_table(self.table)

    def _release_table(self) -> None:
        """Stop our old table's computer players before dropping it."""
        if self.table is not None and self.owns_table:
            for seat in range(len(self.table.match.seats)):
                self.table.set_seat_kind(seat, None)

    def _show_table(self, table: Table) -> None:
        """Who starts first (for a fresh game), then the game screen; then the computers play."""
        if table.match.history:
            self._show_game(table)
        else:
            self.push_screen(RolloffScreen(table.match), lambda _: self._show_game(table))

    def _show_game(self, table: Table) -> None:
        screen = GameScreen(table, self.my_seats, self.glyphs)
        if isinstance(self.screen, GameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        table.start()

    def show_game_over(self, match: Match) -> None:
        from .screens.game_over import GameOverScreen

        self.push_screen(GameOverScreen(match, self.glyphs), self._after_game)

    def hide_game_over(self) -> None:
        """The table moved on to a new game (its host restarted it): close the game-over box."""
        from .screens.closing import close
        from .screens.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            close(self.screen, "continue")

    def _after_game(self, choice: str | None) -> None:
        if choice == "continue":
            return
        if choice == "rematch":
            self.rematch()
        elif choice == "new":
            self.action_new_game()
        else:
            self.exit()

    # --- actions ---------------------------------------------------------------

    def _host_only(self) -> None:
        self.notify("The next game on this table is started by its host.", severity="warning")

    def action_new_game(self) -> None:
        if not self.can_restart:
            self._host_only()
            return
        from .screens.new_game import NewGameScreen

        has_game = isinstance(self.screen, GameScreen)
        self.push_screen(NewGameScreen(self.settings, can_cancel=has_game), self._new_game_chosen)

    def _new_game_chosen(self, settings: GameSettings | None) -> None:
        if settings is not None:
            self.start_game(settings)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        win = self.table.match.config.win_columns if self.table else self.settings.win_columns
        self.push_screen(HelpScreen(self.glyphs, win))

    def action_request_quit(self) -> None:
        from .screens.quit import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.exit()
            return
        self.push_screen(QuitScreen(), self._quit_answered)

    def _quit_answered(self, quit_: bool | None) -> None:
        if quit_:
            self.exit()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if isinstance(screen, GameScreen):
            for title, help_text, action in screen.commands():
                yield SystemCommand(title, help_text, lambda a=action: screen.run_action(a))
        yield SystemCommand("New game", "Set up a new game (n)", self.action_new_game)
        yield SystemCommand("Help", "The rules in brief and every key (? or F1)", self.action_help)
        yield SystemCommand("Quit", "Quit, after a confirmation (q)", self.action_request_quit)
        # Textual's own Quit would skip the confirmation.
        yield from (c for c in super().get_system_commands(screen) if c.title != "Quit")
