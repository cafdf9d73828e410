"""ui/textual_compat/logs.py: Textual's ``RichLog`` caches 1,024 drawn lines however few it
keeps; a log bounded by ``bound_line_cache`` caches no more than it is told."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import RichLog

from cantstop_tui.ui.textual_compat import bound_line_cache, cached_lines
from cantstop_tui.ui.textual_compat.logs import UPSTREAM_LINE_CACHE


class TwoLogs(App[None]):
    def compose(self) -> ComposeResult:
        yield RichLog(max_lines=5, id="upstream")
        bounded = RichLog(max_lines=5, id="bounded")
        bound_line_cache(bounded, 5)
        yield bounded


async def test_a_bounded_log_caches_no_more_lines_than_it_keeps() -> None:
    app = TwoLogs()
    async with app.run_test(size=(40, 20)) as pilot:
        upstream = app.query_one("#upstream", RichLog)
        bounded = app.query_one("#bounded", RichLog)
        for number in range(40):
            upstream.write(f"line {number}")
            bounded.write(f"line {number}")
            await pilot.pause()
        assert cached_lines(upstream)[1] == UPSTREAM_LINE_CACHE
        assert cached_lines(upstream)[0] > 5  # lines long gone, still cached upstream
        assert cached_lines(bounded) <= (5, 5)
        assert cached_lines(bounded)[0] > 0  # still caches what it shows
