"""Seeded demonstration positions, for screenshots and tests: reached through the Match API."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..engine import (
    Busted,
    GameConfig,
    GameState,
    Move,
    Phase,
    bust_probability,
    can_stop,
    legal_moves,
)
from ..play.bot_step import next_step, play_step
from ..play.match import Match, Seat
from ..play.table import Table

RISK = Fraction(1, 5)
"""The demo player rolls on while the next roll busts at most one time in five."""
NAMES = ("Ana", "Bo", "Cy", "Di")


def humans(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(name) for name in NAMES[:count])


def four_players() -> tuple[Seat, ...]:
    return (Seat("Ana"), Seat("Bo"), Seat("Cy", "easy"), Seat("Di"))


class DemoPlayer:
    """A bot that plays the first move and rolls on while the next roll busts at most one
    time in five: simple, predictable, and it reaches every kind of position."""

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        return moves[0]

    def keep_rolling(self, state: GameState) -> bool:
        return bust_probability(state) <= RISK


DEMO_PLAYER = DemoPlayer()
KEYS = {"choose": "1", "stop": "s", "roll": "r"}


def next_key(match: Match) -> str:
    """The key the demo player presses next: 1 (first move), s (stop) or r (roll)."""
    return KEYS[next_step(DEMO_PLAYER, match.state).kind]


def step(match: Match) -> Match:
    """The demo player's next action through the Match API."""
    return play_step(DEMO_PLAYER, match)[0]


def step_at(table: Table, key_for: Callable[[Match], str] = next_key) -> None:
    """The next action at ``table`` for whoever is to play, by the key ``key_for`` presses
    (``1`` the first move, ``s`` stop, else roll; by default the demo player's)."""
    match = table.match
    seat, key = match.state.current_player, key_for(match)
    if key == "1":
        table.choose(seat, legal_moves(match.state)[0])
    elif key == "s":
        table.stop(seat)
    else:
        table.roll(seat)


def play_until(match: Match, done: Callable[[Match], bool], limit: int = 5000) -> Match:
    """Play on until ``done`` (or the end of the game); AssertionError if it never comes."""
    for _ in range(limit):
        if done(match) or match.state.is_over:
            if done(match):
                return match
            break
        match = step(match)
    raise AssertionError("the game did not reach the wanted position")


def in_progress() -> Match:
    """A four-player game well under way, dice on the table, a person to choose."""
    return play_until(
        Match.start(four_players(), GameConfig(4), 21),
        lambda m: (
            len(m.history) > 120
            and m.state.phase is Phase.CHOOSE
            and m.current_seat.is_human
            and len(legal_moves(m.state)) > 1
        ),
    )


def before_a_bust() -> Match:
    """A three-player position whose next roll busts."""
    return play_until(
        Match.start(humans(3), GameConfig(3), 12),
        lambda m: (
            len(m.history) > 20
            and m.state.phase is Phase.ROLL
            and any(m.state.runners)
            and any(isinstance(e, Busted) for e in m.roll()[1])
        ),
    )


def finished(count: int = 4, seed: int = 2) -> Match:
    return play_until(
        Match.start(humans(count), GameConfig(count), seed), lambda m: m.state.is_over
    )


def forced_refusal(first_seed: int = 1) -> Match:
    """A forced-variant position where the player has rolled and may not stop."""
    for seed in range(first_seed, first_seed + 200):
        match = Match.start(humans(2), GameConfig(2, 3, "forced"), seed)
        try:
            return play_until(
                match,
                lambda m: (
                    m.state.phase is Phase.ROLL and any(m.state.runners) and not can_stop(m.state)
                ),
            )
        except AssertionError:
            continue
    raise AssertionError("no forced position in 200 seeds")
