"""The server's players' records live in its database: a finished game is counted in the
step that ends it, once, and ``cantstop records`` shows them beside the local ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cantstop_tui.play.match import Match
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.storage import game_id, load_records, record_game, records_path
from cantstop_tui.storage.paths import server_database
from cantstop_tui.storage.records_cli import main as records_main
from cantstop_tui.storage.served_records import count_game, load_served_records, served_records

from .conftest import make_server, start_table
from .rematch_helpers import finish, finished_match


def totals(matches: list[Match]) -> dict[str, tuple[int, ...]]:
    """What the records must say, summed from the games themselves."""
    found: dict[str, list[int]] = {}
    for match in matches:
        for seat, player in enumerate(match.seats):
            row = found.setdefault(player.name, [0] * 5)
            row[0] += 1
            row[1] += match.state.winner == seat
            row[2] += len(match.state.columns_won(seat))
            row[3] += match.stats[seat].busts
            row[4] += match.stats[seat].turns
    return {name: tuple(row) for name, row in found.items()}


def as_totals(records) -> dict[str, tuple[int, ...]]:
    return {
        name: (r.games, r.wins, r.columns, r.busts, r.turns) for name, r in records.players.items()
    }


async def test_the_step_that_ends_a_hosted_game_counts_it_once(host_key) -> None:
    server = make_server(host_key)
    journal = TableJournal(server_database())
    keep_tables(server.lobby, journal)
    await server.start()
    try:
        ana, bob, hosted = await start_table(server, keys=True)  # rated: key logins
        table = hosted.table
        assert table is not None
        counted_when_told: list[int] = []

        def told(match, events) -> None:  # an app's listener: after the journal's
            if match.state.is_over:
                counted_when_told.append(len(served_records(journal.db).games))

        table.subscribe(told)
        finish(table)
        assert counted_when_told and counted_when_told[0] == 1
        journal.write(hosted)
        journal.write_all(server.lobby)  # written again and again: still one game
        records = served_records(journal.db)
        assert as_totals(records) == totals([table.match])
        assert len(records.games) == 1
        await ana.close()
        await bob.close()
    finally:
        await server.close()
    # Read as `cantstop records` reads it: from the database, read-only.
    again = load_served_records(server_database())
    assert again is not None and as_totals(again) == totals([table.match])


def test_an_old_records_json_is_imported_once_and_its_games_never_count_again() -> None:
    old = [finished_match(seed) for seed in (1, 2)]
    for match in old:
        record_game(match, records_path())
    journal = TableJournal(server_database())
    lobby = Lobby(seat_timeout=600, bot_delay=0)
    keep_tables(lobby, journal, old_records=records_path())
    keep_tables(lobby, journal, old_records=records_path())  # a second start: not again
    new = finished_match(3)

    assert not count_game(journal.db, old[0])  # counted in records.json already
    assert count_game(journal.db, new)
    assert as_totals(served_records(journal.db)) == totals([*old, new])
    # records.json is left as it was: local games still count there.
    assert load_records().games == tuple(game_id(match) for match in old)


def test_cantstop_records_shows_the_local_and_the_served_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    local, served = finished_match(1), finished_match(2)
    record_game(local, records_path())
    journal = TableJournal(server_database())

    journal.db.execute("BEGIN")
    count_game(journal.db, served)
    journal.db.execute("COMMIT")
    assert records_main([]) == 0
    out = capsys.readouterr().out
    assert "On this computer:" in out and f"On the server ({server_database()}):" in out
    assert records_main(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and data["served"]["games"] == 1
    names = {row["name"]: row["games"] for row in data["served"]["players"]}
    assert names == {"ana": 1, "bob": 1}


def test_an_unreadable_server_database_is_one_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path: Path = server_database()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database at all" * 100)
    assert records_main([]) == 1
    err = capsys.readouterr().err
    assert "server's database cannot be read" in err and "Traceback" not in err
