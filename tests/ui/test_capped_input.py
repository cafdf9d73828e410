"""A CappedInput keeps what fits of a paste or a key past its limit and says the rest was cut
(Textual's Input refused the whole paste, silently)."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult

from cantstop_tui.ui.widgets.capped_input import CappedInput

from .ui_helpers import shown_text, until

CUT = "At most 10 characters: the rest was cut."


class OneInput(App[None]):
    def compose(self) -> ComposeResult:
        yield CappedInput(max_length=10, cut_notice=CUT)


async def test_a_paste_past_the_limit_keeps_its_first_characters_and_says_so() -> None:
    app = OneInput()
    async with app.run_test(size=(60, 6)) as pilot:
        box = app.query_one(CappedInput)
        box.post_message(events.Paste("abcd"))
        await until(pilot, lambda: box.value == "abcd", "the short paste")
        assert not box.border_subtitle  # nothing cut, nothing said
        box.post_message(events.Paste("0123456789xyz"))
        await until(pilot, lambda: box.value == "abcd012345", "the cut paste")
        assert box.cursor_position == 10
        await until(pilot, lambda: CUT in shown_text(app), "the notice on the box's line")


async def test_a_key_past_the_limit_is_refused_with_the_notice() -> None:
    app = OneInput()
    async with app.run_test(size=(60, 6)) as pilot:
        box = app.query_one(CappedInput)
        await pilot.press(*"0123456789")
        assert box.value == "0123456789" and not box.border_subtitle
        await pilot.press("x")
        assert box.value == "0123456789" and box.border_subtitle == CUT
        await pilot.press("home", "shift+right", "shift+right", "z")  # over a selection: fits
        assert box.value == "z23456789"
