"""``kill -9`` of a real ``cantstop serve`` in the middle of a game: every step a player saw
is in the database, and after a restart the table resumes at that step, seats held. Then
a clean stop (SIGTERM) restores every visitor's terminal and says why."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from cantstop_tui.play.match import Match
from cantstop_tui.server.session import RESTORE_TERMINAL
from cantstop_tui.storage import match_from_record

from .conftest import AT_THE_BOARD, Player, create_table, next_key, until

STEPS = 12
STOPPING = "The server is stopping; your seat is kept. Please come back soon."


def start_server(data: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    command = [sys.executable, "-m", "cantstop_tui", "serve", "--open", "--port", "0"]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert server.stdout is not None
    for line in server.stdout:
        found = re.search(r"Serving Can't Stop on [\d.]+:(\d+) \((\d+) saved", line)
        if found:
            return server, int(found.group(1))
    raise AssertionError(f"the server did not start (exit {server.wait(10)})")


def stored_game(data: Path) -> Match:
    """The one hosted game in the server's database, read as a second process would."""
    path = data / "cantstop" / "server.db"
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        [(text,)] = db.execute("SELECT record FROM hosted").fetchall()
    finally:
        db.close()
    return match_from_record(json.loads(text)["game"])


async def test_kill_9_mid_game_then_every_table_resumes_at_the_last_step_seen(
    tmp_path: Path,
) -> None:
    server, port = start_server(tmp_path)
    try:
        ana = await Player.connect(port, "ana")
        await ana.wait_for("lobby")
        await create_table(ana)
        bob = await Player.connect(port, "bob")
        await bob.wait_for("ana's table")
        bob.press("\r")
        players = {"ana": ana, "bob": bob}
        for player in players.values():
            await player.wait_for("Who starts?")
            player.press("\r")
        for player in players.values():  # the roll-off closed: keys go to the board now
            await player.wait_for(lambda p=player: "Who starts?" not in p.text(), "the board")
        await players[stored_game(tmp_path).current_seat.name].wait_for("your turn")
        for _ in range(STEPS):
            match = stored_game(tmp_path)
            mover = players[match.current_seat.name]
            before = mover.text()
            mover.press(next_key(match))
            await until(
                lambda m=match: len(stored_game(tmp_path).history) > len(m.history),
                "the step stored",
            )
            await mover.wait_for(lambda m=mover, b=before: m.text() != b, "the step on screen")
        seen = len(stored_game(tmp_path).history)
        # The last step is on the mover's screen: the server dies now, without a word.
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        assert len(stored_game(tmp_path).history) == seen >= STEPS
        for player in players.values():
            await player.view.closed.wait()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)

    server, port = start_server(tmp_path)
    try:
        players = {name: await Player.connect(port, name) for name in ("ana", "bob")}
        for player in players.values():
            await player.wait_for(AT_THE_BOARD, "the game again, not the lobby")
            assert "lobby ·" not in player.text()
        restored = stored_game(tmp_path)
        assert len(restored.history) == seen
        # And it plays on from there.
        mover = players[restored.current_seat.name]
        mover.press(next_key(restored))
        await mover.wait_for(
            lambda: len(stored_game(tmp_path).history) == seen + 1, "the next step stored"
        )
        # A clean stop (SIGTERM) gives every visitor their terminal back and says why.
        server.send_signal(signal.SIGTERM)
        for player in players.values():
            await player.view.closed.wait()
            assert player.raw().endswith(RESTORE_TERMINAL + f"\r\n{STOPPING}\r\n")
        assert server.wait(30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
