"""The new-game screen: defaults, error sentences, allowed columns to win, remembered settings."""

from __future__ import annotations

from textual.widgets import Button, Input, Select, Static

from cantstop_tui.engine import allowed_win_columns
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.settings import GameSettings, load_settings, parse_players, settings_path
from cantstop_tui.ui.textual_compat.widgets import select_values

from .ui_helpers import SIZE, not_ascii, shown_text, until


async def test_enter_starts_one_human_against_the_computer() -> None:
    app = CantStopApp(ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RolloffScreen)
        assert app.table is not None
        seats = app.table.match.seats
        assert [seat.is_human for seat in seats] == [True, False]


async def test_enter_starts_from_a_drop_down_or_a_checkbox_too() -> None:
    for field in ("#kind1", "#hints"):
        app = CantStopApp(ai_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            widget = app.screen.query_one(field)
            widget.focus()
            await pilot.pause()
            if field == "#hints":
                before = widget.value  # type: ignore[attr-defined]
                await pilot.press("space")
                assert widget.value != before  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, RolloffScreen), field


async def test_settings_are_remembered_in_the_config_dir(config_home) -> None:  # type: ignore[no-untyped-def]
    app = CantStopApp(ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name0", Input).value = "Zoe"
        screen.query_one("#kind2", Select).value = "human"
        screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.table is not None and app.table.match.seed == 42
    assert settings_path().is_relative_to(config_home)
    remembered, problem = load_settings()
    assert problem is None
    assert remembered.seats[0].name == "Zoe"
    assert len(remembered.seats) == 3
    assert remembered.seed is None  # a seed is for its game only, never remembered
    again = CantStopApp(ai_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#name0", Input).value == "Zoe"
    # --players is for its run only: it neither replaces what is remembered, nor is it
    # written with a theme chosen during that run.
    given = CantStopApp(ai_delay=0, settings=GameSettings(parse_players("Ann:human,Bob:human")))
    async with given.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: given.table is not None, "the command line's game")
        given.theme = "textual-light"
        await pilot.pause()
    remembered, problem = load_settings()
    assert problem is None and remembered.seats[0].name == "Zoe" and len(remembered.seats) == 3


async def test_columns_to_win_follow_the_number_of_players() -> None:
    app = CantStopApp(ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        win = screen.query_one("#win", Select)
        screen.query_one("#win", Select).value = 5
        for seat in (2, 3):
            screen.query_one(f"#kind{seat}", Select).value = "human"
            await pilot.pause()
        allowed = allowed_win_columns(4)
        assert win.value in allowed
        values = select_values(win)
        assert set(values) - {Select.BLANK} == set(allowed)


async def test_bad_input_gets_a_sentence_and_keeps_the_form() -> None:
    app = CantStopApp(ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name1", Input).value = "You"
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#error", Static).render())
        assert "different name" in error
        screen.query_one("#name1", Input).value = ""
        start = screen.query_one("#start", Button)  # it ignores presses while showing one
        await until(pilot, lambda: not start.has_class("-active"), "the button to settle")
        await pilot.press("enter")
        await pilot.pause()
        assert "needs a name" in str(screen.query_one("#error", Static).render())
        assert app.table is None



async def test_ascii_mode_draws_the_new_game_screen_in_ascii_only() -> None:
    app = CantStopApp(ascii_only=True, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        shown = shown_text(app)
    assert "New game" in shown
    assert not_ascii(shown) == set()
    # The one-row fields show what they hold, not an ASCII border in its place.
    assert "You" in shown and "Human" in shown and "Standard" in shown, shown


async def test_the_help_on_the_new_game_screen_is_that_screens() -> None:
    """``?`` before any game: the rules and the new-game screen's keys, not the game's (it
    listed them and ended "Back to the game (Enter)")."""
    from cantstop_tui.ui.screens.help import KEYS_IN_GAME, KEYS_ON_SCREEN, HelpScreen

    app = CantStopApp(ai_delay=0, remember=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        rules = app.screen.query_one("#rules", Static).render().plain
        back = str(app.screen.query_one("#close", Button).label)
        assert "Can't Stop in brief" in rules
        assert KEYS_ON_SCREEN in rules and "start game" in rules, rules
        assert KEYS_IN_GAME not in rules and "roll" not in rules.split(KEYS_ON_SCREEN)[1], rules
        assert back == "Back (Enter)", back
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the screen again")
