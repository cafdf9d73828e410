"""The keys bar shows the keys that apply now; the command palette offers the same commands."""

from __future__ import annotations

from cantstop_tui.engine import Phase
from cantstop_tui.ui.screens.help import HelpScreen
from cantstop_tui.ui.screens.quit import QuitScreen
from cantstop_tui.ui.widgets.keys_bar import KeysBar

from .ui_helpers import (
    QUICK_SEED,
    SIZE,
    local_app,
    run_from_palette,
    settings,
    start_playing,
    until,
)


def keys_text(app) -> str:  # type: ignore[no-untyped-def]
    return app.screen.query_one(KeysBar).render().plain


async def test_the_keys_bar_follows_the_phase_of_the_turn() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        before = keys_text(app)
        assert "Roll" in before and "Choose" not in before
        await pilot.press("r")
        await pilot.pause()
        assert app.table is not None and app.table.match.state.phase is Phase.CHOOSE
        during = keys_text(app)
        assert "Choose" in during and "Roll" not in during
        moves = len(app.table.match.state.cached_moves or ())
        assert (f"1-{moves} Choose" if moves > 1 else "1 Choose") in during
        await pilot.press("1")
        await pilot.pause()
        after = keys_text(app)
        assert "Roll" in after and "Stop" in after


async def test_the_command_palette_rolls_and_opens_help() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        table = app.table
        assert table is not None
        await run_from_palette(pilot, "Roll")
        await until(pilot, lambda: bool(table.match.history), "the roll")
        assert table.match.history[-1].kind == "roll"
        await run_from_palette(pilot, "Help")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help screen")
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_the_palette_quit_asks_first() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert titles.count("Quit") == 1
        assert {"Roll", "New game", "Help"} <= set(titles)
        await run_from_palette(pilot, "Quit")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")


async def test_the_palette_offers_the_games_help_not_textuals_keys_panel() -> None:
    from cantstop_tui.storage.replay import Replay
    from cantstop_tui.ui.drawn_app import TEXTUAL_LEFT_OUT
    from cantstop_tui.ui.screens.replay import ReplayApp

    from .ui_helpers import finished

    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Help" in titles and "Theme" in titles
        assert not TEXTUAL_LEFT_OUT & set(titles), titles
        assert titles.count("Quit") == 1  # ours, which asks first
    replay = ReplayApp(Replay(finished(2, seed=3)))
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [command.title for command in replay.get_system_commands(replay.screen)]
        assert "Theme" in titles and not TEXTUAL_LEFT_OUT & set(titles), titles
