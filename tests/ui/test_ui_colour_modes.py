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



async def test_without_colour_the_focus_and_a_lists_highlight_read_by_reverse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import Input, OptionList

    from cantstop_tui.ui.app import CantStopApp
    from cantstop_tui.ui.screens.new_game import NewGameScreen
    from cantstop_tui.ui.screens.saved_games import SavedGamesScreen

    from .ui_helpers import until

    monkeypatch.setenv("NO_COLOR", "1")
    app = CantStopApp(ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new game")
        name = app.screen.query_one("#name0", Input)
        name.focus()
        await pilot.pause()
        assert name.styles.text_style.reverse  # not a grey shade alone
        other = app.screen.query_one("#name1", Input)
        assert not other.styles.text_style.reverse
        app.push_screen(SavedGamesScreen())
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen), "a list")
        options = app.screen.query_one(OptionList)
        highlighted = options.get_component_styles("option-list--option-highlighted")
        assert highlighted.text_style.reverse
