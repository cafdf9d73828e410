"""A key redraws only what changed (issue 31), and what it keeps of earlier drawings never
shows stale: the screen after a run of keys is the screen a fresh app draws of the same game.

The widgets keep lines drawn earlier (the keys bar each key set, the game screen's widgets
each look of a line, the game log each line at its place); a key that was missing from
what they are kept by would show an old line here.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.demo import next_key
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.widgets.game_log import GameLog
from cantstop_tui.ui.widgets.one_style import OneStylePerRender

from .ui_helpers import SIZE, start_playing, table_app, until

MATCH = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 7)
BARE = ("Board", "PairChoice", "PlayersPanel", "DiceView", "ActionBar", "GameLog", "KeysBar")
"""The game screen's widgets that a key changes, all bare (``OneStylePerRender._bare``)."""
CHECKPOINTS = (9, 26, 45)
"""Keys pressed before each comparison: rolls, choices and stops in turn, a bust, and a
log long enough to scroll."""


async def _screenshots_after_keys() -> tuple[list[tuple[Match, str]], bool]:
    """Presses the demo player's keys; at each checkpoint, the game and the screen; and
    whether the log had scrolled by the last."""
    app, table = table_app(MATCH)
    shots: list[tuple[Match, str]] = []
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        for pressed in range(1, CHECKPOINTS[-1] + 1):
            steps = len(table.match.history)
            await pilot.press(next_key(table.match))
            await until(
                pilot, lambda steps=steps: len(table.match.history) > steps, "the key's move"
            )
            if pressed in CHECKPOINTS:
                await pilot.pause()
                shots.append((table.match, app.export_screenshot()))
        scrolled = app.screen.query_one(GameLog).top > 0
    return shots, scrolled


async def _fresh_screenshot(match: Match) -> str:
    app, _ = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        await pilot.pause()
        return app.export_screenshot()


async def test_the_screen_after_keys_is_what_a_fresh_app_draws_of_the_same_game() -> None:
    shots, scrolled = await _screenshots_after_keys()
    assert scrolled  # new lines moved the old ones up
    for match, shown in shots:
        assert shown == await _fresh_screenshot(match), f"after {len(match.history)} steps"


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def _shown(log: GameLog) -> list[str]:
    """The rows' text, without the last column (the log's marks)."""
    return [log.render_line(y).text[:-1].rstrip() for y in range(log.size.height)]


def _tail(log: GameLog) -> list[str]:
    lines = [str(line) for line in log.lines]
    top = log.top
    shown = lines[top : top + log.size.height]
    return shown + [""] * (log.size.height - len(shown))


async def test_the_game_log_shows_its_lines_after_scrolling_dropping_and_clearing() -> None:
    """Each line is drawn once at its place; lines moved by dropping the oldest (past its
    400) or by clearing are drawn as they now are."""
    async with LogApp().run_test(size=(40, 12)) as pilot:
        log = pilot.app.query_one(GameLog)
        for batch in range(45):
            log.write_lines([f"line {batch * 10 + n}" for n in range(10)])
            await pilot.pause()
            assert _shown(log) == _tail(log)
        assert log.line_count == 400 and str(log.lines[0]) == "line 50"
        assert _shown(log)[-1] == "line 449"
        log.clear()
        log.write_lines(["line 0", "again"])
        await pilot.pause()
        assert _shown(log)[:3] == ["line 0", "again", ""]


async def test_bare_widgets_hand_over_the_lines_textuals_styling_would_make() -> None:
    """The widgets a key changes have no padding or border (the moves' line over them is
    a widget of its own): they give the compositor their own lines (through the app's
    filters), which must be what Textual's styling makes of them."""
    app, table = table_app(MATCH)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        for _ in range(CHECKPOINTS[-1]):  # the log scrolled, the dice and moves shown
            steps = len(table.match.history)
            await pilot.press(next_key(table.match))
            await until(pilot, lambda s=steps: len(table.match.history) > s, "the key's move")
        await pilot.pause()
        screen = app.screen
        bare = {type(w).__name__ for w in screen.query("*") if _is_bare(w)}
        assert set(BARE) <= bare
        _assert_styled_alike(screen)
        app.theme = "textual-light"  # the styles the widgets keep change with the theme
        await pilot.pause()
        _assert_styled_alike(screen)


def _assert_styled_alike(screen: Screen[object]) -> None:
    for widget in screen.query(", ".join(BARE)):
        whole = Region(0, 0, *widget.size)
        part = Region(2, 1, widget.size.width - 3, widget.size.height - 1)
        for crop in (whole, part):
            ours = [strip.text for strip in widget.render_lines(crop)]
            styled = [strip.text for strip in Widget.render_lines(widget, crop)]
            assert ours == styled, type(widget).__name__
            ours_looks = [list(strip) for strip in widget.render_lines(crop)]
            styled_looks = [list(strip) for strip in Widget.render_lines(widget, crop)]
            assert ours_looks == styled_looks, type(widget).__name__


def _is_bare(widget: Widget) -> bool:
    return isinstance(widget, OneStylePerRender) and widget._bare()
