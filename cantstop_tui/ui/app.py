"""The Can't Stop app: a local game, or a view onto a Table shared from outside (SSH).

Local play: ``CantStopApp()`` shows the new-game screen; ``CantStopApp(settings=...)``
starts that game at once. Shared play: ``CantStopApp(table=table, my_seats={1})``
shows ``table``'s game and lets this app play seat 1 only (``my_seats=None``: every
human seat, i.e. hot-seat). The app never plays computer seats: the table does.
On a shared table only an app made with ``can_restart=True`` offers new games and
rematches; they replace the table's match for everyone watching it.

A local app autosaves its games (``autosave``, on by default when it owns its table;
a shared table is saved by whoever shares it), offers to resume an unfinished game,
opens ``load`` or resumes at once with ``resume``, and saves on SIGHUP/SIGTERM.
Games read from a file may only use the built-in computer levels: a ``module:Class``
named in a file is never imported (see ``_bots_for``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.notifications import Notify
from textual.screen import ModalScreen

from ..ai import LEVELS, Bot, level_name, make_bot
from ..engine import Event
from ..play.match import Match
from ..play.table import BOT_DELAY, Table
from ..storage import Autosaver, crash, plan_startup
from .app_commands import Commands
from .app_files import FileActions
from .app_game_over import GameOverFlow
from .app_saving import Autosaving
from .glyphs import glyphs_for
from .screens.rolloff import RolloffScreen
from .settings import GameSettings, is_built_in, load_settings, save_settings
from .textual_compat import report_fatal_errors  # (and patches Textual before a frame)
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH

if TYPE_CHECKING:  # (the messages come from the game screen, imported when first shown)
    from .messages import ChancesToggled, GameEnded, LoadRequested, NextGameBegan, QuitRequested
    from .screens.game import GameScreen

# The other screens (the game's too: who starts comes first) are imported when first shown,
# so the first frame comes sooner.


class CantStopApp(Commands, Autosaving, FileActions, GameOverFlow, App[None]):
    TITLE = "Can't Stop"
    QUIT_QUESTION = ("Quit Can't Stop?", "Yes, quit (y)")
    """What ``q`` asks, and its yes button (a server table asks about leaving instead)."""
    HELP_KEYS: str | None = None
    """The help screen's keys block, if not the local game's."""
    KEY_LABELS: ClassVar[dict[str, str]] = {}
    """Footer labels that differ from the bindings' own, by action."""
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
    /* A dialog's buttons are at its foot, below the middle of the screen: its notice shows
       at the top (the newest only: on_notify) and never reaches down to the buttons. */
    ModalScreen > ToastRack {
        dock: top;
        align: right top;
        max-height: 33%;
        scrollbar-size-vertical: 0;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q,ctrl+c", "request_quit", "Quit", show=False, priority=True),
        # priority: from the game-over box and every dialog too (a modal screen hides the
        # app's other keys)
        Binding("ctrl+s", "save_as", "Save", show=False, priority=True),
    ]

    def __init__(
        self,
        table: Table | None = None,
        my_seats: Iterable[int] | None = None,
        *,
        settings: GameSettings | None = None,
        ascii_only: bool = False,
        ai_delay: float = BOT_DELAY,
        remember: bool = True,
        can_restart: bool | None = None,
        autosave: bool | None = None,
        resume: bool = False,
        load: Path | str | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.owns_table = table is None
        # Whether this app may start a new game or a rematch (on a shared table: for everyone).
        self.can_restart = self.owns_table if can_restart is None else can_restart
        report_fatal_errors(self, crash.report)
        self.my_seats = frozenset(my_seats) if my_seats is not None else None
        self.start_settings = settings
        self.ascii_only = ascii_only
        self.glyphs = glyphs_for(ascii_only)
        self.ai_delay = ai_delay
        self.remember = remember
        self._settings_problem: str | None = None
        if settings is None and remember:
            settings, self._settings_problem = load_settings()
        self.settings = settings or GameSettings()
        self.hints = self.settings.hints
        self.show_chances = False
        """Each player's win chance in the side panel (``w``), kept from game to game."""
        self.resume = resume
        self.load = load
        # Seat kinds this session was given by the player; others come from files.
        self._trusted_kinds = {seat.kind for seat in self.settings.seats}
        self.saver: Autosaver | None = None
        if self.owns_table if autosave is None else autosave:
            self.saver = Autosaver.for_session(on_problem=self._save_failed)
        self._uninstall_signals: Callable[[], None] | None = None
        self._stop_saving: Callable[[], None] | None = None
        self._unsaved: list[tuple[Match, tuple[Event, ...]]] = []

    def on_notify(self, event: Notify) -> None:
        """Before a notice is shown (``App`` adds it next): over a dialog only the newest
        shows, at the top (see ``CSS``), so notices never pile down over its buttons."""
        if isinstance(self.screen, ModalScreen):
            self.clear_notifications()

    def on_mount(self) -> None:
        self.set_class(self.ascii_only, "-ascii")
        self._check_size(self.size.width, self.size.height)
        if self._settings_problem:
            self.notify(self._settings_problem, severity="warning", markup=False, timeout=10)
        self.begin()

    def begin(self) -> None:
        """The first screen: the table given, a game to resume or load, or a new game."""
        if self.table is not None:
            self._show_table(self.table)
            return
        if self.saver is not None and not self.is_headless:
            from ..storage.signals import install_exit_handlers

            self._uninstall_signals = install_exit_handlers(self._save_now, self.exit)
        if self.saver is not None and (self.resume or self.load is not None):
            plan = plan_startup(self.saver, resume=self.resume, load=self.load)
            if plan.problem:
                self.notify(plan.problem, severity="error", markup=False, timeout=10)
            if plan.match is not None:
                self.start_match(plan.match)
                return
        if self.start_settings is not None:
            self.start_game(self.start_settings)
        elif self.saver is not None and not (self.resume or self.load is not None):
            self._offer_resume()
        else:
            self.action_new_game()

    def on_unmount(self) -> None:
        if self._uninstall_signals is not None:
            self._uninstall_signals()
            self._uninstall_signals = None
        if self.saver is not None:
            self._save_now()
            self.saver.close()

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
        self.hints = settings.hints
        self._trusted_kinds |= {seat.kind for seat in settings.seats}
        if self.remember and (error := save_settings(settings)) is not None:
            self.notify(f"{error} The game goes on.", severity="warning", markup=False)
        self.start_match(settings.start())

    def start_match(self, match: Match) -> None:
        """Play ``match`` (new, loaded, resumed or played on from a replay) from where it is."""
        if self.owns_table or self.table is None:
            self._release_table()
            self.table = Table(match, self._bots_for(match), bot_delay=self.ai_delay)
            self._autosave(self.table)
        else:
            self.table.replace_match(match)
        self._show_table(self.table)

    def _bots_for(self, match: Match) -> dict[int, Bot]:
        """The computer players the table cannot make itself; a ``module:Class`` the player
        did not give is not imported. (The table makes the built-in levels when they first
        play, so they load with the first computer step, not before the first frame.)

        Seat kinds read from a file could name any module: those seats get the strongest level.
        """
        bots: dict[int, Bot] = {}
        replaced = []
        for index, seat in enumerate(match.seats):
            if seat.is_human or level_name(seat.kind) in LEVELS:
                continue
            if is_built_in(seat.kind) or seat.kind in self._trusted_kinds:
                bots[index] = make_bot(seat.kind, seed=match.seed + index)
            else:
                replaced.append(seat.name)  # the table plays it at the strongest level
        if replaced:
            self.notify(
                f"{', '.join(replaced)}: a computer player from a file may only use a built-in "
                "level, so expert plays instead.",
                severity="warning",
                markup=False,
            )
        return bots

    def rematch(self) -> None:
        """The same players and rules with new dice (the shared table keeps its seats)."""
        assert self.table is not None
        if not self.can_restart:
            self._host_only()
            return
        old = self.table.match
        seed = (old.seed + 1) & 0x7FFFFFFF
        match = Match.start(old.seats, old.config, seed)
        self.start_match(match)

    def _release_table(self) -> None:
        """Stop our old table's computer players before dropping it."""
        if self.table is not None and self.owns_table:
            self.table.close()

    @property
    def watching(self) -> bool:
        """A spectator: no seat of their own at this table."""
        return self.my_seats is not None and not self.my_seats

    def _show_table(self, table: Table) -> None:
        """Who starts first (for a fresh game, to its players), then the game screen; then the
        computers play. A spectator is never asked to close a box meant for the players."""
        if table.match.history or self.watching:
            self._show_game(table)
        else:
            self.push_screen(RolloffScreen(table.match), lambda _: self._show_game(table))
            # The game screen and the computer players' tables load while the people read
            # who starts (after it is drawn: not competing with the first frame).
            self.call_after_refresh(
                self.run_worker, lambda: self._prepare_game(table), thread=True,
                exit_on_error=False,
            )

    @staticmethod
    def _prepare_game(table: Table) -> None:
        """Import the game screen and load the computers' tables (off the event loop)."""
        import_module(".screens.game", __package__)
        table.prepare_bots()

    def make_game_screen(self, table: Table) -> GameScreen:
        from .screens.game import GameScreen

        return GameScreen(
            table, self.my_seats, self.glyphs, hints=self.hints, show_chances=self.show_chances
        )

    def _show_game(self, table: Table) -> None:
        from .screens.game import GameScreen

        screen = self.make_game_screen(table)
        if isinstance(self.screen, GameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        table.start()

    def on_game_ended(self, message: GameEnded) -> None:
        self.show_game_over(message.match)

    def on_next_game_began(self, message: NextGameBegan) -> None:
        self.hide_game_over()

    def on_quit_requested(self, message: QuitRequested) -> None:
        self.action_request_quit()

    def on_load_requested(self, message: LoadRequested) -> None:
        self.action_load_game()

    def on_chances_toggled(self, message: ChancesToggled) -> None:
        self.show_chances = message.shown

    def leave(self) -> None:
        """``q``, confirmed (or the game-over box closed): the app ends. A server's app goes
        back to its lobby instead."""
        self.exit()
