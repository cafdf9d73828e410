"""Turn-based tables: each player moves when they are next online, within a deadline per turn.

A table is real-time (``TurnRules`` is None: the seat timeout hands an absent person's seat
to the computer) or turn-based: a :class:`TurnRules` says how long each turn may take (from
:data:`MIN_DEADLINE` to :data:`MAX_DEADLINE`, :data:`DEFAULT_DEADLINE` if not chosen) and what
happens when a turn's deadline passes (:data:`ON_MISS`). While the deadline runs the seat is
never handed to the computer, whoever is connected.

A :class:`TurnDeadline` is the running deadline of one turn: pure, and computed from a time
the caller reads from its :data:`Clock` (the server's is wall-clock time, so a deadline
survives a restart; tests pass their own).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import COLUMNS
from ..frozen import frozen
from .match import Match
from .narration import history_at, history_parts

HOUR = 3600.0
DAY = 24 * HOUR
MIN_DEADLINE = HOUR
MAX_DEADLINE = 3 * DAY
DEFAULT_DEADLINE = DAY
DEADLINE_CHOICES: tuple[float, ...] = (HOUR, 8 * HOUR, DAY, 2 * DAY, MAX_DEADLINE)
"""The deadlines the New table form offers."""

MAX_TURN_BASED = 10
"""Turn-based games a person may play at once on a server (``--max-turn-based``)."""

COMPUTER_PLAYS = "computer"
"""A missed deadline: the computer plays that turn, and the seat is the person's again."""
ABANDON = "abandon"
"""A missed deadline: the person has abandoned the game, which counts as ``play.results``
counts an abandoned game. A game of two ends at once, the other player the winner
(``engine.concede``); in a game of three or four the computer plays their seat to the end."""
ON_MISS: dict[str, str] = {
    COMPUTER_PLAYS: "the computer plays that turn",
    ABANDON: "they abandon (a 2-player game ends)",
}
"""What may happen when a turn's deadline passes, and how the form and docs say it."""

Clock = Callable[[], float]
"""Seconds since the epoch (``time.time`` on a server; any function in tests)."""
wall_clock: Clock = time.time


def check_deadline(seconds: float) -> float:
    """``seconds`` if it is an allowed deadline, else :class:`ValueError` with a sentence."""
    if not MIN_DEADLINE <= seconds <= MAX_DEADLINE:
        raise ValueError(
            f"A turn's deadline is from {describe(MIN_DEADLINE)} to {describe(MAX_DEADLINE)}."
        )
    return seconds


@frozen
class TurnRules:
    """A turn-based table's rules, chosen by its creator."""

    deadline: float = DEFAULT_DEADLINE
    on_miss: str = COMPUTER_PLAYS

    def __post_init__(self) -> None:
        check_deadline(self.deadline)
        if self.on_miss not in ON_MISS:
            raise ValueError(f"A missed deadline is one of: {', '.join(ON_MISS)}.")

    def to_json(self) -> dict[str, Any]:
        return {"deadline": self.deadline, "on_miss": self.on_miss}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnRules:
        return cls(float(data["deadline"]), str(data["on_miss"]))


@frozen
class TurnDeadline:
    """The deadline of the turn that began at ``started`` (clock time)."""

    rules: TurnRules
    started: float

    @property
    def due(self) -> float:
        return self.started + self.rules.deadline

    def left(self, now: float) -> float:
        """Seconds left to move (0 once it has passed)."""
        return max(0.0, self.due - now)

    def missed(self, now: float) -> bool:
        return now >= self.due


def lines_since(match: Match, step: int) -> list[str]:
    """The log of what was played after the game's first ``step`` actions (what someone who
    last looked at ``step`` has not seen)."""
    return history_parts(match, step)[1]


@frozen
class Unseen:
    """What a returning player of a turn-based game has not seen: the actions after the
    first ``step``, up to ``upto`` (the game when they came back), and the pieces those
    actions moved, as (player, column); with the game's log up to ``step`` (``seen``) and
    after it (``new``), worked out in the same replay of the record, so that the board, the
    log and the notice of what was played meanwhile need no other."""

    step: int
    upto: int
    moved: frozenset[tuple[int, int]]
    seen: tuple[str, ...]
    new: tuple[str, ...]


def unseen(match: Match, step: int) -> Unseen | None:
    """What was played in ``match`` after its first ``step`` actions (None: nothing)."""
    if step >= len(match.history):
        return None
    seen, new, _, position = history_at(match, step)
    then, now = position.state, match.state
    moved = frozenset(
        (player, column)
        for player in range(now.num_players)
        for column in COLUMNS
        if now.squares[player][column] != then.squares[player][column]
    )
    return Unseen(step, len(match.history), moved, tuple(seen), tuple(new))


def describe(seconds: float) -> str:
    """A duration as the lobby shows it: "2 d 3 h", "5 h 10 min", "12 min", "under a minute"."""
    minutes = int(seconds // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    return f"{minutes} min" if minutes else "under a minute"
