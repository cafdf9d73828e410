"""ui/textual_compat/palette.py: each inner part of Textual's command palette it names is
still there, and the ASCII palette draws in ASCII only."""

from __future__ import annotations

import inspect

from textual.app import App
from textual.command import CommandInput, CommandPalette, SearchIcon
from textual.widgets import Input

from cantstop_tui.ui.textual_compat import palette

from .ui_helpers import SIZE, finished, not_ascii, shown_text, table_app


def test_the_inner_names_the_ascii_palette_uses_are_textuals() -> None:
    css = CommandPalette.DEFAULT_CSS
    assert "#--input" in css  # the line between block rules
    assert "LoadingIndicator.--visible" in css  # the busy dots
    assert hasattr(SearchIcon, "icon")  # the mark it draws, a var
    assert "SearchIcon()" in inspect.getsource(CommandPalette.compose)
    assert "CommandInput(" in inspect.getsource(CommandPalette.compose)
    assert f'id="{palette.PALETTE_ID}"' in inspect.getsource(App.action_command_palette)
    assert issubclass(CommandInput, Input)  # ``ui.ascii_look`` draws an Input in ASCII


async def test_the_ascii_palette_draws_in_ascii_and_is_found_as_textuals() -> None:
    app, _table = table_app(finished(2, seed=4), ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, palette.AsciiCommandPalette)
        assert CommandPalette.is_open(app)  # type: ignore[arg-type]
        assert app.screen.query_one(SearchIcon).icon == palette.SEARCH_ICON
        assert not_ascii(shown_text(app)) == set()
