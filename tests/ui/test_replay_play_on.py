"""A replay offers to play on only from a step where the game goes on: at a finished
game's last step neither the hint nor the keys bar offers ``p``, and ``p`` does nothing."""

from __future__ import annotations

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
