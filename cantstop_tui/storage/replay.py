"""A replay: every position of a recorded game, rebuilt by the engine, to step through."""

from __future__ import annotations

import secrets
from pathlib import Path

from ..engine import Event
from ..frozen import frozen
from ..play.match import Action, Match
from ..play.narration import FRESH_DICE, log_lines, verb, waiting_line
from .record import describe, load_game


@frozen
class Position:
    match: Match
    events: tuple[Event, ...]
    """What the step into this position did (none for the start)."""
    action: Action | None
    """The step that led here (None for the start)."""


class Replay:
    """Positions 0 (the start, after the roll-off) to ``len(self) - 1`` (the game as recorded)."""

    def __init__(self, match: Match) -> None:
        steps = zip((None, *match.history), match.positions(), strict=True)
        self._positions = tuple(
            Position(position, events, action) for action, (position, events) in steps
        )

    @classmethod
    def from_file(cls, path: Path | str) -> Replay:
        """Load and check a record file (``SaveError`` if it is bad)."""
        return cls(load_game(path).match)

    def __len__(self) -> int:
        return len(self._positions)

    @property
    def last(self) -> int:
        return len(self._positions) - 1

    def position(self, index: int) -> Position:
        if not 0 <= index < len(self._positions):
            count = len(self._positions)
            raise IndexError(f"A replay of {count} positions has no position {index}.")
        return self._positions[index]

    def caption(self, index: int) -> str:
        """``Step 17 of 130: Ada — choose 6+10`` (or the start)."""
        position = self.position(index)
        if position.action is None:
            first = position.match.seats[position.match.rolloff.first_player].name
            return f"Start of the game ({self.last} steps): {verb(first, 'play')} first."
        before = self._positions[index - 1].match
        who = before.current_seat.name
        return f"Step {index} of {self.last}: {who}: {describe(position.action)}"

    def happened(self, index: int) -> list[str]:
        """What the step into ``index`` did, in the game log's words.

        A choice is written with the roll it used; a roll whose move is still to
        come is written on its own: ``Ada rolls 1 5 4 6``.
        """
        position = self.position(index)
        waiting = None
        if index > 0:
            before = self._positions[index - 1]
            _, waiting = log_lines(before.match, before.events)
        lines, waiting = log_lines(position.match, position.events, waiting)
        if waiting is not None:
            lines.append(waiting_line(position.match, waiting))
        if any(reseed.step == index for reseed in position.match.reseeds):
            lines.append(FRESH_DICE)
        return lines

    def play_on(self, index: int, seed: int | None = None) -> Match:
        """A game to play on from position ``index``: the same players and position, new dice.

        The dice from here on come from ``seed`` (by default a new one from the OS),
        so watching the replay tells nothing about them. The record keeps the steps
        up to here and the new seed, so it loads, replays and checks like any other.
        """
        return self.position(index).match.with_fresh_dice(new_seed() if seed is None else seed)


def new_seed() -> int:
    """A dice seed from the OS's randomness, too many to guess (63 bits)."""
    return secrets.randbits(63)
