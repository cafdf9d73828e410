"""Over SSH, keys that arrive in one read act as if typed one after another: a line to the
table with its Enter is said (a fast typist, a client that sends a line at once), even with
the ``t`` that opens the talk box; Enter then ctrl+p on who starts opens the palette over
the game; ctrl+p and a search typed with it search the palette, not the game. A bracketed
paste stays a paste: its newlines send nothing, and only its first line is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from cantstop_tui.server.chat import CHAT_LENGTH
from cantstop_tui.server.driver import EVENTS_BURST, EVENTS_PER_SECOND
from cantstop_tui.server.server import GameServer

from .conftest import host_table, sit_down, start_table, talking


def talk_box_open(text: str) -> bool:
    return "▔▔▔▔" in text  # the talk box's top edge


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        ("hello\r", "hello"),
        ("x" * (CHAT_LENGTH - 1) + "y\r", "x" * (CHAT_LENGTH - 1) + "y"),
        ("thello\r", "hello"),
    ],
    ids=["a word", "the longest line", "t and a word"],
)
async def test_a_line_and_its_enter_in_one_read_are_said(
    server: GameServer, keys: str, said: str
) -> None:
    ana, _bob, hosted = await start_table(server)
    await ana.wait_for("your turn")
    if not keys.startswith("t"):
        ana.press("t")
        await ana.wait_for("say something")
    ana.press(keys)  # one write: one read at the server
    await ana.wait_for(lambda: f"ana: {said}" in hosted.chat.lines, f"{said!r} said")
    await ana.wait_for(lambda: not talk_box_open(ana.text()), "the talk box to close")
    assert hosted.table is not None and not hosted.table.match.history  # no key was a move
    assert "dropped" not in ana.text()


async def test_lines_typed_one_after_another_in_one_read_are_all_said(
    server: GameServer,
) -> None:
    """Each Enter closes the talk box; the ``t`` after it opens the next one, not a letter
    in the box being closed (which lost ``quick 2``)."""
    ana, _bob, hosted = await start_table(server)
    await ana.wait_for("your turn")
    ana.press("tquick 1\rtquick 2\rtquick 3\r")  # one write: one read at the server
    said = [f"ana: quick {number}" for number in (1, 2, 3)]
    await ana.wait_for(lambda: said[-1] in hosted.chat.lines, "the third line said")
    await ana.wait_for(lambda: not talk_box_open(ana.text()), "the talk box to close")
    assert [line for line in hosted.chat.lines if line.startswith("ana:")] == said
    assert hosted.table is not None and not hosted.table.match.history  # no key was a move


async def test_keys_past_the_budget_are_dropped_and_the_person_is_told(
    server: GameServer,
) -> None:
    ana, _bob, hosted = await talking(server)
    ana.press("z" * (2 * EVENTS_BURST) + "\r")  # far more than anyone types at once
    await ana.wait_for("some were dropped")
    assert talk_box_open(ana.text())  # the Enter was dropped too: nothing half said
    assert not [line for line in hosted.chat.lines if line.startswith("ana:")]


async def test_a_pasted_newline_sends_nothing_and_the_paste_keeps_its_first_line(
    server: GameServer,
) -> None:
    ana, _bob, hosted = await talking(server)
    ana.press("\x1b[200~first\rsecond\rthird\r\x1b[201~")
    await ana.wait_for("first")
    assert talk_box_open(ana.text())  # still open: a paste is no Enter
    assert not [line for line in hosted.chat.lines if line.startswith("ana:")]
    ana.press("\r")  # the person's own Enter sends what they see
    await ana.wait_for(lambda: "ana: first" in hosted.chat.lines, "the first line said")
    assert [line for line in hosted.chat.lines if line.startswith("ana:")] == ["ana: first"]


async def test_enter_then_ctrl_p_on_who_starts_opens_the_palette_over_the_game(
    server: GameServer,
) -> None:
    await host_table(server)
    bob = await sit_down(server, "bob", "ana's table")
    bob.press("\r\x10")  # Enter, ctrl+p: one read
    await bob.wait_for("Search for commands")
    await bob.wait_for(lambda: "Who starts?" not in bob.text(), "the who-starts box to go")
    assert "Can't Stop in brief" not in bob.text()  # not the help
    bob.press("\x1b")
    await bob.wait_for("Chat (t talks)")  # the game screen under it


async def test_ctrl_p_and_a_search_in_one_read_search_the_palette(server: GameServer) -> None:
    ana, bob, hosted = await start_table(server)
    await ana.wait_for("your turn")
    ana.press("\x10roll")  # ctrl+p and a search: one read
    await ana.wait_for("Roll the four dice")
    await ana.wait_for(lambda: searched(ana.text()) == "roll", "the search typed")
    assert not hosted.table.match.history  # the r did not roll the game under it
    bob.press("\x10hint")
    await bob.wait_for(lambda: searched(bob.text()) == "hint", "the search typed")


def searched(text: str) -> str:
    """What the palette's search box holds, from the screen."""
    lines = [line for line in text.splitlines() if "🔎" in line]
    return lines[0].split("🔎", 1)[1].strip() if lines else ""


def test_the_docs_state_the_keys_budget_the_driver_has() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "ssh.md").read_text(encoding="utf-8")
    [row] = [line for line in docs.splitlines() if line.startswith("| Keys and mouse reports")]
    assert f"{EVENTS_PER_SECOND} a second per session, in bursts of {EVENTS_BURST}:" in row
    assert f"({CHAT_LENGTH} characters)" in row
