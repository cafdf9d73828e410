"""A table belongs to no session: when the player whose arrival started its game leaves, the
table still stores every step (a live server).

Found by hand: bob sat down (starting the game), dropped his connection and came back; the
steps played after that were lost at the next ``kill -9``, because the table's own listener
had been counted as one of bob's screens and dropped with them."""

from __future__ import annotations

from cantstop_tui.server.server import GameServer

from .conftest import play_one_step, start_table, until


async def test_steps_are_still_stored_after_the_player_who_started_the_game_leaves(
    server: GameServer,
) -> None:
    stored: list[int] = []
    server.lobby.on_step = lambda hosted: stored.append(len(hosted.table.match.history))
    ana, bob, hosted = await start_table(server)  # bob sitting down starts the game
    table = hosted.table
    assert table is not None
    seats = {0: ana, 1: bob}
    while table.match.state.current_player != 0:
        await play_one_step(table, seats)
    await bob.close()
    await until(lambda: len(server.sessions) == 1, "bob's session to end")
    for _ in range(3):
        if table.match.state.current_player != 0:  # a bust: bob's turn, and bob is away
            break
        before = len(stored)
        await play_one_step(table, seats)
        await until(lambda b=before: len(stored) > b, "ana's step to be stored")
        assert stored[-1] == len(table.match.history)
    await ana.close()
