"""What a turn-based table tells of people coming and going, over SSH against a real server
on loopback: the notice of what was played meanwhile stays with its table, and the chat says
once each that a person left (their seat kept) and that they are back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.turn_based import TurnRules
from cantstop_tui.server import seat_notices
from cantstop_tui.server.guests import GUEST_NOTICE
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.table_notices import SINCE_SECONDS, SINCE_TITLE
from cantstop_tui.server.tables import HostedTable
from cantstop_tui.server.turn_tables import MARKED, SINCE_LINES
from cantstop_tui.ui.demo import step_at
from cantstop_tui.ui.textual_compat import notification_messages

from .conftest import Player, host_table, turn_based_game, until

SIZE = (120, 40)
PLAYED = 6
"""Steps played at least while ana is away, to her move: what her notice tells when she comes
back."""


async def both_away_while_played(server: GameServer) -> HostedTable:
    """ana's turn-based table, where she and bob play on while away (``PLAYED``)."""
    ana, bob, hosted = await turn_based_game(server, GameConfig(num_players=2), TurnRules(), SIZE)
    for player in (ana, bob):
        await player.close()
    await until(lambda: not any(seat.connected for seat in hosted.seats), "both gone")
    table = hosted.table
    assert table is not None
    while len(table.match.history) < PLAYED or table.match.state.current_player != 0:
        step_at(table)  # to ana's move, past a turn of bob's
    assert not table.match.state.is_over
    return hosted


async def to_her_seat(server: GameServer, hosted: HostedTable, ana: Player) -> None:
    """From the lobby, ana goes back to her seat at the turn-based table (its first row)."""
    await ana.wait_for("ana's table")
    ana.press("\r")
    await until(lambda: hosted.seats[0].connected, "ana back at her seat")


async def to_the_lobby(hosted: HostedTable, ana: Player) -> None:
    ana.press("q")
    await ana.wait_for("Leave this table")
    ana.press("y")
    await until(lambda: not hosted.seats[0].connected, "ana gone to the lobby")
    await ana.wait_for("Your move at 1 table")  # the lobby's line (it is her move)


async def test_the_notice_of_what_was_played_goes_with_its_table(server: GameServer) -> None:
    hosted = await both_away_while_played(server)
    ana = await Player.connect(server.port, "ana", size=SIZE)
    await to_her_seat(server, hosted, ana)
    await ana.wait_for(MARKED)  # the notice, over the turn-based table (not its log's rule)
    [app] = [s._app for s in server.sessions if s.visitor is not None and s.visitor.name == "ana"]
    assert app is not None and notices_since(app)
    await to_the_lobby(hosted, ana)
    assert not notices_since(app)
    carol = await host_table(server, "carol")  # a live table, where ana sits down
    await ana.wait_for("carol's table")
    ana.press("\x1b[B\r")  # the second row
    await ana.wait_for("Who starts?")
    await carol.wait_for("Who starts?")
    for player in (ana, carol):
        player.press("\r")
    await ana.wait_for("Waiting for carol")  # carol's table's screen (the notice came back
    assert not notices_since(app)  # to it, to stay its 30 s, before the notice was the table's)
    shown = ana.text()
    assert SINCE_TITLE not in shown and MARKED not in shown
    assert "bob" not in shown  # nothing of the other table's game
    for player in (ana, carol):
        await player.close()


async def test_leaving_a_table_takes_its_notices_and_leaves_the_others(
    server: GameServer,
) -> None:
    """A notice that is not the table's (the lobby's, as a turn-based table's "your move"
    would be; the session's) stays over the lobby its time; the table's goes."""
    hosted = await both_away_while_played(server)
    ana = await Player.connect(server.port, "ana", size=SIZE)
    await to_her_seat(server, hosted, ana)
    await ana.wait_for(MARKED)
    [app] = [s._app for s in server.sessions if s.visitor is not None and s.visitor.name == "ana"]
    assert app is not None
    elsewhere = "Your move at carol's table."
    app.notify(elsewhere, timeout=600, markup=False)
    await ana.wait_for(elsewhere)
    await to_the_lobby(hosted, ana)
    assert not notices_since(app)
    others = [m for m in notification_messages(app) if m != GUEST_NOTICE]  # ana: a guest
    assert others == [elsewhere]
    await ana.wait_for(elsewhere)  # over the lobby
    assert MARKED not in ana.text()
    await ana.close()


def notices_since(app: App[Any]) -> list[str]:
    """The app's notices of what was played at a turn-based table meanwhile."""
    return [notice for notice in notification_messages(app) if MARKED in notice]


async def test_leaving_a_turn_based_table_is_told_as_coming_back_is(server: GameServer) -> None:
    hosted = await both_away_while_played(server)
    before = len(hosted.chat.lines)
    ana = await Player.connect(server.port, "ana", size=SIZE)
    await to_her_seat(server, hosted, ana)
    await to_the_lobby(hosted, ana)  # back to the lobby: her seat is kept
    await to_her_seat(server, hosted, ana)
    await ana.close()  # her connection ends: her seat is kept too
    await until(lambda: not hosted.seats[0].connected, "ana gone")
    ana = await Player.connect(server.port, "ana", size=SIZE)
    await to_her_seat(server, hosted, ana)
    back, left = seat_notices.back("ana"), seat_notices.left("ana", turn_based=True)
    assert left != seat_notices.left("ana", turn_based=False)  # the seat waits, no timeout
    told = [line for line in list(hosted.chat.lines)[before:] if "ana" in line]
    assert told == [back, left, back, left, back]
    await ana.wait_for(back)  # what her chat pane shows (the last line said)
    await ana.close()


def test_the_docs_say_how_long_the_notice_stays() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "ssh.md").read_text()
    said = " ".join(docs.split())  # as one line, whatever the wrapping
    assert f"last {SINCE_LINES} lines) for {SINCE_SECONDS:g} s at that table" in said
