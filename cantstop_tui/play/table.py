"""A table: the one place that holds a game's current ``Match``.

Players send intents (roll, choose, stop) for their seat; the table applies
them through the engine and publishes ``(match, events)`` to every subscriber:
the widgets of each screen watching it, the autosaver, the SSH sessions.
Computer seats are played by the table itself, step by step, so every viewer
sees the same computer turn at the same pace.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from ..ai import LEVELS, STRONGEST, Bot, level_name, make_bot, prepare
from ..ai.base import Forgetful
from ..engine import Event, GameWon, IllegalMoveError, Move, TurnPassed
from .bot_step import play_step
from .listeners import subscribe
from .match import HUMAN, Match
from .pacing import BOT_DELAY

if TYPE_CHECKING:  # the computer players' thinking (its workers) loads when one first plays
    from .thinking import Level

Listener = Callable[[Match, tuple[Event, ...]], None]
log = logging.getLogger(__name__)


class Table:
    def __init__(
        self,
        match: Match,
        bots: Mapping[int, Bot] | None = None,
        bot_delay: float = BOT_DELAY,
    ) -> None:
        self._match = match
        self._listeners: list[Listener] = []
        self._given: dict[int, Bot] = dict(bots or {})
        """Computer players handed in for seats (tests, benchmarks), used while the seat's
        own kind plays it."""
        self._made: dict[tuple[int, str], Bot] = {}
        self.bot_delay = bot_delay
        self._hurry = False
        self._closed = False
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None

    @property
    def match(self) -> Match:
        """The game now. Every read and every action goes through here: a table that
        follows a seat record (``server.shared_table``) derives who plays each seat in it."""
        return self._match

    def is_bot(self, seat: int) -> bool:
        """The match says who plays each seat (its own kind, or its last hand-over)."""
        return self.match.kind_of(seat) != HUMAN

    def _bot(self, seat: int) -> Bot:
        """The computer player of the seat's kind now. The table builds built-in levels
        only: a ``module:Class`` player is handed in by whoever trusts it (``bots``), and
        one named by a record (a hand-over read from a file) is played by the strongest
        level instead, never imported."""
        level = self._level(seat)
        if level is None:
            return self._given[seat]
        key = (seat, level[0])
        if key not in self._made:
            self._made[key] = make_bot(*level)
        return self._made[key]

    def _level(self, seat: int) -> Level | None:
        """The built-in level playing ``seat`` and its bot's seed; None while a bot handed
        in plays it."""
        kind = self.match.kind_of(seat)
        if seat in self._given and kind == self.match.seats[seat].kind:
            return None
        if level_name(kind) not in LEVELS:
            kind = STRONGEST
        return kind, self.match.seed + seat

    def prepare_bots(self) -> None:
        """Load what the computer seats' first decisions need (the expert's learned model,
        numpy). Slow the first time in a process: run it off the event loop, e.g. while the
        players read who starts."""
        from .thinking import thinking_in_processes

        if thinking_in_processes():
            return  # the workers load them: this process never needs them
        for seat in range(len(self.match.seats)):
            if self.is_bot(seat):
                prepare(self.match.kind_of(seat))

    @property
    def bot_to_move(self) -> bool:
        return (
            not self._closed
            and not self.match.state.is_over
            and self.is_bot(self.match.state.current_player)
        )

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(match, events)`` after every change; returns the unsubscribe function."""
        return subscribe(self._listeners, listener)

    # --- intents from people --------------------------------------------------

    def _check_turn(self, seat: int) -> None:
        state = self.match.state
        if state.is_over:
            raise IllegalMoveError("The game is over.")
        if seat != state.current_player:
            name = self.match.current_seat.name
            raise IllegalMoveError(f"It is {name}'s turn, not yours.")
        if self.is_bot(seat):
            raise IllegalMoveError("The computer is playing this seat.")
        if self._closed:
            raise IllegalMoveError("This table is closed.")

    def takes(self, match: Match) -> frozenset[str] | None:
        """The actions (``roll``, ``choose``, ``stop``) this table takes at ``match``
        beyond the rules' own check: None, any the rules allow (a guided game: its step's)."""
        return None

    def roll(self, seat: int) -> tuple[Event, ...]:
        self._check_turn(seat)
        return self._publish(*self.match.roll())

    def choose(self, seat: int, move: Move) -> tuple[Event, ...]:
        self._check_turn(seat)
        return self._publish(*self.match.choose(move))

    def stop(self, seat: int) -> tuple[Event, ...]:
        self._check_turn(seat)
        return self._publish(*self.match.stop())

    def hinted(self, seat: int) -> None:
        """``seat``'s person asks for a hint on their turn: the match keeps it
        (``Match.hinted``: no rating gain for them). Nothing is published; the next step
        carries it."""
        self._check_turn(seat)
        self._match = self.match.with_hint(seat)

    def concede(self, seat: int) -> tuple[Event, ...]:
        """``seat`` gives the game up: the table's decision (a turn-based table's missed
        deadline), not an intent of the seat's player, so asked whoever plays it now."""
        if self._closed:
            raise IllegalMoveError("This table is closed.")
        return self._publish(*self.match.concede(seat))

    def replace_match(self, match: Match, bots: Mapping[int, Bot] | None = None) -> None:
        """Start over with another match (rematch, new game, a loaded save)."""
        self._match = match
        self._given = dict(bots or {})
        self._made.clear()
        self._hurry = False
        self._publish(self.match, ())

    def set_seat_kind(self, seat: int, spec: str | None) -> None:
        """Seat ``seat`` is played by ``spec`` (``human`` or a computer level, see
        ``make_bot``; None: the seat's own kind again) from the next step on.

        The match records the hand-over (``Match.handovers``): on a table of its own it is
        the one record of who plays a seat (a hosted table's seat record says it instead,
        see ``server.shared_table``). Nothing is published; the next step carries the new
        record.
        """
        kind = self.match.seats[seat].kind if spec is None else spec
        self._match = self.match.with_seat_kind(seat, kind)
        self._kick()

    def close(self) -> None:
        """No more steps: the computer seats stop playing (the table is dropped)."""
        self._closed = True
        self._wake.set()
        if self._driver is not None:
            self._driver.cancel()

    # --- computer seats -------------------------------------------------------

    def step_bot(self) -> tuple[Event, ...]:
        """Play one step for the computer seat to move; returns its events."""
        if not self.bot_to_move:
            raise IllegalMoveError("No computer player is to move.")
        return self._publish(*play_step(self._bot(self.match.state.current_player), self.match))

    def hurry(self) -> None:
        """Finish the current computer turn without pauses."""
        if self.bot_to_move:
            self._hurry = True
            self._wake.set()

    async def _drive(self) -> None:
        from .thinking import think

        while self.bot_to_move:
            if not self._hurry and self.bot_delay > 0:
                self._wake.clear()
                # hurry() cuts the pause short.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.bot_delay)
            if not self.bot_to_move:
                break
            # The search runs off the event loop (a deep decision can take tens of
            # milliseconds, which every other screen of a server would wait for), in a
            # worker process while a server runs (``play.thinking``); the match is
            # immutable, so a step decided for a match since replaced (a person took the
            # seat, another game) is dropped and decided again.
            match = self.match
            mover = match.state.current_player
            step = await think(self._level(mover), partial(self._bot, mover), match.state)
            if self.match is not match or self._closed:
                continue
            self._publish(*match.apply(step))
            if self.match.state.current_player != mover:
                self._hurry = False
            await asyncio.sleep(0)

    def _kick(self) -> None:
        if not self.bot_to_move or (self._driver is not None and not self._driver.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._driver = loop.create_task(self._drive())

    def start(self) -> None:
        """Let the computer seats play (needs a running event loop)."""
        self._kick()

    def _publish(self, match: Match, events: tuple[Event, ...]) -> tuple[Event, ...]:
        self._match = match
        for listener in list(self._listeners):
            try:
                listener(match, events)
            except Exception:
                log.exception("A table listener failed; it is unsubscribed.")
                self._listeners.remove(listener)
        if any(isinstance(event, TurnPassed | GameWon) for event in events):
            self._turn_over(match)
        self._kick()
        return events

    def _turn_over(self, match: Match) -> None:
        """The computer players let go of what they worked out for the turn; when the game
        is over the table lets go of them (made again, lazily, for a rematch)."""
        for bot in (*self._made.values(), *self._given.values()):
            if isinstance(bot, Forgetful):
                bot.forget()
        if match.state.is_over:
            self._made.clear()
