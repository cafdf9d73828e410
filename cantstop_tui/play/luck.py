"""Luck a reader can use: what the dice gave, in the same points as a decision's cost.

A roll's luck is the calibrated win chance it left the roller (its best move's, or the
bust's) minus the average over all 1,296 rolls, so it averages exactly 0 whatever the
position (``ai.analysis.Analyst.roll_luck``). A turn's luck sums its rolls'; a player's
game, their turns'. Rolls' lucks are uncorrelated (each has mean 0 given everything before
it), so the spread of a sum is the square root of the sum of the rolls' variances: the
spread the dice alone would have given this player in this game. A reader is shown the
game's luck per turn (the points a turn the dice gave, with the typical spread of that
mean over the game's turns: the game's spread over its turns) and, against a normal curve
of that spread, how lucky the game was, in words (``LUCK_BANDS``): ``dice +1.9 points a
turn (typical ±1.6 over 14 turns): a lucky game, luckier than 87% of games like this
one``. Like this one: the same player's rolls in the same positions, so each player's
share is against their own spread (in one game a player at -1.2 (±1) can be luckier than
fewer games than one at -2.1 (±3)), and against the average of their own rolls, never
against the other players' (every player can be luckier than most).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ..frozen import frozen

LIKE_THIS: Final = "of games like this one"
"""What a share of games is out of: this player's games with the same rolls' spread."""
LUCK_BANDS: Final[tuple[tuple[float, str], ...]] = (
    (90.0, "very lucky"),
    (70.0, "lucky"),
    (30.0, "ordinary"),
    (10.0, "unlucky"),
    (0.0, "very unlucky"),
)
"""The word for a game luckier than this share (percent, as shown) of games like it, up
to the next: the one table (the text review's legend is made from it, the docs tested
against it)."""


def luck_band(share: float) -> str:
    """The word (``LUCK_BANDS``) for a game luckier than ``share`` percent of games."""
    return next((word for bound, word in LUCK_BANDS if share >= bound), LUCK_BANDS[-1][1])


def luck_bands_sentence() -> str:
    """``very unlucky under 10, unlucky from 10, ordinary from 30, ...`` (from the table)."""
    lowest, *rest = reversed(LUCK_BANDS)
    return ", ".join(
        [f"{lowest[1]} under {rest[0][0]:g}", *(f"{word} from {bound:g}" for bound, word in rest)]
    )


def plus_minus(ascii_only: bool) -> str:
    return "+/-" if ascii_only else "±"


def signed(points: float) -> str:
    """Points of luck to a tenth with their sign, a luck that rounds to nothing unsigned
    minus (``-0.0`` read as bad luck).

    >>> signed(1.26), signed(-0.04), signed(-0.06)
    ('+1.3', '+0.0', '-0.1')
    """
    shown = f"{points:+.1f}"
    return "+0.0" if shown == "-0.0" else shown


def luck_legend(ascii_only: bool = False) -> str:
    """The line under the summary table: what its Luck column and the ± beside luck say
    (one line at 80 columns, in the review's padding)."""
    return (
        f"Luck: points a turn the dice gave over average; {plus_minus(ascii_only)}: "
        "the spread by chance."
    )


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
        """The game's luck as a mean per turn, in points."""
        return self.points / self.turns if self.turns else 0.0

    @property
    def per_turn_spread(self) -> float:
        """The typical spread of ``per_turn`` over this many turns: the game's spread over
        its turns, in points."""
        return self.spread / self.turns if self.turns else 0.0

    @property
    def shown_share(self) -> int:
        """``luckier_than`` as shown, to a whole percent (what the band follows)."""
        return round(self.luckier_than)

    @property
    def band(self) -> str:
        """How lucky the game was, in a word (``LUCK_BANDS``)."""
        return luck_band(self.shown_share)

    @property
    def luckier_than(self) -> float:
        """The share of games (percent) with less luck, on a normal curve of ``spread``."""
        if self.spread <= 0:
            return 50.0
        return 50.0 * (1.0 + math.erf(self.points / (self.spread * math.sqrt(2.0))))

    def sentence(self, ascii_only: bool = False) -> str:
        """``dice +1.9 points a turn (typical ±1.6 over 14 turns): a lucky game, luckier
        than 87% of games like this one`` (``+/-`` in ASCII): per turn, in the points of
        the review's costs and of its Luck column."""
        if not self.turns:
            return "dice: no turn played"
        turns = f"{self.turns} turn{'s' if self.turns != 1 else ''}"
        article = "an" if self.band[0] in "aeiou" else "a"
        return (
            f"dice {signed(self.per_turn)} points a turn (typical {plus_minus(ascii_only)}"
            f"{self.per_turn_spread:.1f} over {turns}): {article} {self.band} game, "
            f"luckier than {self.shown_share}% {LIKE_THIS}"
        )


def player_luck(turns: Sequence[TurnLuck]) -> PlayerLuck:
    """One player's luck over the game from their turns'."""
    return PlayerLuck(
        sum(t.points for t in turns), math.sqrt(sum(t.variance for t in turns)), len(turns)
    )
