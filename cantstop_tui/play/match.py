"""A match: one game with its seats, seed and every action, as an immutable record.

The engine decides the rules; a ``Match`` adds what a real game needs around
them: who sits where, the seeded dice stream, the roll-off, the list of actions
(the game record that saves and replays are made of) and per-player statistics
(counted in ``player_stats``).
The terminal app, the arena, saves and the SSH tables all drive games through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import field, replace
from typing import Any, Final, Literal

from ..engine import (
    Busted,
    Dice,
    Event,
    GameConfig,
    GameState,
    Move,
    Roll,
    Rolloff,
    choose,
    concede,
    first_player_rolloff,
    new_game,
    roll,
    stop,
)
from ..frozen import frozen
from .player_stats import PlayerStats, count_events

HUMAN: Final = "human"


@frozen
class Seat:
    """A player: a name and who decides, ``human`` or a bot spec (``expert``, ``pkg.mod:Class``)."""

    name: str
    kind: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@frozen
class Action:
    """One step of the record: ``roll`` with its dice, ``choose`` with its move, ``stop``, or
    ``concede`` with the seat that gave the game up (``engine.concede``)."""

    kind: Literal["roll", "choose", "stop", "concede"]
    dice: tuple[int, int, int, int] | None = None
    move: Move | None = None
    seat: int | None = None

    def to_json(self) -> list[Any]:
        if self.kind == "roll":
            return ["roll", list(self.dice or ())]
        if self.kind == "choose":
            return ["choose", list(self.move or ())]
        if self.kind == "concede":
            return ["concede", self.seat]
        return ["stop"]


@frozen
class Handover:
    """From action ``step`` on (0: before the first), ``seat`` is played by ``kind``.

    A held seat handed to the computer after its player dropped, a turn the computer
    played for a player who stalled, a seat taken back: the record says who really played.
    """

    step: int
    seat: int
    kind: str

    def to_json(self) -> list[Any]:
        return [self.step, self.seat, self.kind]


@frozen
class Reseed:
    """From action ``step`` on (0: before the first), the dice come from ``Dice(seed)``.

    Playing on from a replay does this: whoever watched it knows the recorded dice.
    """

    step: int
    seed: int

    def to_json(self) -> list[int]:
        return [self.step, self.seed]


def act(
    state: GameState, action: Action, next_roll: Callable[[], Roll]
) -> tuple[GameState, tuple[Event, ...], Action]:
    """``state`` after ``action`` (a roll showing ``next_roll()``), its events, and the action
    as the record keeps it: a roll with its dice, a move in column order.

    The one place an action is applied: a match's (``Match.apply``, for a person, a computer
    or a record replayed) and a bare state's (the arena's fast games, ``bot_step.step_state``).
    """
    if action.kind == "roll":
        dice = next_roll()
        state, events = roll(state, dice)
        return state, events, Action("roll", dice=dice)
    if action.kind == "choose":
        move = action.move or ()
        state, events = choose(state, move)
        return state, events, Action("choose", move=tuple(sorted(move)))
    if action.kind == "concede":
        seat = -1 if action.seat is None else action.seat
        state, events = concede(state, seat)
        return state, events, Action("concede", seat=seat)
    state, events = stop(state)
    return state, events, Action("stop")


@frozen
class Match:
    """A game as played: its seats, rules, seed, roll-off, state and actions."""

    seats: tuple[Seat, ...]
    config: GameConfig
    seed: int
    rolloff: Rolloff
    state: GameState
    history: tuple[Action, ...] = ()
    dice_position: int = 0
    stats: tuple[PlayerStats, ...] = field(default=())
    handovers: tuple[Handover, ...] = ()
    """Seats played by someone else than ``seats`` says, from some step on, in order."""
    reseeds: tuple[Reseed, ...] = ()
    """New dice seeds from some step on, in order (the game was played on from a replay)."""
    hinted: frozenset[int] = frozenset()
    """The seats whose person asked for a hint (``h``): the game gains them no rating."""
    last_events: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    """What the last step did (derived from the history, so not part of the record)."""

    @property
    def last_bust(self) -> Busted | None:
        """The bust the last step was, if it was one (what the screens explain until the
        next roll)."""
        return next((e for e in self.last_events if isinstance(e, Busted)), None)

    @property
    def last_dice(self) -> tuple[int, int, int, int] | None:
        """The dice of the last roll, whoever rolled them (None before the first)."""
        for action in reversed(self.history):
            if action.kind == "roll":
                return action.dice
        return None

    @classmethod
    def start(cls, seats: tuple[Seat, ...], config: GameConfig, seed: int) -> Match:
        """Roll off for the first player with the seeded dice and set up the board."""
        if len(seats) != config.num_players:
            raise ValueError(
                f"The game is set for {config.num_players} players but has {len(seats)} seats."
            )
        dice = Dice(seed)
        rolloff = first_player_rolloff(config.num_players, dice)
        state = new_game(config, first_player=rolloff.first_player)
        stats = [PlayerStats() for _ in seats]
        stats[rolloff.first_player] = PlayerStats(turns=1)
        return cls(seats, config, seed, rolloff, state, (), dice.position, tuple(stats))

    def kind_of(self, seat: int) -> str:
        """Who plays ``seat`` now: its own kind, or the kind of its last hand-over."""
        return self.kind_at(seat, len(self.history))

    def kind_at(self, seat: int, step: int) -> str:
        """Who played ``seat`` at action ``step`` (0: the first action)."""
        for handover in reversed(self.handovers):
            if handover.seat == seat and handover.step <= step:
                return handover.kind
        return self.seats[seat].kind

    def with_seat_kind(self, seat: int, kind: str) -> Match:
        """This match with ``seat`` played by ``kind`` from the next action on."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"The game has no seat {seat + 1}.")
        step = len(self.history)
        # A hand-over and a hand-back with no action between them cancel out.
        kept = tuple(h for h in self.handovers if not (h.seat == seat and h.step == step))
        match = replace(self, handovers=kept)
        if match.kind_of(seat) == kind:
            return match
        return replace(match, handovers=(*kept, Handover(step, seat, kind)))

    def with_hint(self, seat: int) -> Match:
        """This match with ``seat``'s person having asked for a hint."""
        return self if seat in self.hinted else replace(self, hinted=self.hinted | {seat})

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.state.current_player]

    @property
    def dice_seed(self) -> int:
        """The seed the dice come from now: ``seed``, or the last new one."""
        return self.reseeds[-1].seed if self.reseeds else self.seed

    def next_dice(self) -> tuple[int, int, int, int]:
        """The dice the next roll will show (the seeded stream makes this known)."""
        return Dice(self.dice_seed, self.dice_position).roll()  # type: ignore[return-value]

    def with_fresh_dice(self, seed: int) -> Match:
        """This match with its dice from ``Dice(seed)`` from the next action on.

        A new seed at the same step replaces the old one (and any later one).
        """
        if type(seed) is not int:
            raise ValueError(f"A dice seed is a whole number, not {seed!r}.")
        step = len(self.history)
        kept = tuple(reseed for reseed in self.reseeds if reseed.step < step)
        return replace(self, reseeds=(*kept, Reseed(step, seed)), dice_position=0)

    def with_reseed_due(self, reseeds: tuple[Reseed, ...]) -> Match:
        """This match with the new seed ``reseeds`` gives its step, if any (replaying a record)."""
        step = len(self.history)
        for reseed in reseeds:
            if reseed.step == step:
                return self.with_fresh_dice(reseed.seed)
        return self

    def positions(self) -> Iterator[tuple[Match, tuple[Event, ...]]]:
        """Each position of this game rebuilt from its start, with the events of the action
        that led there (none for the start)."""
        current = Match.start(self.seats, self.config, self.seed).with_reseed_due(self.reseeds)
        yield current, ()
        for action in self.history:
            current, events = current.apply(action)
            current = current.with_reseed_due(self.reseeds)
            yield current, events

    def roll(self, prepared: Roll | None = None) -> tuple[Match, tuple[Event, ...]]:
        """Roll the seeded dice, or ``prepared`` ones (the guided first game: such a record
        does not replay from its seed)."""
        if prepared is None:
            return self.apply(Action("roll"))
        return self._take(Action("roll"), lambda: prepared)

    def choose(self, move: Move) -> tuple[Match, tuple[Event, ...]]:
        return self.apply(Action("choose", move=move))

    def stop(self) -> tuple[Match, tuple[Event, ...]]:
        return self.apply(Action("stop"))

    def concede(self, seat: int) -> tuple[Match, tuple[Event, ...]]:
        """``seat`` gives the game up (a two-player game: the other seat wins)."""
        return self.apply(Action("concede", seat=seat))

    def apply(self, action: Action) -> tuple[Match, tuple[Event, ...]]:
        """Take one action, a person's, a computer's or a recorded one (:func:`act`); a
        recorded roll must match the seeded stream."""
        recorded = action.dice
        if action.kind == "roll" and recorded is not None and tuple(recorded) != self.next_dice():
            raise ValueError(
                f"The recorded roll {list(recorded)} is not what the seeded dice show "
                f"({list(self.next_dice())})."
            )
        return self._take(action, self.next_dice)

    def _take(
        self, action: Action, next_roll: Callable[[], Roll]
    ) -> tuple[Match, tuple[Event, ...]]:
        state, events, taken = act(self.state, action, next_roll)
        rolled = taken.kind == "roll"
        return (
            replace(
                self,
                state=state,
                history=(*self.history, taken),
                dice_position=self.dice_position + rolled,
                stats=count_events(self.stats, events),
                last_events=events,
            ),
            events,
        )
