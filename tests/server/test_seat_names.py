"""A seated player's name is theirs in every spelling that looks like it: over SSH against a
real server on loopback, with a bystander watching (a tester was locked out of her held seat
by ``Ana``, who logged in while she was away, and watchers' chat lines looked like players')."""

from __future__ import annotations

import asyncssh

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.view import GameView
from cantstop_tui.ui.widgets.pair_choice import watched

from .conftest import (
    Player,
    create_table,
    make_server,
    play_one_step,
    start_table,
    until,
    watch_game,
)

ANA = "127.0.0.2"
STRANGER = "127.0.0.5"


async def test_a_lookalike_of_a_held_seat_is_asked_another_name_and_ana_gets_her_seat(
    host_key: asyncssh.SSHKey,
) -> None:
    server = make_server(host_key)
    await server.start()
    try:
        ana = await Player.connect(server.port, "ana", local_addr=(ANA, 0))
        await ana.wait_for("lobby")
        await create_table(ana)
        bob = await Player.connect(server.port, "bob")
        await bob.wait_for("ana's table")
        bob.press("\r")
        for player in (ana, bob):
            await player.wait_for("Who starts?")
            player.press("\r")
        [hosted] = server.lobby.tables.values()
        carol = await watch_game(server, hosted)  # the bystander
        await bob.wait_for("* carol is watching.")
        carol.press("t")
        await carol.wait_for("say something")
        carol.press("hello\r")
        await bob.wait_for("carol (watching):")  # the line wraps in the side panel
        assert hosted.chat.lines[-1] == "carol (watching): hello"

        assert hosted.table is not None and hosted.table.match.state.current_player == 0
        await carol.wait_for("You are watching: ana is playing.")
        await ana.close()  # her connection dropped: the seat is held
        await until(lambda: hosted.seats[0].held, "ana's seat held")
        await carol.wait_for("You are watching: ana left; their seat is held.")
        await bob.wait_for("ana left; their seat is held.")  # the players are told it too
        assert "Waiting for ana to play." not in bob.text()
        assert hosted.chat.lines[-1] == "* ana left; the seat is held for them."
        for lookalike in ("Ana", "ANA"):
            stranger = await Player.connect(server.port, lookalike, local_addr=(STRANGER, 0))
            await stranger.wait_for("ana is already playing here. Your name?")
            assert hosted.seats[0].held  # nobody took her seat, nor her name
            await stranger.close()
        # A confusable spelling (Cyrillic а) of the held seat's name is asked too, told why.
        cyrillic = await Player.connect(server.port, "\u0430na", local_addr=(STRANGER, 0))
        await cyrillic.wait_for("Your name?")
        assert "looks like ana's" in cyrillic.text() and not cyrillic.view.closed.is_set()
        assert hosted.seats[0].held
        await cyrillic.close()

        ana = await Player.connect(server.port, "ana", local_addr=(ANA, 0))
        await bob.wait_for("* ana is back.")
        await until(lambda: hosted.seats[0].connected, "ana at her seat")
        await carol.wait_for("* ana is back.")
        await carol.wait_for("You are watching: ana is playing.")
        assert "already playing" not in ana.text()
        # While she is connected, a look-alike from elsewhere is asked for another name too.
        stranger = await Player.connect(server.port, "ANA", local_addr=(STRANGER, 0))
        await stranger.wait_for("ana is already playing here. Your name?")
        await stranger.close()
        # Her own login in another case is her, at her seat under her seated name.
        await ana.close()
        await until(lambda: hosted.seats[0].held, "ana's seat held again")
        again = await Player.connect(server.port, "Ana", local_addr=(ANA, 0))
        await until(lambda: hosted.seats[0].connected, "ana back at her seat as Ana")
        assert hosted.seats[0].person is not None and hosted.seats[0].person.name == "ana"
        await again.close()
        for player in (bob, carol):
            await player.close()
    finally:
        await server.close()


def test_a_spectator_is_told_who_plays_the_seat_to_move() -> None:
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), seed=7)
    name = match.current_seat.name
    to_move = match.state.current_player
    assert watched(GameView(match), name) == f"{name} is playing."
    held = GameView(match, away=frozenset({to_move}))
    assert watched(held, name) == f"{name} left; their seat is held."
    played = GameView(match, away=frozenset({to_move}), bot_turn=True)
    assert watched(played, name) == f"the computer plays for {name}."
    other = GameView(match, away=frozenset({1 - to_move}))
    assert watched(other, name) == f"{name} is playing."


async def test_the_players_and_the_spectators_are_told_alike_the_computer_plays_a_seat(
    host_key: asyncssh.SSHKey,
) -> None:
    """bob dropped and the computer took his seat: ana, at the table, is told what carol,
    watching, is told (she was told "bob is playing.", as if bob were there)."""
    server = make_server(host_key, seat_timeout=0.2, bot_delay=0.5)  # a turn long enough to see
    await server.start()
    try:
        ana, bob, hosted = await start_table(server)
        table = hosted.table
        assert table is not None
        carol = await watch_game(server, hosted)
        await bob.close()
        await until(lambda: table.is_bot(1), "the computer to take bob's seat")
        while table.match.state.current_player != 1:
            await play_one_step(table, {0: ana})
        await carol.wait_for("You are watching: the computer plays for bob.")
        await ana.wait_for("the computer plays for bob.")
        assert "bob is playing." not in ana.text()
        for player in (ana, carol):
            await player.close()
    finally:
        await server.close()
