"""Whole games by keys in every colour mode a terminal may ask for: no colour (NO_COLOR,
Textual's monochrome filter), the terminal's own 16-colour palette, a light theme, ASCII."""

from __future__ import annotations

import pytest

from cantstop_tui.ui.screens.game_over import GameOverScreen

from .ui_helpers import QUICK_SEED, SIZE, local_app, played_to_the_end, settings

MODES = {
    "NO_COLOR": {},
    "16 colours": {},
    "light theme": {},
    "ascii": {"ascii_only": True},
}


@pytest.mark.parametrize("mode", list(MODES))
async def test_a_whole_game_by_keys_in_each_colour_mode(mode: str, monkeypatch) -> None:
    if mode == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    app = local_app(settings(2, seed=QUICK_SEED), **MODES[mode])
    if mode == "16 colours":
        app.ansi_color = True
    async with app.run_test(size=SIZE) as pilot:
        if mode == "light theme":
            app.theme = "textual-light"
        assert app.no_color == (mode == "NO_COLOR")
        table = await played_to_the_end(pilot)
        assert table.match.state.is_over
        assert isinstance(app.screen, GameOverScreen)
        winner = table.match.seats[table.match.state.winner].name  # type: ignore[index]
        assert winner in str(app.screen.query_one("#winner").render())
        assert app.return_code is None  # no error ended it

