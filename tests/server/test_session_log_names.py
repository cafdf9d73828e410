"""End to end over SSH: the server's log names a person by the name they play under, and
the login name where it differs (a tester's guest logged in as a Cyrillic look-alike of
ana, chose dave, and the log still said "Session of аna ... ends")."""

from __future__ import annotations

import logging

import pytest

from .conftest import Player, make_server, until
from .test_lookalike_names import CYRILLIC_ANA, asked


async def test_the_log_names_the_chosen_name_and_the_login_name(
    host_key, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="cantstop_tui.server")
    server = make_server(host_key)
    await server.start()
    try:
        ana = await Player.connect(server.port, "ana")
        await ana.wait_for("you are ana")
        stranger, _said = await asked(server.port, CYRILLIC_ANA)
        stranger.press("dave\r")
        await stranger.wait_for("you are dave")
        await stranger.close()
        ends = f"Session of dave (logged in as {CYRILLIC_ANA}) from 127.0.0.1 ends."
        await until(lambda: ends in caplog.text, "the session's end in the log")
        await ana.close()
        await until(lambda: "Session of ana from 127.0.0.1 ends." in caplog.text, "ana's")
    finally:
        await server.close()
