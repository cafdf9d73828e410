"""Attacks through the terminal on a real server on loopback (issue 28): an in-band size
report, session churn inside one connection, a flood of window changes, a library's log
lines. The attacker comes from 127.0.0.2; a bystander from 127.0.0.3 keeps playing (their
keys still change their screen) and the server's memory stays bounded."""

from __future__ import annotations

import inspect
import logging
import resource
from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.server.channel_env import MAX_VALUE
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.logs import Limited, libraries_limited
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.terminal_fit import MAX_SIZE
from cantstop_tui.ui.terminal import RESTORE_TERMINAL

from .conftest import Player, Screen, make_server, until

ATTACKER, BYSTANDER = "127.0.0.2", "127.0.0.3"
LIMITS = Limits(connect_rate=1000.0, free_failures=2, block_after=12, max_delay=0.2)
GROWTH_MIB = 100.0
"""Memory the server (this process) may gain over an attack: the 10000x10000 screen it drew
before took about 400 MiB; a clamped session costs a few MiB at most."""


def resident_mib() -> float:
    """This process's resident memory now (the server runs in it)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


@pytest.fixture
async def server(host_key: asyncssh.SSHKey) -> object:
    game_server = make_server(host_key, limits=LIMITS)
    await game_server.start()
    yield game_server
    await game_server.close()


async def arrive(server: GameServer, name: str, address: str = ATTACKER) -> Player:
    """``name`` connects from ``address`` and waits in the lobby."""
    player = await Player.connect(server.port, name, local_addr=(address, 0))
    await player.wait_for("lobby")
    return player


async def bystander_plays(bystander: Player) -> None:
    """The bystander's keys still change their screen: the new-table dialog opens, closes."""
    bystander.press("c")
    await bystander.wait_for("New table")
    bystander.press("\x1b")
    await bystander.wait_for(lambda: "New table" not in bystander.text(), "the dialog to close")


async def test_an_in_band_size_report_never_resizes_and_costs_no_memory(
    server: GameServer,
) -> None:
    bystander, attacker = await arrive(server, "ana", BYSTANDER), await arrive(server, "mallory")
    before = resident_mib()
    session = next(s for s in server.sessions if s.address == ATTACKER)
    for size in (10_000, 1_000, 10_000):
        attacker.press(f"\x1b[48;{size};{size};0;0t")  # typed by hand, or by a script
        # a size report, a mouse move far off the screen, focus in and out
        attacker.press(f"\x1b[8;{size};{size}t\x1b[<35;{size};{size}M\x1b[I\x1b[O")
        await bystander_plays(bystander)
    attacker.press("c")  # the attacker's own keys still work, on their own screen's size
    await attacker.wait_for("New table")
    assert session._app is not None and session._app.size == (80, 24)
    assert resident_mib() - before < GROWTH_MIB
    assert all(len(line) == 80 for line in attacker.view.screen.display)


async def test_one_terminal_session_per_connection_and_churn_is_penalised(
    server: GameServer,
) -> None:
    bystander = await arrive(server, "ana", BYSTANDER)
    conn = await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="mallory",
        known_hosts=None,
        password="",
        local_addr=(ATTACKER, 0),
    )
    try:

        async def open_session() -> tuple[asyncssh.SSHClientChannel[str], Screen]:
            chan, screen = await conn.create_session(
                lambda: Screen(80, 24), term_type="xterm-256color", term_size=(80, 24)
            )
            assert isinstance(screen, Screen)
            return chan, screen

        before = resident_mib()
        chan, screen = await open_session()
        await until(lambda: "lobby" in screen.text(), "the first session's lobby")
        with pytest.raises(asyncssh.ChannelOpenError, match="one game session per connection"):
            await open_session()  # a second terminal while the first is open
        opened = 1
        with pytest.raises(asyncssh.ChannelOpenError, match="too fast"):
            for _ in range(20):  # close and reopen, in a loop
                chan.close()
                await screen.closed.wait()
                await until(lambda: not any(s.address == ATTACKER for s in server.sessions), "")
                chan, screen = await open_session()
                opened += 1
        assert opened == LIMITS.session_burst  # the rest come one every 5 s
        assert server.gate.delay(ATTACKER) > 0  # the churn counts against the address
        assert resident_mib() - before < GROWTH_MIB
        await bystander_plays(bystander)
    finally:
        conn.close()
    await bystander_plays(bystander)


async def test_a_flood_of_window_changes_closes_that_session_with_a_sentence(
    server: GameServer,
) -> None:
    bystander, attacker = await arrive(server, "ana", BYSTANDER), await arrive(server, "mallory")
    before = resident_mib()
    for step in range(2 * LIMITS.resize_burst):
        attacker.chan.change_terminal_size(MAX_SIZE[0] - step % 50, MAX_SIZE[1])
    sentence = "Closed: the window size changed far more often than anyone resizes."
    await attacker.wait_for(sentence)
    assert attacker.raw().endswith(RESTORE_TERMINAL + f"\r\n{sentence}\r\n")
    assert server.gate.delay(ATTACKER) > 0  # counted as a flood against the address
    await bystander_plays(bystander)
    assert resident_mib() - before < GROWTH_MIB


async def test_a_person_resizing_their_window_is_not_closed(server: GameServer) -> None:
    player = await arrive(server, "ana", BYSTANDER)
    for width in range(80, 80 + LIMITS.resize_burst // 2):  # dragging a corner
        player.chan.change_terminal_size(width, 30)
    player.chan.change_terminal_size(100, 30)
    [session] = server.sessions
    await until(lambda: session._app is not None and session._app.size == (100, 30), "100x30")
    await bystander_plays(player)


def test_asyncio_lines_a_client_causes_are_limited_like_the_servers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    asyncio_log = logging.getLogger("asyncio")
    with caplog.at_level(logging.WARNING), libraries_limited(Limited(period=60)):
        for _ in range(500):  # one per write to a client that went away
            asyncio_log.warning("socket.send() raised exception.")
        asyncio_log.warning("Fatal error on transport")
    asyncio_log.warning("socket.send() raised exception.")  # the server has stopped
    said = [r.getMessage() for r in caplog.records if r.name == "asyncio"]
    assert said == [
        "socket.send() raised exception.",
        "Fatal error on transport",
        "socket.send() raised exception.",
    ]


def test_the_held_lines_are_counted_in_the_next_one() -> None:
    now = [0.0]
    limited = Limited(period=60, clock=lambda: now[0])
    assert limited.admit("k") == 0
    assert limited.admit("k") is None and limited.admit("k") is None
    now[0] = 61.0
    assert limited.admit("k") == 2


async def test_environment_variables_beyond_the_terminals_are_refused(
    server: GameServer,
) -> None:
    bystander = await arrive(server, "ana", BYSTANDER)
    flood = {f"JUNK{i}": "v" * 30_000 for i in range(2_000)}  # 60 MB kept before
    attacker = await Player.connect(
        server.port,
        "mallory",
        local_addr=(ATTACKER, 0),
        env={**flood, "COLORTERM": "truecolor", "NO_COLOR": "x" * (MAX_VALUE + 1)},
    )
    await attacker.wait_for("lobby")
    await bystander_plays(bystander)
    session = next(s for s in server.sessions if s.address == ATTACKER)
    assert session._chan is not None
    # What the server keeps of it (the client's own copy is in this process too, so its
    # memory says nothing here).
    assert dict(session._chan.get_environment()) == {"COLORTERM": "truecolor"}


def test_the_private_parts_of_asyncssh_replaced_are_still_there() -> None:
    """server/channel_env.accept_only: ``SSHServerChannel._process_env_request`` (found by
    name for each request) and ``_env`` (what ``get_environment`` reads)."""
    assert callable(asyncssh.SSHServerChannel._process_env_request)
    source = inspect.getsource(asyncssh.channel.SSHChannel._service_next_request)
    assert "'_process_' + map_handler_name(request) + '_request'" in source
    assert "self._env" in inspect.getsource(asyncssh.channel.SSHChannel.get_environment_bytes)


def test_the_docs_state_the_budgets_the_code_has() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "ssh.md").read_text()
    limits = Limits()
    assert f"{limits.resize_rate:g} a second with bursts of {limits.resize_burst}" in docs, (
        "the window-change budget"
    )
    assert (
        f"{limits.session_burst} opened in a burst, then one every {1 / limits.session_rate:g} s"
        in docs
    ), "the session budget"
    assert f"{MAX_VALUE} bytes each" in docs, "the environment's limit"
