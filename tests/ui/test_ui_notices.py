"""Notices (toasts) never cover a dialog's buttons, at the smallest size and larger."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from cantstop_tui.ui.demo import finished
from cantstop_tui.ui.screens.game_over import GameOverScreen

from .ui_helpers import table_app

NOTICE = "* bob asks for a rematch. A notice of two lines or more, as long as a chat line."


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_notice_leaves_the_game_over_boxs_buttons_free(size: tuple[int, int]) -> None:
    app, _table = table_app(finished(2, seed=2))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        for _ in range(3):
            app.notify(NOTICE, timeout=30)
        for _ in range(5):
            await pilot.pause()
        toasts = list(app.screen.query("Toast"))
        buttons = list(app.screen.query(Button))
        assert len(toasts) == 1 and buttons  # the newest: the others made way for it
        for button in buttons:  # what is drawn on top at each of its cells is the button
            region = button.region
            for x in range(region.x, region.right):
                on_top, _ = app.screen.get_widget_at(x, region.y)
                assert on_top is button, f"{button.label} covered by {on_top}"
        assert app.screen.get_widget_at(*toasts[0].region.center)[0] is toasts[0]
        assert NOTICE in str(toasts[0].render())
