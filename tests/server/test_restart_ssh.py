"""End to end over SSH: the server restarts between a finished game and its rematch."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from cantstop_tui.server import store
from cantstop_tui.server.server import GameServer

from .conftest import Player, make_server, start_table, until
from .rematch_helpers import finish


async def restart(server: GameServer, host_key: asyncssh.SSHKey, path: Path) -> GameServer:
    """What stopping ``cantstop serve`` and starting it again does."""
    await server.close()
    await until(lambda: not server.sessions, "every session to end")
    store.save(server.lobby, path)
    again = make_server(host_key)
    assert store.load(again.lobby, path) == 1
    await again.start()
    return again


async def test_after_a_restart_the_finished_game_waits_for_its_rematch(
    host_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    server = make_server(host_key)
    await server.start()
    ana, bob, hosted = await start_table(server)
    assert hosted.table is not None
    finish(hosted.table)
    game = hosted.table.match
    winner = f"{game.seats[game.state.winner or 0].name} wins"
    await bob.wait_for(winner)
    ana.press("r")
    await bob.wait_for("ana asked for a rematch")

    server = await restart(server, host_key, tmp_path / "tables.json")
    try:
        for player in (ana, bob):
            await player.close()
        restored = server.lobby.tables[hosted.id]
        assert restored.table is not None and restored.table.match == game

        carol = await Player.connect(server.port, "carol")
        await carol.wait_for("finished")  # the lobby lists the table
        carol.press("w")
        await carol.wait_for(winner)  # a spectator sees the finished game

        ana = await Player.connect(server.port, "ana")  # straight back to her seat
        await ana.wait_for(winner)
        await ana.wait_for("Rematch (r)")  # her vote did not survive the restart: she asks again
        ana.press("r")
        await until(lambda: restored.next_game.votes == {0}, "ana's vote")
        assert restored.table.match == game  # bob is not back yet

        bob = await Player.connect(server.port, "bob")
        await bob.wait_for("ana asked for a rematch")
        bob.press("r")
        for viewer in (ana, bob):
            await viewer.wait_for("Who starts?")
        await carol.wait_for("First to play")
        rematch = restored.table.match
        assert rematch != game and not rematch.history
        assert [seat.name for seat in rematch.seats] == ["ana", "bob"]
        assert rematch.seed != game.seed
    finally:
        await server.close()
