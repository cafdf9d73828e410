"""A user name asyncssh refuses before the game sees it (a tester logged in with U+202E, the
right-to-left override, and read ``Prohibited character: '\\u202e'``): over the real OpenSSH
client against a real server on loopback, the refusal is one plain sentence."""

from __future__ import annotations

import asyncio
import shutil

import asyncssh
import pytest

from cantstop_tui.server.ssh_compat import BAD_USER_NAME

from .conftest import WAIT_SECONDS, Player, make_server

SSH = shutil.which("ssh")


@pytest.mark.skipif(SSH is None, reason="needs the OpenSSH client")
async def test_a_user_name_with_a_direction_override_is_refused_in_one_sentence(
    host_key: asyncssh.SSHKey,
) -> None:
    assert SSH is not None
    server = make_server(host_key)
    await server.start()
    try:
        carol = await Player.connect(server.port, "carol")  # a bystander, unaffected
        await carol.wait_for("lobby")
        ssh = await asyncio.create_subprocess_exec(
            SSH, "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-T",
            "-p", str(server.port), "\u202eana@127.0.0.1", "true",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _out, err = await asyncio.wait_for(ssh.communicate(), WAIT_SECONDS)
        said = err.decode()
        assert BAD_USER_NAME in said, said
        assert "Prohibited" not in said and "\\u202e" not in said
        assert "lobby" in carol.text() and not carol.view.closed.is_set()
        await carol.close()
    finally:
        await server.close()
