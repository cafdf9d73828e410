"""Random keys and clicks on every screen at several sizes: nothing may raise."""

from __future__ import annotations

import random

from textual import events

from cantstop_tui.play.match import Seat
from cantstop_tui.ui.app import CantStopApp

from .ui_helpers import finished, local_app, settings, table_app

KEYS = (
    "r",
    "s",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "space",
    "enter",
    "tab",
    "shift+tab",
    "n",
    "question_mark",
    "f1",
    "q",
    "y",
    "escape",
    "x",
    "up",
    "down",
    "left",
    "right",
    "h",
    "backspace",
    "0",
    "9",
)
SIZES = ((80, 24), (120, 40), (60, 18), (80, 22), (79, 23))
EVENTS_PER_SIZE = 200
"""Three apps x five sizes x 200: three thousand events."""
BATCH = 8
"""Keys are posted in small bursts, like a fast typist, then the app catches up."""


def click_events(x: int, y: int) -> list[events.MouseEvent]:
    """What a terminal sends for a left click at (x, y)."""
    where = (None, x, y, 0, 0, 1, False, False, False, x, y)
    return [events.MouseDown(*where), events.MouseUp(*where), events.Click(*where, chain=1)]


def key_event(key: str) -> events.Key:
    char = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t"}.get(key)
    if char is None and len(key) == 1:
        char = key
    return events.Key(key, char)


async def hammer(app: CantStopApp, seed: int) -> int:
    """Send random input; returns how many times the app asked to exit (ignored)."""
    exits: list[object] = []
    app.exit = lambda *args, **kwargs: exits.append(args)  # type: ignore[method-assign]
    rng = random.Random(seed)
    async with app.run_test(size=SIZES[0]) as pilot:
        for size in SIZES:
            await pilot.resize_terminal(*size)
            for count in range(EVENTS_PER_SIZE):
                if rng.random() < 0.85:
                    app.post_message(key_event(rng.choice(KEYS)))
                else:
                    x, y = rng.randrange(app.size.width), rng.randrange(app.size.height)
                    for event in click_events(x, y):
                        app.post_message(event)
                if count % BATCH == 0:
                    await pilot.pause()
            await pilot.pause()
        # An error no handler caught would have ended the app (exit itself is stubbed out).
        assert app.is_running
    return len(exits)


async def test_random_input_on_a_fresh_app() -> None:
    await hammer(CantStopApp(ai_delay=0), 1)


async def test_random_input_in_a_game_with_a_computer() -> None:
    seats = (Seat("Ana"), Seat("Bot", "easy"), Seat("Cy"))
    await hammer(local_app(settings(seats=seats, seed=4)), 3)


async def test_random_input_after_the_game_is_over() -> None:
    app, _table = table_app(finished(2, seed=8))
    await hammer(app, 4)
