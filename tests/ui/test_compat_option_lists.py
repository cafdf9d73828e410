"""Without colours a list's highlighted line is drawn in reverse (``textual_compat.
option_lists``): the review's decisions as every other list, not a grey shade alone."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widgets import OptionList

from cantstop_tui.ui.screens.review import ReviewApp, ReviewScreen
from cantstop_tui.ui.textual_compat import UPSTREAM_GET_VISUAL_STYLE
from cantstop_tui.ui.widgets.chance_graph import ChanceGraph

from .ui_helpers import finished, until

HIGHLIGHTED = ("option-list--option", "option-list--option-highlighted")


def reversed_line(strip: Strip) -> bool:
    return all(segment.style is not None and segment.style.reverse for segment in strip)


class Listed(App[None]):
    CSS = "OptionList > .option-list--option-highlighted { text-style: reverse; }"

    def compose(self) -> ComposeResult:
        yield OptionList("one", "two")


async def test_textual_alone_drops_a_lists_reverse() -> None:
    """Textual's line style keeps no reverse (the fix can go when this fails)."""
    app = Listed()
    async with app.run_test() as pilot:
        await pilot.pause()
        options = app.query_one(OptionList)
        assert not UPSTREAM_GET_VISUAL_STYLE(options, *HIGHLIGHTED).reverse
        assert options.get_visual_style(*HIGHLIGHTED).reverse


async def test_without_colour_the_reviews_highlighted_decision_is_reversed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = ReviewApp(finished(2, seed=8))
    async with app.run_test(size=(100, 34)) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query(ChanceGraph)),
            "the review",
        )
        await pilot.pause()
        assert app.no_color
        decisions = app.screen.query_one(OptionList)
        assert decisions.highlighted == 0
        assert reversed_line(decisions.render_line(0))
        assert not any(segment.style and segment.style.reverse
                       for segment in decisions.render_line(1))
        await pilot.press("down")
        assert reversed_line(decisions.render_line(1))
        assert not reversed_line(decisions.render_line(0))
