"""A table waiting for its rematch survives a restart; the served games archive is bounded.

The lobby and its tables are driven directly (no SSH: see test_restart_ssh); the screen with
Textual's Pilot. ``stop_server`` does what ``GameServer.close`` does to the lobby.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Button, Static

from cantstop_tui.play.match import HUMAN, Match
from cantstop_tui.server import store
from cantstop_tui.server.cli import main as serve_main
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import HostedTable, Visitor
from cantstop_tui.storage import game_id
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.screens.table_over import TableOverScreen

from .conftest import until
from .rematch_helpers import at_table, finished_match
from .test_rematch_votes import ANA, BOB, CAROL, finished_table, lobby_with_games


def stop_server(lobby: Lobby) -> None:
    """The server stops: every session ends (as ``GameServer.close`` makes them)."""
    lobby.closing = True
    for hosted in list(lobby.tables.values()):
        for seat in hosted.seats:
            if seat.person is not None:
                hosted.left(seat.person)


def restart(lobby: Lobby, path: Path, seat_timeout: float = 600) -> tuple[Lobby, list[Match]]:
    stop_server(lobby)
    store.save(lobby, path)
    again, finished = lobby_with_games()
    again.seat_timeout = seat_timeout
    store.load(again, path)
    return again, finished


def restored_finished_table(tmp_path: Path, seat_timeout: float = 600) -> tuple[Match, HostedTable]:
    """ana and bob's finished game, ana having asked for a rematch, then a restart."""
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    assert hosted.table is not None
    hosted.next_game.ask_rematch(ANA)
    again, finished = restart(lobby, tmp_path / "tables.json", seat_timeout)
    assert finished == []  # the game was kept when it ended, not again at the restart
    return hosted.table.match, again.tables[hosted.id]


async def test_a_finished_table_comes_back_with_its_seats_held_and_no_votes(
    tmp_path: Path,
) -> None:
    game, hosted = restored_finished_table(tmp_path)
    table = hosted.table
    assert table is not None and table.match == game and hosted.finished
    assert hosted.name == "ana's table" and hosted.status == "finished"
    assert set(hosted.clocks.holds) == {0, 1} and not any(s.connected for s in hosted.seats)
    assert hosted.next_game.votes == set()  # ana asks again once she is back
    assert hosted.next_game.rematch_status(CAROL) == (
        "Seats 1 and 2 are kept for ana and bob until they reconnect."
    )
    assert hosted.lobby.held_seat(ANA) == (hosted, 0)

    assert hosted.sit(ANA, None) == 0  # what logging in again does
    assert 0 not in hosted.clocks.holds and hosted.seats[0].connected
    assert hosted.next_game.rematch_status(ANA) == (
        "r asks for a rematch; l goes back to the lobby. "
        "Seat 2 is kept for bob until they reconnect (c: the computer plays it)."
    )
    hosted.next_game.ask_rematch(ANA)
    assert table.match == game  # bob is not back yet
    assert hosted.sit(BOB, None) == 1
    assert hosted.next_game.rematch_status(BOB) == "ana asked for a rematch: r to play again."
    hosted.next_game.ask_rematch(BOB)
    assert table.match != game and not table.match.history
    assert [seat.name for seat in table.match.seats] == ["ana", "bob"]
    assert table.match.seed != game.seed and hosted.status == "in progress"


async def test_a_seat_nobody_comes_back_to_is_freed_for_a_newcomer(tmp_path: Path) -> None:
    _, hosted = restored_finished_table(tmp_path, seat_timeout=0)
    hosted.sit(ANA, None)  # back before the timeout; bob is not
    await until(lambda: hosted.seats[1].free, "bob's seat to be freed")
    assert hosted.status == "waiting" and hosted.id in hosted.lobby.tables
    assert "* bob did not come back: seat 2 is free." in hosted.chat.lines
    assert hosted.lobby.held_seat(BOB) is None
    hosted.sit(CAROL, None)  # sitting down asks for the rematch
    hosted.next_game.ask_rematch(ANA)
    assert hosted.table is not None and not hosted.table.match.history
    assert [seat.name for seat in hosted.table.match.seats] == ["ana", "carol"]


async def test_a_finished_table_nobody_comes_back_to_closes(tmp_path: Path) -> None:
    _, hosted = restored_finished_table(tmp_path, seat_timeout=0)
    await until(lambda: hosted.id not in hosted.lobby.tables, "the empty table to close")


async def test_c_gives_a_seat_kept_for_someone_away_to_the_computer(tmp_path: Path) -> None:
    game, hosted = restored_finished_table(tmp_path)
    hosted.sit(ANA, None)
    hosted.next_game.computer_takes_free_seats(ANA)
    table = hosted.table
    assert table is not None and table.match != game and table.is_bot(1)
    assert 1 not in hosted.clocks.holds and hosted.seats[1].level == "expert"
    assert hosted.lobby.held_seat(BOB) is None  # bob's seat was given away for good


async def test_a_finished_table_with_nobody_seated_is_not_saved(tmp_path: Path) -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    hosted.spectators = {Visitor("carol")}  # a spectator stays while both players leave
    hosted.left(ANA)
    hosted.left(BOB)
    assert hosted.id in lobby.tables
    path = tmp_path / "tables.json"
    store.save(lobby, path)
    assert store.load(Lobby(), path) == 0


async def test_back_after_a_restart_a_player_sees_the_game_over_and_asks_again(
    tmp_path: Path,
) -> None:
    _, hosted = restored_finished_table(tmp_path)
    hosted.sit(ANA, None)
    app = at_table(hosted, ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableOverScreen)
        assert not screen.query_one("#rematch", Button).disabled
        assert "kept for bob" in str(screen.query_one("#status", Static).render())
        await pilot.press("r")
        await pilot.pause()
        assert hosted.next_game.votes == {0}
        hosted.sit(BOB, None)
        await pilot.pause()
        assert "Waiting for bob." in str(screen.query_one("#status", Static).render())
        hosted.next_game.ask_rematch(BOB)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RolloffScreen)


# --- served/: the archive of finished games -------------------------------------------


def test_keep_games_keeps_the_newest_records(tmp_path: Path) -> None:
    folder = tmp_path / "served"
    games = [finished_match(seed) for seed in (1, 2, 3, 4)]
    for age, match in enumerate(games):
        store.archive_game(match, folder, keep=2)
        os.utime(folder / f"{game_id(match)}.json", (1000 + age, 1000 + age))
    kept = {path.name for path in folder.iterdir()}
    assert kept == {f"{game_id(match)}.json" for match in games[2:]}
    assert store.archived_games(folder) == 2


def test_keep_games_zero_writes_no_record(tmp_path: Path) -> None:
    folder = tmp_path / "served"
    store.archive_game(finished_match(), folder, keep=0)
    assert store.archived_games(folder) == 0


def test_serve_refuses_a_negative_keep_games(capfd: pytest.CaptureFixture[str]) -> None:
    assert serve_main(["--open", "--keep-games", "-1"]) == 2
    assert "--keep-games must be 0 or more, not -1." in capfd.readouterr().err
