"""Strangers who never log in, on a real server on loopback: they cannot fill the server's
slots before login (a fresh client still gets in, a player keeps playing), their sources
are refused for a while, and their connections cannot fill the log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re

import asyncssh
import pytest

from cantstop_tui.server.limits import Limits
from cantstop_tui.server.log_volume import CONNECTION_LINES
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.startups import Startups

from .conftest import WAIT_SECONDS, Player, make_server, until

ATTACKERS = [f"127.0.3.{n}" for n in range(1, 5)]
HOLDERS = 6
"""Connections each attacking address tries to hold (more than its share of startups)."""
HONEST, PLAYER = "127.0.3.50", "127.0.0.3"
SMALL = Limits(
    max_connections=12,  # the attack alone (4 x 6) would fill it twice, were startups not capped
    max_per_address=8,
    login_grace=8.0,  # a quarter (IDLE_SHARE) is room for a key exchange on a loaded machine
    max_startups=Startups(4, 50, 6),
    per_source_max_startups=2,
    connect_rate=1000.0,
    bot_workers=0,
)


async def hold_before_login(port: int, source: str, stop: asyncio.Event) -> int:
    """a_loris: connect, send the SSH version line, then nothing; again when closed.
    Returns how many connections the server took."""
    taken = 0
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            await _paced(stop)
            continue
        writer.write(b"SSH-2.0-OpenSSH_9.2\r\n")
        with contextlib.suppress(OSError):
            if await reader.read(4096):  # the server's version line: it took this one
                taken += 1
                stop_waiting = asyncio.ensure_future(stop.wait())
                reading = asyncio.ensure_future(_until_closed(reader))
                await asyncio.wait({stop_waiting, reading}, return_when=asyncio.FIRST_COMPLETED)
                stop_waiting.cancel()
                reading.cancel()
        writer.close()
        await _paced(stop)
    return taken


async def _paced(stop: asyncio.Event) -> None:
    """The attacker's own pace between reconnects (0.05 s), cut short when told to stop:
    not a wait for the server, which the attacker never waits on."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), 0.05)


async def _until_closed(reader: asyncio.StreamReader) -> None:
    with contextlib.suppress(OSError):
        while await reader.read(4096):
            pass


async def log_in(port: int, name: str, source: str) -> Player:
    """A person who tries again each time they are refused, until ``WAIT_SECONDS``."""
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while True:
        try:
            player = await Player.connect(port, name, local_addr=(source, 0))
            await player.wait_for("lobby")
            return player
        except (asyncssh.Error, OSError):
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.2)


async def test_strangers_who_never_log_in_cannot_keep_a_fresh_client_or_a_player_out(
    host_key, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = make_server(host_key, limits=SMALL)
    await server.start()
    stop = asyncio.Event()
    attack: list[asyncio.Task[int]] = []
    try:
        player = await log_in(server.port, "ana", PLAYER)
        attack = [
            asyncio.ensure_future(hold_before_login(server.port, source, stop))
            for source in ATTACKERS
            for _ in range(HOLDERS)
        ]
        await until(lambda: server.gate.logging_in >= len(ATTACKERS), "the attack")
        # The attack holds the startups, never more than its cap, and the player plays on.
        assert server.gate.logging_in <= SMALL.max_startups.full
        assert all(
            server.gate.logging_in_from.get(source, 0) <= SMALL.per_source_max_startups
            for source in ATTACKERS
        )
        player.press("c")
        await player.wait_for("New table")
        # A fresh client gets in while the attack goes on: at the grace the attackers'
        # sources are charged and refused, and their slots are free.
        honest = await log_in(server.port, "bob", HONEST)
        assert not stop.is_set() and not any(task.done() for task in attack)
        penalised = [s for s in ATTACKERS if server.gate.penalties.remaining(s) > 0]
        assert penalised, "the attackers' sources are refused for a while"
        assert server.gate.penalties.remaining(HONEST) == 0
        player.press("\x1b")  # the player's keys still work
        await player.wait_for(lambda: "New table" not in player.text(), "the form to close")
        await honest.close()
        await player.close()
        stop.set()
        taken = sum(await asyncio.gather(*attack))
        await until(lambda: server.gate.total == 0, "every connection to be released")
        assert (server.gate.logging_in, server.gate.logging_in_from, server.gate.idle) == (
            0,
            {},
            {},
        )
    finally:
        stop.set()
        await asyncio.gather(*attack)
        await server.close()
    assert taken >= SMALL.max_startups.start  # the attack did take slots
    said = [r.getMessage() for r in caplog.records]
    charged = ("did not log in in time", "held a slot without logging in")
    assert any(any(why in line for why in charged) and "refused for" in line for line in said), (
        "the log says which sources were refused, and why"
    )


async def test_a_burst_of_connections_writes_a_few_lines_and_one_summary(
    host_key, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server: GameServer = make_server(host_key)  # no caps: every connection is taken
    await server.start()
    burst = 60
    try:
        for n in range(burst):
            source = ATTACKERS[n % len(ATTACKERS)]
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", server.port, local_addr=(source, 0)
            )
            await reader.read(4096)  # taken: the server's version line
            writer.close()
        await until(lambda: server.gate.total == 0, "every connection to close")
    finally:
        await server.close()  # says what was held back
    said = [r.getMessage() for r in caplog.records]
    lines = [line for line in said if line.startswith("Connection from")]
    assert len(lines) == CONNECTION_LINES  # 2 x 60 before
    [summary] = [line for line in said if line.startswith("...")]
    found = re.fullmatch(
        r"\.\.\. and (\d+) more connections from 127\.0\.3\.0/24 in the last minute "
        r"\((\d+) closed\)\.",
        summary,
    )
    assert found, summary
    closed = sum(line.endswith("closed.") for line in lines)
    assert int(found[1]) + len(lines) - closed == burst  # every opening, said or counted
    assert int(found[2]) + closed == burst
