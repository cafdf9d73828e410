"""Nothing shown is lost: each step of a hosted game is in the server's SQLite database
before any visitor is told of it, and a restart puts every table back at that step."""

from __future__ import annotations

import json
from pathlib import Path

from cantstop_tui.server import store
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.lobby import Lobby

from .conftest import make_server, play_one_step, start_table


def fresh_lobby() -> Lobby:
    return Lobby(seat_timeout=600, bot_delay=0, seeds=lambda: 7)


async def test_every_step_is_stored_before_the_visitors_see_it(host_key, tmp_path: Path):
    server = make_server(host_key)
    journal = TableJournal(tmp_path / "server.db")
    keep_tables(server.lobby, journal)
    await server.start()
    try:
        ana, bob, hosted = await start_table(server)
        table = hosted.table
        assert table is not None
        stored_when_told: list[tuple[int, int]] = []

        def visitor_told(match, events) -> None:  # subscribed after the table: like an app
            [record] = journal.records()
            stored_when_told.append((len(record["game"]["actions"]), len(match.history)))

        table.subscribe(visitor_told)
        players = {0: ana, 1: bob}
        for _ in range(12):
            await play_one_step(table, players)
        assert len(stored_when_told) >= 12
        assert all(stored == shown for stored, shown in stored_when_told)
        shown = table.match
        # The process dies here (no close, no final save): what is stored is what was shown.
        again = fresh_lobby()
        assert store.restore_all(again, TableJournal(tmp_path / "server.db").records()) == 1
        [restored] = again.tables.values()
        assert restored.table is not None and restored.table.match.history == shown.history
        assert [s.person.name for s in restored.seats if s.person] == ["ana", "bob"]
        await ana.close()
        await bob.close()
    finally:
        await server.close()


async def test_an_old_tables_json_is_imported_once(host_key, tmp_path: Path) -> None:
    server = make_server(host_key)
    await server.start()
    try:
        ana, bob, hosted = await start_table(server)
        table = hosted.table
        assert table is not None
        for _ in range(5):
            await play_one_step(table, {0: ana, 1: bob})
        old = tmp_path / "tables.json"
        store.save(server.lobby, old)
        history = table.match.history
        await ana.close()
        await bob.close()
    finally:
        await server.close()
    lobby, journal = fresh_lobby(), TableJournal(tmp_path / "server.db")
    assert keep_tables(lobby, journal, old_json=old) == 1
    assert not old.exists() and (tmp_path / "tables.json.imported").exists()
    [record] = journal.records()
    assert len(record["game"]["actions"]) == len(history)
    assert keep_tables(fresh_lobby(), journal, old_json=old) == 1  # from the database now
    assert json.loads((tmp_path / "tables.json.imported").read_text())["tables"]
