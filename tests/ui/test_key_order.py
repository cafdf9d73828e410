"""Keys read together are handled one after another (``ui.key_order``): a priority key
(ctrl+p) typed just after Enter waits until the Enter has closed who starts."""

from __future__ import annotations

from textual import events
from textual.command import CommandPalette
from textual.widgets import Input, Static

from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.help import KEYS_HERE, KEYS_IN_GAME, HelpScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen

from .ui_helpers import local_app, settings, until


def read_together(app: object, *keys: tuple[str, str]) -> None:
    """What Textual's driver does with keys that came in one read: posts each to the app."""
    for key, character in keys:
        app.post_message(events.Key(key, character))  # type: ignore[attr-defined]


async def test_ctrl_p_just_after_enter_on_who_starts_opens_the_palette_over_the_game() -> None:
    app = local_app(settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RolloffScreen), "who starts")
        read_together(app, ("enter", "\r"), ("ctrl+p", "\x10"))
        # Settled: the palette over the game, or anything else that is not on the way to it.
        await until(
            pilot,
            lambda: not isinstance(app.screen, RolloffScreen | CommandPalette)
            or isinstance(app.screen_stack[-2], GameScreen),
            "the keys to be handled",
        )
        stack = app.screen_stack
        assert isinstance(stack[-1], CommandPalette), stack  # (was: a saved game's list)
        assert isinstance(stack[-2], GameScreen), stack
        assert not any(isinstance(screen, RolloffScreen) for screen in stack)


async def test_a_key_held_behind_one_whose_path_is_cut_short_still_comes() -> None:
    app = local_app(settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RolloffScreen), "who starts")
        nowhere = Static()  # never mounted: a callback posted to it never runs
        app.key_order.posted(events.Key("x", "x"), nowhere)
        read_together(app, ("ctrl+p", "\x10"))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")


def palette_search(app: object) -> str:
    palette = app.screen  # type: ignore[attr-defined]
    assert isinstance(palette, CommandPalette), palette
    return str(palette.query_one(Input).value)


async def test_ctrl_p_and_typing_in_one_read_go_to_the_palettes_search_box() -> None:
    """What a person typing slowly would do: the letters search the palette; none reaches
    the game under it (``r`` there would roll)."""
    app = local_app(settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RolloffScreen), "who starts")
        # Enter, ctrl+p and a search in one read: who starts closes, the palette searches.
        read_together(app, ("enter", "\r"), ("ctrl+p", "\x10"), ("h", "h"), ("e", "e"))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await until(pilot, lambda: palette_search(app) == "he", "the search")
        assert isinstance(app.screen_stack[-2], GameScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        read_together(app, ("ctrl+p", "\x10"), *((key, key) for key in "roll"))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await until(pilot, lambda: palette_search(app) == "roll", "the search")
        assert app.table is not None and not app.table.match.history  # nothing rolled


async def test_ctrl_p_and_typing_in_one_read_leave_a_focused_name_field_alone() -> None:
    app = local_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(Input)), "the new game screen")
        name = app.screen.query(Input).first()
        name.focus()
        await pilot.pause()
        typed = name.value
        read_together(app, ("ctrl+p", "\x10"), *((key, key) for key in "load"))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await until(pilot, lambda: palette_search(app) == "load", "the search")
        assert name.value == typed


async def test_the_help_over_who_starts_sets_each_key_apart_from_what_it_does() -> None:
    """The tester read ``Enter or Space or Escapeplay``: a key named longer than its
    column ran into its words."""
    app = local_app(settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RolloffScreen), "who starts")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        rules = str(app.screen.query_one("#rules", Static).render())
        here = rules[rules.index(KEYS_HERE) : rules.index(KEYS_IN_GAME)]
        assert "Enter or Space or Escape play" in here, here
        assert "Escapeplay" not in here
