"""Seeded games to save and replay in the storage tests."""

from __future__ import annotations

import random

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play.match import Match, Seat


def play(
    seed: int,
    players: int = 2,
    variant: str = "standard",
    win_columns: int = 3,
    steps: int | None = None,
) -> list[Match]:
    """A game with random (seeded) choices: the match after every step, the start first."""
    names = ("Ada", "Ben", "Cy", "Di")[:players]
    seats = tuple(Seat(name, "easy") for name in names)
    match = Match.start(seats, GameConfig(players, win_columns, variant), seed)  # type: ignore[arg-type]
    return carry_on(match, seed, steps)


def carry_on(match: Match, seed: int, steps: int | None = None) -> list[Match]:
    """``match`` played on with random (seeded) choices: the match after every step, it first."""
    chooser = random.Random(seed)
    positions = [match]
    while not match.state.is_over and (steps is None or len(positions) <= steps):
        state = match.state
        if state.phase is Phase.CHOOSE:
            match, _ = match.choose(chooser.choice(legal_moves(state)))
        elif can_stop(state) and chooser.random() < 0.3:
            match, _ = match.stop()
        else:
            match, _ = match.roll()
        positions.append(match)
    return positions


class FirstMoveBot:
    """A deterministic computer player for tests: first legal move, stops with three runners."""

    def choose_move(self, state, moves):
        return moves[0]

    def keep_rolling(self, state):
        return sum(1 for height in state.runners if height) < 3


def bot_table(seed: int, players: int = 2):
    """A table of computer players (stepped by hand with ``step_bot``)."""
    from cantstop_tui.play.table import Table

    names = ("Ada", "Ben", "Cy", "Di")[:players]
    seats = tuple(Seat(name, "easy") for name in names)
    match = Match.start(seats, GameConfig(players), seed)
    return Table(match, bots={i: FirstMoveBot() for i in range(players)}, bot_delay=0)
