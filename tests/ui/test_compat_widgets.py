"""ui/textual_compat/widgets.py and app_parts.py: what tests read."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from cantstop_tui.ui import textual_compat
from cantstop_tui.ui.textual_compat import widgets as compat_widgets

pytestmark = pytest.mark.usefixtures("server_strips")


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
