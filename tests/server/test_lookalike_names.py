"""Names nobody can mistake for another: over SSH against a real server on loopback, a name
that looks like one the server knows (Cyrillic, Greek, mixed scripts) is not played under:
the visitor is asked for another name, told why in one sentence, and the owner of a name
keeps it."""

from __future__ import annotations

import itertools
from pathlib import Path

import asyncssh
import pytest

from cantstop_tui.server.auth import Auth
from cantstop_tui.server.identity import Names

from .conftest import Player, make_server

CYRILLIC_ANA = "\u0430na"  # Cyrillic а, Latin n and a: looks exactly like "ana"
GREEK_ANA = "\u0391\u039d\u0391"  # Greek capitals Alpha, Nu, Alpha: "ANA"
MIXED_ANA = "\u0410N\u0391"  # Cyrillic А, Latin N, Greek Α: "ANA"
OTHER_NAMES = itertools.count()
CYRILLIC_ONLY = "\u0430\u043d\u0430"  # Cyrillic "ана": one script, does not look like ana


@pytest.fixture(scope="module")
def keys() -> tuple[asyncssh.SSHKey, asyncssh.SSHKey]:
    return asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key(
        "ssh-ed25519"
    )


async def asked(port: int, username: str, **options: object) -> tuple[Player, str]:
    """A login asked for another name, and what the question says (on one line)."""
    player = await Player.connect(port, username, **options)

    def said() -> str:  # the question wrapped in its box, on one line
        return " ".join(player.text().replace("\u2502", " ").split())

    await player.wait_for(lambda: "Your name?" in said(), "the question")
    return player, said()


async def asked_why(port: int, username: str, **options: object) -> str:
    """Why a login was asked for another name; the visitor then types one that is free and
    plays under it (the question is in the app, not a disconnection)."""
    player, said = await asked(port, username, **options)
    assert not player.view.closed.is_set()
    instead = f"dora{next(OTHER_NAMES)}"  # a key binds the name: each login types its own
    player.press(f"{instead}\r")
    await player.wait_for(f"you are {instead}")
    await player.close()
    return said


async def test_lookalikes_of_a_bound_name_are_refused_and_its_owner_keeps_it(
    host_key, keys, tmp_path: Path
) -> None:
    ana_key, stranger = keys
    server = make_server(host_key, Auth("open"), names=Names(tmp_path / "server.db"))
    await server.start()
    try:
        ana = await Player.connect(server.port, "ana", client_keys=[ana_key])
        await ana.wait_for("you are ana")
        await ana.close()
        for name in (CYRILLIC_ANA, GREEK_ANA, MIXED_ANA):
            said = await asked_why(server.port, name, client_keys=[stranger])
            assert f"The name {name} looks like ana's name. Your name?" in said, said
        said = await asked_why(server.port, CYRILLIC_ANA)  # a guest, without a key
        assert "looks like ana's name" in said
        mixed = await asked_why(server.port, "b\u043eb", client_keys=[stranger])
        assert "mixes Cyrillic and Latin letters in b\u043eb: use one script" in mixed
        # A name in one script that looks like no known name is welcome.
        other = await Player.connect(server.port, CYRILLIC_ONLY, client_keys=[stranger])
        await other.wait_for(f"you are {CYRILLIC_ONLY}")
        await other.close()
        again = await Player.connect(server.port, "ana", client_keys=[ana_key])
        await again.wait_for("you are ana")
        await again.close()
    finally:
        await server.close()
    assert Names(tmp_path / "server.db").owner(CYRILLIC_ANA) is None


async def test_a_lookalike_of_someone_playing_now_is_asked_another_name(
    host_key, tmp_path: Path
) -> None:
    server = make_server(host_key, Auth("open"), names=Names(tmp_path / "server.db"))
    await server.start()
    try:
        carol = await Player.connect(server.port, "carol")  # a guest: no key binds the name
        await carol.wait_for("you are carol")
        player, said = await asked(server.port, "\u0441arol")  # Cyrillic с
        assert "The name \u0441arol looks like carol's name. Your name?" in said, said
        player.press("\u0441arol\r")  # typed again at the question: refused again
        await player.wait_for("looks like carol's name.")
        await player.close()
        await carol.close()
    finally:
        await server.close()


async def test_names_stored_before_the_rule_stay_their_owners(
    host_key, keys, tmp_path: Path
) -> None:
    ana_key, other_key = keys
    names = Names(tmp_path / "server.db")
    fingerprint = other_key.get_fingerprint("sha256")
    assert names.bind("ana", ana_key.get_fingerprint("sha256"))
    assert names.bind(CYRILLIC_ANA, fingerprint)  # bound by an older version
    server = make_server(host_key, Auth("open"), names=Names(tmp_path / "server.db"))
    await server.start()
    try:
        for key, name in ((ana_key, "ana"), (other_key, CYRILLIC_ANA)):
            player = await Player.connect(server.port, name, client_keys=[key])
            await player.wait_for(f"you are {name}")
            await player.close()
    finally:
        await server.close()


def test_a_database_from_before_gets_the_skeletons_of_its_names(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "server.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE names (name TEXT PRIMARY KEY COLLATE NOCASE, key TEXT NOT NULL, "
               "bound TEXT NOT NULL)")
    db.execute("INSERT INTO names VALUES ('ana', 'SHA256:x', '2026-01-01')")
    db.commit()
    db.close()
    assert Names(path).lookalikes(CYRILLIC_ANA) == ["ana"]
