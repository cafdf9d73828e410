"""The review's decisions stay in sight at every size the app accepts, four players too,
and the page keys are safe on a list that shows no row (they raised KeyError at 80x24)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList

from cantstop_tui.ui.screens.review import ReviewApp, ReviewScreen
from cantstop_tui.ui.widgets.paged_list import PagedOptionList
from cantstop_tui.ui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH

from .ui_helpers import finished, until

SHOWN_AT_LEAST = 4
"""Decisions the list shows at the smallest size (rows inside its border)."""


class HiddenList(App[None]):
    """A list in a container of no height, as the review's was at 80x24."""

    CSS = "#box { height: 0; }"

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield PagedOptionList(*[f"option {n}" for n in range(30)])


async def test_page_keys_on_a_list_that_shows_no_row_move_by_one() -> None:
    app = HiddenList()
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.query_one(PagedOptionList)
        options.highlighted = 5
        options.focus()
        await pilot.press("pagedown")
        assert options.highlighted == 6
        await pilot.press("pageup", "pageup")
        assert options.highlighted == 4


@pytest.mark.parametrize("size", [(MIN_WIDTH, MIN_HEIGHT), (80, 24)])
async def test_a_four_player_review_keeps_its_decisions_in_sight(size: tuple[int, int]) -> None:
    app = ReviewApp(finished(4, seed=2), "a game")
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await until(pilot, lambda: screen.review is not None, "the review", timeout=300)
        await pilot.pause()
        options = screen.query_one(OptionList)
        rows = options.scrollable_content_region.height
        assert rows >= SHOWN_AT_LEAST
        assert options.region.bottom <= size[1] - 1  # above the keys bar
        await pilot.press("pagedown")
        assert options.highlighted == rows - 1 or options.highlighted == rows
        await pilot.press("pageup")
        assert options.highlighted == 0
        assert app.is_running
