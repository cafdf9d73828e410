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

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from ..ai import LEVELS, STRONGEST
from ..engine import GameConfig, GameWon, TurnPassed
from ..play.match import HUMAN, Match, Seat
from ..play.names import sanitize_text
from ..play.narration import join_columns
from ..ui.screens.lobby import LobbyError, SeatInfo, TableSummary
from .shared_table import SharedTable

log = logging.getLogger(__name__)
COMPUTER = STRONGEST
"""The level that plays a seat for a person who dropped or stalls."""
COMPUTER_LEVELS: tuple[str, ...] = LEVELS
CHAT_LINES = 50
CHAT_LENGTH = 120
TABLE_NAME_LENGTH = 24


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who is on the other end: a sanitized name and, with key logins, the key's fingerprint."""

    name: str
    key: str | None = None


@dataclass
class SeatSlot:
    kind: str = HUMAN  # HUMAN: open for a person; otherwise a computer level
    occupant: Visitor | None = None
    connected: bool = False
    computer_took_over: bool = False
    hold: asyncio.TimerHandle | None = field(default=None, repr=False)

    @property
    def free(self) -> bool:
        return self.kind == HUMAN and self.occupant is None

    def player_name(self, index: int) -> str:
        if self.kind != HUMAN:
            return f"Computer {index + 1} ({self.kind})"
        return self.occupant.name if self.occupant else "(free)"


Listener = Callable[[], None]


class HostedTable:
    """One table of the lobby: its seats, and its game once every seat is filled."""

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
        self.slots = [SeatSlot(kind=kind) for kind in kinds]
        self.table: SharedTable | None = None
        self.watchers = 0
        self.chat: deque[str] = deque(maxlen=CHAT_LINES)
        self._chat_listeners: list[Callable[[str], None]] = []
        self.rematch_votes: set[int] = set()
        """Seats whose person asked for a rematch of the finished game."""
        self._vote_listeners: list[Listener] = []
        self._turn_timer: asyncio.TimerHandle | None = None
        self._hurried_seat: int | None = None
        self._shown_status = self.status

    # --- what the lobby shows -------------------------------------------------------

    @property
    def status(self) -> str:
        if self.table is None or (self.finished and any(slot.free for slot in self.slots)):
            return "waiting"  # for players: to begin, or for a free seat of the rematch
        return "finished" if self.finished else "in progress"

    @property
    def finished(self) -> bool:
        """The game is over: the table waits for a rematch."""
        return self.table is not None and self.table.match.state.is_over

    def summary(self) -> TableSummary:
        seats = tuple(
            SeatInfo(
                name=slot.player_name(index),
                free=slot.free,
                human=slot.kind == HUMAN and not slot.computer_took_over,
                away=slot.occupant is not None and not slot.connected,
                computer_playing=slot.occupant is not None and slot.computer_took_over,
            )
            for index, slot in enumerate(self.slots)
        )
        return TableSummary(
            table_id=self.id,
            name=self.name,
            seats=seats,
            variant=self.config.variant,
            win_columns=self.config.win_columns,
            status=self.status,
            watchers=self.watchers,
        )

    def seats_of(self, visitor: Visitor) -> frozenset[int]:
        return frozenset(
            index
            for index, slot in enumerate(self.slots)
            if slot.occupant is not None
            and slot.occupant.name == visitor.name
            and not slot.computer_took_over
        )

    # --- the game -------------------------------------------------------------------

    def _seats(self) -> tuple[Seat, ...]:
        return tuple(
            Seat(slot.player_name(index), slot.kind) for index, slot in enumerate(self.slots)
        )

    def _start_if_full(self) -> None:
        if self.table is not None or any(slot.free for slot in self.slots):
            return
        log.info("Table %d %r starts: %s.", self.id, self.name, self._names(range(len(self.slots))))
        self.attach(
            SharedTable(
                Match.start(self._seats(), self.config, self.seed), bot_delay=self.lobby.bot_delay
            )
        )

    def attach(self, table: SharedTable) -> None:
        """Follow ``table``'s game; a restored game's record is made to agree with the seats."""
        self.table = table
        if not table.match.state.is_over:
            self._agree_with_seats(table)
        table.subscribe(self._on_change)
        self._arm_turn_timer()
        table.start()

    def _on_change(self, match: Match, events: tuple[object, ...]) -> None:
        # First of the table's listeners: the step is stored before any visitor sees it.
        if self.lobby.on_step is not None:
            self.lobby.on_step(self)
        if self._hurried_seat is not None and any(isinstance(e, TurnPassed) for e in events):
            self._give_back(self._hurried_seat)
        if any(isinstance(event, GameWon) for event in events):
            self._game_over(match)
        self._arm_turn_timer()
        status = self.status
        if status != self._shown_status:  # the lobby lists status, not every move
            self._shown_status = status
            self.lobby.changed()

    def _agree_with_seats(self, table: SharedTable) -> None:
        """The computer plays the seats it took over (older saves lack their hand-over), and
        finishes a turn it played for a stalling person when the server stopped; any other
        hand-over in the record is given back to the seat's person."""
        match = table.match
        for index, slot in enumerate(self.slots):
            if slot.kind != HUMAN:
                continue
            if slot.computer_took_over:
                table.set_seat_kind(index, COMPUTER)
            elif table.is_bot(index) and index == match.state.current_player:
                self._hurried_seat = index
            elif table.is_bot(index):
                table.set_seat_kind(index, None)

    def _arm_turn_timer(self) -> None:
        if self._turn_timer is not None:
            self._turn_timer.cancel()
            self._turn_timer = None
        timeout = self.lobby.turn_timeout
        table = self.table
        if timeout is None or table is None or table.match.state.is_over or table.bot_to_move:
            return
        self._turn_timer = _loop_call_later(timeout, self._turn_expired)

    def _turn_expired(self) -> None:
        """``--turn-timeout``: the computer plays this turn for the person who stalls."""
        self._turn_timer = None
        table = self.table
        if table is None or table.match.state.is_over or table.bot_to_move:
            return
        seat = table.match.state.current_player
        self._hurried_seat = seat
        self._post(
            f"* {self.slots[seat].player_name(seat)} took too long: the computer plays this turn."
        )
        table.set_seat_kind(seat, COMPUTER)

    def _give_back(self, seat: int) -> None:
        self._hurried_seat = None
        if self.table is not None and not self.slots[seat].computer_took_over:
            self.table.set_seat_kind(seat, None)

    # --- people coming and going ----------------------------------------------------

    def sit(self, visitor: Visitor, seat: int | None, *, quiet: bool = False) -> int:
        for index, slot in enumerate(self.slots):
            if slot.occupant is not None and slot.occupant.name == visitor.name:
                if slot.connected:
                    raise LobbyError(f"{visitor.name} already sits at {self.name}.")
                if slot.occupant.key != visitor.key:
                    raise LobbyError(
                        "That seat is held for the player who left it (a different key)."
                    )
                self._reclaim(index, visitor, quiet=quiet)
                return index
        free = [index for index, slot in enumerate(self.slots) if slot.free]
        if (self.table is not None and not self.finished) or not free:
            raise LobbyError(f"{self.name} has no free seat: you can watch it.")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise LobbyError(f"Seat {seat + 1} at {self.name} is not free.")
        self.slots[seat].occupant = visitor
        self.slots[seat].connected = True
        if self.finished:  # joining a finished game's table is asking for the next game
            self.rematch_votes.add(seat)
            self._post(f"* {visitor.name} sits down for the next game.")
            self._votes_changed()
            self._rematch_if_ready()
        else:
            self._start_if_full()
        self.lobby.changed(save=True)
        return seat

    def _reclaim(self, index: int, visitor: Visitor, *, quiet: bool = False) -> None:
        slot = self.slots[index]
        if slot.hold is not None:
            slot.hold.cancel()
            slot.hold = None
        slot.connected = True
        slot.occupant = visitor
        if slot.computer_took_over:
            slot.computer_took_over = False
            if self.table is not None:
                self.table.set_seat_kind(index, None)
        if not quiet:  # quiet: the same player signed in again elsewhere, nobody left
            self._post(f"* {visitor.name} is back.")
        if self.finished:
            self._votes_changed()
        self.lobby.changed(save=True)

    def left(self, visitor: Visitor, *, quiet: bool = False) -> None:
        """The visitor's session ended or they went back to the lobby: hold their seats
        (``quiet``: for the same player's newer session, with no notice)."""
        for index, slot in enumerate(self.slots):
            if slot.occupant is None or slot.occupant.name != visitor.name or not slot.connected:
                continue
            slot.connected = False
            if self.lobby.closing:  # the server stops: the seat is saved as it is
                continue
            if self.table is None:  # nothing to hold before the game starts
                slot.occupant = None
            elif self.finished:
                self._free(index, f"* {visitor.name} left the table: seat {index + 1} is free.")
                self._votes_changed()
            else:
                if not quiet:
                    self._post(f"* {visitor.name} left; the seat is held for them.")
                self._hold(index)
        self.lobby.changed(save=True)
        self.lobby.forget_if_empty(self)

    def _free(self, index: int, notice: str | None = None) -> None:
        """After a game: the seat is open for whoever sits down next."""
        slot = self.slots[index]
        if slot.hold is not None:
            slot.hold.cancel()
        slot.hold, slot.occupant, slot.connected, slot.computer_took_over = None, None, False, False
        self.rematch_votes.discard(index)
        if notice is not None:
            self._post(notice)

    def _hold(self, index: int) -> None:
        self.slots[index].hold = _loop_call_later(
            self.lobby.seat_timeout, lambda: self._hold_expired(index)
        )

    def _hold_expired(self, index: int) -> None:
        """Nobody came back for the seat: during a game the computer takes it; after a game
        (held since a restart) it is freed for a newcomer."""
        slot = self.slots[index]
        if not self.finished:
            self.hand_to_computer(index)
            return
        if slot.connected or slot.occupant is None:
            slot.hold = None
            return
        self._free(index, f"* {slot.occupant.name} did not come back: seat {index + 1} is free.")
        self._votes_changed()
        self.lobby.changed(save=True)
        self.lobby.forget_if_empty(self)

    def hold_absent_seats(self) -> None:
        """After a restart nobody is connected: hold every seat as if its player had just left
        (also at a table whose game is over: its people come back to the rematch)."""
        for index, slot in enumerate(self.slots):
            if slot.occupant is not None and not slot.connected and not slot.computer_took_over:
                self._hold(index)

    def hand_to_computer(self, index: int) -> None:
        slot = self.slots[index]
        slot.hold = None
        if slot.connected or slot.computer_took_over:
            return
        slot.computer_took_over = True
        self._post(f"* The computer plays for {slot.player_name(index)} now.")
        if self.table is not None:
            self.table.set_seat_kind(index, COMPUTER)
        self.lobby.changed(save=True)

    def say(self, visitor: Visitor, text: str) -> None:
        line = sanitize_text(text)[:CHAT_LENGTH]
        if line:
            self._post(f"{visitor.name}: {line}")

    def _post(self, line: str) -> None:
        """A chat line or a notice, to everyone at the table."""
        self.chat.append(line)
        for listener in list(self._chat_listeners):
            listener(line)

    def subscribe_chat(self, listener: Callable[[str], None]) -> Callable[[], None]:
        self._chat_listeners.append(listener)
        return lambda: self._chat_listeners.remove(listener)

    # --- the next game --------------------------------------------------------------

    def _game_over(self, match: Match) -> None:
        """Keep the game, and free the seats of those who are gone: the table awaits a rematch."""
        winner = match.seats[match.state.winner].name if match.state.winner is not None else "?"
        log.info("Table %d %r finished: %s won.", self.id, self.name, winner)
        self.lobby.game_finished(match)
        self.rematch_votes.clear()
        for index, slot in enumerate(self.slots):
            if slot.occupant is not None and not slot.connected:
                self._free(index, f"* Seat {index + 1} is free for the next game.")
        self._votes_changed()
        self.lobby.forget_if_empty(self)

    def ask_rematch(self, visitor: Visitor) -> None:
        """The visitor wants the same seats and rules again; it starts when everyone does."""
        seats = self.seats_of(visitor)
        if not self.finished or not seats or seats <= self.rematch_votes:
            return
        self.rematch_votes |= seats
        self._post(f"* {visitor.name} asks for a rematch.")
        self._votes_changed()
        self._rematch_if_ready()

    def computer_takes_free_seats(self, visitor: Visitor) -> None:
        """Rather than wait for a newcomer, or for someone away since a restart: the computer
        plays those seats (and the visitor asks for the rematch)."""
        seats = self.seats_of(visitor)
        free = sorted([*(i for i, slot in enumerate(self.slots) if slot.free), *self._away()])
        if not self.finished or not seats or not free:
            return
        for index in free:
            self._free(index)
            self.slots[index].kind = COMPUTER
        self.rematch_votes |= seats
        self._post(f"* {visitor.name} gives {_seat_numbers(free)} to the computer.")
        self.lobby.changed(save=True)
        self._votes_changed()
        self._rematch_if_ready()

    def _rematch_if_ready(self) -> None:
        table = self.table
        if table is None or not self.finished:
            return
        for index, slot in enumerate(self.slots):
            if slot.kind == HUMAN and (
                slot.occupant is None or not slot.connected or index not in self.rematch_votes
            ):
                return
        seed = self.lobby.new_seed()
        if seed == table.match.seed:
            seed = (seed + 1) & 0x7FFFFFFF
        self.seed = seed
        self.rematch_votes.clear()
        self._hurried_seat = None
        self._post("* Everyone is in: the rematch begins.")
        table.replace_match(Match.start(self._seats(), self.config, seed))

    def rematch_status(self, visitor: Visitor) -> str:
        """One sentence for this visitor on who the rematch waits for ("" during a game)."""
        if not self.finished:
            return ""
        mine = self.seats_of(visitor)
        asked = [index for index in sorted(self.rematch_votes) if index not in mine]
        free = [index for index, slot in enumerate(self.slots) if slot.free]
        away = self._away()
        parts = []
        if mine and not mine <= self.rematch_votes:
            parts.append(
                f"{self._names(asked)} asked for a rematch: r to play again."
                if asked
                else "r asks for a rematch; l goes back to the lobby."
            )
        else:
            waiting = [
                index
                for index, slot in enumerate(self.slots)
                if slot.occupant is not None
                and index not in self.rematch_votes
                and index not in away
            ]
            if asked and not mine:
                parts.append(f"{self._names(asked)} asked for a rematch.")
            if waiting:
                parts.append(f"Waiting for {self._names(waiting)}.")
        if free:
            parts.append(
                f"{_seat_numbers(free).capitalize()} {'is' if len(free) == 1 else 'are'} free: "
                "waiting for someone to sit down"
                + (" (c: the computer plays it)." if mine else ".")
            )
        if away:
            parts.append(
                f"{_seat_numbers(away).capitalize()} {'is' if len(away) == 1 else 'are'} "
                f"kept for {self._names(away)} until they reconnect"
                + (" (c: the computer plays it)." if mine else ".")
            )
        return " ".join(parts)

    def _away(self) -> list[int]:
        """Seats of a finished game held for people not back since the server restarted."""
        return [
            index
            for index, slot in enumerate(self.slots)
            if slot.occupant is not None and not slot.connected
        ]

    def _names(self, seats: Iterable[int]) -> str:
        names = [self.slots[index].player_name(index) for index in seats]
        return join_columns(names)  # type: ignore[arg-type]  # it joins any words

    def subscribe_votes(self, listener: Listener) -> Callable[[], None]:
        """``listener()`` after every change of who waits for the rematch."""
        self._vote_listeners.append(listener)
        return lambda: self._vote_listeners.remove(listener)

    def _votes_changed(self) -> None:
        for listener in list(self._vote_listeners):
            listener()

    @property
    def empty(self) -> bool:
        return self.watchers == 0 and not any(slot.connected or slot.hold for slot in self.slots)


class TableRegistry(Protocol):
    """What a hosted table needs of the lobby that holds it (``lobby.Lobby``)."""

    seat_timeout: float
    turn_timeout: float | None
    bot_delay: float
    closing: bool
    on_step: Callable[[HostedTable], None] | None

    def changed(self, save: bool = False) -> None: ...

    def forget_if_empty(self, hosted: HostedTable) -> None: ...

    def game_finished(self, match: Match) -> None: ...

    def new_seed(self) -> int: ...


def _seat_numbers(seats: list[int]) -> str:
    """``seat 2`` / ``seats 2 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0] + 1}"
    return f"seats {join_columns([seat + 1 for seat in seats])}"


def _loop_call_later(delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
    return asyncio.get_running_loop().call_later(delay, callback)
