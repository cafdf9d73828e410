"""Over SSH: the chat is a pane kept across reconnects, a spectator is told they are
watching (and never has to close the players' boxes), and a table can be watched before
it starts."""

from __future__ import annotations

from cantstop_tui.server.server import GameServer

from .conftest import Player, sit_and_start, start_table, until, waiting_to_watch


async def test_chat_lines_stay_in_a_pane_and_come_back_after_a_reconnect(
    server: GameServer,
) -> None:
    ana, bob, hosted = await start_table(server)
    await ana.wait_for("Chat (t talks)")
    await ana.wait_for("Nothing said yet.")
    ana.press("t")
    await ana.wait_for("say something")
    ana.press("good luck bob\r")
    await bob.wait_for("ana: good luck bob")
    await ana.wait_for(lambda: "say something" not in ana.text(), "the talk line to close")
    await ana.wait_for("ana: good luck bob")  # the sayer's own pane too
    await bob.close()
    await until(lambda: not hosted.seats[1].connected, "bob's seat held")
    bob = await Player.connect(server.port, "bob")  # straight back to his held seat
    await bob.wait_for("Who starts?")  # (no step played yet: who starts is shown again)
    bob.press("\r")
    await bob.wait_for("Chat (t talks)")
    await bob.wait_for("ana: good luck bob")  # the table's lines, not a toast that was missed
    await ana.close()
    await bob.close()


async def test_a_table_is_watched_before_it_starts_with_a_banner_and_no_box_to_close(
    server: GameServer,
) -> None:
    ana, carol = await waiting_to_watch(server)
    bob = await sit_and_start(server, ana, "bob", "ana's table")
    await carol.wait_for("First to play")  # who starts, in the game log
    hosted = next(iter(server.lobby.tables.values()))
    await until(lambda: hosted.watchers == 1, "carol counted as watching")
    assert "Watching ana's table" in carol.text() and "Who starts?" not in carol.text()
    assert "Watching" not in ana.text()  # the banner is the spectator's alone
    await carol.wait_for("You are watching: ana is playing.")
    carol.press("r")  # not hers to roll: the game does not move
    bob.press("r")  # nor his
    await ana.wait_for("Roll")
    ana.press("r")  # ana's: it does
    await until(lambda: hosted.table is not None and hosted.table.match.history, "ana's roll")
    assert [action.kind for action in hosted.table.match.history] == ["roll"]
    for player in (ana, bob, carol):
        await player.close()
