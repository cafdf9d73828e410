"""After a restart in the middle of a real-time game, both players learn of its end: each
gets the game-over box (a tester saw, once, only the winner get it), and so does a
bystander watching."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.engine import legal_moves
from cantstop_tui.play.match import Match
from cantstop_tui.ui.demo import step_at

from .conftest import Player, make_server, next_key, start_table, until, watch_game
from .test_restart_ssh import restart


def after(match: Match) -> Match:
    """``match`` after the step ``next_key`` plays (the dice are the match's own: the same
    as the table's)."""
    key = next_key(match)
    if key == "1":
        return match.choose(legal_moves(match.state)[0])[0]
    return (match.stop() if key == "s" else match.roll())[0]


@pytest.mark.parametrize("back_first", ["ana", "bob"])
async def test_after_a_restart_mid_game_both_players_get_the_game_over_box(
    host_key: asyncssh.SSHKey, tmp_path: Path, back_first: str
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
        back = {name: await Player.connect(server.port, name)
                for name in sorted(("ana", "bob"), key=lambda name: name != back_first)}
        ana, bob = back["ana"], back["bob"]
        await until(lambda: all(seat.connected for seat in restored.seats), "both back")
        carol = await watch_game(server, restored)
        await ana.wait_for("Choose a move")
        await bob.wait_for("Waiting for ana to play.")
        table = restored.table
        assert table is not None
        while not after(table.match).state.is_over:  # up to the winning step
            step_at(table, next_key)
        # The winner plays it with their own key, as the tester's ana did.
        winner = {"ana": ana, "bob": bob}[table.match.current_seat.name]
        winner.press(next_key(table.match))
        await until(lambda: table.match.state.is_over, "the winning step")
        for player in (ana, bob, carol):
            await player.wait_for("Review")
        for player in (ana, bob):
            await player.wait_for("Rematch")
    finally:
        await server.close()
