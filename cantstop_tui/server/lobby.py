"""The lobby: every table of the server, and the lobby screens watching them."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable

from ..ai import LEVELS, level_name
from ..engine import GameConfig
from ..play import seating
from ..play.listeners import subscribe
from ..play.lookalike import same_name
from ..play.match import HUMAN, Match
from ..play.names import sanitize_text
from ..play.pacing import BOT_DELAY
from ..play.ratings import GameRatings
from ..play.seating import LobbyError
from ..play.turn_based import MAX_TURN_BASED, Clock, TurnRules, wall_clock
from ..storage.records import Records
from ..ui.screens.lobby_tables import TableSummary
from . import turn_tables, waiting_tables
from .budgets import Budgets
from .next_game import Listener
from .table_summary import summary
from .tables import TABLE_NAME_LENGTH, HostedTable, Visitor

log = logging.getLogger(__name__)
MAX_TABLES = 200
"""Tables a server holds at once (each can run a computer player and its timers)."""


def _every_name(names: Iterable[str]) -> set[str]:
    return {name.casefold() for name in names}


class Lobby:
    """Every table of the server, and the lobby screens watching them."""

    def __init__(
        self,
        *,
        seat_timeout: float = 600.0,
        turn_timeout: float | None = None,
        bot_delay: float = BOT_DELAY,
        seeds: Callable[[], int] | None = None,
        turn_based_limit: int = MAX_TURN_BASED,
        clock: Clock = wall_clock,
        budgets: Budgets | None = None,
    ) -> None:
        self.seat_timeout = seat_timeout
        self.turn_based_limit = turn_based_limit
        """Turn-based games a person may play at once (0: the server has no such tables)."""
        self.clock = clock
        """The time that turn-based tables' deadlines are read from."""
        self.turn_timeout = turn_timeout
        self.bot_delay = bot_delay
        self._seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.budgets = budgets or Budgets()
        """What each person may do (tables open, chat, joining and leaving)."""
        self.tables: dict[int, HostedTable] = {}
        self._next_id = 1
        self._listeners: list[Listener] = []
        self.on_save: Callable[[], None] | None = None
        """Store every table (after seating, chat and other lobby changes)."""
        self.on_step: Callable[[HostedTable], None] | None = None
        """Store one table at once: called at each step before the visitors are told."""
        self.on_finished: Callable[[Match], None] | None = None
        """Called with every game that ends (the server archives and counts it)."""
        self.leaderboard: Callable[[], Records] = lambda: Records({})
        """Every player's records and rating (the server's database, once it has one)."""
        self.keeps_rating: Callable[[Iterable[str]], set[str]] = _every_name
        """Which names (case-folded) keep a rating: an authentication owns them (the
        server's ``Identities.keeps_rating``; every name without a server)."""
        self.game_ratings: Callable[[Match], GameRatings] = lambda _match: GameRatings({})
        """The stored ratings of a game's people as it began (the database's; safe from any
        thread): what the win chances and reviews of a table assume of its people."""
        self.closing = False
        """The server is stopping: people's sessions end, but their seats stay as they are
        (to be saved and held after the restart)."""

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return subscribe(self._listeners, listener)

    def changed(self, save: bool = False) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("A lobby listener failed; it is unsubscribed.")
                self._listeners.remove(listener)
        if save:
            self.request_save()

    def new_seed(self) -> int:
        return self._seeds()

    def game_finished(self, match: Match) -> None:
        if self.on_finished is not None:
            try:
                self.on_finished(match)
            except Exception:
                log.exception("A finished game could not be kept.")

    def request_save(self) -> None:
        if self.on_save is not None:
            self.on_save()

    def summaries(self) -> list[TableSummary]:
        return [summary(hosted) for hosted in self.tables.values()]

    def get(self, table_id: int) -> HostedTable:
        try:
            return self.tables[table_id]
        except KeyError:
            raise LobbyError("That table has closed.") from None

    def create(
        self,
        visitor: Visitor,
        name: str,
        config: GameConfig,
        others: Iterable[str],
        *,
        chances: bool = False,
        turns: TurnRules | None = None,
    ) -> HostedTable:
        """A new table with the visitor in seat 1; ``others`` are the other seats' kinds;
        ``chances``: its players may show the win chances; ``turns``: a turn-based table's
        rules (None: real-time)."""
        kinds = [HUMAN, *(level_name(kind) for kind in others)]
        if len(kinds) != config.num_players:
            raise LobbyError(
                f"The game is set for {config.num_players} players but has {len(kinds)} seats."
            )
        for kind in kinds:
            if kind != HUMAN and kind not in LEVELS:
                raise LobbyError(f"Unknown computer level {kind!r}.")
        if len(self.tables) >= MAX_TABLES:
            raise LobbyError("The server has as many tables as it can hold: join or watch one.")
        if turns is not None and self.turn_based_limit <= 0:
            raise LobbyError("This server has no turn-based tables.")
        if turns is not None:  # turn-based tables have their own limit per person
            turn_tables.check_room(self.tables.values(), visitor, self.turn_based_limit)
            waiting_tables.check_room(self.tables.values(), visitor, self.budgets.limits)
        else:
            self.budgets.may_create(self.created_by(visitor))
        self.budgets.may_move(visitor.name)
        table_name = self._unused_name(sanitize_text(name) or f"{visitor.name}'s table")
        hosted = HostedTable(self, self._next_id, table_name, config, kinds, self._seeds())
        hosted.chances = chances
        hosted.creator = visitor.name
        hosted.turn_rules = turns
        waiting_tables.made_by(hosted, visitor, self.clock())
        self._next_id += 1
        self.tables[hosted.id] = hosted
        log.info("Table %d %r created by %s (%s).", hosted.id, table_name, visitor.name, kinds)
        hosted.sit(visitor, 0)
        return hosted

    def created_by(self, visitor: Visitor) -> int:
        """How many of the open real-time tables ``visitor`` created (turn-based ones have
        their own limit: ``turn_tables.check_room``)."""
        return sum(
            1
            for hosted in self.tables.values()
            if same_name(hosted.creator, visitor.name) and hosted.turn_rules is None
        )

    def _unused_name(self, name: str) -> str:
        """``name`` cut to fit the list, numbered if another table has it: "ana's table (2)"."""
        taken = {hosted.name for hosted in self.tables.values()}
        candidate, number = name[:TABLE_NAME_LENGTH], 1
        while candidate in taken:
            number += 1
            suffix = f" ({number})"
            candidate = name[: TABLE_NAME_LENGTH - len(suffix)].rstrip() + suffix
        return candidate

    def seated_names(self) -> list[str]:
        """The names of the people seated at a table, connected or held for them."""
        return [
            seat.person.name
            for hosted in self.tables.values()
            for seat in hosted.seats
            if seat.person is not None
        ]

    def seated_as(self, name: str) -> Visitor | None:
        """Who has a seat (connected or held) as ``name`` (``same_name``), or None."""
        for hosted in self.tables.values():
            for seat in hosted.seats:
                if seat.person is not None and same_name(seat.person.name, name):
                    return seat.person
        return None

    def held_seat(self, visitor: Visitor) -> tuple[HostedTable, int] | None:
        """A game seat this visitor left and may take back (also at a finished game's table,
        held since a restart)."""
        for hosted in self.tables.values():
            if hosted.table is None or hosted.turn_rules is not None:
                continue  # a turn-based table's person chooses it in the lobby
            index = seating.held_for(hosted.seats, visitor)
            if index is not None:
                return hosted, index
        return None

    def reserve_id(self, table_id: int) -> None:
        self._next_id = max(self._next_id, table_id + 1)

    def forget_if_empty(self, table_id: int) -> None:
        """Close the table if nobody is at it, or waits for it, and it has no game to finish."""
        hosted = self.tables.get(table_id)
        if self.closing or hosted is None:
            return
        if hosted.empty and (hosted.table is None or hosted.table.match.state.is_over):
            self.tables.pop(hosted.id, None)
            self.changed(save=True)

    def check_deadlines(self) -> int:
        """Handle every turn-based table's missed deadline; returns how many there were. The
        lobby screens are redrawn meanwhile: they show each move's time left."""
        self.close_unplayed()
        tables = list(self.tables.values())
        missed = sum(turn_tables.check(hosted) for hosted in tables)
        if not missed and any(turn_tables.to_move(hosted) for hosted in tables):
            self.changed()
        return missed

    def close_unplayed(self) -> int:
        """Close the turn-based tables whose game did not begin within the waiting hours
        (``waiting_tables``); returns how many."""
        hours = self.budgets.limits.waiting_hours
        gone = waiting_tables.expired(list(self.tables.values()), self.clock(), hours)
        for hosted in gone:
            log.info("Table %d %r closes: not begun within %g h.", hosted.id, hosted.name, hours)
            self.tables.pop(hosted.id, None)
        if gone:
            self.changed(save=True)
        return len(gone)
