"""Who starts: every player rolls two dice; tied leaders roll again."""

from __future__ import annotations

from ..frozen import frozen
from .board import MAX_PLAYERS, MIN_PLAYERS
from .dice import DiceSource

MAX_ROUNDS = 1000
"""Fair dice tie this long less than once in 10^600 roll-offs: only a broken source gets here."""


@frozen
class RolloffRound:
    """One round of the roll for who starts."""

    rolls: tuple[tuple[int, tuple[int, int]], ...]
    """(player, two dice) for each player rolling this round."""

    @property
    def leaders(self) -> tuple[int, ...]:
        best = max(sum(dice) for _, dice in self.rolls)
        return tuple(player for player, dice in self.rolls if sum(dice) == best)


@frozen
class Rolloff:
    """The roll for who starts: rounds until one player leads alone."""

    rounds: tuple[RolloffRound, ...]

    @property
    def first_player(self) -> int:
        return self.rounds[-1].leaders[0]


def first_player_rolloff(num_players: int, dice: DiceSource) -> Rolloff:
    """Roll off for the first player; every round is kept for showing.

    >>> from cantstop_tui.engine import Dice
    >>> rolloff = first_player_rolloff(3, Dice(1))
    >>> len(rolloff.rounds[-1].leaders)
    1
    """
    if type(num_players) is not int or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(
            f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players!r}."
        )
    rolling = tuple(range(num_players))
    rounds: list[RolloffRound] = []
    while len(rounds) < MAX_ROUNDS:
        this_round = RolloffRound(
            tuple((player, _two(dice.roll(2))) for player in rolling)
        )
        rounds.append(this_round)
        rolling = this_round.leaders
        if len(rolling) == 1:
            return Rolloff(tuple(rounds))
    raise ValueError(f"The roll-off dice tied {MAX_ROUNDS} rounds running; they are not random.")


def _two(values: tuple[int, ...]) -> tuple[int, int]:
    if len(values) != 2 or any(type(v) is not int or not 1 <= v <= 6 for v in values):
        raise ValueError(f"A roll-off roll is two dice from 1 to 6, not {values!r}.")
    return (values[0], values[1])
