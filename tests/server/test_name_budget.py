"""End to end over SSH: on an ``--open`` server one address block takes at most
``NEW_NAMES_PER_DAY`` new names a day (each a fresh rating), told why and asked for a name
it has; the names it owns stay its own. The blocks: /32 for IPv4, /64 for IPv6."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from cantstop_tui.server.auth import Auth
from cantstop_tui.server.identity import Identities, Login, Names
from cantstop_tui.server.name_budget import NEW_NAMES_PER_DAY, over_budget
from cantstop_tui.server.startups import address_block

from .conftest import Player, make_server


async def test_a_new_name_past_the_budget_is_asked_again(host_key, tmp_path: Path) -> None:
    server = make_server(host_key, Auth("open"), names=Names(tmp_path / "server.db"))
    server.identities.new_names_per_day = 2
    await server.start()
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        for name in ("n1", "n2"):
            player = await Player.connect(server.port, name, client_keys=[key])
            await player.wait_for(f"you are {name}")
            await player.close()
        other = asyncssh.generate_private_key("ssh-ed25519")  # another key: same address
        third = await Player.connect(server.port, "n3", client_keys=[other])
        await third.wait_for("as many as one address may")
        assert "you are n3" not in third.text()
        await third.close()
        again = await Player.connect(server.port, "n1", client_keys=[key])
        await again.wait_for("you are n1")  # a name it owns is never refused
        await again.close()
    finally:
        await server.close()


def test_the_budget_counts_by_block_and_only_on_an_open_server(tmp_path: Path) -> None:
    names = Names(tmp_path / "server.db")
    auth = Auth("open")
    identities = Identities(names, lambda: auth)
    here = Login("SHA256:a", False, "2001:db8:1:2::5")
    for i in range(NEW_NAMES_PER_DAY):
        assert identities.refusal(here, f"p{i}") is None
        identities.claim(here, f"p{i}")
    assert identities.refusal(here, "fresh") == over_budget("fresh")
    same_home = Login("SHA256:b", False, "2001:db8:1:2:ffff::1")  # the same /64
    assert identities.refusal(same_home, "fresh") is not None
    assert identities.refusal(Login("SHA256:b", False, "2001:db8:1:3::1"), "fresh") is None
    assert identities.refusal(here, "p0") is None  # its own
    assert identities.refusal(Login(None, False, "2001:db8:1:2::5"), "fresh") is None  # guest
    auth = Auth("keys")
    assert identities.refusal(here, "fresh") is None  # the host lists the keys
    assert address_block("203.0.113.7") == "203.0.113.7"
    assert address_block("::ffff:203.0.113.7") == "203.0.113.7"
    assert address_block("2001:db8::1") == "2001:db8::/64"


def test_serve_s_flag_sets_the_budget(host_key, tmp_path: Path) -> None:
    from cantstop_tui.server.budgets import Budgets, PersonLimits, from_args
    from cantstop_tui.server.cli_args import parser
    from cantstop_tui.server.lobby import Lobby
    from cantstop_tui.server.server import GameServer
    from cantstop_tui.server.settings import Settings

    assert PersonLimits().new_names_per_day == NEW_NAMES_PER_DAY  # its one default
    assert parser().parse_args(["--open"]).new_names_per_day == NEW_NAMES_PER_DAY
    args = parser().parse_args(["--open", "--new-names-per-day", "2"])
    lobby = Lobby(budgets=Budgets(from_args(args)))
    names = Names(tmp_path / "server.db")
    server = GameServer(Settings(auth=Auth("open"), port=0), host_key, lobby, names=names)
    here = Login("SHA256:a", False, "198.51.100.7")
    for name in ("p0", "p1"):
        assert server.identities.refusal(here, name) is None
        server.identities.claim(here, name)
    assert server.identities.refusal(here, "p2") == over_budget("p2", 2)
