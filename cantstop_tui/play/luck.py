"""Luck a reader can use: what the dice gave, in the same points as a decision's cost.

A roll's luck is the calibrated win chance it left the roller (its best move's, or the
bust's) minus the average over all 1,296 rolls, so it averages exactly 0 whatever the
position (``ai.analysis.Analyst.roll_luck``). A turn's luck sums its rolls'; a player's
game, their turns'. Rolls' lucks are uncorrelated (each has mean 0 given everything before
it), so the spread of a sum is the square root of the sum of the rolls' variances: the
spread the dice alone would have given this player in this game. Against a normal curve of
that spread the total says how lucky the game was: ``luck +12.0 (±8), luckier than 93% of
games like this one``. Like this one: the same player's rolls in the same positions, so
each player's share is against their own spread (in one game a player at -1.2 (±1) can be
luckier than fewer games than one at -2.1 (±3)), and against the average of their own
rolls, never against the other players' (every player can be luckier than most).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ..frozen import frozen

LIKE_THIS: Final = "of games like this one"
"""What a share of games is out of: this player's games with the same rolls' spread."""


@frozen
class TurnLuck:
    turn: int
    """The game's turn (1: the first)."""
    player: int
    points: float
    """Points of calibrated win chance the turn's dice gave above the average."""
    variance: float
    """The variance of ``points`` over the dice, in points squared."""

    def add(self, points: float, variance: float) -> TurnLuck:
        """This turn with one more roll's luck."""
        return TurnLuck(self.turn, self.player, self.points + points, self.variance + variance)

    @property
    def spread(self) -> float:
        return math.sqrt(self.variance)


@frozen
class PlayerLuck:
    points: float
    """What the dice gave over the game, in points (0: an average game's dice)."""
    spread: float
    """The standard deviation of ``points`` over the dice, in points."""
    turns: int

    @property
    def per_turn(self) -> float:
        return self.points / self.turns if self.turns else 0.0

    @property
    def luckier_than(self) -> float:
        """The share of games (percent) with less luck, on a normal curve of ``spread``."""
        if self.spread <= 0:
            return 50.0
        return 50.0 * (1.0 + math.erf(self.points / (self.spread * math.sqrt(2.0))))

    def sentence(self, ascii_only: bool = False) -> str:
        """``luck +12.0 (±8), luckier than 93% of games like this one`` (``+/-8`` in
        ASCII): in points, as the review's Luck column."""
        plus_minus = "+/-" if ascii_only else "±"
        return (
            f"luck {self.points:+.1f} ({plus_minus}{self.spread:.0f}), "
            f"luckier than {self.luckier_than:.0f}% {LIKE_THIS}"
        )


def player_luck(turns: Sequence[TurnLuck]) -> PlayerLuck:
    """One player's luck over the game from their turns'."""
    return PlayerLuck(
        sum(t.points for t in turns), math.sqrt(sum(t.variance for t in turns)), len(turns)
    )
