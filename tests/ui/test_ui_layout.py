"""The layout follows the window: the board scales, the side panel and log get the rest,
and a resize mid-game redraws at once."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from cantstop_tui.engine import COLUMNS, TOPS
from cantstop_tui.ui.demo import in_progress
from cantstop_tui.ui.widgets.board import Board
from cantstop_tui.ui.widgets.board_scale import board_size, fit_scale
from cantstop_tui.ui.widgets.game_log import GameLog
from cantstop_tui.ui.widgets.one_style import OneStylePerRender
from cantstop_tui.ui.widgets.pair_choice import MARGIN, WIDTH, PairChoice

from .ui_helpers import table_app


@pytest.mark.parametrize(
    ("size", "scale"), [((80, 24), (4, 1)), ((120, 40), (7, 2)), ((160, 50), (9, 3))]
)
async def test_the_board_grows_with_the_window(size, scale) -> None:
    app, _table = table_app(in_progress())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.scale == scale
        width, height = board_size(*scale)
        assert (board.size.width, board.size.height) == (width, height)  # its margin drawn
        right = app.screen.query_one("#right")
        # Everything fits across: board column, side panel, nothing off screen.
        assert board.region.right <= right.region.x and right.region.right <= size[0]
        assert right.size.width >= 22
        # Every space of every column is drawn: a column's spaces x lines per space.
        lines = board._lines
        assert len(lines) == max(TOPS) * scale[1] + 1
        labels = lines[-1].plain
        for column in COLUMNS:
            assert str(column) in labels


async def test_a_resize_mid_game_redraws_the_board_and_rewraps_the_log_at_once() -> None:
    app, _table = table_app(in_progress())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        narrow = max(len(line) for line in log.lines)
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert app.screen.query_one(Board).scale == fit_scale(160 - 25, 50 - 10)
        assert max(len(line) for line in log.lines) > narrow  # rewrapped to the wider panel
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.query_one(Board).scale == (4, 1)


async def test_a_drawn_widget_without_padding_or_border_is_the_size_textual_says() -> None:
    """``OneStylePerRender.size`` is the outer size for a drawn widget without a gutter:
    what Textual's ``size`` (the screen's region less the gutter) says, at every size."""
    app, _table = table_app(in_progress())
    async with app.run_test(size=(80, 24)) as pilot:
        for size in [(80, 24), (160, 50), (100, 30)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            widgets = list(app.screen.query(OneStylePerRender))
            gutterless = [widget for widget in widgets if widget.gutterless]
            assert {type(w).__name__ for w in gutterless} >= {"GameLog", "Board", "KeysBar"}
            for widget in widgets:
                assert widget.size == Widget.size.fget(widget), (size, widget)  # type: ignore[attr-defined]


def test_the_scale_is_the_largest_that_fits() -> None:
    for room in [(55, 14), (70, 20), (100, 30), (140, 45), (300, 100)]:
        width, height = board_size(*fit_scale(*room))
        assert width <= max(room[0], board_size(4, 1)[0])
        assert height <= max(room[1], board_size(4, 1)[1])


@pytest.mark.parametrize(("size", "faces"), [((80, 24), False), ((120, 40), True)])
async def test_dice_are_drawn_as_faces_where_there_is_room(size, faces) -> None:
    from cantstop_tui.ui.widgets.dice import DiceView

    match = in_progress()
    app, _table = table_app(match)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        dice = app.screen.query_one(DiceView)
        assert dice.faces is faces
        text = "\n".join(line.plain for line in dice._lines)
        assert match.state.dice is not None
        if faces:
            assert len(dice._lines) == 3 and dice.size.height == 3
            assert text.count("●") == sum(match.state.dice)  # the pips are the dice
        else:
            assert text.split() == ["Dice", *map(str, match.state.dice)]


async def test_notices_are_wrapped_to_the_box_under_the_board_at_every_width() -> None:
    sentence = " ".join(["A notice long enough to need more than one line at 80 columns."] * 2)
    app, _table = table_app(in_progress())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        choice = app.screen.query_one(PairChoice)
        app.screen._notice(sentence)  # type: ignore[attr-defined]
        await pilot.pause()

        def notice_lines() -> list[str]:
            lines = choice.render().plain.splitlines()  # type: ignore[union-attr]
            lines = [line.removeprefix(MARGIN) for line in lines]  # the box's margin
            return [line for line in lines if line.strip() and line.strip() in sentence]

        wide = notice_lines()
        assert len(wide) == 2 and max(map(len, wide)) > WIDTH
        assert max(map(len, wide)) <= choice.size.width - 2 * len(MARGIN)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        narrow = notice_lines()
        assert len(narrow) > len(wide) and max(map(len, narrow)) <= WIDTH
        assert " ".join(narrow) == sentence
