"""Over SSH, the shared table's screen tells the truth: a long chat line reads in full at
every size, a spectator sees no control that is not theirs and is told they are watching,
and the lobby counts the watchers of a table still waiting for its players."""

from __future__ import annotations

import pytest

from cantstop_tui.server.server import GameServer

from .conftest import Player, start_table, until, waiting_to_watch, watch_game

LONG_LINE = "this is a fairly long message that wraps in the chat pane to the word zebra"
"""Longer than the pane is wide at any size (22 to 47 columns were shown of such lines)."""


def chat_text(player: Player) -> str:
    """The chat pane's lines, joined: the right-hand part of the screen under its title."""
    lines = player.text().splitlines()
    top = next(i for i, line in enumerate(lines) if "Chat (t talks)" in line)
    left = lines[top].index("Chat")
    return " ".join(line[left - 1 :].strip(" ▁▂▃▄▅▆▇█▉▊▋▌▍▎▏│") for line in lines[top + 1 :])


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_long_chat_line_reads_in_full(server: GameServer, size: tuple[int, int]) -> None:
    ana, bob, hosted = await start_table(server)
    carol = await watch_game(server, hosted, size=size)
    await carol.wait_for("Chat (t talks)")
    await ana.wait_for("Roll r")
    ana.press("t")
    await ana.wait_for("say something")
    for start in range(0, len(LONG_LINE), 20):  # typed, as a person would, not pasted
        chunk = LONG_LINE[start : start + 20]
        ana.press(chunk)
        await ana.wait_for(chunk.split()[-1])
    ana.press("\r")
    await ana.wait_for(lambda: any("zebra" in line for line in hosted.chat.lines), "the line said")
    await carol.wait_for("zebra")
    words = " ".join(chat_text(carol).split())
    assert f"ana: {LONG_LINE}" in words, carol.text()
    for player in (ana, bob, carol):
        await player.close()


async def test_a_spectator_sees_no_control_of_the_players(server: GameServer) -> None:
    ana, bob, hosted = await start_table(server)
    await ana.wait_for("Roll")
    carol = await watch_game(server, hosted)
    await carol.wait_for("You are watching: ")
    shown = carol.text()
    assert "Roll" not in shown and "Stop" not in shown and "Win %" not in shown
    assert "Hint" not in shown
    assert "Roll r" in ana.text()  # the player to move keeps theirs (Stop once it acts)
    carol.press("r")
    await carol.wait_for("You are watching: only the players at the table move.")
    assert not hosted.table or not hosted.table.match.history
    for player in (ana, bob, carol):
        await player.close()


async def test_the_lobby_counts_the_watchers_of_a_waiting_table(server: GameServer) -> None:
    ana, carol = await waiting_to_watch(server)
    hosted = next(iter(server.lobby.tables.values()))
    assert hosted.status == "waiting" and hosted.watchers == 1
    dave = await Player.connect(server.port, "dave")
    await dave.wait_for("1 watching")
    carol.press("x")  # she stops waiting to watch
    await dave.wait_for(lambda: "watching" not in dave.text(), "the count to go")
    carol.press("w")
    await dave.wait_for("1 watching")
    await carol.close()  # gone from the server: no longer counted
    await until(lambda: hosted.watchers == 0, "carol's count to go")
    for player in (ana, dave):
        await player.close()


async def test_a_waiting_table_its_creator_leaves_closes_for_those_waiting_to_watch(
    server: GameServer,
) -> None:
    ana, carol = await waiting_to_watch(server)
    ana.press("x")  # the only player leaves before it starts
    await until(lambda: not server.lobby.tables, "the table to close")
    await carol.wait_for("No tables yet")
    for player in (ana, carol):
        await player.close()
