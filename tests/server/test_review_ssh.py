"""End to end over SSH: win chances only where the table's creator allowed them, and the
review of a finished table's game from its game-over screen."""

from __future__ import annotations

import gc
import re
import weakref
from pathlib import Path
from typing import Any

from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.server import GameServer
from cantstop_tui.ui.screens.live_chances import YOU_HIDE

from .conftest import REVIEW_WAIT, Player, sit_and_start, start_table, until
from .rematch_helpers import finish

PERCENT = re.compile(r"\d+%")


def side_panel(player: Player) -> str:
    """The lines of the side panel that name the players."""
    return "\n".join(line for line in player.text().splitlines() if "ana" in line or "bob" in line)


def chances_line_says(player: Player, words: str) -> bool:
    return any("Win chances" in line and words in line for line in player.text().splitlines())


async def test_win_chances_stay_hidden_unless_the_creator_allowed_them(
    server: GameServer,
) -> None:
    ana, bob, hosted = await start_table(server)
    assert hosted.chances is False
    await ana.wait_for("Roll")
    ana.press("w")
    await ana.wait_for(YOU_HIDE)  # her own choice, said as hers
    assert not PERCENT.search(side_panel(ana))
    # The hint speaks in the same chances ("you win 54% of the time"): hidden with them,
    # for everyone at the table, and its key is not offered in the keys bar.
    for player in (ana, bob):
        assert "Hint" not in player.text().splitlines()[-1], player.text()
        player.press("h")
        await player.wait_for("hints are off for everyone")
        assert "Hint:" not in player.text()
    ana.press("\x10")  # ctrl+p: the command palette offers no hints to turn on either
    await ana.wait_for("Review this game")
    await ana.wait_for("Quit")  # the command after where it was
    assert "Turn hints" not in ana.text()
    await ana.close()
    await bob.close()


async def test_a_table_created_with_win_chances_shows_them_on_w(server: GameServer) -> None:
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for("lobby")
    ana.press("c")
    await ana.wait_for("New table")
    ana.press("odds")
    [session] = server.sessions
    app = session._app
    assert app is not None

    async def next_field() -> None:
        field = app.focused
        ana.press("\t")
        await until(lambda: app.focused is not field, "the next field")

    for _ in range(6):  # past seats 2 to 4, the variant and the columns, to the chances
        await next_field()
    ana.press(" ")  # open the list (Enter would submit the form)
    await ana.wait_for("players may show them")
    options: Any = app.focused
    first = options.highlighted
    ana.press("\x1b[B")
    await until(lambda: options.highlighted != first, "the next choice")
    ana.press("\r")
    await ana.wait_for(lambda: chances_line_says(ana, "may show"), "the form to say so")
    await next_field()
    ana.press("\r")  # the Create button
    await ana.wait_for("Waiting")
    hosted = next(iter(server.lobby.tables.values()))
    assert hosted.chances is True and hosted.name == "odds"
    bob = await sit_and_start(server, ana, "bob", "odds")
    await ana.wait_for("Roll")
    for player in (ana, bob):
        player.press("w")
    for player in (ana, bob):
        await player.wait_for(lambda p=player: len(PERCENT.findall(side_panel(p))) == 2)  # type: ignore[misc]
        shown = [int(n) for n in re.findall(r"(\d+)%", side_panel(player))]
        assert 95 <= sum(shown) <= 105, shown  # two chances that share the game
    ana.press("w")  # and off again, for ana only
    await ana.wait_for(lambda: not PERCENT.search(side_panel(ana)), "the chances to go")
    assert len(PERCENT.findall(side_panel(bob))) == 2
    await ana.close()
    await bob.close()


async def test_players_open_the_review_of_a_finished_game(server: GameServer) -> None:
    ana, bob, hosted = await start_table(server)
    table = hosted.table
    assert table is not None
    finish(table)
    winner = table.match.seats[table.match.state.winner or 0].name
    for player in (ana, bob):
        await player.wait_for(f"{winner} wins")
    await ana.wait_for("Review (v)")
    ana.press("v")
    await ana.wait_for("Accuracy", seconds=REVIEW_WAIT)
    await ana.wait_for("Decisions")
    text = ana.text()
    assert "Review" in text and "ana vs bob" in text and f"{winner} won in" in text
    assert "Play on" not in text  # the table decides its games, not a replay
    [session] = [s for s in server.sessions if s.visitor and s.visitor.name == "ana"]
    app: Any = session._app
    review = weakref.ref(app.screen)
    ana.press("\r")  # the replay at the first decision
    await ana.wait_for("Replay")
    await ana.wait_for("Step")
    assert "Play on" not in ana.text()
    replay = weakref.ref(app.screen)
    assert replay() is not review()
    ana.press("\x1b")
    await ana.wait_for("Accuracy")
    ana.press("\x1b")
    await ana.wait_for(f"{winner} wins")
    await until(lambda: "Rematch" in ana.text(), "the game-over box again")
    assert "Accuracy" not in bob.text()  # bob's screen is his own
    # Both screens are let go once closed.
    await until(lambda: gc.collect() >= 0 and review() is None and replay() is None,
                "the review and the replay to be let go")
    await ana.close()
    await bob.close()


async def test_the_lobby_shows_the_leaderboard_after_a_game(
    server: GameServer, tmp_path: Path
) -> None:
    journal = TableJournal(tmp_path / "server.db")
    keep_tables(server.lobby, journal)
    ana, bob, hosted = await start_table(server, keys=True)  # rated: key logins
    assert hosted.table is not None
    finish(hosted.table)
    match = hosted.table.match
    winner = match.seats[match.state.winner or 0].name
    loser = "bob" if winner == "ana" else "ana"
    await ana.wait_for(f"{winner} wins")
    ana.press("l")
    await ana.wait_for("b Ratings")  # the lobby's own footer, not a word on the game-over box
    ana.press("b")
    await ana.wait_for("Leaderboard")
    await ana.wait_for("Computer levels")
    rows = [line.split() for line in ana.text().splitlines()]
    names = [row[1] for row in rows if len(row) > 2 and row[1] in ("ana", "bob")]
    assert names == [winner, loser]  # the winner rated higher
    ratings = journal.leaderboard().ratings
    assert ratings[winner].shown > ratings[loser].shown
    ana.press("\x1b")
    await ana.wait_for(lambda: "Computer levels" not in ana.text(), "the leaderboard to close")
    assert "b Ratings" in ana.text() and "q Quit" in ana.text()  # the footer fits in 80
    await ana.close()
    await bob.close()
    journal.close()
