"""The keys bar follows the screen on top (a dialog's keys over the screen it shows
through), shows only keys that act now, and leaves off what does not fit; the help lists a
dialog's keys apart from the game's and says when it goes on out of sight."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Static

from cantstop_tui.engine import Phase
from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui import screen_keys
from cantstop_tui.ui.keys import CHOOSE, is_move
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.help import (
    KEYS_HERE,
    KEYS_IN_GAME,
    MORE_ABOVE,
    MORE_BELOW,
    HelpScreen,
)
from cantstop_tui.ui.screens.quit import QuitScreen
from cantstop_tui.ui.screens.replay import ReplayApp, ReplayScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.screens.save_as import SaveAsScreen
from cantstop_tui.ui.widgets.keys_bar import PALETTE_HINT, KeysBar, fitted, key_cells

from .ui_helpers import SIZE, finished, local_app, settings, start_playing, table_app, until


def visible_bar(app: App[object]) -> KeysBar:
    """The bar on the screen: the top screen's own, or the one under the dialogs over it."""
    for screen in reversed(app.screen_stack):
        bars = screen.query(KeysBar)
        if bars:
            return bars.first()
        assert isinstance(screen, ModalScreen), f"no keys bar under {app.screen}"
    raise AssertionError("no keys bar")


def shown_acts(app: App[object]) -> str:
    """Check that each key the bar shows is an enabled binding of the screen on top (what
    a press of it reaches), and each enabled binding meant for the bar is shown; returns
    the bar's text."""
    bar = visible_bar(app)
    top = app.screen
    assert bar.screen_shown is top, (bar.screen_shown, top)
    active = top.active_bindings
    for key, _display, label in bar.keys:
        assert key in active, f"{key} ({label}) shown over {top} does nothing"
        assert active[key].enabled, f"{key} ({label}) shown over {top} is disabled"
    # The moves (choose(1) ... choose(6)) are one entry of the bar, each allowed one in it.
    def slot(binding: Binding) -> str:
        return CHOOSE.action if is_move(binding) else binding.action

    shown = {slot(active[key].binding) for key, _d, _l in bar.keys}
    wanted = {
        slot(b.binding)
        for b in active.values()
        if b.enabled and (b.binding.show or is_move(b.binding))
    }
    assert shown == wanted, f"over {top}: shown {shown}, enabled {wanted}"
    return str(bar.render().plain)


async def settle(pilot: Pilot[object], screen_type: type, what: str) -> str:
    await until(pilot, lambda: isinstance(pilot.app.screen, screen_type), what)
    await pilot.pause()
    return shown_acts(pilot.app)


async def test_over_every_dialog_of_a_game_the_bar_shows_the_keys_that_act() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RolloffScreen), "who starts")
        await pilot.press("enter")  # (who starts is drawn before the game: no bar under it)
        keys = await settle(pilot, GameScreen, "the game")
        table = app.table
        assert table is not None and table.match.state.phase is Phase.ROLL
        # Before the first roll of a turn stopping is not allowed: no Stop to press.
        assert " r Roll " in keys and "Stop" not in keys
        await pilot.press("s")
        await pilot.pause()
        assert not table.match.history  # s did nothing but say why
        await pilot.press("question_mark")
        keys = await settle(pilot, HelpScreen, "the help")
        enter = app.get_key_display(Binding("enter", "close"))  # as every bar shows Enter
        assert enter != "enter" and f" {enter} Close help " in keys and "Roll" not in keys
        assert KEYS_HERE not in str(app.screen.query_one("#rules", Static).render())
        await pilot.press("escape")
        keys = await settle(pilot, GameScreen, "the game again")
        assert " r Roll " in keys
        await pilot.press("q")
        keys = await settle(pilot, QuitScreen, "the question")
        assert " y Yes, quit  n No " in keys and "Roll" not in keys  # as the buttons say
        await pilot.press("n")
        await settle(pilot, GameScreen, "the game again")
        await pilot.press("ctrl+s")
        keys = await settle(pilot, SaveAsScreen, "the save box")
        assert " esc Cancel " in keys and f" {enter} Save " in keys and "Roll" not in keys
        await pilot.press("escape")
        await settle(pilot, GameScreen, "the game again")
        await pilot.press("r")
        await until(pilot, lambda: table.match.state.phase is Phase.CHOOSE, "the roll")
        await pilot.pause()
        keys = shown_acts(app)
        assert " Choose " in keys and "Roll" not in keys
        await pilot.press("1")
        await until(pilot, lambda: table.match.state.phase is Phase.ROLL, "the move")
        await pilot.pause()
        assert " s Stop " in shown_acts(app)
        await pilot.press("ctrl+p")
        keys = await settle(pilot, CommandPalette, "the palette")
        assert PALETTE_HINT not in keys  # ctrl+p does nothing more while it is open


async def test_a_server_tables_leave_question_bar_says_what_its_buttons_say() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RolloffScreen), "who starts")
        await pilot.press("enter")
        await settle(pilot, GameScreen, "the game")
        app.push_screen(QuitScreen(False, "Leave this table for the lobby?", "Yes, leave"))
        keys = await settle(pilot, QuitScreen, "the question")
        assert " y Yes, leave  n No " in keys and "quit" not in keys


async def test_over_the_game_over_box_the_bar_shows_its_keys_not_the_games() -> None:
    app, _table = table_app(finished(2, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        keys = await settle(pilot, GameOverScreen, "the game over box")
        for shown in (screen_keys.REMATCH, screen_keys.GAME_OVER_NEW, screen_keys.REVIEW_GAME):
            assert f" {shown.first} {shown.label} " in keys, keys
        assert " ? Help " in keys
        assert "Win %" not in keys and " w " not in keys  # w does nothing here
        await pilot.press("question_mark")  # what is shown works
        keys = await settle(pilot, HelpScreen, "the help over the game over box")
        assert "Rematch" not in keys
        # The help follows the box too: its keys first, the game's apart, named so.
        rules = " ".join(str(app.screen.query_one("#rules", Static).render()).split())
        here = rules.index(KEYS_HERE)
        assert here < rules.index("r rematch") < rules.index(KEYS_IN_GAME)
        assert rules.index(KEYS_IN_GAME) < rules.index("r or space roll the dice")
        await pilot.press("escape")
        keys = await settle(pilot, GameOverScreen, "the game over box again")
        assert "Rematch" in keys


async def test_the_replay_keys_fit_in_80_columns() -> None:
    app = ReplayApp(Replay(finished(2, seed=3)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, ReplayScreen, "the replay")
        await pilot.press("left")  # a step before the end, where p plays on
        keys = shown_acts(app)
        labels = [label for _key, _display, label in visible_bar(app).keys]
        assert labels == [key.label for key in screen_keys.REPLAY]
        assert keys.rstrip().endswith(PALETTE_HINT.strip())
        assert len(keys.rstrip()) <= SIZE[0]


def test_what_does_not_fit_is_left_off_from_the_end_the_palette_first() -> None:
    keys = (("a", "a", "First"), ("b", "b", "Second"), ("c", "c", "Third"))
    cells = sum(key_cells(display, label) for _k, display, label in keys)
    hint = len(PALETTE_HINT)
    assert fitted(keys, True, cells + hint) == (keys, True)
    assert fitted(keys, True, cells + hint - 1) == (keys, False)
    assert fitted(keys, False, cells) == (keys, False)
    assert fitted(keys, True, cells - 1) == (keys[:2], False)
    assert fitted(keys, True, key_cells("a", "First")) == (keys[:1], False)
    assert fitted(keys, True, 3) == ((), False)


async def test_the_help_marks_more_below_and_above_without_colour() -> None:
    app, _table = table_app(finished(2, seed=4), ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, GameOverScreen, "the game over box")
        await pilot.press("question_mark")
        await settle(pilot, HelpScreen, "the help")
        box = app.screen.query_one("#help", VerticalScroll)
        await until(pilot, lambda: str(box.border_subtitle) == f"v {MORE_BELOW}", "more below")
        assert not box.border_title
        await pilot.press("end")
        await until(pilot, lambda: str(box.border_title) == f"^ {MORE_ABOVE}", "more above")
        assert not box.border_subtitle


async def test_a_set_of_keys_seen_before_is_shown_again_without_working_it_out() -> None:
    """The game screen keeps one bindings dictionary for each set of keys the game allows;
    the bar works out the keys of each once (``KeysBar._shown``) and shows them again when
    the set comes back (four turns of a roll, a choice and a stop: fewer sets than keys)."""
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        await pilot.pause()
        bar = visible_bar(app)
        worked_out: list[tuple[object, ...]] = []
        shown = bar._shown

        def counted(screen: object, active: object) -> tuple[object, ...]:
            keys = shown(screen, active)  # type: ignore[arg-type]
            worked_out.append(keys)
            return keys

        bar._shown = counted  # type: ignore[method-assign]
        presses = 0
        for key in "r1s" * 4:
            await pilot.press(key)
            await pilot.pause()
            shown_acts(app)  # the keys that act, each time
            presses += 1
        # a set a player saw before (the same moves to choose from, say) not worked out again
        assert 0 < len(worked_out) < presses, worked_out
