"""A replay offers to play on only from a step where the game goes on: at a finished
game's last step neither the hint nor the keys bar offers ``p``, and ``p`` does nothing.
The bar shows no step past either end (no Forward and End at the last, no Back and Start
at the first)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Static

from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui import screen_keys
from cantstop_tui.ui.screens.replay import PLAY_ON_HINT, ReplayApp, ReplayScreen

from .test_keys_bar import settle, shown_acts, visible_bar
from .ui_helpers import SIZE, finished, until


def offered(screen: ReplayScreen) -> tuple[bool, bool]:
    """Whether the keys bar shows Play on, and whether the hint is shown."""
    labels = [label for _key, _display, label in visible_bar(screen.app).keys]
    hint = screen.query_one("#fresh-dice", Static)
    return screen_keys.PLAY_ON.label in labels, hint.display


async def test_play_on_is_not_offered_where_the_game_is_over() -> None:
    replay = Replay(finished(2, seed=3))
    app = ReplayApp(replay)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, ReplayScreen, "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == replay.last
        assert offered(screen) == (False, False)
        await pilot.press("p")
        await pilot.pause()
        assert app.screen is screen and app.return_value is None  # p did nothing
        await pilot.press("left")
        await until(pilot, lambda: offered(screen) == (True, True), "Play on a step back")
        shown_acts(app)
        assert str(screen.query_one("#fresh-dice", Static).render()) == PLAY_ON_HINT
        await pilot.press("right")
        await until(pilot, lambda: offered(screen) == (False, False), "no Play on at the end")
        shown_acts(app)


def bar_labels(app: App[Any]) -> list[str]:
    return [label for _key, _display, label in visible_bar(app).keys]


async def test_the_bar_hides_the_steps_that_go_past_either_end() -> None:
    replay = Replay(finished(2, seed=3))
    app = ReplayApp(replay)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, ReplayScreen, "the replay")  # at the last step
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == replay.last
        assert "Back" in bar_labels(app) and "Forward" not in bar_labels(app)
        assert "End" not in bar_labels(app) and "Start" in bar_labels(app)
        await pilot.press("home")
        await until(pilot, lambda: screen.index == 0, "the first step")
        await until(pilot, lambda: "Forward" in bar_labels(app), "Forward shown")
        assert "Back" not in bar_labels(app) and "Start" not in bar_labels(app)
        assert "End" in bar_labels(app)
        shown_acts(app)
        await pilot.press("left")  # hidden: does nothing, and says nothing wrong
        await pilot.pause()
        assert screen.index == 0 and app.screen is screen
