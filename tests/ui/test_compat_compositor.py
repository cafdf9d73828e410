"""ui/textual_compat/compositor.py: the game screen's compositor draws after a change only
the widgets under it, and what it sends leaves the terminal showing what a whole redraw
would; ``repaint`` tells the screen of a widget's change at once. Its private parts
(``Screen._compositor``, ``Compositor``, ``ChopsUpdate``, ``Compositor._dirty_regions``,
``Compositor._get_renders``; ``repaint``'s ``Screen._dirty_widgets``, ``Widget._set_dirty``,
``Widget._layout_cache``, ``Widget._rich_style_cache``) are checked here and listed in
``textual_version.PRIVATE_PARTS``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyte
from textual._compositor import ChopsUpdate, Compositor
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.demo import next_key
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.textual_compat import LeanCompositor, lean_compositor, repaint

from .ui_helpers import SIZE, start_playing, table_app, until

MATCH = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 7)
KEYS = 45
"""Rolls, choices and stops in turn, a bust, and a log long enough to scroll."""


class Terminal:
    """What a terminal shows after the app's output (pyte), cell by cell with its look."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.Stream(self.screen)

    def feed(self, text: str) -> None:
        self.stream.feed(text)

    def cells(self) -> list[list[pyte.screens.Char]]:
        return [[self.screen.buffer[y][x] for x in range(SIZE[0])] for y in range(SIZE[1])]


def _whole(screen: Screen[object]) -> str:
    """The screen drawn whole, as output for a terminal (from its top left)."""
    update = screen._compositor.render_full_update()
    return update.render_segments(screen.app.console)


def _count_renders(screen: Screen[object], drawn: Counter[str]) -> None:
    """Counts in ``drawn`` each time the compositor draws a widget of ``screen``, by the
    widget's class name."""
    for widget in [screen, *screen.query("*")]:
        render_lines = widget.render_lines

        def counted(crop: Region, widget: Widget = widget, draw: Any = render_lines) -> Any:
            drawn[type(widget).__name__] += 1
            return draw(crop)

        widget.render_lines = counted  # type: ignore[method-assign]


async def test_the_terminal_after_partial_updates_shows_the_whole_screen() -> None:
    app, table = table_app(MATCH)
    drawn: Counter[str] = Counter()
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        await pilot.pause()
        screen = app.screen
        compositor = screen._compositor
        assert isinstance(compositor, LeanCompositor)
        terminal = Terminal()
        terminal.feed(_whole(screen))
        partial = compositor.render_partial_update

        def sent() -> ChopsUpdate | None:  # what the app writes after a change, also to pyte
            update = partial()
            if update is not None:
                terminal.feed(update.render_segments(app.console))
            return update

        compositor.render_partial_update = sent  # type: ignore[method-assign]
        _count_renders(screen, drawn)
        for _ in range(KEYS):
            steps = len(table.match.history)
            await pilot.press(next_key(table.match))
            await until(pilot, lambda s=steps: len(table.match.history) > s, "the move")
            await pilot.pause()
        compositor.render_partial_update = partial  # type: ignore[method-assign]
        by_keys = Counter(drawn)
        await pilot.pause()
        whole = Terminal()
        whole.feed(_whole(screen))
        assert terminal.cells() == whole.cells()
    assert by_keys["Board"] and by_keys["GameLog"]  # the keys changed both
    assert by_keys["GameScreen"] == 0  # hidden under its children: never drawn for a change


class Boxes(Screen[None]):
    """A container with a border around two lines, and a line beside it."""

    DEFAULT_CSS = "#box { border: solid red; height: 6; width: 20; } #side { width: 10; }"

    def __init__(self) -> None:
        super().__init__()
        lean_compositor(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("one", id="one")
            yield Static("two", id="two")
        yield Static("side", id="side")


class BoxesApp(App[None]):
    def get_default_screen(self) -> Screen[None]:
        return Boxes()


async def test_a_change_draws_the_widget_it_changed_not_its_container_or_neighbours() -> None:
    app = BoxesApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        drawn: Counter[str] = Counter()
        _count_renders(app.screen, drawn)
        for widget in app.screen.query("*"):
            drawn[type(widget).__name__] = 0
        app.query_one("#two", Static).update("TWO")
        await pilot.pause()
        assert drawn == Counter({"Static": 1})  # "two", not "one" or "side"
        assert "TWO" in app.screen._compositor.render_strips()[2].text


def test_textuals_compositor_is_the_screens_and_is_replaced_for_one_screen() -> None:
    screen: Screen[None] = Screen()
    assert type(screen._compositor) is Compositor
    assert hasattr(screen._compositor, "_dirty_regions")
    lean_compositor(screen)
    assert isinstance(screen._compositor, LeanCompositor)
    assert type(Screen()._compositor) is Compositor  # other screens keep Textual's


class Said(Widget):
    """A line whose words are set from outside, then repainted."""

    DEFAULT_CSS = "Said { height: 1; }"
    words = "before"

    def render(self) -> str:
        return self.words


class SaidScreen(Screen[None]):
    def __init__(self, lean: bool) -> None:
        super().__init__()
        if lean:
            lean_compositor(self)

    def compose(self) -> ComposeResult:
        yield Said()
        yield Static("beside")


class SaidApp(App[None]):
    """A ``SaidScreen``, on our compositor (``lean``) or Textual's."""

    def __init__(self, lean: bool) -> None:
        super().__init__()
        self.lean = lean

    def get_default_screen(self) -> Screen[None]:
        return SaidScreen(self.lean)


async def test_a_repaint_tells_the_screen_at_once_and_draws_the_widget_anew() -> None:
    app = SaidApp(lean=True)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        said = app.query_one(Said)
        drawn: Counter[str] = Counter()
        _count_renders(app.screen, drawn)
        said.words = "after"
        repaint(said)
        assert said in app.screen._dirty_widgets  # the screen told, not the widget woken
        assert not said._repaint_required and not said._layout_cache
        assert said._rich_style_cache == {}
        await pilot.pause()
        assert drawn == Counter({"Said": 1})  # drawn once, its neighbour not
        assert app.screen._compositor.render_strips()[0].text.startswith("after")


async def test_a_gutterless_repaint_of_rows_marks_them_as_textuals_own_does() -> None:
    """``repaint(..., gutterless=True)`` does what ``Widget._set_dirty`` does with regions
    (its private parts: ``_dirty_regions``, ``_repaint_regions``, ``_styles_cache``),
    without working out the content's offset, which is (0, 0) without padding or border."""
    app = SaidApp(lean=True)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        said = app.query_one(Said)
        rows = (Region(0, 0, 10, 1), Region(2, 0, 5, 1))

        def marked() -> tuple[set[Region], set[Region], set[int]]:
            return (set(said._dirty_regions), set(said._repaint_regions),
                    set(said._styles_cache._dirty_lines))

        repaint(said, *rows, gutterless=True)
        ours = marked()
        assert said in app.screen._dirty_widgets
        await pilot.pause()  # drawn: the marks cleared
        assert marked() != ours
        said._set_dirty(*rows)
        assert marked() == ours == ({*rows}, {*rows}, {0})


async def test_a_repaint_on_textuals_compositor_is_textuals_refresh() -> None:
    app = SaidApp(lean=False)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        said = app.query_one(Said)
        said.words = "after"
        repaint(said)
        assert said._repaint_required and said not in app.screen._dirty_widgets
        await pilot.pause()
        assert app.screen._compositor.render_strips()[0].text.startswith("after")
