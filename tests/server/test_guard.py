"""Only the game is served; strangers, floods and garbage are kept out or survived."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.server.auth import Auth
from cantstop_tui.server.server import GameServer

from .conftest import Player, create_table, make_server, play_one_step, until


async def test_exec_sftp_and_forwarding_are_refused(server: GameServer) -> None:
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="ana", known_hosts=None, password=""
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd")
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.Error):
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(asyncssh.SSHClientSession, subsystem="sftp")
        assert not server.sessions


async def test_x11_forwarding_is_refused(server: GameServer, tmp_path: Path) -> None:
    xauthority = tmp_path / "Xauthority"
    xauthority.write_bytes(b"")
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="ana", known_hosts=None, password=""
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="X11"):
            await conn.create_session(
                asyncssh.SSHClientSession,
                term_type="xterm",
                x11_forwarding=True,
                x11_display="localhost:0",
                x11_auth_path=str(xauthority),
            )


async def test_agent_forwarding_is_refused_and_the_game_still_works(
    server: GameServer, tmp_path: Path
) -> None:
    agent_calls: list[str] = []

    async def fake_agent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        agent_calls.append("connected")  # only a forwarded agent channel would get here
        writer.close()

    agent_path = tmp_path / "agent.sock"
    agent = await asyncio.start_unix_server(fake_agent, path=str(agent_path))
    try:
        ana = await Player.connect(
            server.port, "ana", agent_forwarding=True, agent_path=str(agent_path)
        )
        await ana.wait_for("lobby")
        (session,) = server.sessions
        assert session._chan is not None and session._chan.get_agent_path() is None
        # The same request asking for an answer (asyncssh's client sends it without one).
        assert await ana.chan._make_request(b"auth-agent-req@openssh.com") is False

        await create_table(ana)
        bob = await Player.connect(server.port, "bob")
        await bob.wait_for("ana's table")
        bob.press("\r")
        hosted = next(iter(server.lobby.tables.values()))
        for player in (ana, bob):
            await player.wait_for("Who starts?")
            player.press("\r")
        table = hosted.table
        assert table is not None
        await play_one_step(table, {0: ana, 1: bob})
        assert table.match.history
        assert agent_calls == []
    finally:
        agent.close()
        await agent.wait_closed()


async def test_a_shell_without_a_terminal_gets_a_sentence_not_a_shell(server: GameServer) -> None:
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="ana", known_hosts=None, password=""
    ) as conn:
        process = await conn.create_process()  # a shell request, no pty
        output = await asyncio.wait_for(process.stdout.read(), 10)
        assert "needs a terminal" in output
        assert not server.sessions


async def test_wrong_password_refused_right_one_admitted(host_key: object, tmp_path: Path) -> None:
    passwords = tmp_path / "passwords"
    passwords.write_text("# players\nana:s3cret\n")
    server = make_server(host_key, auth=Auth.from_password_file(passwords))  # type: ignore[arg-type]
    await server.start()
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(server.port, "ana", password="wrong")
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(server.port, "bob", password="s3cret")
        ana = await Player.connect(server.port, "ana", password="s3cret")
        await ana.wait_for("you are ana")
    finally:
        await server.close()


async def test_only_authorized_keys_get_in(host_key: object, tmp_path: Path) -> None:
    friend, stranger = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(friend.export_public_key())
    server = make_server(host_key, auth=Auth.from_authorized_keys(authorized))  # type: ignore[arg-type]
    await server.start()
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(server.port, "ana", client_keys=[stranger])
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(server.port, "ana", password="anything")
        ana = await Player.connect(server.port, "ana", client_keys=[friend])
        await ana.wait_for("you are ana")
    finally:
        await server.close()


async def test_random_bytes_and_window_sizes_never_harm_the_server(server: GameServer) -> None:
    bystander = await Player.connect(server.port, "ana")
    await bystander.wait_for("lobby")
    rng = random.Random(6)
    chunks = 0
    while chunks < 600:  # random keys may well quit the lobby: then come back and go on
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username=f"fuzz{chunks}", known_hosts=None, password=""
        )
        chan, _session = await conn.create_session(
            asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24), encoding=None
        )
        while chunks < 600 and not chan.is_closing():
            chunks += 1
            chan.write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))))
            if rng.random() < 0.2:
                chan.change_terminal_size(
                    rng.choice([0, 1, 5, 80, 500, 10**5]), rng.choice([0, 1, 3, 24, 400, 10**5])
                )
            await asyncio.sleep(0)  # let the server read (no pause: it is a flood)
        conn.close()
        await conn.wait_closed()
    bystander.press("c")
    await bystander.wait_for("New table")  # the other session still answers
    late = await Player.connect(server.port, "bob")  # and the server still admits people
    await late.wait_for("you are bob")


async def test_a_client_that_does_not_read_is_disconnected(host_key: object) -> None:
    server = make_server(host_key, output_limit=4096)  # type: ignore[arg-type]
    await server.start()
    try:
        conn = await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="slow",
            known_hosts=None,
            password="",
            window=4096,
            max_pktsize=1024,
        )
        chan, _session = await conn.create_session(
            asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24)
        )
        await until(lambda: len(server.sessions) == 1, "the session to start")
        [session] = server.sessions
        chan.pause_reading()
        for width in range(60, 160):  # every resize redraws the whole screen
            chan.change_terminal_size(width, 40)
            await until(  # drawn at that width, or dropped
                lambda w=width: session.closed
                or (session._app is not None and session._app.size == (w, 40)),
                f"the app {width} wide",
            )
            if session.closed:
                break
        await until(lambda: not server.sessions, "the non-reading client to be dropped")
        conn.close()
    finally:
        await server.close()


async def test_input_beyond_the_rate_limit_is_dropped(server: GameServer) -> None:
    from cantstop_tui.server.session import TokenBucket

    bucket = TokenBucket(rate=100, burst=50)
    assert bucket.take(30) == 30
    assert bucket.take(30) == 20  # only the rest of the burst
    assert bucket.take(10) <= 1


async def test_the_server_turns_away_visitors_beyond_max_sessions(host_key: object) -> None:
    server = make_server(host_key, max_sessions=1)  # type: ignore[arg-type]
    await server.start()
    try:
        ana = await Player.connect(server.port, "ana")
        await ana.wait_for("you are ana")
        bob = await Player.connect(server.port, "bob")
        await bob.wait_for("server is full")
    finally:
        await server.close()
