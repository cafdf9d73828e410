"""End to end over SSH on loopback: a lobby, a shared table, players and a spectator."""

from __future__ import annotations

import re
import sys

import asyncssh
import pytest

from cantstop_tui.server.server import GameServer
from cantstop_tui.server.table_summary import summary

from .conftest import (
    AT_THE_BOARD,
    Player,
    create_table,
    make_server,
    play_one_step,
    start_table,
    talking,
    until,
    watch_game,
)


async def test_two_players_finish_a_seeded_game_while_a_spectator_follows(
    server: GameServer,
) -> None:
    ana, bob, hosted = await start_table(server)
    table = hosted.table
    assert table is not None
    carol = await watch_game(server, hosted)

    first = table.match
    await ana.wait_for("your turn")
    carol.press("r")  # a spectator acts on nothing
    carol.press("?")  # keys are handled in order: once help shows, "r" has been
    await carol.wait_for("Can't Stop in brief")
    carol.press("\x1b")
    await carol.wait_for(lambda: "Can't Stop in brief" not in carol.text(), "help closed")
    assert table.match is first

    players = {0: ana, 1: bob}
    while not table.match.state.is_over:
        await play_one_step(table, players)

    winner = table.match.seats[table.match.state.winner or 0].name
    assert winner in ("ana", "bob")
    for viewer in (ana, bob, carol):
        await viewer.wait_for(f"{winner} wins")
    assert len(table.match.history) > 20


async def test_a_dropped_player_reconnects_into_their_seat(server: GameServer) -> None:
    ana, bob, hosted = await start_table(server)
    table = hosted.table
    assert table is not None
    await ana.wait_for("your turn")
    await play_one_step(table, {0: ana, 1: bob})
    await bob.close()
    await until(lambda: not hosted.seats[1].connected, "the server to notice bob left")
    assert 1 in hosted.clocks.holds and not table.is_bot(1)

    bob = await Player.connect(server.port, "bob")
    await bob.wait_for(AT_THE_BOARD)  # straight back to the board, no lobby
    assert "lobby" not in bob.text()
    assert hosted.seats[1].connected and 1 not in hosted.clocks.holds
    while table.match.state.current_player != 1:
        await play_one_step(table, {0: ana, 1: bob})
    await play_one_step(table, {0: ana, 1: bob})  # bob's keys play his seat again


async def test_after_the_seat_timeout_the_computer_plays_the_seat(host_key: object) -> None:
    server = make_server(host_key, seat_timeout=0.3)  # type: ignore[arg-type]
    await server.start()
    try:
        ana, bob, hosted = await start_table(server)
        table = hosted.table
        assert table is not None
        await bob.close()
        await until(lambda: table.is_bot(1), "the computer to take bob's seat")
        assert summary(hosted).seats[1].human is False
        players = {0: ana}
        while not table.match.state.is_over:
            if table.match.state.current_player == 0:
                await play_one_step(table, players)
            else:
                moved = table.match
                await until(lambda m=moved: table.match is not m, "the computer's step")
        assert table.match.state.is_over
    finally:
        await server.close()


async def test_a_hostile_name_reaches_other_screens_harmless(server: GameServer) -> None:
    # SSH itself refuses control characters in user names; markup-like text gets through.
    mallory = await Player.connect(server.port, "[reverse]ev[/]il")
    await mallory.wait_for("lobby")
    assert "you are reverseevil" in mallory.text()
    # A name typed (pasted) at the prompt may carry anything.
    eve = await Player.connect(server.port, "---")
    await eve.wait_for("Your name?")
    eve.press("\x1b[200~\x1b]0;pwned\x07\x1b[2Jma\x9b31m\x00l\x1b[5mory\x1b[201~\r")
    await eve.wait_for("you are ")
    await create_table(eve)
    name = next(iter(server.lobby.tables.values())).seats[0].person.name  # type: ignore[union-attr]
    assert name and all(char.isalnum() or char in " -_.'" for char in name)
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for(  # in the table's name and in its first seat, above the free one
        lambda: ana.text().count(name) >= 2 and "(free)" in ana.text(), f"{name} seated"
    )
    raw = ana.raw()
    osc_strings = re.findall(r"\x1b\][^\x07]*\x07", raw)
    assert not any("pwn" in osc or name in osc for osc in osc_strings)
    assert "\x00" not in raw and "\x9b" not in raw


async def test_a_user_name_with_escape_sequences_is_refused_at_the_door(
    server: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:

    real_saslprep = asyncssh.connection.saslprep

    def client_skips_saslprep(name: str) -> str:
        # The client library would not even send such a name; the server must check it itself.
        return name if sys._getframe(1).f_code.co_name == "prepare" else real_saslprep(name)

    monkeypatch.setattr(asyncssh.connection, "saslprep", client_skips_saslprep)
    with pytest.raises(asyncssh.Error, match="character"):
        await asyncssh.connect(
            "127.0.0.1", server.port, username="\x1b]0;pwned\x07\x1b[2J", known_hosts=None
        )
    assert not server.sessions


async def test_a_name_another_guest_plays_under_is_asked_again(server: GameServer) -> None:
    first = await Player.connect(server.port, "ana", local_addr=("127.0.0.2", 0))
    await first.wait_for("lobby")
    # A keyless guest from another address is another person (from the same one: the same
    # person signing in again, who takes over; see test_identity).
    second = await Player.connect(server.port, "ana", local_addr=("127.0.0.3", 0))
    await second.wait_for("already playing")
    second.press("ann\r")
    await second.wait_for("you are ann")


async def test_a_player_who_stalls_gets_one_turn_played_by_the_computer(host_key: object) -> None:
    server = make_server(host_key, turn_timeout=0.3)  # type: ignore[arg-type]
    await server.start()
    try:
        _ana, _bob, hosted = await start_table(server)
        table = hosted.table
        assert table is not None
        first = table.match.state.current_player
        await until(
            lambda: table.match.state.current_player != first, "the computer to end the turn"
        )
        assert not table.is_bot(first)  # the seat is the person's again
        assert any("took too long" in line for line in hosted.chat.lines)
    finally:
        await server.close()


async def test_a_chat_line_reaches_everyone_at_the_table(server: GameServer) -> None:
    ana, bob, hosted = await talking(server)
    ana.press("good luck [b]bob\r")
    await bob.wait_for("ana: good luck [b]bob")
    assert list(hosted.chat.lines)[-1] == "ana: good luck [b]bob"
    assert hosted.table is not None and not hosted.table.match.history  # talking is no move


async def test_escape_closes_the_talk_box_and_says_nothing(server: GameServer) -> None:
    ana, _bob, hosted = await talking(server)
    assert "Escape cancels, 120 characters at most" in ana.text()  # whole at 80 columns
    ana.press("abc")
    await ana.wait_for("abc")
    ana.press("\x1b")
    await ana.wait_for(lambda: "abc" not in ana.text(), "the talk box to close")
    ana.press("t")  # opens again, empty: what was cancelled is not kept
    await ana.wait_for("say something")
    assert "abc" not in ana.text()
    assert not any("abc" in line for line in hosted.chat.lines)


async def test_a_stranger_asked_for_another_name_takes_no_seat_away(server: GameServer) -> None:
    """Someone who logs in under a seated player's name and leaves at "Your name?" must not
    leave that player's seat for them (the seats are found by name)."""
    ana, bob, hosted = await start_table(server)
    stranger = await Player.connect(server.port, "ana", local_addr=("127.0.0.3", 0))
    await stranger.wait_for("already playing")
    assert server.session_as("ana") is not None
    await stranger.close()
    await until(lambda: len(server.sessions) == 2, "the stranger's session to end")
    seat = next(s for s in hosted.seats if s.person is not None and s.person.name == "ana")
    assert seat.connected and seat.stand_in is None
    bob.press("t")
    await bob.wait_for("say something")
    bob.press("still there?\r")
    await ana.wait_for("bob: still there?")  # ana's session is the one named ana
    assert not any("ana left" in line for line in hosted.chat.lines)
