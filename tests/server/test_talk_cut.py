"""A chat line pasted past ``CHAT_LENGTH`` into the talk box (``t``) is cut, not lost: its
first ``CHAT_LENGTH`` characters are kept, the box says the rest was cut, Enter sends them."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.widgets import Input

from cantstop_tui.server.chat import CHAT_LENGTH
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.table_screens import CHAT_CUT, TalkScreen

from .conftest import talking, until


class Talking(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.said: list[str | None] = []

    def on_mount(self) -> None:
        self.push_screen(TalkScreen(), self.said.append)


LINE = "".join(chr(ord("a") + i % 26) for i in range(233))


async def test_a_233_character_paste_keeps_the_first_120_and_enter_sends_them() -> None:
    line = LINE
    app = Talking()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, TalkScreen), "the talk box")
        box = app.screen.query_one(Input)
        box.post_message(events.Paste(line))
        await until(lambda: box.value == line[:CHAT_LENGTH], "the paste's first characters")
        assert box.border_subtitle == CHAT_CUT
        await pilot.press("enter")
        await until(lambda: app.said == [line[:CHAT_LENGTH]], "the line sent")


async def test_over_ssh_a_233_character_bracketed_paste_is_said_cut(server: GameServer) -> None:
    """The tester's case: ``t``, a bracketed paste of 233 characters, Enter."""
    ana, _bob, hosted = await talking(server)
    ana.press(f"\x1b[200~{LINE}\x1b[201~")
    await ana.wait_for(CHAT_CUT)
    ana.press("\r")
    said = f"ana: {LINE[:CHAT_LENGTH]}"
    await ana.wait_for(lambda: said in hosted.chat.lines, "the first 120 characters said")
