"""The views of a table's game that the game screen's viewer is shown, and the widgets
drawn from them: a typed piece the screen holds (``GameScreen.views``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TypeVar

from textual.binding import ActiveBinding

from ...engine import Event
from ...play.match import Match
from ...play.table import Table
from ...play.turn_based import Unseen
from ..keys import CHANCES
from ..messages import GameEnded, NextGameBegan
from ..view import Fit, GameView
from ..widgets.game_log import GameLog
from ..widgets.view_widget import ViewWidget
from .game_keys import allowed_key
from .live_chances import ChancesWorkedOut, LiveChances

Shown = TypeVar("Shown", bound=ViewWidget | GameLog)
Bindings = dict[str, ActiveBinding]
KEPT_KEY_SETS = 16
"""Sets of bindings kept (``GameViews.bindings``): a game shows a handful of key sets."""


class GameViews:
    """Makes the views of ``table``'s match for the viewer of ``seats`` and hands each
    published view to the widgets drawn from it."""

    def __init__(
        self,
        table: Table,
        seats: Callable[[], frozenset[int] | None],
        chances: LiveChances,
        unseen: Unseen | None = None,
    ) -> None:
        self._table = table
        self._seats = seats
        """The seats this screen's viewer plays, asked each time (None: every person's)."""
        self._chances = chances
        self.fit = Fit()
        """How the game fits the window (``GameScreen.fit_board``), for every view made."""
        self.held: GameView | None = None
        """``now`` while the bindings are checked (``GameScreen.active_bindings``)."""
        self._kept: GameView | None = None  # the last ``now``: by match, seats, bot, away
        self.away: Callable[[], frozenset[int]] = frozenset
        """The seats whose person left the table (a shared table's screen says which)."""
        self._unseen = unseen
        """What the viewer has not seen of a turn-based game, shown until the game moves on."""
        self._viewers: list[ViewWidget | GameLog] = []
        """The widgets drawn from the screen's ``view`` (``shown_to``)."""
        self._bindings: dict[Hashable, Bindings] = {}
        """The screen's bindings worked out (``bindings``), by what they hang on."""
        self._over_shown: Match | None = None
        """The finished match the game-over was announced for (``game_over_news``)."""

    def shown_to(self, widget: Shown) -> Shown:
        """``widget`` handed each view by ``show`` (``data_bind`` but for the reactive's
        machinery: its watcher, about 100 calls a widget on every key)."""
        self._viewers.append(widget)
        return widget

    def show(self, view: GameView | None) -> None:
        for widget in self._viewers:
            widget.show(view)

    def of(self, match: Match, events: tuple[Event, ...], notice: str = "") -> GameView:
        """The view of ``match`` to publish, after ``events``, saying ``notice``."""
        if self._unseen is not None and len(match.history) != self._unseen.upto:
            self._unseen = None  # the game moved on: what was new is seen
        return replace(
            self.now(match),
            events=events,
            notice=notice,
            chances=self._chances.for_match(match),
            assumed=self._chances.assumed_for(match),
            fit=self.fit,
            unseen=self._unseen,
        )

    def now(self, match: Match | None = None) -> GameView:
        """The view of ``match`` (by default the table's now), for deciding what this viewer
        may do; the screen's ``view`` is the one last drawn."""
        match = self._table.match if match is None else match
        bot_turn = not match.state.is_over and self._table.is_bot(match.state.current_player)
        seats, away, now = self._seats(), self.away(), self._kept
        if now is None or now.match is not match or (now.seats, now.bot_turn, now.away) != (
            seats, bot_turn, away
        ):
            now = self._kept = GameView(match, seats=seats, bot_turn=bot_turn, away=away,
                                        takes=self._table.takes(match))
        return now  # asked once a binding each time the keys bar is worked out

    def bindings(self, asked: Hashable, work_out: Callable[[], Bindings]) -> Bindings:
        """The screen's bindings now: ``work_out()`` with ``held`` the view ``now``, kept
        for each set of keys ``now`` allows (``game_keys.allowed_key``) and ``asked`` (what
        else they hang on: the focus...) until ``forget_bindings``."""
        now = self.now()
        key = (asked, allowed_key(now))
        found = self._bindings.get(key)
        if found is None:
            self.held = now
            try:
                found = work_out()
            finally:
                self.held = None
            if len(self._bindings) >= KEPT_KEY_SETS:
                self._bindings.clear()
            self._bindings[key] = found
        return found

    def forget_bindings(self) -> None:
        """Work the bindings out again when next asked (``GameScreen.refresh_bindings``)."""
        self._bindings.clear()

    def chances_toggled(self, view: GameView) -> GameView:
        """``view`` after ``w`` (nothing happened on the table): the chances as now shown or
        hidden, or why they may not be."""
        if not self._chances.allowed:
            notice = self._chances.turned_off(CHANCES.action, hints=True) or ""
            return replace(view, events=(), notice=notice)
        chances = self._chances.for_match(view.match)
        assumed = self._chances.assumed_for(view.match)
        return replace(view, events=(), chances=chances, assumed=assumed, notice="")

    def chances_ready(self, view: GameView, ready: ChancesWorkedOut) -> GameView:
        """``view`` with the chances worked out, if they are its match's and shown."""
        if view.match is not ready.match or not self._chances.shown:
            return view
        return replace(view, events=(), chances=ready.chances, assumed=ready.assumed)

    def game_over_news(self, match: Match) -> GameEnded | NextGameBegan | None:
        """What to tell the app of ``match``: its game has ended (once), or a next game has
        begun after one that ended; None if neither."""
        if not match.state.is_over:
            if self._over_shown is None:
                return None
            self._over_shown = None
            return NextGameBegan()
        if self._over_shown is match:
            return None
        self._over_shown = match
        return GameEnded(match)
