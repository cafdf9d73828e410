"""The game screen: subscribes to a Table, turns intents into table calls, shows the view."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import Vertical
from textual.reactive import var
from textual.screen import Screen

from ...engine import Event, IllegalMoveError, Move, legal_moves
from ...play.match import Match
from ...play.table import Table
from ...play.turn_based import Unseen
from ..glyphs import Glyphs
from ..keys import KEY_ACTIONS, LOG_PAGES, game_bindings
from ..messages import ChancesToggled, MoveChosen, RollRequested, StopRequested, TableChanged
from ..textual_compat import lean_compositor
from ..view import GameView
from ..widgets.action_bar import ActionBar
from ..widgets.board import Board
from ..widgets.dice import DiceView
from ..widgets.game_log import GameLog
from ..widgets.keys_bar import KeysBar
from ..widgets.pair_choice import ChoiceRule, PairChoice
from ..widgets.players import PlayersPanel
from ..widgets.too_small import TooSmall
from .game_keys import allowed, not_your_turn, palette, why_not
from .game_layout import fit_window
from .game_views import GameViews
from .live_chances import ChancesWorkedOut, HintWorkedOut, LiveChances, Ratings


class GameScreen(Screen[None]):
    DEFAULT_CSS = """
    GameScreen {
        layout: horizontal;
    }
    GameScreen #left {
        width: 56;
    }
    GameScreen #right {
        width: 1fr;
        padding: 0 0 0 1;
        border-left: solid $primary;
    }
    GameScreen:ansi #right {
        border-left: solid ansi_blue;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [*game_bindings()]

    view: var[GameView | None] = var(None)

    def __init__(
        self,
        table: Table,
        seats: Callable[[], frozenset[int] | None],
        glyphs: Glyphs,
        hints: bool = True,
        *,
        chances: bool = True,
        show_chances: bool = False,
        unseen: Unseen | None = None,
        ratings: Ratings | None = None,
    ) -> None:
        super().__init__()
        lean_compositor(self)  # a key redraws the widgets it changed, not all under them
        self.chances = LiveChances(self, allowed=chances, shown=show_chances, ratings=ratings)
        """The win chances in the side panel (``w``)."""
        self.table = table
        self.hints = hints
        """Whether ``h`` may show what ``expert`` would do (the app turns it off and on)."""
        self.glyphs = glyphs
        self._unsubscribe: Callable[[], None] | None = None
        self.views = GameViews(table, seats, self.chances, unseen)
        """The views this screen's viewer is shown, and the widgets drawn from them."""
        self._acted: list[TableChanged] | None = None
        """While this screen's own intent is played (``_act``): the changes it made, shown
        when it returns rather than posted to the screen (about 200 calls a key)."""
        self.set_reactive(GameScreen.view, self.views.of(table.match, ()))

    def compose(self) -> ComposeResult:
        glyphs, shown = self.glyphs, self.views.shown_to
        with Vertical(id="left"):
            yield shown(Board(glyphs, id="board"))
            yield ChoiceRule()
            yield shown(PairChoice(glyphs, id="choice"))
        with Vertical(id="right"):
            yield from self.above_players()
            yield shown(PlayersPanel(glyphs, id="players"))
            yield shown(DiceView(glyphs, id="dice"))
            yield shown(ActionBar(glyphs, id="actions"))
            yield shown(GameLog(glyphs, id="log"))
            yield from self.below_log()
        yield KeysBar()
        yield TooSmall()

    def watch_view(self, view: GameView | None) -> None:
        self.views.show(view)

    def above_players(self) -> ComposeResult:
        """Widgets over the players (a shared table's spectator banner); none here."""
        yield from ()

    def below_log(self) -> ComposeResult:
        """Widgets under the game log (a shared table's chat); none here."""
        yield from ()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_board(event.size.width, event.size.height)

    def fit_board(self, width: int, height: int) -> None:
        """The board as large as the window allows, keeping room for the side panel and
        the pair choice; the left column is as wide as the board (56 at 80x24). The board
        and the dice draw themselves from the view's ``fit``."""
        self.views.fit, board_width = fit_window(width, height)
        self.query_one("#left").styles.width = board_width
        self.query_one(PairChoice).styles.width = board_width
        if self.view is not None and self.view.fit != self.views.fit:
            self.view = replace(self.view, events=(), fit=self.views.fit)  # nothing happened

    def on_mount(self) -> None:
        self.watch_view(self.view)  # the first view (what data_bind's init would hand)
        self.fit_board(self.size.width, self.size.height)
        self._unsubscribe = self.table.subscribe(self._table_changed)
        # The table may have moved on between construction and mounting.
        self.view = self.views.of(self.table.match, ())
        self._check_over(self.table.match, ())

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    # --- from the table --------------------------------------------------------

    def _table_changed(self, match: Match, events: tuple[Event, ...]) -> None:
        change = TableChanged(match, events)
        if self._acted is not None:
            self._acted.append(change)  # shown by _act, after the table's other listeners
        else:
            self.post_message(change)

    @on(TableChanged)
    def _show(self, message: TableChanged) -> None:
        self.view = self.views.of(message.match, message.events)
        self.bindings_updated_signal.publish(self)  # the view's keys (``active_bindings``)
        self._check_over(message.match, message.events)

    def _check_over(self, match: Match, events: tuple[Event, ...]) -> None:
        if (news := self.views.game_over_news(match)) is not None:
            self.post_message(news)

    # --- intents ---------------------------------------------------------------

    def _act(self, intent: Callable[[int], object]) -> None:
        now = self.views.now()
        if not now.may_act:
            self._notice(not_your_turn(now))
            return
        acted: list[TableChanged] = []
        self._acted = acted
        try:
            intent(now.state.current_player)
        except IllegalMoveError as error:
            self._notice(str(error))
        finally:
            self._acted = None
        for change in acted:
            self._show(change)

    def _notice(self, sentence: str) -> None:
        self.view = self.views.of(self.table.match, (), sentence)

    @on(RollRequested)
    def _roll(self, message: RollRequested) -> None:
        message.stop()  # the app has nothing to do with it
        self.action_roll()

    @on(StopRequested)
    def _stop(self, message: StopRequested) -> None:
        message.stop()
        self.action_stop()

    @on(MoveChosen)
    def _choose(self, message: MoveChosen) -> None:
        message.stop()
        self._play(message.move)

    def _play(self, move: Move) -> None:
        self._act(lambda seat: self.table.choose(seat, move))

    # --- keys: played at once, not posted to this screen as the buttons' intents are ---

    def action_roll(self) -> None:
        self._act(self.table.roll)

    def action_stop(self) -> None:
        self._act(self.table.stop)

    def action_choose(self, number: int) -> None:
        moves = legal_moves(self.table.match.state)
        if 1 <= number <= len(moves):
            self._play(moves[number - 1])

    def action_scroll_log(self, pages: int) -> None:
        self.query_one(GameLog).scroll_page(pages)

    def action_toggle_chances(self) -> None:
        if self.chances.allowed:
            self.post_message(ChancesToggled(self.chances.toggle()))
        if (view := self.view) is not None:
            self.view = self.views.chances_toggled(view)

    @on(ChancesWorkedOut)
    def _chances_ready(self, message: ChancesWorkedOut) -> None:
        if (view := self.view) is not None:
            self.view = self.views.chances_ready(view, message)

    def action_hint(self) -> None:
        self.chances.ask_hint(self.table.match)

    @on(HintWorkedOut)
    def _hint_ready(self, message: HintWorkedOut) -> None:
        if message.match is self.table.match:  # else the position has moved on
            self._notice(f"Hint: {message.text}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.app.has_class("-too-small") and action not in ("request_quit",):
            return False
        if self.chances.turned_off(action, self.hints) is not None:
            return False  # hidden by the table's creator, or off: the key says so (_why_not)
        return allowed(self.views.held or self.views.now(), action, parameters)

    def keys_hang_on(self) -> Hashable:
        """What the keys allowed hang on besides the view (``game_keys.allowed_key``) and
        the focus: nothing here; a guided game's step."""
        return None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, each binding checked against one ``now``, worked out once for each set
        of keys the game allows (``GameViews.bindings``; the keys bar asks after every key)."""
        asked = (self.focused, self.app.has_class("-too-small"), self.hints, self.keys_hang_on())
        return self.views.bindings(asked, lambda: super(GameScreen, self).active_bindings)

    def refresh_bindings(self) -> None:
        self.views.forget_bindings()  # an answer of the app's, or of a subclass, may change
        super().refresh_bindings()

    def _may_hurry(self) -> bool:
        """Only a player at the table may cut a computer turn short, not a spectator."""
        return self.table.bot_to_move and self.views.now().seated

    def on_key(self, event: events.Key) -> None:
        if self._may_hurry() and event.key not in LOG_PAGES:  # reading back is not hurrying
            self.table.hurry()
            return
        action = KEY_ACTIONS.get(event.key)
        if action is None:
            return
        name, parameters = action
        if self.check_action(name, parameters) is not True and not self.app.has_class(
            "-too-small"
        ):
            # A game key that does nothing now says why, instead of nothing.
            self._notice(self._why_not(name, parameters))

    def _why_not(self, action: str, parameters: tuple[object, ...]) -> str:
        """Why a game key does nothing now, as a sentence for the status line."""
        off = self.chances.turned_off(action, self.hints)
        return off if off is not None else why_not(self.views.now(), action, parameters)

    def on_click(self, event: events.Click) -> None:
        if self._may_hurry():
            self.table.hurry()

    def commands(self) -> list[tuple[str, str, str]]:
        """(title, help, action) for the command palette, filtered like the footer."""
        return [
            (title, help_text, action)
            for title, help_text, action, parameters in palette(self.table.match.state)
            if self.check_action(action.split("(")[0], parameters)
        ]
