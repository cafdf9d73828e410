"""A person who leaves a game for the computer to finish has abandoned it: over SSH against a
real server on loopback, the leave-and-let-the-computer-win loop leaves them with losses
only, in the records and the rating; ``cantstop records`` and the leaderboard agree."""

from __future__ import annotations

import asyncio
import itertools
from functools import partial

import pytest

from cantstop_tui.play.ratings import MU
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.tables import HostedTable
from cantstop_tui.storage.paths import server_database
from cantstop_tui.storage.records_cli import ABANDONED
from cantstop_tui.storage.records_cli import main as records_main
from cantstop_tui.storage.served_records import served_records

from .conftest import Player, key_of, make_server, until

GAMES = 3
GAME_SECONDS = 120.0
"""A whole game of two computers, on a loaded two-core machine."""


async def played_out(hosted: HostedTable) -> None:
    deadline = asyncio.get_running_loop().time() + GAME_SECONDS
    while not hosted.finished:
        assert asyncio.get_running_loop().time() < deadline, "the game did not end"
        await asyncio.sleep(0.05)


def counted(journal: TableJournal, games: int) -> bool:
    return len(served_records(journal.db).games) == games


async def leave_a_game_to_the_computer(server: GameServer, table_id: int) -> HostedTable:
    """ana makes a table against the computer (easy), leaves once it starts, and the computer
    plays her seat to the end."""
    ana = await Player.connect(server.port, "ana", client_keys=key_of("ana"))  # rated
    await ana.wait_for("lobby")
    ana.press("c")
    await ana.wait_for("New table")
    ana.press("\t\x1b[B")  # to seat 2, and open its list with the down arrow
    await ana.wait_for("computer: expert")
    ana.press("\x1b[B\r")  # the computer (easy) plays seat 2
    await ana.wait_for(lambda: "a person" not in ana.text(), "the list to close")
    assert "computer: easy" in ana.text()
    ana.press("\r")  # Enter on the drop-down creates the table
    await until(lambda: table_id in server.lobby.tables, f"table {table_id} to be made")
    hosted = server.lobby.tables[table_id]
    await ana.wait_for(lambda: "Who starts?" in ana.text() or "Dice" in ana.text())
    await ana.close()
    await played_out(hosted)
    return hosted


async def test_leaving_games_for_the_computer_to_win_counts_as_losses(
    host_key, capsys: pytest.CaptureFixture[str]
) -> None:
    server = make_server(host_key, seat_timeout=0.1)
    server.lobby._seeds = itertools.count(11).__next__  # a new game each time, not seed 7's
    journal = TableJournal(server_database())
    keep_tables(server.lobby, journal)
    await server.start()
    winners = []
    try:
        for game in range(1, GAMES + 1):
            hosted = await leave_a_game_to_the_computer(server, game)
            assert hosted.table is not None
            winners.append(hosted.table.match.state.winner)
            await until(partial(counted, journal, game), f"game {game} to be counted")
        assert 0 in winners  # the computer won with her seat: still her loss
        records = served_records(journal.db)
        ana_record = records.players["ana"]
        assert (ana_record.games, ana_record.wins, ana_record.abandoned) == (GAMES, 0, GAMES)
        rating = records.rating("ana")
        assert rating is not None and rating.mu < MU and rating.games == GAMES

        # The leaderboard in the lobby shows what `cantstop records` prints.
        assert records_main([]) == 0
        printed = capsys.readouterr().out
        [row] = [line.split() for line in printed.splitlines() if line.startswith("ana ")]
        assert row[2:5] == [str(GAMES), "0", str(GAMES)]
        assert ABANDONED in " ".join(printed.split())  # wrapped at the width, on words
        ana = await Player.connect(server.port, "ana", size=(100, 30), client_keys=key_of("ana"))
        await ana.wait_for("lobby")
        ana.press("b")
        await ana.wait_for("Abandoned")
        cells = [line.strip(" ┃│").split() for line in ana.text().splitlines()]
        [shown] = [line for line in cells if line[:1] == ["ana"]]
        assert shown[:5] == row[:5]
        assert "Abandoned: games left for the computer" in ana.text()
        await ana.close()
    finally:
        await server.close()
