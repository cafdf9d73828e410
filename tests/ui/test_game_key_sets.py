"""The game screen works out its keys once for each set the game allows (the keys bar asks
after every key): what it keeps is what Textual would work out, a set that comes back is
not worked out again, and asking for the bindings to be refreshed works them out anew."""

from __future__ import annotations

from textual.binding import ActiveBinding
from textual.screen import Screen

from cantstop_tui.engine import legal_moves
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.widgets.keys_bar import KeysBar

from .ui_helpers import SIZE, local_app, settings, until


def textuals(screen: GameScreen) -> dict[str, tuple[str, bool]]:
    """The screen's bindings as Textual works them out, none kept."""
    fresh: dict[str, ActiveBinding] = Screen.active_bindings.fget(screen)  # type: ignore[attr-defined]
    return {key: (b.binding.action, b.enabled) for key, b in fresh.items()}


def kept(screen: GameScreen) -> dict[str, tuple[str, bool]]:
    return {key: (b.binding.action, b.enabled) for key, b in screen.active_bindings.items()}


async def test_the_keys_kept_are_textuals_and_a_set_that_comes_back_is_kept() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # who starts
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.table is not None
        table = app.table
        seen: dict[object, dict[str, ActiveBinding]] = {}
        comes_back = 0
        for key in "r1r1sr1s" * 2:
            await pilot.press(key)
            await pilot.pause()
            assert kept(screen) == textuals(screen), f"after {key}"
            state = table.match.state
            now = (state.current_player, state.phase, len(legal_moves(state)))
            if now in seen:
                comes_back += screen.active_bindings is seen[now]
            seen[now] = screen.active_bindings
        assert comes_back  # some set of keys came back and was not worked out again


async def test_refreshing_the_bindings_works_them_out_again() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.active_bindings
        assert screen.active_bindings is before  # nothing changed: kept
        bar = screen.query_one(KeysBar)
        assert any(label == "New" for _k, _d, label in bar.keys)
        app.can_restart = False  # an answer of the app's changes, and it says so
        screen.refresh_bindings()
        after = screen.active_bindings
        assert after is not before
        assert "n" not in after or not after["n"].enabled
        assert not any(label == "New" for _k, _d, label in bar.keys)
