"""End to end over SSH: a table's win chances and the review of its game know who plays,
from the people's ratings in the server's database (issue 32)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cantstop_tui.play.lookalike import skeleton
from cantstop_tui.play.ratings import ANCHORS, Rating
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.tables import HostedTable

from .conftest import (
    AT_THE_BOARD,
    REVIEW_WAIT,
    Player,
    create_table,
    key_of,
    sit_and_start,
    until,
)
from .rematch_helpers import finish

STORED = {"ana": Rating(ANCHORS["strong"].mu, 1.0, 40), "bob": Rating(ANCHORS["easy"].mu, 1.0, 40)}
"""Two people the database knows well: ana plays like ``strong``, bob like ``easy``."""


@contextmanager
def kept_in_a_journal(
    server: GameServer, path: Path, ratings: dict[str, Rating]
) -> Iterator[TableJournal]:
    """The server's tables kept in a database at ``path`` that already rates ``ratings``."""
    journal = TableJournal(path)
    journal.db.executemany(
        "INSERT INTO ratings (name, person, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
        [(name, skeleton(name), r.mu, r.sigma, r.games) for name, r in ratings.items()],
    )
    keep_tables(server.lobby, journal)
    try:
        yield journal
    finally:
        server.lobby.on_step = server.lobby.on_save = None  # the server closes after it
        journal.close()


async def ana_and_bob_at_a_table(server: GameServer) -> tuple[Player, Player, HostedTable]:
    """ana creates a table and bob sits down: the game starts (each logs in with a key: a
    guest's game is not rated)."""
    ana = await Player.connect(server.port, "ana", client_keys=key_of("ana"))
    await ana.wait_for("lobby")
    await create_table(ana)
    hosted = next(iter(server.lobby.tables.values()))
    bob = await sit_and_start(server, ana, "bob", "ana's table", client_keys=key_of("bob"))
    return ana, bob, hosted


async def review_assumes(ana: Player, hosted: HostedTable) -> str:
    """The game played to its end and ana's review of it: its line "Chances assume: ..."."""
    assert hosted.table is not None
    finish(hosted.table)
    await ana.wait_for("Review (v)")
    ana.press("v")
    await ana.wait_for("Accuracy", seconds=REVIEW_WAIT)
    await until(lambda: "Chances assume:" in ana.text(), "the review's assumption")
    [said] = [line for line in ana.text().splitlines() if "Chances assume:" in line]
    return said


def assumes(player: Player) -> str:
    """The side panel's lines from ``assumes`` on (the right column of the screen)."""
    lines = player.text().splitlines()
    start = next((i for i, line in enumerate(lines) if "assumes" in line), None)
    if start is None:
        return ""
    column = lines[start].index("assumes")
    return "\n".join(line[column:] for line in lines[start:start + 3])


async def test_chances_and_review_assume_the_ratings_the_server_stores(
    server: GameServer, tmp_path: Path
) -> None:
    with kept_in_a_journal(server, tmp_path / "server.db", STORED) as journal:
        assert journal.ratings(["ana", "bob", "carol"]) == STORED  # carol: a newcomer, none
        ana, bob, hosted = await ana_and_bob_at_a_table(server)
        hosted.chances = True  # as if created with "players may show them"
        for player in (ana, bob):
            await player.wait_for(AT_THE_BOARD)
            player.press("w")
        for player in (ana, bob):
            await player.wait_for(
                lambda p=player: "~ strong" in assumes(p) and "~ easy" in assumes(p),  # type: ignore[misc]
                "the side panel to assume ana strong and bob easy",
            )
            assert "new" not in assumes(player)  # neither taken for a newcomer
        said = await review_assumes(ana, hosted)
        # One game moves a well-known rating by a fraction of a point: the same levels.
        assert "ana ~ strong" in said and "bob ~ easy" in said, said
        await ana.close()
        await bob.close()


async def test_the_review_of_two_newcomers_first_game_takes_them_as_newcomers(
    server: GameServer, tmp_path: Path
) -> None:
    """ana beats bob (or bob ana) in their first game: the database counts it and rates both
    as it ends, yet its review assumes what they were when it began: newcomers."""
    with kept_in_a_journal(server, tmp_path / "server.db", {}) as journal:
        ana, bob, hosted = await ana_and_bob_at_a_table(server)
        await ana.wait_for("Roll")
        said = await review_assumes(ana, hosted)
        assert set(journal.ratings(["ana", "bob"])) == {"ana", "bob"}  # counted and rated
        assert "ana ~ rule28 (new)" in said and "bob ~ rule28 (new)" in said, said
        await ana.close()
        await bob.close()
