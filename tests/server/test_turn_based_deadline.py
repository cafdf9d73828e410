"""A turn-based game's screen shows the time left for the move (it was only in the lobby),
over SSH against a real server on loopback with a simulated clock, to both players and a
bystander watching; the lobby's "X to move" follows each turn at once (it waited for the
deadline sweep, about 10 s in a tester's session)."""

from __future__ import annotations

import asyncssh

from .conftest import Player, play_one_step, watch_game
from .test_turn_based_ssh import SIZE, SimulatedClock, both_seated, serving


async def test_the_game_screen_shows_the_time_left_to_move(host_key: asyncssh.SSHKey) -> None:
    clock = SimulatedClock()
    server = await serving(host_key, clock)
    try:
        ana, bob, hosted = await both_seated(server)
        carol = await watch_game(server, hosted)
        for player in (ana, bob, carol):
            await player.wait_for("1 d to move")
        assert hosted.table is not None
        clock.now += 3600 + 60  # an hour and a minute pass; the next step redraws
        dan = await Player.connect(server.port, "dan", size=SIZE)  # in the lobby
        await dan.wait_for("to move, 22 h 59 min left")
        mover = hosted.table.match.state.current_player
        players = {0: ana, 1: bob}
        while hosted.table.match.state.current_player == mover:
            await play_one_step(hosted.table, players)
        # The deadline starts again for the next turn, in the game and in the lobby at once.
        for player in (ana, bob, carol):
            await player.wait_for("1 d to move")
        other = hosted.table.match.seats[1 - mover].name
        await dan.wait_for(f"{other} to move, 1 d left", seconds=5)
        for player in (ana, bob, carol, dan):
            await player.close()
    finally:
        await server.close()
