"""ui/textual_compat/widgets.py and app_parts.py: the lean footer, what tests read."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.screen import ModalScreen
from textual.widgets import Footer

from cantstop_tui.ui import textual_compat
from cantstop_tui.ui.textual_compat import widgets as compat_widgets

from .ui_helpers import SIZE

pytestmark = pytest.mark.usefixtures("server_strips")


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


async def test_withdraw_notices_takes_those_given_and_leaves_the_others() -> None:
    from textual.notifications import Notification, Notify

    app: App[None] = App()
    async with app.run_test() as pilot:
        mine = Notification("the table's", timeout=600)
        expired = Notification("gone already", timeout=600)
        app.post_message(Notify(mine))
        app.notify("the lobby's", timeout=600)
        await pilot.pause()
        textual_compat.withdraw_notices(app, [mine, expired])  # one not there: skipped
        await pilot.pause()
        assert textual_compat.notification_messages(app) == ["the lobby's"]
