"""A server's table: each holds one :class:`Table` (the game, in one place) and who sits where.

Visitors' apps subscribe to the ``Table`` of the table they joined; the lobby screens
subscribe to the lobby (``lobby.Lobby``, which holds every table) to see tables open, fill
and finish. Only the seated person
whose turn it is can act (the ``Table`` checks the turn; the session hands each app only
its visitor's own seats).

When a game ends the table waits for a rematch: it starts once every seated person has
asked for one (computer seats need no vote). Someone who leaves frees their seat for a
newcomer from the lobby (sitting down counts as asking), or those waiting hand it to the
computer. After a restart a finished game's seats are held for their people like any
dropped seat; a seat nobody comes back to is freed. See docs/ssh.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Protocol

from ..engine import GameConfig, GameWon, TurnPassed
from ..play import seating
from ..play.match import HUMAN, Match, Seat
from ..play.seating import SLOW, Person, Seats
from ..play.turn_based import Clock, TurnDeadline, TurnRules
from . import seat_notices, turn_tables
from .budgets import Budgets
from .chat import TableChat
from .guests import is_guest
from .next_game import GameRegistry, NextGame
from .shared_table import SharedTable
from .table_clocks import TableClocks

log = logging.getLogger(__name__)
TABLE_NAME_LENGTH = 24

Visitor = Person
"""Who is on the other end of a session: the person who sits down."""

class HostedTable:
    """One table of the lobby: its seats, and its game once every seat is filled; its
    clocks (``clocks``) and its rematch (``next_game``) are pieces it owns."""

    lobby: TableRegistry

    def __init__(
        self,
        lobby: TableRegistry,
        table_id: int,
        name: str,
        config: GameConfig,
        kinds: Iterable[str],
        seed: int,
    ) -> None:
        self.lobby = lobby
        self.id = table_id
        self.name = name
        self.config = config
        self.seed = seed
        self.seats: Seats = seating.open_seats(kinds)
        """Who sits where, and who plays each seat: the one record of it (``play.seating``)."""
        self.table: SharedTable | None = None
        self.spectators: set[Visitor] = set()
        """Who watches the table, or waits in the lobby to watch it once it starts."""
        self.chat = TableChat()
        self.creator = ""
        """The name of the person who created it (counted against their open tables)."""
        self.creator_block: str | None = None
        self.creator_guest = False
        self.created = 0.0
        """The address block its creator came from, whether a guest, and when it was made
        (the lobby's wall clock): for the limits on tables waiting for players
        (``waiting_tables``)."""
        self.unrated: set[str] = set()
        """The names of the guests who sat at it: their games are not rated (``guests``)."""
        self.chances = False
        """Whether its players may show each player's win chance (its creator's choice)."""
        self.turn_rules: TurnRules | None = None
        """A turn-based table's rules (None: real-time); see ``turn_tables``."""
        self.turn_deadline: TurnDeadline | None = None
        """The deadline of the turn being played at a turn-based table."""
        self.seen: dict[str, int] = {}
        self.missed: list[tuple[int, int, str]] = []
        """At a turn-based table: how many steps of the game each person had seen when they
        last left it; each missed turn's line, by game seed and step (``turn_tables``)."""
        self.clocks = TableClocks(self)
        self.next_game = NextGame(self)
        self._shown_status = self.listed()

    # --- what the lobby shows (its row of the table: ``table_summary``) -------------

    @property
    def status(self) -> str:
        if self.table is None or (self.finished and seating.free_seats(self.seats)):
            return "waiting"  # for players: to begin, or for a free seat of the rematch
        return "finished" if self.finished else "in progress"

    def listed(self) -> tuple[str, str | None]:
        """What the lobby lists of the game as it goes: its status and, at a turn-based
        table, who is to move (a change shows in every lobby at once, not at the next sweep)."""
        return self.status, turn_tables.to_move(self)

    @property
    def finished(self) -> bool:
        """The game is over: the table waits for a rematch."""
        return self.table is not None and self.table.match.state.is_over

    @property
    def watchers(self) -> int:
        return len(self.spectators)

    def watch(self, visitor: Visitor) -> None:
        """``visitor`` watches the table (or waits to, until it starts): counted once."""
        if visitor not in self.spectators:
            self.spectators.add(visitor)
            self.post(seat_notices.watching(visitor.name))
            self.lobby.changed()

    def unwatch(self, visitor: Visitor) -> None:
        if visitor in self.spectators:
            self.spectators.discard(visitor)
            self.lobby.changed()
            self.lobby.forget_if_empty(self.id)

    def seats_of(self, visitor: Visitor) -> frozenset[int]:
        return seating.seats_of(self.seats, visitor.name)

    def set_seats(self, seats: Seats) -> None:
        """The new seating (the game reads who plays each seat from it)."""
        self.seats = seats
        if self.table is not None:
            self.table.seats_changed()

    # --- the game -------------------------------------------------------------------

    def players(self) -> tuple[Seat, ...]:
        return tuple(
            Seat(seat.player_name(index), seat.level) for index, seat in enumerate(self.seats)
        )

    def _start_if_full(self) -> None:
        if self.table is not None or seating.free_seats(self.seats):
            return
        names = self.next_game.names(range(len(self.seats)))
        log.info("Table %d %r starts: %s.", self.id, self.name, names)
        self.play(Match.start(self.players(), self.config, self.seed))

    def play(self, match: Match) -> None:
        """Play ``match`` on this table's shared table, as the seats say (a restored game's
        seats are made to agree with its record first)."""
        if not match.state.is_over:
            self._agree_with_seats(match)
        table = SharedTable(match, bot_delay=self.lobby.bot_delay, seats=lambda: self.seats)
        self.table = table
        if self.turn_deadline is None:
            turn_tables.begin_turn(self)
        table.subscribe(self._on_change, owned=False)
        self.clocks.arm_turn_timer()
        table.start()

    def _on_change(self, match: Match, events: tuple[object, ...]) -> None:
        turn_tables.after_step(self, events)
        # First of the table's listeners: the step is stored before any visitor sees it.
        if self.lobby.on_step is not None:
            self.lobby.on_step(self)
        if any(isinstance(e, TurnPassed | GameWon) for e in events):
            self.clocks.give_back_slow_turns()  # the seats' people play the next game
        if any(isinstance(event, GameWon) for event in events):
            self.next_game.game_over(match)
        self.clocks.arm_turn_timer()
        listed = self.listed()
        if listed != self._shown_status:  # the lobby lists status and who is to move
            self._shown_status = listed
            self.lobby.changed()

    def _agree_with_seats(self, match: Match) -> None:
        """The computer plays the seats it took over (older saves lack their hand-over), and
        finishes a turn it played for a stalling person when the server stopped; any other
        hand-over in the record is given back to the seat's person (the seats say so)."""
        current = match.state.current_player
        seat = self.seats[current]
        if seat.level == HUMAN and not seat.stand_in and match.kind_of(current) != HUMAN:
            self.seats = seating.hand_over(self.seats, current, SLOW)

    # --- people coming and going ----------------------------------------------------

    def sit(self, visitor: Visitor, seat: int | None, *, quiet: bool = False) -> int:
        index = seating.returning_to(self.seats, visitor, self.name)
        if index is not None:
            self._reclaim(index, visitor, quiet=quiet)
            return index
        game_on = self.table is not None and not self.finished
        if self.turn_rules is not None:
            turn_tables.check_room(self.lobby.tables.values(), visitor, self.lobby.turn_based_limit)
        seats, seat = seating.take_seat(
            self.seats, visitor, seat, game_on=game_on, table_name=self.name
        )
        if is_guest(visitor.key):
            self.unrated.add(visitor.name)
        self.set_seats(seats)
        if self.finished:  # joining a finished game's table is asking for the next game
            self.next_game.votes.add(seat)
            self.post(f"* {visitor.name} sits down for the next game.")
            self.next_game.changed()
            self.next_game.rematch_if_ready()
        else:
            self._start_if_full()
        self.lobby.changed(save=True)
        return seat

    def _reclaim(self, index: int, visitor: Visitor, *, quiet: bool = False) -> None:
        self.clocks.unhold(index)
        self.set_seats(seating.come_back(self.seats, index, visitor))
        if not quiet:  # quiet: the same player signed in again elsewhere, nobody left
            self.post(seat_notices.back(visitor.name))
        if self.finished:
            self.next_game.changed()
        self.lobby.changed(save=True)

    def left(self, visitor: Visitor, *, quiet: bool = False, dropped: bool = False) -> None:
        """The visitor's session ended or they went back to the lobby: hold their seats
        (``quiet``: for the same player's newer session, with no notice; ``dropped``: their
        session ended, and a turn-based table not yet begun keeps their seat too)."""
        for index in seating.seats_of(self.seats, visitor.name):
            if not self.seats[index].connected:
                continue
            started = self.table is not None or self.lobby.closing
            started |= dropped and self.turn_rules is not None
            turn_tables.last_seen(self, visitor)
            # Nothing to hold before the game starts; when the server stops, the seat is
            # saved as it is.
            self.set_seats(seating.step_away(self.seats, index, game_started=started))
            if self.lobby.closing:
                continue
            turn_based = self.turn_rules is not None
            if self.finished:
                self.free(index, f"* {visitor.name} left the table: seat {index + 1} is free.")
                self.next_game.changed()
                continue
            if self.table is not None and not turn_based:
                self.clocks.hold(index)  # a turn-based seat waits: the move deadline runs
            kept = self.seats[index].person is not None  # what coming back says is back
            if kept and not quiet:
                self.post(seat_notices.left(visitor.name, turn_based=turn_based))
        self.lobby.changed(save=True)
        self.lobby.forget_if_empty(self.id)

    def say(self, visitor: Visitor, text: str) -> None:
        """A line to the table, within the person's chat budget (else a ``LobbyError``)."""
        self.lobby.budgets.may_say(visitor.name, visitor.address)
        self.chat.say(visitor, text, watching=not self.seats_of(visitor))

    def post(self, line: str) -> None:
        """A line of the table's own to its chat (``* ana is back.``)."""
        self.chat.post(line)

    def free(self, index: int, notice: str | None = None, level: str | None = None) -> None:
        """After a game: the seat is open for whoever sits down next (``level``: the
        computer plays it from now)."""
        self.clocks.unhold(index)
        self.set_seats(seating.vacate(self.seats, index, level))
        self.next_game.votes.discard(index)
        if notice is not None:
            self.post(notice)

    def votes_changed(self) -> None:
        self.next_game.changed()

    @property
    def empty(self) -> bool:
        """Nobody at the table: no one seated or held, and no one watching its game (those
        waiting to watch a game not yet begun do not keep a table without players open)."""
        watched = self.watchers > 0 and self.table is not None
        if self.turn_rules is not None and any(seat.person for seat in self.seats):
            return False  # a turn-based table waits for its people
        return not watched and not self.clocks.holds and not any(s.connected for s in self.seats)


class TableRegistry(GameRegistry, Protocol):
    """What a hosted table needs of the lobby that holds it (``lobby.Lobby``)."""

    seat_timeout: float
    turn_timeout: float | None
    bot_delay: float
    closing: bool
    budgets: Budgets
    on_step: Callable[[HostedTable], None] | None
    clock: Clock
    turn_based_limit: int
    tables: dict[int, HostedTable]

