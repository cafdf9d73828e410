"""One visitor's app for the whole of their connection: their name (when the SSH user name
will not do), the lobby, a table's game with its chat and rematch, the lobby again.

The session runs it once: going from the lobby to a table and back swaps screens, never
apps. Who sits where is the hosted table's to say (its seat records); this app keeps only
which table it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from textual.app import SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import BindingType
from textual.filter import LineFilter
from textual.notifications import Notify
from textual.screen import ModalScreen, Screen

from ..play.match import Match
from ..play.ratings import GameRatings
from ..play.table import Table
from ..play.turn_based import Unseen
from ..ui import screen_keys
from ..ui.app_commands import screen_commands
from ..ui.colors import ColorDepth, depth_filters, theme_for
from ..ui.game_app import GameApp
from ..ui.keys import LEAVE, TABLE_HELP, bindings, help_block, labels
from ..ui.screens.game import GameScreen
from ..ui.screens.lobby import LobbyScreen
from ..ui.screens.lobby_tables import LobbyChoice
from ..ui.screens.rolloff import RolloffScreen
from ..ui.screens.table_over import RematchWanted
from ..ui.settings import GameSettings
from . import table_rematch, turn_tables
from .collector import collect_after, collect_once_removed, collect_soon
from .guests import GUEST_NOTICE, is_guest, unrated_ratings
from .lobby import Lobby
from .shared_table import SharedTable
from .table_notices import TableNotices
from .table_screens import TableScreen
from .table_talk import TableTalk
from .tables import HostedTable, Visitor
from .visitor_lobby import NameScreen, VisitorLobby


class VisitApp(GameApp):
    """The lobby and the tables of a server, as one visitor sees them."""

    QUIT_QUESTION = ("Leave this table for the lobby?", "Yes, leave")
    KEY_LABELS: ClassVar[dict[str, str]] = labels(LEAVE)
    HELP_KEYS = help_block(TABLE_HELP)


    textual_commands = False  # nothing that writes on the host or shows its paths
    BINDINGS: ClassVar[list[BindingType]] = [
        *GameApp.BINDINGS, *bindings(screen_keys.TABLE_APP)
    ]

    def __init__(
        self,
        lobby: Lobby,
        visitor: Visitor,
        *,
        ask_name: str | None = None,
        taken: Callable[[str], str | None] = lambda _name: None,
        named: Callable[[Visitor], None] = lambda _visitor: None,
        first: LobbyChoice | None = None,
        quiet: Callable[[], bool] = lambda: False,
    ) -> None:
        """``ask_name``: the question to ask for a name first (``taken`` refuses a name,
        ``named`` hears the one chosen). ``first``: the seat taken back at once, instead of
        the lobby. ``quiet``: whether the visitor leaves unseen when the app ends (the same
        player signed in again elsewhere)."""
        super().__init__(GameSettings())
        self.lobby = lobby
        self.visitor = visitor
        self.notices = TableNotices(self)
        """The notices of the table shown, taken away when it is left."""
        self.talk = TableTalk(self, lambda: (self.hosted, self.visitor), self.notices)
        """The visitor's talk at the table shown (``t``, and the lines said there)."""
        self.ask_name = ask_name
        self.taken = taken
        self.named = named
        self.first = first
        self.quiet = quiet
        self.hosted: HostedTable | None = None
        """The table shown (None in the lobby)."""
        self.color_depth: ColorDepth = "truecolor"
        """What the visitor's terminal shows (the session says, before the app runs)."""
        self._unsubscribe: list[Callable[[], None]] = []
        self.watching_only = False
        """The visitor chose to watch the table shown, not to sit."""
        self._unseen: Unseen | None = None
        """What the visitor had not seen of the table's game when they came (for its screen)."""
        self._told_guest = False

    @property
    def my_seats(self) -> frozenset[int]:
        """The seats the visitor plays at the table shown, as its seat record says."""
        if self.hosted is None or self.watching_only:
            return frozenset()
        return self.hosted.seats_of(self.visitor)

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), *depth_filters(self.color_depth)]

    # --- where the visitor is ---------------------------------------------------------

    def begin(self) -> None:
        self.no_color = self.color_depth == "none"  # the :nocolor rules (NO_COLOR_CSS)
        if (theme := theme_for(self.color_depth)) is not None:
            self.theme = theme
        if self.ask_name is not None:
            self.push_screen(NameScreen(self.taken, self.ask_name), self._named)
        elif self.first is not None:
            self.enter(self.first)
        else:
            self.show_lobby()

    def _named(self, name: str | None) -> None:
        self.visitor = Visitor(name or "player", self.visitor.key, self.visitor.address)
        self.named(self.visitor)
        self.show_lobby()

    def show_lobby(self) -> None:
        self.push_screen(LobbyScreen(VisitorLobby(self.lobby, self.visitor)), self._chosen)
        if is_guest(self.visitor.key) and not self._told_guest:
            self._told_guest = True  # once a visit, in one line
            self.notify(GUEST_NOTICE)

    def _chosen(self, choice: LobbyChoice | None) -> None:
        if choice is None:
            self.exit()
        else:
            self.enter(choice)

    def enter(self, choice: LobbyChoice) -> None:
        """To the table chosen in the lobby (back to the lobby if it has closed meanwhile)."""
        hosted = self.lobby.tables.get(choice.table_id)
        if hosted is None or hosted.table is None:
            self.show_lobby()
            return
        self.hosted, self.table = hosted, hosted.table
        self.watching_only = choice.seat is None
        if self.watching:
            hosted.watch(self.visitor)
        app = self

        # Called from other visitors' sessions: each app redraws in its own task.
        def said(line: str) -> None:
            app.call_later(app.talk.heard, line)

        def voted() -> None:
            app.call_later(app._show_votes)

        self._unsubscribe = [hosted.chat.subscribe(said), hosted.next_game.subscribe(voted)]
        # What the visitor has not seen of a turn-based game: one replay of its record for
        # the board, the log (the game screen's) and the notice.
        self._unseen = None if self.watching else turn_tables.unseen_by(hosted, self.visitor)
        unseen = self._unseen
        self._show_table(hosted.table)
        since = turn_tables.since_last_seen(hosted, unseen)
        if since is not None:  # a turn-based game: what the others played meanwhile
            self.notices.since_last_looked(since)

    def leave_table(self, quiet: bool = False) -> None:
        """Up from the table: a seat left (and held, in a game) or one spectator fewer.
        Does nothing in the lobby, so it may be called again when the visit ends."""
        hosted, table, watching = self.hosted, self.table, self.watching
        if hosted is None or table is None:
            return
        self.hosted, self.table, self.watching_only = None, None, False
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
        if isinstance(table, SharedTable):
            table.forget(self)
        if watching:
            hosted.unwatch(self.visitor)
        else:
            hosted.left(self.visitor, quiet=quiet)

    def pop_screen(self) -> AwaitComplete:
        """A closed screen (most often a dialog) is garbage in reference cycles: a full
        collection follows within a second of its removal (``collect_once_removed``). Left
        to Python's rare full collections, the garbage of a few hundred closed forms
        spreads over memory blocks its allocator never gives back (+20 MiB over 250 New
        table forms; +1.5 MiB collected)."""
        done = super().pop_screen()
        collect_once_removed(done)
        return done

    def on_notify(self, message: Notify) -> None:
        """A notice (a toast: ctrl+s at a table, the table's notices) that has gone, timed
        out, clicked away or taken back, is garbage in reference cycles, as a closed screen
        is: a full collection follows once its time is up (1,000 notices clicked away at a
        table left +2.8 MiB behind, waiting for Python's rare full collections)."""
        collect_after(message.notification.timeout)  # (Textual calls AppBase's too)

    def leave(self) -> None:
        """``q`` at a table, confirmed, or the game-over box's Lobby: back to the lobby."""
        if self.hosted is None:
            self.exit()
            return
        self.lobby.budgets.moved(self.visitor.name)
        self.leave_table()
        # The table's notices (what was played there meanwhile, lines said there while a
        # box covered its chat) go with it, not over the next screen; the others stay.
        self.notices.withdraw()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.show_lobby()
        collect_soon()

    def action_request_quit(self) -> None:
        if self.hosted is None:  # ctrl+c in the lobby: gone at once, as before any table
            self.exit()
        else:
            super().action_request_quit()

    def on_unmount(self) -> None:
        self.leave_table(quiet=self.quiet())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("talk", "save_as", "help") and self.hosted is None:
            return False
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if isinstance(screen, GameScreen | ModalScreen) and self.hosted is not None:
            yield from super().get_system_commands(screen)
            return
        # The lobby's own commands only: theme and quit are not the visitor's to change.
        yield from screen_commands(screen)

    # --- at a table -------------------------------------------------------------------

    def make_game_screen(self, table: Table) -> GameScreen:
        hosted = self.hosted
        assert hosted is not None
        unseen, self._unseen = self._unseen, None  # the table's first screen only
        return TableScreen(
            hosted, table, self._seats_now, self.glyphs, self.hints, self.show_chances, unseen,
            ratings=lambda: self.live_ratings(table),  # on the analysis thread, once a game
        )

    def game_ratings(self, match: Match) -> GameRatings:
        """The server's ratings of ``match``'s people as it began (the database's)."""
        known = self.lobby.game_ratings(match)
        hosted = self.hosted
        return unrated_ratings(known, hosted.unrated if hosted is not None else ())

    def action_talk(self) -> None:
        self.talk.open()

    def host_only(self) -> None:
        self.notify(
            "At a shared table the next game is a rematch, asked for when this one ends; "
            "for other rules, create a table in the lobby.",
            severity="warning",
        )

    # --- the rematch: every seated visitor asks for it, then it starts for all ---------

    def show_game_over(self, match: Match) -> None:
        assert self.hosted is not None
        seated = bool(self.my_seats)
        over = table_rematch.game_over(self.hosted, self.visitor, match, self.glyphs, seated=seated)
        self.push_screen(over, self._after_game)

    def _show_votes(self) -> None:
        if self.hosted is not None:
            table_rematch.show_votes(self.screen_stack, self.hosted, self.visitor)

    def on_rematch_wanted(self, message: RematchWanted) -> None:
        if self.hosted is not None:
            table_rematch.ask(self.hosted, self.visitor, computer=message.computer)

    def hide_game_over(self) -> bool:
        """The rematch began: show who starts; a line being typed to the table stays open."""
        typed = self.talk.typed()
        if self.table is None or not super().hide_game_over():
            return False
        if not self.watching:  # a spectator finds who starts in the game log
            self.push_screen(RolloffScreen(self.table.match))
        self.talk.reopen(typed)
        collect_soon()  # the finished game's screens are garbage in cycles
        return True
