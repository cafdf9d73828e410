"""A keyless guest's name is anyone's once the guest has gone: guests play unrated (no
records, no rating, not on the leaderboard, a newcomer to the chances), and an older
database's records of guest names are left off the leaderboard (issue srv7b, item 1)."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from cantstop_tui.play.ratings import GameRatings, Rating, rated
from cantstop_tui.server.guests import GUEST_NOTICE, leaderboard_of, unrated_ratings
from cantstop_tui.server.identity import Names
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.storage.records import PlayerRecord, Records
from cantstop_tui.storage.served_records import count_game, served_records

from .conftest import Player, create_table, key_of, make_server, sit_and_start, until
from .rematch_helpers import finish, finished_match

OLD = Rating(30.0, 2.0, 12)
"""A rating an older server gave whoever played as the name."""


def results_of(journal: TableJournal, name: str) -> list[tuple[str]]:
    return journal.db.execute("SELECT game_id FROM results WHERE name = ?", (name,)).fetchall()


def test_a_guests_game_counts_for_no_record_and_no_rating(tmp_path: Path) -> None:
    journal = TableJournal(tmp_path / "server.db")
    match = finished_match()
    assert count_game(journal.db, match, unrated={"ana"})
    assert results_of(journal, "ana") == []  # the guest: nothing of theirs kept
    assert len(results_of(journal, "bob")) == 1  # the key-bound player: their record
    ratings = journal.ratings(["ana", "bob"])
    assert ratings == {}, "a game against a guest moves nobody's rating (no farming)"
    assert len(served_records(journal.db).games) == 1  # the game is counted, once
    assert rated({}, match, unrated={"ANA"}) == {}  # compared case-insensitively
    assert set(rated({}, match)) == {"ana", "bob"}
    journal.close()


def test_the_chances_take_a_guest_for_a_newcomer_and_the_leaderboard_leaves_them_out() -> None:
    known = GameRatings({"carol": OLD, "ana": OLD}, today=True)
    assert unrated_ratings(known, {"Carol"}) == GameRatings({"ana": OLD}, today=True)
    records = Records(
        {"carol": PlayerRecord("carol", 3), "ana": PlayerRecord("ana", 2)},
        ("g1",),
        {"carol": OLD, "ana": OLD},
    )
    shown = leaderboard_of(records, lambda names: {n.casefold() for n in names} & {"ana"})
    assert set(shown.players) == {"ana"} and set(shown.ratings) == {"ana"}
    assert shown.games == ("g1",)


async def test_a_guest_named_as_an_old_player_gets_neither_her_rating_nor_her_place(
    host_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """An older server.db rated "carol" (a guest's name) and ana (a key's). A stranger logs
    in as carol without a key: told once she plays unrated; the leaderboard (ana's, a
    bystander with a key) shows ana, not carol; carol's game against bob, another guest, is
    counted but leaves carol's frozen rating and record as they were."""
    database = tmp_path / "server.db"
    journal = TableJournal(database)
    journal.db.executemany(  # each person's rows under their canonical name (served_people)
        "INSERT INTO ratings (name, person, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
        [(name, name, OLD.mu, OLD.sigma, OLD.games) for name in ("carol", "ana")],
    )
    journal.db.executemany(
        "INSERT INTO results (game_id, name, person, games, wins, columns, busts, turns, "
        "abandoned) VALUES (?, ?, ?, 1, 1, 1, 0, 5, 0)",
        [("old", name, name) for name in ("carol", "ana")],
    )
    server = make_server(host_key, names=Names(database))
    keep_tables(server.lobby, journal)
    await server.start()
    try:
        ana = await Player.connect(server.port, "ana", size=(100, 30), client_keys=key_of("ana"))
        await ana.wait_for("lobby")
        assert "Playing as a guest" not in ana.text()  # a key: rated, nothing to say
        ana.press("b")
        await ana.wait_for("Abandoned")
        board = ana.text()
        assert "ana" in board and "carol" not in board, board

        carol = await Player.connect(server.port, "carol", size=(100, 30))
        await carol.wait_for("lobby")
        await carol.wait_for("Playing as a guest")
        said = " ".join(carol.text().split())
        assert GUEST_NOTICE.split(";")[0] in said
        await create_table(carol)
        hosted = next(iter(server.lobby.tables.values()))
        bob = await sit_and_start(server, carol, "bob", "carol's table")
        assert hosted.unrated == {"carol", "bob"}
        assert hosted.table is not None
        finish(hosted.table)
        await until(lambda: len(served_records(journal.db).games) == 1, "the game counted")
        assert journal.ratings(["carol", "bob"]) == {"carol": OLD}  # frozen, bob: none
        assert results_of(journal, "carol") == [("old",)]
        assert results_of(journal, "bob") == []
        for player in (ana, carol, bob):
            await player.close()
    finally:
        server.lobby.on_step = server.lobby.on_save = None
        await server.close()
        journal.close()
