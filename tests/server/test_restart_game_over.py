"""After a restart in the middle of a real-time game, both players learn of its end: each
gets the game-over box (a tester saw, once, only the winner get it), and so does a
bystander watching."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from .conftest import Player, make_server, start_table, until, watch_game
from .rematch_helpers import finish
from .test_restart_ssh import restart


async def test_after_a_restart_mid_game_both_players_get_the_game_over_box(
    host_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    server = make_server(host_key)
    await server.start()
    ana, bob, hosted = await start_table(server)
    await ana.wait_for("your turn")
    assert hosted.table is not None
    ana.press("r")
    await until(lambda: bool(hosted.table and hosted.table.match.history), "ana's roll")
    server = await restart(server, host_key, tmp_path / "tables.json")
    try:
        for player in (ana, bob):
            await player.close()
        restored = server.lobby.tables[hosted.id]
        ana = await Player.connect(server.port, "ana")
        bob = await Player.connect(server.port, "bob")
        await until(lambda: all(seat.connected for seat in restored.seats), "both back")
        carol = await watch_game(server, restored)
        await ana.wait_for("Choose a move")
        await bob.wait_for("Waiting for ana to play.")
        assert restored.table is not None
        finish(restored.table)
        for player in (ana, bob, carol):
            await player.wait_for("Review")
        for player in (ana, bob):
            await player.wait_for("Rematch")
    finally:
        await server.close()
