"""End to end over SSH: after a game, the same table plays a rematch; spectators stay."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from cantstop_tui.play.match import Match
from cantstop_tui.server import store
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.table_summary import summary
from cantstop_tui.storage import game_id

from .conftest import Player, play_one_step, start_table, watch_game
from .rematch_helpers import finish, finished_match


async def test_two_players_play_a_rematch_while_a_spectator_stays(server: GameServer) -> None:
    finished: list[Match] = []
    server.lobby.on_finished = finished.append
    ana, bob, hosted = await start_table(server)
    table = hosted.table
    assert table is not None
    carol = await watch_game(server, hosted)
    dave = await Player.connect(server.port, "dave")  # stays in the lobby
    await dave.wait_for("in progress")

    finish(table)  # the first game, played through the table for speed
    first = table.match
    winner = first.seats[first.state.winner or 0].name
    for viewer in (ana, bob, carol):
        await viewer.wait_for(f"{winner} wins")
    await dave.wait_for("finished")
    assert "Rematch" in ana.text() and "Lobby" in ana.text()
    assert "Rematch (r)" not in carol.text()  # a spectator has no vote
    assert finished == [first]

    ana.press("r")
    await ana.wait_for("Waiting for bob")
    await bob.wait_for("ana asked for a rematch")
    await carol.wait_for("Waiting for bob")
    assert table.match is first and hosted.status == "finished"

    bob.press("r")
    for viewer in (ana, bob):
        await viewer.wait_for("Who starts?")
    # The spectator reads who starts in the game log: no box meant for the players.
    await carol.wait_for("First to play")
    assert "Who starts?" not in carol.text() and "Watching" in carol.text()
    second = table.match
    assert second is not first and second.seed != first.seed
    assert [seat.name for seat in second.seats] == ["ana", "bob"]
    assert second.config == first.config and not second.state.is_over
    await dave.wait_for("in progress")
    assert hosted.watchers == 1 and hosted.seats_of(hosted.seats[0].person)  # type: ignore[arg-type]

    for viewer in (ana, bob):
        viewer.press("\r")
    await ana.wait_for("Roll")
    before = carol.text()
    await play_one_step(table, {0: ana, 1: bob})  # the new game answers its players' keys
    await carol.wait_for(lambda: carol.text() != before, "carol to follow the game")
    assert len(table.match.history) >= 1
    assert finished == [first]  # the first game was kept once, not again at the rematch


async def test_a_player_who_goes_back_to_the_lobby_frees_the_seat_for_a_newcomer(
    server: GameServer,
) -> None:
    ana, bob, hosted = await start_table(server)
    assert hosted.table is not None
    finish(hosted.table)
    await bob.wait_for("wins")
    ana.press("r")
    await ana.wait_for("Waiting for bob")
    bob.press("l")
    await bob.wait_for("lobby")
    await ana.wait_for("Seat 2 is free")
    assert hosted.status == "waiting" and summary(hosted).seats[1].free
    await bob.wait_for("(free)")

    erin = await Player.connect(server.port, "erin")
    await erin.wait_for("(free)")
    erin.press("\r")  # sitting at a finished game's table asks for the next game
    for player in (ana, erin):
        await player.wait_for("Who starts?")
    assert [seat.name for seat in hosted.table.match.seats] == ["ana", "erin"]
    assert not hosted.table.match.history


def test_the_finished_game_is_archived_once(tmp_path: Path) -> None:
    folder = tmp_path / "served"
    match = finished_match()
    store.archive_game(match, folder)
    path = folder / f"{game_id(match)}.json"
    first = path.stat().st_mtime_ns
    store.archive_game(match, folder)  # told twice: the record is not written again
    saved = json.loads(path.read_text())
    assert saved["seed"] == match.seed and len(saved["actions"]) == len(match.history)
    assert path.stat().st_mtime_ns == first and store.archived_games(folder) == 1


def test_a_game_that_cannot_be_written_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "served"
    folder.write_text("a file where the folder should be")
    with caplog.at_level(logging.WARNING):
        store.archive_game(finished_match(), folder)
    assert "could not be written" in caplog.text and str(folder) in caplog.text
