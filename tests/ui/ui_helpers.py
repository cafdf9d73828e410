"""Apps on seeded games for the UI tests; positions and the demo player come from ui.demo."""

from __future__ import annotations

from textual.pilot import Pilot

from cantstop_tui.engine import Variant
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.demo import finished, humans, next_key, play_until
from cantstop_tui.ui.settings import GameSettings
from cantstop_tui.ui.table_app import TableApp

__all__ = ["finished", "humans", "next_key", "play_until"]

SIZE = (80, 24)
QUICK_SEED = 6
"""A short two-player game for the demo player (about a hundred actions, with a bust)."""


def settings(
    count: int = 2, variant: Variant = "standard", seed: int = 7, seats: tuple[Seat, ...] = ()
) -> GameSettings:
    return GameSettings(seats or humans(count), variant, 3, seed)


def local_app(game: GameSettings | None = None, **kwargs: object) -> CantStopApp:
    return CantStopApp(settings=game, ai_delay=0, **kwargs)  # type: ignore[arg-type]


def table_app(
    match: Match,
    my_seats: set[int] | None = None,
    *,
    can_restart: bool = True,
    ascii_only: bool = False,
) -> tuple[TableApp, Table]:
    """An app following ``table`` like the local game (``n`` starts a new one)."""
    table = Table(match, bot_delay=0)
    return TableApp(table, my_seats, can_restart=can_restart, ascii_only=ascii_only), table


async def start_playing(pilot: Pilot[None]) -> None:
    """Close the who-starts screen."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
