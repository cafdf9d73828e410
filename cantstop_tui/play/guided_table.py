"""The table of the guided first game: the learner's actions follow the script of
``guide.py`` (its prepared dice), anything else is refused with the sentence why."""

from __future__ import annotations

from ..engine import Event, Move
from . import guide
from .match import Match
from .table import Table


class GuidedTable(Table):
    """A ``Table`` whose rolls are the script's and whose guide seat plays its turns at once."""

    def __init__(self) -> None:
        super().__init__(guide.start())

    def _take(self, seat: int, action: guide.Expect, move: Move | None = None) -> tuple[
        Event, ...
    ]:
        self._check_turn(seat)
        return self._publish(*guide.take(self.match, action, move))

    def takes(self, match: Match) -> frozenset[str] | None:
        """The step's action alone (none once the game is won)."""
        step = guide.step_of(match)
        return frozenset() if step is None else frozenset({step.action})

    def roll(self, seat: int) -> tuple[Event, ...]:
        return self._take(seat, "roll")

    def choose(self, seat: int, move: Move) -> tuple[Event, ...]:
        return self._take(seat, "choose", move)

    def stop(self, seat: int) -> tuple[Event, ...]:
        return self._take(seat, "stop")
