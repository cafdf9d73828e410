"""A host who drops while waiting at a new table leaves no ghost table behind."""

from __future__ import annotations

from cantstop_tui.server.server import GameServer

from .conftest import Player, create_table, until


async def test_a_host_who_drops_while_waiting_leaves_no_ghost_table(server: GameServer) -> None:
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for("lobby")
    await create_table(ana, "Friday")
    bob = await Player.connect(server.port, "bob")
    await bob.wait_for("Friday")
    assert len(server.lobby.tables) == 1

    await ana.close()
    await until(lambda: not server.lobby.tables, "ana's empty table to go")
    await bob.wait_for(lambda: "Friday" not in bob.text(), "the lobby to drop the table")
    await bob.close()
