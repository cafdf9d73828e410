"""Apps on seeded games for the UI tests; positions and the demo player come from ui.demo."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.screen import Screen

from cantstop_tui.engine import Variant
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.demo import finished, humans, next_key, play_until
from cantstop_tui.ui.settings import GameSettings
from cantstop_tui.ui.table_app import TableApp

__all__ = ["finished", "humans", "next_key", "play_until"]

WAIT_SECONDS = 30.0
"""How long a test waits for something before it fails (a loaded machine is slow)."""
POLL_SECONDS = 0.01

SIZE = (80, 24)
QUICK_SEED = 6
"""A short two-player game for the demo player (about a hundred actions, with a bust)."""


class OneScreen(App[object]):
    """Shows one screen (a game screen as an app of a server's table would, a dialog, a
    list of games) pushed over its own blank one."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


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


async def played_to_the_end(pilot: Pilot[None]) -> Table:
    """The local app's game, from its who-starts screen played to the end by keys (each the
    next key a person would press, ``next_key``), the game-over box up."""
    app = pilot.app
    assert isinstance(app, CantStopApp)
    await start_playing(pilot)
    table = app.table
    assert table is not None
    for _ in range(3000):
        if table.match.state.is_over:
            break
        await pilot.press(next_key(table.match))
    await pilot.pause()
    return table


async def until(
    pilot: Pilot[Any], condition: Callable[[], bool], what: str, timeout: float = WAIT_SECONDS
) -> None:
    """Wait until ``condition()`` holds, the app's messages handled each round; fail with
    ``what`` after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    await pilot.pause()
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"Waited {timeout:g} s for {what}.")
        await asyncio.sleep(POLL_SECONDS)
        await pilot.pause()


async def run_from_palette(pilot: Pilot[Any], query: str) -> None:
    """ctrl+p, type ``query``, and once the palette lists it first, enter."""

    def listed() -> bool:
        palette = pilot.app.screen
        if not isinstance(palette, CommandPalette):
            return False
        commands = palette.query_one(CommandList)
        if commands.highlighted is None:
            return False
        prompt = commands.get_option_at_index(commands.highlighted).prompt
        return query.lower() in getattr(prompt, "plain", str(prompt)).lower()

    await pilot.press("ctrl+p", *query)
    await until(pilot, listed, f"the palette to list {query!r}")
    await pilot.press("enter")
    await until(
        pilot, lambda: not isinstance(pilot.app.screen, CommandPalette), "the palette to close"
    )


def shown_text(app: App[Any]) -> str:
    """Every character on the screen (the screenshot holds each as SVG text)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


def not_ascii(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) >= 128}
