"""Seeded matches and a key-driving player for the UI tests."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from cantstop_tui.engine import (
    GameConfig,
    Phase,
    Variant,
    bust_probability,
    can_stop,
    legal_moves,
)
from cantstop_tui.match import Match, Seat
from cantstop_tui.table import Table
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.settings import GameSettings

SIZE = (80, 24)
RISK = 0.2
QUICK_SEED = 6
"""A short game under the policy below (about a hundred actions, with a bust)."""


def humans(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(name) for name in ("Ana", "Bo", "Cy", "Di")[:count])


def settings(
    count: int = 2, variant: Variant = "standard", seed: int = 7, seats: tuple[Seat, ...] = ()
) -> GameSettings:
    seats = seats or humans(count)
    return GameSettings(seats, variant, 3, seed)


def keep_going(match: Match) -> bool:
    """A simple human policy: roll on while the next roll busts at most one time in five."""
    return bust_probability(match.state) <= RISK


def next_key(match: Match) -> str:
    """The key the simple policy presses next."""
    state = match.state
    if state.phase is Phase.CHOOSE:
        return "1"
    if can_stop(state) and not keep_going(match):
        return "s"
    return "r"


def step(match: Match) -> Match:
    """The same policy through the Match API."""
    key = next_key(match)
    if key == "1":
        return match.choose(legal_moves(match.state)[0])[0]
    if key == "s":
        return match.stop()[0]
    return match.roll()[0]


def play_until(match: Match, done: Callable[[Match], bool], limit: int = 5000) -> Match:
    for _ in range(limit):
        if done(match) or match.state.is_over:
            return match
        match = step(match)
    raise AssertionError("the game did not reach the wanted position")


def finished_match(count: int = 2, seed: int = 3) -> Match:
    match = Match.start(humans(count), GameConfig(count), seed)
    return play_until(match, lambda m: m.state.is_over)


def local_app(game: GameSettings | None = None, **kwargs: object) -> CantStopApp:
    return CantStopApp(settings=game, ai_delay=0, **kwargs)  # type: ignore[arg-type]


def table_app(match: Match, my_seats: set[int] | None = None) -> tuple[CantStopApp, Table]:
    table = Table(match, bot_delay=0)
    return CantStopApp(table=table, my_seats=my_seats), table


async def start_playing(pilot: Pilot[None]) -> None:
    """Close the who-starts screen."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
