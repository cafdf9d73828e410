"""You are who you signed in as: names bound to what authenticated them, end to end over SSH
against a real server on loopback; the newest login of a player wins; dead clients go."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.server.auth import Auth
from cantstop_tui.server.identity import Names
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.visit_app import VisitApp

from .conftest import AT_THE_BOARD, Player, make_server, start_table, until

REFUSED_KEY = "The name ana belongs to another key"


@pytest.fixture(scope="module")
def keys() -> tuple[asyncssh.SSHKey, asyncssh.SSHKey]:
    return asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key(
        "ssh-ed25519"
    )


async def served(host_key, auth: Auth, tmp_path: Path, **settings) -> GameServer:
    server = make_server(host_key, auth, names=Names(tmp_path / "server.db"), **settings)
    await server.start()
    return server


async def asked_with(port: int, sentence: str, instead: str, **options) -> None:
    """A login whose name is another's is asked for one in the app, told why (a mistyped
    name does not throw its visitor out), and plays under the one it types."""
    player = await Player.connect(port, options.pop("username", "ana"), **options)

    def said() -> str:  # the question wrapped in its box, on one line
        return " ".join(player.text().replace("\u2502", " ").split())

    await player.wait_for(lambda: "Your name?" in said(), "the question")
    assert sentence in said(), said()
    assert not player.view.closed.is_set()
    player.press(f"{instead}\r")
    await player.wait_for(f"you are {instead}")
    await player.close()


async def test_a_key_owns_the_name_it_first_used(host_key, keys, tmp_path: Path) -> None:
    first, second = keys
    listed = tmp_path / "keys.pub"
    listed.write_text("".join(k.export_public_key().decode() for k in keys))
    server = await served(host_key, Auth.from_authorized_keys(listed), tmp_path)
    try:
        ana = await Player.connect(server.port, "ana", client_keys=[first])
        await ana.wait_for("you are ana")
        await ana.close()
        await asked_with(server.port, REFUSED_KEY, "dora", client_keys=[second])
        again = await Player.connect(server.port, "ana", client_keys=[first])
        await again.wait_for("you are ana")
        await again.close()
        assert Names(tmp_path / "server.db").forget("ana")  # cantstop serve --forget ana
        bound = await Player.connect(server.port, "ana", client_keys=[second])
        await bound.wait_for("you are ana")
        await bound.close()
    finally:
        await server.close()
    # The binding survives a restart (it is in the database).
    assert Names(tmp_path / "server.db").owner("ana") == second.get_fingerprint("sha256")


async def test_open_servers_bind_keys_and_keep_guests_off_owned_names(
    host_key, keys, tmp_path: Path
) -> None:
    server = await served(host_key, Auth("open"), tmp_path)
    try:
        ana = await Player.connect(server.port, "ana", client_keys=[keys[0]])
        await ana.wait_for("you are ana")
        await ana.close()
        for spelling in ("ana", "Ana"):  # as its look-alike "аna" is: asked, not thrown out
            await asked_with(
                server.port, f"The name {spelling} belongs to a player who logs in with a key",
                "erin", username=spelling,
            )
        guest = await Player.connect(server.port, "carol")  # keyless: a guest, any free name
        await guest.wait_for("you are carol")
        await guest.close()
    finally:
        await server.close()


async def test_a_players_own_password_is_their_name_and_no_other(host_key, tmp_path) -> None:
    passwords = tmp_path / "pw"
    passwords.write_text("bob:bobs\nshared-for-guests\n")
    server = await served(host_key, Auth.from_password_file(passwords), tmp_path)
    try:
        bob = await Player.connect(server.port, "bob", password="bobs")
        await bob.wait_for("you are bob")
        await bob.close()
        # The shared password makes a guest: never bob, whose name has its own password.
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(server.port, "bob", password="shared-for-guests")
        guest = await Player.connect(server.port, "---", password="shared-for-guests")
        await guest.wait_for("Your name?")
        guest.press("bob\r")
        await guest.wait_for("The name bob belongs to a player")
        for key in ["\x7f"] * 3 + list("carol"):
            before = guest.text()
            guest.press(key)
            await guest.wait_for(lambda b=before: guest.text() != b, f"{key!r} on screen")
        guest.press("\r")
        await guest.wait_for("you are carol")
        await guest.close()
    finally:
        await server.close()


async def test_signing_in_again_moves_the_seat_without_anyone_leaving(
    host_key, tmp_path: Path
) -> None:
    server = await served(host_key, Auth("open"), tmp_path)
    try:
        ana, bob, hosted = await start_table(server)
        await bob.wait_for(AT_THE_BOARD)
        again = await Player.connect(server.port, "bob")
        await asyncio.wait_for(bob.view.closed.wait(), 10)
        assert "Signed in from another connection." in bob.raw()
        await again.wait_for("Who starts?")  # straight back at the game
        again.press("\r")
        await again.wait_for(AT_THE_BOARD)
        seat = hosted.seats[1]
        assert seat.connected and seat.stand_in is None
        assert not any("left" in line or "is back" in line for line in hosted.chat.lines)
        await ana.close()
        await again.close()
    finally:
        await server.close()


async def test_a_frozen_client_is_dropped_and_its_seat_held(host_key, tmp_path: Path) -> None:
    server = await served(
        host_key, Auth("open"), tmp_path, keepalive_interval=0.3, keepalive_count_max=2
    )
    try:
        ana, bob, hosted = await start_table(server)
        await bob.wait_for(AT_THE_BOARD)
        bob.conn._transport.pause_reading()  # the lid closes: nothing is answered any more
        await until(lambda: not hosted.seats[1].connected, "the frozen client to be dropped")
        assert hosted.seats[1].person is not None  # held for bob
        back = await Player.connect(server.port, "bob")
        await back.wait_for("Who starts?")  # back at the held seat
        back.press("\r")
        await back.wait_for(AT_THE_BOARD)
        await ana.close()
        await back.close()
    finally:
        await server.close()


async def test_the_served_palette_has_the_game_commands_only(host_key, tmp_path) -> None:
    server = await served(host_key, Auth("open"), tmp_path)
    try:
        ana, bob, _hosted = await start_table(server)
        await bob.wait_for(AT_THE_BOARD)
        [session] = [s for s in server.sessions if s.visitor and s.visitor.name == "bob"]
        app = session._app
        assert isinstance(app, VisitApp) and app.hosted is not None
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Help", "Quit"} <= titles
        assert not titles & {"Screenshot", "Theme", "Maximize", "Keys", "Change theme"}
        bob.press("\x10")  # ctrl+p
        await bob.wait_for("Search for commands")
        bob.press("screensho")
        await bob.wait_for("No matches found")  # the search ran, and found nothing
        assert "Screenshot" not in bob.text()
        await ana.close()
        await bob.close()
    finally:
        await server.close()


def test_a_second_server_on_the_same_data_directory_is_refused(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "cantstop_tui", "serve", "--open", "--port", "0"]
    first = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert first.stdout is not None
        for line in first.stdout:
            if line.startswith("Serving"):
                break
        second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode == 1
        assert "another server is using" in second.stderr
        assert f"pid {first.pid}" in second.stderr
    finally:
        first.terminate()
        first.wait(30)
    assert first.returncode == 0
