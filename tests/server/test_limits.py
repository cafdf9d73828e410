"""Attacks on a real server on loopback: the attacker comes from 127.0.0.2, a player from
127.0.0.3. Each attack is contained, the player gets in and plays, the log stays short."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.server.auth import Auth
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.session import RESTORE_TERMINAL

from .conftest import Player, make_server, until

ATTACKER, PLAYER = "127.0.0.2", "127.0.0.3"
SMALL = Limits(
    max_connections=6,
    max_per_address=3,
    login_grace=4.0,  # short, but room for a handshake on a loaded machine (0.5 and 2 s were not)
    free_failures=2,
    max_delay=0.2,
    block_after=6,
    block_seconds=60,
    connect_rate=100.0,
)


async def served(host_key: object, auth: Auth | None = None, **settings) -> GameServer:
    server = make_server(host_key, auth, SMALL, **settings)  # type: ignore[arg-type]
    await server.start()
    return server


async def silent_socket(port: int, source: str = ATTACKER):
    """A TCP connection that never says anything (a scanner, a half-open client)."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def closed_soon(reader: asyncio.StreamReader, within: float = 5.0) -> bool:
    """Whether the server closes this connection within ``within`` seconds."""
    try:
        async with asyncio.timeout(within):
            while await reader.read(4096):
                pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


async def player_plays(port: int, name: str = "ana") -> None:
    player = await Player.connect(port, name, local_addr=(PLAYER, 0))
    await player.wait_for("lobby")
    player.press("c")
    await player.wait_for("New table")
    await player.close()


async def test_connections_are_counted_per_address_and_refused_at_once(host_key) -> None:
    server = await served(host_key)
    try:
        held = [await silent_socket(server.port) for _ in range(SMALL.max_per_address)]
        await until(lambda: server.gate.open.get(ATTACKER) == 3, "three counted connections")
        reader, _ = await silent_socket(server.port)
        assert await closed_soon(reader, within=1.0)  # the fourth: refused, not queued
        await player_plays(server.port)
        for _, writer in held:
            writer.close()
    finally:
        await server.close()


async def test_silent_and_sessionless_connections_are_closed_after_the_grace(host_key) -> None:
    server = await served(host_key)
    try:
        reader, _ = await silent_socket(server.port)
        assert await closed_soon(reader, within=10.0)  # never logged in
        conn = await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="mallory",
            known_hosts=None,
            password="",
            local_addr=(ATTACKER, 0),
        )  # ssh -N: logged in, never opens a session
        async with asyncio.timeout(10):
            await conn.wait_closed()
        await until(lambda: server.gate.total == 0, "every connection to be released")
    finally:
        await server.close()


class Guesser(asyncssh.SSHClient):  # type: ignore[misc]
    """A password guesser: a new wrong password each time the server asks again."""

    tries = 0

    def password_auth_requested(self) -> str:
        Guesser.tries += 1
        return f"guess{Guesser.tries}"


async def guess(port: int) -> None:
    with pytest.raises((asyncssh.Error, OSError)):
        await asyncssh.connect(
            "127.0.0.1",
            port,
            username="bob",
            known_hosts=None,
            client_keys=None,
            client_factory=Guesser,
            local_addr=(ATTACKER, 0),
            preferred_auth="password",
        )


async def test_password_guessing_is_slowed_then_blocked_and_logged_briefly(
    host_key, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    (tmp_path / "pw").write_text("bob:right\nana:also-right\n")
    server = await served(host_key, Auth.from_password_file(tmp_path / "pw"))
    try:
        Guesser.tries = 0
        await guess(server.port)
        assert Guesser.tries == SMALL.max_auth_tries  # then the connection is closed
        assert server.gate.delay(ATTACKER) > 0  # past the free failures: each answer waits
        for _ in range(4):  # each connection gets its tries (fewer as the answers slow)
            await guess(server.port)
            if server.gate.blocked(ATTACKER):
                break
        assert server.gate.blocked(ATTACKER)
        reader, _ = await silent_socket(server.port)
        assert await closed_soon(reader, within=1.0)  # blocked: refused at once
        player = await Player.connect(
            server.port, "ana", password="also-right", local_addr=(PLAYER, 0)
        )
        await player.wait_for("lobby")
        await player.close()
    finally:
        await server.close()
    failures = [r for r in caplog.records if "Failed password login" in r.getMessage()]
    assert failures and ATTACKER in failures[0].getMessage()
    assert len(failures) == 1  # the rest are summed up in the next line a minute later
    assert not any(r.exc_info for r in caplog.records)


async def test_hostile_escape_sequences_and_a_long_paste_leave_the_keys_working(
    host_key,
) -> None:
    server = await served(host_key)
    try:
        player = await Player.connect(server.port, "ana", local_addr=(PLAYER, 0))
        await player.wait_for("lobby")
        player.press("\x1b[99999999999u\x1b[" + "1;" * 100 + "m\x1b]0;owned\x07")
        player.press("\x1b[200~" + "x" * 10_000 + "\x1b[201~")
        await player.wait_for("The paste was cut")
        [session] = server.sessions
        budget = session._input  # the input budget the paste used up refills
        await until(
            lambda: budget.tokens + (budget.clock() - budget.stamp) * budget.rate >= 1,
            "the input budget to refill",
        )
        player.press("c")
        await player.wait_for("New table")
    finally:
        await server.close()


async def test_an_input_flood_ends_that_session_with_a_sentence_and_not_others(
    host_key,
) -> None:
    server = await served(host_key)
    try:
        player = await Player.connect(server.port, "ana", local_addr=(PLAYER, 0))
        flooder = await Player.connect(server.port, "mallory", local_addr=(ATTACKER, 0))
        await flooder.wait_for("lobby")
        for _ in range(40):
            flooder.press("z" * 4096)
        await flooder.wait_for("far more input than anyone types")
        assert flooder.raw().endswith(
            RESTORE_TERMINAL + "\r\nClosed: far more input than anyone types.\r\n"
        )
        await player.wait_for("lobby")
        player.press("c")
        await player.wait_for("New table")
    finally:
        await server.close()


async def test_a_storm_of_window_changes_draws_only_the_latest_size(host_key) -> None:
    server = await served(host_key)
    try:
        player = await Player.connect(server.port, "ana", local_addr=(PLAYER, 0))
        await player.wait_for("lobby")
        for width in range(81, 81 + SMALL.resize_burst - 1):  # within the budget
            player.chan.change_terminal_size(width % 200 + 80, 30)
        player.chan.change_terminal_size(100, 30)
        [session] = server.sessions
        await until(lambda: session._app is not None and session._app.size == (100, 30), "100x30")
    finally:
        await server.close()


async def test_stopping_the_server_restores_each_terminal_and_says_why(host_key) -> None:
    server = await served(host_key)
    player = await Player.connect(server.port, "ana", local_addr=(PLAYER, 0))
    await player.wait_for("lobby")
    await server.close()
    await asyncio.wait_for(player.view.closed.wait(), 5)
    assert RESTORE_TERMINAL in player.raw()
    assert (
        player.raw()
        .rstrip()
        .endswith("The server is stopping; your seat is kept. Please come back soon.")
    )


async def test_a_client_that_reconnects_in_a_loop_is_slowed_then_blocked(host_key) -> None:
    server = await served(host_key)
    try:
        for _ in range(SMALL.block_after):
            if server.gate.blocked(ATTACKER):
                break
            looping = await Player.connect(server.port, "loop", local_addr=(ATTACKER, 0))
            await looping.wait_for("lobby")
            looping.press("q")  # and again, and again: each costs the server an app
            await asyncio.wait_for(looping.view.closed.wait(), 10)
            await looping.close()
            await until(lambda: not server.gate.open.get(ATTACKER), "the connection to end")
        assert server.gate.blocked(ATTACKER)
        await player_plays(server.port)  # someone else is not affected
    finally:
        await server.close()
