"""Summaries of many games: win rates with Wilson intervals, mean turns with normal intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from .play import GameResult

Z95: Final = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(
    total: int, squares: int, count: int, z: float = Z95
) -> tuple[float, float, float]:
    """Mean and its normal 95% interval from a sum and a sum of squares."""
    if count == 0:
        return (0.0, 0.0, 0.0)
    mean = total / count
    if count == 1:
        return (mean, mean, mean)
    variance = max(0.0, (squares - total * total / count) / (count - 1))
    half = z * math.sqrt(variance / count)
    return (mean, mean - half, mean + half)


@dataclass
class PlayerTally:
    games: int = 0
    wins: int = 0
    turns: int = 0
    turns_squared: int = 0
    busts: int = 0

    def add(self, won: bool, turns: int, busts: int) -> None:
        self.games += 1
        self.wins += won
        self.turns += turns
        self.turns_squared += turns * turns
        self.busts += busts


@dataclass
class Summary:
    """Totals of a run, built in game order so any number of processes gives the same figures."""

    players: tuple[str, ...]
    solitaire: bool = False

    def __post_init__(self) -> None:
        self.games = 0
        self.draws = 0
        self.tallies = {name: PlayerTally() for name in self.players}
        # by_seat[name][k]: the player's games moving k-th.
        self.by_seat = {
            name: [PlayerTally() for _ in self.players] for name in self.players
        }

    def add(self, result: GameResult) -> None:
        self.games += 1
        if result.winner is None:
            self.draws += 1
        for seat, player in enumerate(result.order):
            name = self.players[player]
            won = result.winner == player
            turns, busts = result.turns[player], result.busts[player]
            self.tallies[name].add(won, turns, busts)
            self.by_seat[name][seat].add(won, turns, busts)

    def to_json(self) -> dict[str, Any]:
        tallies = self.tallies
        data: dict[str, Any] = {
            "games": self.games,
            "players": list(self.players),
            "wins": {n: t.wins for n, t in tallies.items()},
            "win_rate": {n: _rate(t) for n, t in tallies.items()},
            "win_rate_ci95": {n: list(wilson(t.wins, t.games)) for n, t in tallies.items()},
            "mean_turns": {n: mean_interval(t.turns, t.turns_squared, t.games)[0]
                           for n, t in tallies.items()},
            "mean_turns_ci95": {n: list(mean_interval(t.turns, t.turns_squared, t.games)[1:])
                                for n, t in tallies.items()},
            "busts_per_game": {n: t.busts / t.games if t.games else 0.0
                               for n, t in tallies.items()},
            "draws": self.draws,
        }
        if self.solitaire:
            data["solitaire"] = True
        else:
            data["by_seat"] = {
                n: [
                    {"seat": k + 1, "games": s.games, "wins": s.wins, "win_rate": _rate(s),
                     "win_rate_ci95": list(wilson(s.wins, s.games))}
                    for k, s in enumerate(seats)
                ]
                for n, seats in self.by_seat.items()
            }
        return data


def _rate(tally: PlayerTally) -> float:
    return tally.wins / tally.games if tally.games else 0.0
