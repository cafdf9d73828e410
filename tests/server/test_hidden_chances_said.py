"""End to end over SSH: at a table whose creator keeps the win chances hidden, the creator's
own ``h`` and ``w`` say that they keep them hidden (another player's say the creator does),
and the lobby's Rules column says whether a table's players may show the win chances."""

from __future__ import annotations

from cantstop_tui.ui.screens.live_chances import (
    HINT_NOT_ALLOWED,
    NOT_ALLOWED,
    YOU_HIDE,
    YOU_HIDE_HINTS,
)

from .conftest import Player, host_table, make_server, sit_and_start, until


async def test_the_creator_is_told_they_keep_the_chances_hidden(host_key) -> None:
    server = make_server(host_key)
    await server.start()
    try:
        ana = await host_table(server, "ana")  # the form's default: chances hidden
        carol = await Player.connect(server.port, "carol")
        await carol.wait_for("ana's table")
        assert "win % off" in carol.text()
        [hosted] = server.lobby.tables.values()
        bob = await sit_and_start(server, ana, "bob", "ana's table")
        table = hosted.table
        assert table is not None
        await until(lambda: table.match.state.current_player in (0, 1), "the game to start")
        for player in (ana, bob):
            await player.wait_for("Chat (t talks)")
        ana.press("h")
        await ana.wait_for(YOU_HIDE_HINTS[:40])
        bob.press("h")
        await bob.wait_for(HINT_NOT_ALLOWED[:40])
        assert YOU_HIDE_HINTS[:40] not in bob.text()
        ana.press("w")
        await ana.wait_for(YOU_HIDE)
        bob.press("w")
        await bob.wait_for(NOT_ALLOWED)
        for player in (ana, bob, carol):
            await player.close()
    finally:
        await server.close()


async def test_the_lobby_says_a_table_allows_the_chances(host_key) -> None:
    server = make_server(host_key)
    await server.start()
    try:
        ana = await host_table(server, "ana")
        [hosted] = server.lobby.tables.values()
        hosted.chances = True  # as if created with "players may show them"
        carol = await Player.connect(server.port, "carol")  # the lobby as it is now
        await carol.wait_for("ana's table")
        assert "win % on" in carol.text() and "win % off" not in carol.text()
        for player in (ana, carol):
            await player.close()
    finally:
        await server.close()
