"""A web game that floods its stderr does not flood the server's output: a real ``cantstop
web`` server on loopback (aiohttp), a real game process started by textual-serve for a
websocket, and a client that opens it as the page does."""

from __future__ import annotations

import logging
import shlex
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from cantstop_tui.server import logs
from cantstop_tui.server.web import build_server
from cantstop_tui.server.web_guard import COOKIE

from .conftest import WAIT_SECONDS, until

FLOOD_LINES = 100_000
LINE = "the game says this again and again, and never stops saying it"

# A game process as textual-serve expects one (its greeting, then packets on stdout) that
# writes a flood to its stderr, says one screenful, and exits.
GAME = f"""
import json, sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\\n")
def packet(kind, payload):
    out.write(kind + len(payload).to_bytes(4, "big") + payload)
    out.flush()
packet(b"D", b"ready")
for n in range({FLOOD_LINES}):
    sys.stderr.write("{LINE} " + str(n) + "\\n")
sys.stderr.write("\\x1b[2J a line with an escape and no end")
sys.stderr.flush()
packet(b"M", json.dumps({{"type": "exit"}}).encode())
"""


async def test_a_game_flooding_its_stderr_gives_the_server_a_few_lines_and_no_flood(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    game = tmp_path / "game.py"
    game.write_text(GAME, encoding="utf-8")
    guarded = build_server(["--port", "0"])
    guarded.command = shlex.join([sys.executable, str(game)])
    server = TestServer(guarded.make_app(), host="127.0.0.1")
    await server.start_server()
    base = f"http://127.0.0.1:{server.port}"
    guarded.public_url = base
    caplog.set_level(logging.INFO)
    try:
        async with aiohttp.ClientSession(cookies={COOKIE: guarded.token}) as http:
            socket = await http.ws_connect(base + "/ws", headers={"Origin": base})
            assert (await socket.receive_bytes(timeout=WAIT_SECONDS)) == b"ready"
            # The game exits once its flood is written: the server closes the socket.
            closed = await socket.receive(timeout=WAIT_SECONDS)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            await socket.close()
        await until(lambda: guarded.sessions == 0, "the game's socket to be done")
    finally:
        await server.close()
    output = capfd.readouterr()
    assert LINE not in output.out and LINE not in output.err
    assert len(output.out) + len(output.err) < 10_000
    said = [r.getMessage() for r in caplog.records if "wrote:" in r.getMessage()]
    # The first lines as they came (a traceback would be there whole), then one for the rest.
    assert len(said) == logs.STREAM_LINES + 1
    assert said[0] == f"The game of 127.0.0.1 wrote: {LINE} 0"
    assert said[-1].startswith(f"The game of 127.0.0.1 wrote: {LINE} {logs.STREAM_LINES}")
    assert all(len(line) < 100 + logs.LINE_BYTES and "\x1b" not in line for line in said)


def test_the_docs_state_the_limits_the_code_applies_to_a_games_stderr() -> None:
    docs = " ".join((Path(__file__).parents[2] / "docs" / "ssh.md").read_text().split())
    assert f"its first {logs.STREAM_LINES} lines as they come" in docs
    assert f"each cut to {logs.LINE_BYTES} bytes" in docs
