"""ui/textual_compat/kept_lines.py: a widget's lines are kept between frames, and drawn
again after every change Textual marks (content, size, scroll, style, line filters)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Log, Static

from cantstop_tui.ui.textual_compat import kept_lines

pytestmark = pytest.mark.usefixtures("server_strips")


class Two(App[None]):
    CSS = "Static { height: 3; } Log { height: 4; }"

    def compose(self) -> ComposeResult:
        yield Static("first", id="text")
        yield Log(id="log")


def lines_of(widget: Widget) -> list[Strip]:
    return widget.render_lines(Region(0, 0, *widget.size))


def text_of(widget: Widget) -> list[str]:
    return [line.text.rstrip() for line in lines_of(widget)]


def textuals_own(widget: Widget) -> list[Strip]:
    """What Textual draws of ``widget`` now, from scratch."""
    kept_lines.UPSTREAM_SET_DIRTY(widget)
    return kept_lines.UPSTREAM_RENDER_LINES(widget, Region(0, 0, *widget.size))


async def test_an_unchanged_widget_gives_the_lines_it_gave_which_are_textuals_own() -> None:
    async with Two().run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        text = pilot.app.query_one("#text", Static)
        first = lines_of(text)
        assert lines_of(text) is first  # kept: not walked again
        assert first == textuals_own(text)


async def test_each_change_textual_marks_draws_the_widget_again() -> None:
    async with Two().run_test(size=(30, 10)) as pilot:
        app = pilot.app
        text, log = app.query_one("#text", Static), app.query_one("#log", Log)
        await pilot.pause()
        assert text_of(text)[0] == "first"
        text.update("second")  # new content
        await pilot.pause()
        assert text_of(text)[0] == "second"
        text.styles.height = 2  # a new size
        await pilot.pause()
        assert len(lines_of(text)) == 2
        before = lines_of(text)
        text.styles.background = "red"  # a new style
        await pilot.pause()
        assert lines_of(text) != before and lines_of(text) == textuals_own(text)
        log.write_lines([f"line {n}" for n in range(10)])  # written and scrolled
        await pilot.pause()
        shown = lines_of(log)
        assert "line 9" in [line.text.rstrip() for line in shown]
        assert shown == textuals_own(log)
        log.scroll_home(animate=False)
        await pilot.pause()
        assert text_of(log)[0] == "line 0"


async def test_a_new_line_filter_draws_the_widget_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.filter import Monochrome

    async with Two().run_test(size=(30, 10)) as pilot:
        text = pilot.app.query_one("#text", Static)
        text.styles.color = "red"
        await pilot.pause()
        coloured = lines_of(text)
        filters = [*text.get_line_filters(), Monochrome()]
        monkeypatch.setattr(text, "get_line_filters", lambda: filters)
        grey = lines_of(text)
        assert grey is not coloured and grey == textuals_own(text)
