"""The game log draws its own lines and keeps its own scroll (issue 31): a new line repaints
only the rows that changed, no scroll bar is drawn, and every earlier line can still be
brought back by keys and the wheel, with a mark saying what is out of sight."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import App, ComposeResult
from textual.geometry import Offset, Region
from textual.pilot import Pilot
from textual.selection import Selection
from textual.strip import Strip

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.ui.demo import next_key
from cantstop_tui.ui.glyphs import ASCII, UNICODE
from cantstop_tui.ui.keys import LOG_PAGES
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.widgets.game_log import MAX_LINES, GameLog, with_offsets

from .ui_helpers import start_playing, table_app, until

MATCH = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 7)


class LogOnly(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def rows(log: GameLog) -> list[str]:
    """Each row as drawn, its last column (the marks) included."""
    return [log.render_line(y).text for y in range(log.size.height)]


def repaints(log: GameLog, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, ...]]:
    """The rows of each repaint ``log`` asks for from now on; () for the whole log."""
    asked: list[tuple[int, ...]] = []
    original = log.refresh

    def refresh(*regions: Region, **kwargs: bool) -> GameLog:
        asked.append(tuple(y for r in regions for y in range(r.y, r.bottom)))
        return original(*regions, **kwargs)

    monkeypatch.setattr(log, "refresh", refresh)
    return asked


async def test_a_line_added_to_a_log_that_fits_repaints_that_line_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines(["first"])
        await pilot.pause()
        asked = repaints(log, monkeypatch)
        log.write_lines(["second", "third"])
        assert asked == [(1, 2)]
        asked.clear()
        log.write_lines([f"more {n}" for n in range(10)])  # past the bottom: all move up
        assert asked == [()]


async def test_a_full_log_shows_the_newest_lines_and_marks_the_earlier_ones() -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines([f"line {n}" for n in range(5)])
        await pilot.pause()
        assert all(row.endswith(" ") for row in rows(log))  # it fits: no mark
        log.write_lines([f"line {n}" for n in range(5, 25)])
        await pilot.pause()
        shown = rows(log)
        assert [row[:-1].rstrip() for row in shown] == [f"line {n}" for n in range(15, 25)]
        assert shown[0].endswith(UNICODE.earlier) and not shown[-1].endswith(UNICODE.later)
        assert not log.show_vertical_scrollbar and not log.allow_vertical_scroll


async def test_scrolled_back_the_log_stays_put_as_lines_come_and_marks_the_later_ones() -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines([f"line {n}" for n in range(30)])
        log.scroll_page(-1)  # a page less a line: nine lines back
        await pilot.pause()
        assert log.scrolled_back == 9 and rows(log)[0].startswith("line 11")
        assert rows(log)[-1].endswith(UNICODE.later)
        log.write_lines(["line 30"])
        await pilot.pause()
        assert log.scrolled_back == 10 and rows(log)[0].startswith("line 11")
        log.scroll_lines(-100)  # no further than the first line
        await pilot.pause()
        assert log.top == 0 and rows(log)[0].startswith("line 0")
        assert not rows(log)[0].endswith(UNICODE.earlier)
        log.scroll_lines(100)  # no further than the newest
        await pilot.pause()
        assert log.scrolled_back == 0 and rows(log)[-1].startswith("line 30")


async def test_the_oldest_lines_go_past_the_most_a_log_keeps() -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines([f"line {n}" for n in range(MAX_LINES + 50)])
        log.scroll_lines(-(MAX_LINES + 50))
        await pilot.pause()
        assert log.line_count == MAX_LINES and rows(log)[0].startswith("line 50")
        log.clear()
        log.write_lines(["again"])
        await pilot.pause()
        assert [row.rstrip() for row in rows(log)[:2]] == ["again", ""]


async def test_control_characters_in_a_line_are_not_sent_to_the_terminal() -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines(["Ana\x1b[2J wins\tcolumn 7"])
        assert "\x1b" not in log.lines[0] and "\t" not in log.lines[0]


async def test_the_selected_text_is_the_logs_lines() -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines(["Ana rolls 1 2 3 4", "and plays 3 and 7."])
        await pilot.pause()
        chosen = log.get_selection(Selection(Offset(4, 0), Offset(9, 1)))
        assert chosen == ("rolls 1 2 3 4\nand plays", "\n")
        assert log.render_line(1).text.startswith("and plays")


async def test_keys_and_the_wheel_scroll_the_game_log_back_and_on() -> None:
    app, table = table_app(MATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        log = await played_until_the_log_holds(pilot, table, 2)  # long enough to scroll
        back, on = LOG_PAGES
        await pilot.press(back)
        assert log.scrolled_back == log.size.height - 1
        await pilot.press(on)
        assert log.scrolled_back == 0
        await wheel(pilot, log, events.MouseScrollUp)
        assert log.scrolled_back > 0
        await wheel(pilot, log, events.MouseScrollDown)
        assert log.scrolled_back == 0


async def played_until_the_log_holds(pilot: Pilot[None], table: Table, pages: int) -> GameLog:
    """The game screen's log, once keys have played ``table``'s game on until the log holds
    ``pages`` times the lines it shows."""
    await start_playing(pilot)
    await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen), "the game screen")
    log = pilot.app.screen.query_one(GameLog)
    while log.line_count < pages * log.size.height:
        steps = len(table.match.history)
        await pilot.press(next_key(table.match))
        await until(pilot, lambda s=steps: len(table.match.history) > s, "the key's move")
    return log


async def wheel(pilot: Pilot[None], log: GameLog, turn: type[events.MouseEvent]) -> None:
    """The wheel turned once over the log, as the terminal tells the app."""
    x, y = log.region.x + 2, log.region.y + 2
    pilot.app.post_message(turn(None, x, y, 0, 0, 0, False, False, False, x, y))
    await pilot.pause()


async def test_an_ascii_terminals_log_marks_with_ascii() -> None:
    class AsciiLog(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog(ASCII, id="log")

    async with AsciiLog().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines([f"line {n}" for n in range(30)])
        log.scroll_lines(-3)
        await pilot.pause()
        assert rows(log)[0].endswith(ASCII.earlier) and rows(log)[-1].endswith(ASCII.later)


async def test_a_taller_or_shorter_log_scrolled_back_keeps_its_top_line() -> None:
    async with LogOnly().run_test(size=(40, 10)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.write_lines([f"line {n}" for n in range(30)])
        log.scroll_lines(-5)
        await pilot.pause()
        assert rows(log)[0].startswith("line 15 ")
        await pilot.resize_terminal(40, 14)
        await until(pilot, lambda: log.size.height == 14, "the taller log")
        assert rows(log)[0].startswith("line 15 ") and log.scrolled_back == 1
        await pilot.resize_terminal(40, 6)
        await until(pilot, lambda: log.size.height == 6, "the shorter log")
        assert rows(log)[0].startswith("line 15 ") and log.scrolled_back == 9


async def test_a_resize_keeps_the_lines_a_reader_scrolled_back_to() -> None:
    app, table = table_app(MATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        log = await played_until_the_log_holds(pilot, table, 3)  # to scroll a page back
        log.scroll_page(-1)
        while log.lines[log.top].startswith(" "):  # a line's start on the top row
            log.scroll_lines(-1)
        await pilot.pause()
        reading, width = log.lines[log.top], log.size.width
        await pilot.resize_terminal(110, 30)  # a wider log: every line wrapped again
        await until(pilot, lambda: log.size.width > width, "the wider log")
        assert log.scrolled_back > 0 and log.lines[log.top].startswith(reading)
        assert rows(log)[0].startswith(log.lines[log.top])
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: log.size.width == width, "the log as it was")
        assert log.lines[log.top] == reading and rows(log)[0].startswith(reading)


def test_a_kept_line_marks_where_each_piece_starts_as_textual_does() -> None:
    """The log's kept lines carry the offsets Textual's ``Strip.apply_offsets`` gives (the
    selection reads them), made without its strips."""
    segments = [
        Segment("Ana rolls 2 5", Style(color="red")),
        Segment("      ", Style()),
        Segment("\N{UPWARDS ARROW}", Style(bold=True)),
    ]
    placed = with_offsets(segments, 7)
    assert placed == list(Strip(segments).apply_offsets(0, 7))
    assert [segment.style.meta["offset"] for segment in placed] == [(0, 7), (13, 7), (19, 7)]
