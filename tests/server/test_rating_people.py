"""One person, one rating: the server keys ratings and records by the canonical form of a
name (``play.lookalike``), so ``ana`` and ``Ana`` are one rating however she spells it;
end to end over SSH against a real server on loopback, and an older database moved over."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.ratings import MU
from cantstop_tui.play.results import helped_seats
from cantstop_tui.server.auth import Auth
from cantstop_tui.server.identity import Names
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.storage.served_people import APART
from cantstop_tui.storage.served_records import count_game

from .conftest import (
    Player,
    create_table,
    key_of,
    make_server,
    sit_and_start,
    start_table,
    until,
)
from .rematch_helpers import finish

CYRILLIC_ANA = "\u0430na"


@pytest.fixture(scope="module")
def keys() -> tuple[asyncssh.SSHKey, asyncssh.SSHKey]:
    return asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key(
        "ssh-ed25519"
    )


async def test_games_as_ana_then_ana_capitalised_are_one_rating(
    host_key, keys, tmp_path: Path
) -> None:
    path = tmp_path / "server.db"
    server = make_server(host_key, Auth("open"), names=Names(path))
    journal = TableJournal(path)
    keep_tables(server.lobby, journal)
    await server.start()
    try:
        for spelling in ("ana", "Ana"):  # her key owns "ana" in any case
            ana = await Player.connect(server.port, spelling, client_keys=[keys[0]])
            await ana.wait_for(f"you are {spelling}")
            await create_table(ana)
            bob = await sit_and_start(
                server, ana, "bob", f"{spelling}'s table", client_keys=key_of("bob")
            )
            [hosted] = server.lobby.tables.values()
            assert hosted.table is not None
            finish(hosted.table)
            await ana.wait_for("Rematch")
            await ana.close()
            await bob.close()
            await until(lambda: not server.lobby.tables, "the finished table to close")
        board = journal.leaderboard()
        assert set(board.ratings) == {"ana", "bob"}, board.ratings  # not "Ana" beside "ana"
        assert board.ratings["ana"].games == 2
        assert board.players["ana"].games == 2 and "Ana" not in board.players
        assert journal.ratings(["Ana"]) == {"Ana": board.ratings["ana"]}  # her side panel
    finally:
        server.lobby.on_step = server.lobby.on_save = None
        await server.close()
        journal.close()


OLD_SCHEMA = """
CREATE TABLE finished (game_id TEXT PRIMARY KEY, ended REAL NOT NULL, players TEXT NOT NULL,
    winner TEXT);
CREATE TABLE results (game_id TEXT NOT NULL, name TEXT NOT NULL, games INTEGER NOT NULL,
    wins INTEGER NOT NULL, columns INTEGER NOT NULL, busts INTEGER NOT NULL,
    turns INTEGER NOT NULL, abandoned INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, name));
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE ratings (name TEXT PRIMARY KEY, mu REAL NOT NULL, sigma REAL NOT NULL,
    games INTEGER NOT NULL);
"""
"""The records' tables as cantstop kept them before ratings were a person's."""


def old_database(path: Path, keys: dict[str, str]) -> None:
    """ana played 3 games as "ana" and 1 as "Ana" (one key), and someone else 2 as a
    Cyrillic "аna" bound before look-alikes were refused; "carol" had no key."""
    names = Names(path)
    for name, key in keys.items():
        assert names.bind(name, key)
    db = sqlite3.connect(path)
    with db:
        db.executescript(OLD_SCHEMA)
        played = [("ana", 3, 20.0), (CYRILLIC_ANA, 2, 30.0), ("Ana", 1, 27.0)]
        played += [("carol", 1, 25.0), ("Carol", 2, 24.0)]
        for name, games, mu in played:
            db.executemany(
                "INSERT INTO results VALUES (?, ?, 1, 0, 1, 2, 10, 0)",
                [(f"{name}-{game}", name) for game in range(games)],
            )
            db.execute("INSERT INTO ratings VALUES (?, ?, 5.0, ?)", (name, mu, games))
    db.close()


def test_an_older_database_merges_one_keys_spellings_and_keeps_others_apart(
    keys, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "server.db"
    mine, theirs = (key.get_fingerprint("sha256") for key in keys)
    old_database(path, {"ana": mine, CYRILLIC_ANA: theirs})
    with caplog.at_level(logging.WARNING):
        journal = TableJournal(path)
    said = [r.getMessage() for r in caplog.records if "not merged" in r.getMessage()]
    assert said == [
        "Names that are now one person were not merged, as no one key owns them all; each "
        f"keeps its own rating and records: {CYRILLIC_ANA} (not ana); Carol (not carol)."
    ]
    board = journal.leaderboard()
    # One key's two spellings: one rating (the one with more games), their games summed.
    assert board.ratings["ana"].mu == 20.0 and board.ratings["ana"].games == 4
    assert board.players["ana"].games == 4 and "Ana" not in board.players
    # A look-alike bound to another key, and unbound spellings: the first keeps the name.
    assert board.ratings[CYRILLIC_ANA].games == 2 and board.players[CYRILLIC_ANA].games == 2
    assert board.players["carol"].games == 1 and board.players["Carol"].games == 2
    assert journal.ratings(["ANA", CYRILLIC_ANA]) == {
        "ANA": board.ratings["ana"], CYRILLIC_ANA: board.ratings[CYRILLIC_ANA]
    }
    journal.close()
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        again = TableJournal(path)  # moved over once: nothing more to say
    assert not [r for r in caplog.records if "not merged" in r.getMessage()]
    person = dict(again.db.execute("SELECT name, person FROM ratings"))
    assert person[CYRILLIC_ANA] == APART + CYRILLIC_ANA and person["ana"] == "ana"
    again.close()


def finished_between(first: str, second: str) -> Match:
    """A finished two-player game of ``first`` against ``second``."""
    match = Match.start((Seat(first), Seat(second)), GameConfig(num_players=2), 7)
    while not match.state.is_over:
        if match.state.phase is Phase.CHOOSE:
            match, _ = match.choose(legal_moves(match.state)[0])
        elif can_stop(match.state) and len(match.history) % 5 == 0:
            match, _ = match.stop()
        else:
            match, _ = match.roll()
    return match


def test_next_games_count_where_the_rows_are_and_a_spelling_kept_apart_stays_apart(
    keys, tmp_path: Path
) -> None:
    path = tmp_path / "server.db"
    mine, theirs = (key.get_fingerprint("sha256") for key in keys)
    old_database(path, {"ana": mine, CYRILLIC_ANA: theirs})
    journal = TableJournal(path)
    for first in (CYRILLIC_ANA, "ANA"):
        with journal.db:
            assert count_game(journal.db, finished_between(first, "bob"))
    board = journal.leaderboard()
    assert board.players[CYRILLIC_ANA].games == 3 and board.ratings[CYRILLIC_ANA].games == 3
    assert board.players["ana"].games == 5 and board.ratings["ana"].games == 5
    assert "ANA" not in board.players and "ANA" not in board.ratings
    journal.close()


async def test_turns_left_to_the_computer_earn_no_rating(host_key, tmp_path: Path) -> None:
    """Both players let a turn run out of time (``--turn-timeout``), so the strongest level
    plays it for them, then play on and finish: whoever wins gains no rating from it (they
    did not win alone), and the other still loses theirs."""
    server = make_server(host_key, turn_timeout=0.3)
    journal = TableJournal(tmp_path / "server.db")
    keep_tables(server.lobby, journal)
    await server.start()
    try:
        ana, bob, hosted = await start_table(server, keys=True)  # key-bound: rated
        table = hosted.table
        assert table is not None
        await until(
            lambda: helped_seats(table.match) == {0, 1}
            and not table.is_bot(table.match.state.current_player),
            "a turn of each played by the computer, and a person to move",
        )
        finish(table)
        assert helped_seats(table.match) == {0, 1}
        winner = table.match.seats[table.match.state.winner or 0].name
        loser = ({"ana", "bob"} - {winner}).pop()
        rated = journal.ratings(["ana", "bob"])
        assert winner not in rated, rated  # no gain: still a newcomer
        assert rated[loser].mu < MU and rated[loser].games == 1
        assert journal.leaderboard().players[winner].wins == 1  # the records count the win
        await ana.close()
        await bob.close()
    finally:
        server.lobby.on_step = server.lobby.on_save = None
        await server.close()
        journal.close()
