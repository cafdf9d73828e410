"""End to end over SSH: at a table whose creator lets its players show the win chances, a
player's first ``h`` says that hints make the game unrated for them; the second shows the
hint, and the game's record keeps that they asked (``Match.hinted``), in the server's
journal too, so the game gains them no rating. A keyless guest, whose games are never
rated, is not told so: the first ``h`` shows the hint."""

from __future__ import annotations

from pathlib import Path

from cantstop_tui.play.ratings import MU
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.shared_table import SharedTable
from cantstop_tui.server.table_screens import HINTS_UNRATE
from cantstop_tui.ui.demo import step_at

from .conftest import Player, host_table, key_of, make_server, sit_and_start, until
from .rematch_helpers import finish


async def bobs_turn_at_a_chances_table(
    server: GameServer, bob_keys: dict[str, object]
) -> tuple[Player, Player, SharedTable, int]:
    """ana (with a key) creates a table where players may show the win chances, bob sits
    (``bob_keys``: his login's keys, none for a guest); the game is played on to bob's
    turn, his Roll on screen. (ana, bob, the table, bob's seat.)"""
    ana = await host_table(server, "ana", client_keys=key_of("ana"))
    [hosted] = server.lobby.tables.values()
    hosted.chances = True  # as if created with "players may show them"
    bob = await sit_and_start(server, ana, "bob", "ana's table", **bob_keys)
    table = hosted.table
    assert table is not None
    await until(lambda: table.match.state.current_player in (0, 1), "the game to start")
    bob_seat = next(i for i, seat in enumerate(table.match.seats) if seat.name == "bob")
    while table.match.state.current_player != bob_seat:
        step_at(table)
    await bob.wait_for("Roll")
    return ana, bob, table, bob_seat


async def test_a_hint_is_confirmed_kept_with_the_game_and_earns_no_rating(
    host_key, tmp_path: Path
) -> None:
    server = make_server(host_key)
    journal = TableJournal(tmp_path / "server.db")
    keep_tables(server.lobby, journal)
    await server.start()
    try:
        ana, bob, table, bob_seat = await bobs_turn_at_a_chances_table(
            server, {"client_keys": key_of("bob")}
        )
        bob.press("h")
        await bob.wait_for(HINTS_UNRATE[:40])
        assert table.match.hinted == frozenset()  # not yet: only told
        bob.press("h")
        await bob.wait_for("Hint:")
        assert table.match.hinted == {bob_seat}
        step_at(table)  # the next step carries it into the journal
        [record] = journal.records()
        assert record["game"]["hinted"] == [bob_seat], record
        finish(table)
        assert table.match.hinted == {bob_seat}
        rated = journal.ratings(["ana", "bob"])
        assert "bob" not in rated or rated["bob"].mu <= MU, rated  # win or lose, no gain
        await ana.close()
        await bob.close()
    finally:
        server.lobby.on_step = server.lobby.on_save = None
        await server.close()
        journal.close()


async def test_a_guest_gets_the_hint_at_the_first_h(host_key) -> None:
    server = make_server(host_key)
    await server.start()
    try:
        ana, bob, _, _ = await bobs_turn_at_a_chances_table(server, {})  # no key: a guest
        bob.press("h")
        await bob.wait_for("Hint:")
        assert HINTS_UNRATE[:40] not in bob.text()
        await ana.close()
        await bob.close()
    finally:
        await server.close()
