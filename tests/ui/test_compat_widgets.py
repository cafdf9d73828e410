"""ui/textual_compat/widgets.py and app_parts.py: the quiet log, the lean footer, what tests
read."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widgets import Footer

from cantstop_tui.ui import textual_compat
from cantstop_tui.ui.textual_compat import widgets as compat_widgets
from cantstop_tui.ui.widgets.game_log import GameLog

from .ui_helpers import SIZE

pytestmark = pytest.mark.usefixtures("server_strips")


class LogOnly(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


async def test_the_game_log_measures_new_lines_at_once_without_a_thread() -> None:
    app = LogOnly()
    async with app.run_test(size=(40, 10)):
        log = app.query_one(GameLog)
        log._write(["short", "a somewhat longer line"])
        assert log.virtual_size.width == len("a somewhat longer line")
        assert log.virtual_size.height == 2
        assert not list(app.workers)


class TinyLog(App[None]):
    def compose(self) -> ComposeResult:
        yield compat_widgets.QuietLog(max_lines=3)


def repaints(
    log: compat_widgets.QuietLog, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, ...]]:
    """The rows of each repaint ``log`` asks for from now on; () for the whole log."""
    asked: list[tuple[int, ...]] = []
    original = log.refresh

    def refresh(*regions: Region, **kwargs: bool) -> compat_widgets.QuietLog:
        asked.append(tuple(y for r in regions for y in range(r.y, r.bottom)))
        return original(*regions, **kwargs)

    monkeypatch.setattr(log, "refresh", refresh)
    return asked


async def test_a_line_added_to_a_log_that_fits_repaints_that_line_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = LogOnly()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        log._write(["first"])
        await pilot.pause()
        asked = repaints(log, monkeypatch)
        log._write(["second", "third"])
        assert asked == [(1, 2)]


async def test_clearing_a_log_or_dropping_its_old_lines_repaints_it_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = TinyLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(compat_widgets.QuietLog)
        log.write_lines(["one", "two", "three"])
        await pilot.pause()
        asked = repaints(log, monkeypatch)
        log.write_lines(["four"])  # "one" goes: every line moves up
        assert () in asked
        asked.clear()
        log.clear()
        assert () in asked


class _Dialog(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "dismiss", "Close")]


class _FooterApp(App[None]):
    """A screen with a footer and a dialog that changes its keys while open."""

    BINDINGS: ClassVar[list[BindingType]] = [("d", "dialog", "Dialog"), ("x", "bell", "Bell")]

    def __init__(self, footer: type[Footer]) -> None:
        super().__init__()
        self.footer = footer

    def compose(self) -> ComposeResult:
        yield self.footer()

    def action_dialog(self) -> None:
        self.push_screen(_Dialog())


async def footer_watchers_after_dialogs(footer: type[Footer], count: int) -> int:
    app = _FooterApp(footer)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(count):
            await pilot.press("d")
            await pilot.wait_for_animation()
            await pilot.press("escape")
            await pilot.wait_for_animation()
            await pilot.pause()
        kept = getattr(app.screen.query_one(Footer), compat_widgets.WATCHERS)
        return len(kept["compact"])


async def test_upstream_footer_still_keeps_the_watchers_of_replaced_keys() -> None:
    assert await footer_watchers_after_dialogs(Footer, 20) > 20


async def test_the_lean_footer_keeps_only_its_current_keys_watchers() -> None:
    assert await footer_watchers_after_dialogs(compat_widgets.LeanFooter, 20) <= 3


async def test_notification_messages_and_select_values_read_what_the_app_holds() -> None:
    from textual.widgets import Select

    class WithSelect(App[None]):
        def compose(self) -> ComposeResult:
            yield Select([("one", 1), ("two", 2)], id="pick")

    app = WithSelect()
    async with app.run_test() as pilot:
        app.notify("hello there")
        await pilot.pause()
        assert textual_compat.notification_messages(app) == ["hello there"]
        assert compat_widgets.select_values(app.query_one(Select))[1:] == [1, 2]
