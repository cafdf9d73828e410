"""The environment a client may set on its terminal session: a few names, short values,
and what it says of the terminal (``terminal_environment``).

asyncssh keeps every environment variable a client sends on the channel, with no limit on
their number (2,000 requests of 30 KB each grew the server by 62 MiB). The server reads
only the variables that say what the terminal shows (``TERMINAL_VARIABLES``), so only
those are kept, each at most ``MAX_VALUE`` bytes; every other request is refused (OpenSSH's
client goes on without it, as with a server's ``AcceptEnv``).

This replaces one private method of asyncssh's channel, ``_process_env_request`` (looked up
by name for each ``env`` request), and writes its private ``_env``; asyncssh is locked at one
version (requirements.lock) and tests/server/test_terminal_attacks.py checks both still exist
and are used. Should an upgrade remove them, sessions still open (with asyncssh's own
handling of the environment) and that test fails.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

import asyncssh
from asyncssh.packet import SSHPacket

TERMINAL_VARIABLES: Final = ("COLORTERM", "NO_COLOR")
"""The environment variables a client may send that the server reads (their colours)."""

MAX_VALUE: Final = 64
"""Bytes of an accepted variable's value ("truecolor" and "1" are what terminals send)."""


def terminal_environment(chan: asyncssh.SSHServerChannel[str]) -> dict[str, str]:
    """What the client said of its terminal: the pty request's type as ``TERM``, and the
    variables it sent (``TERMINAL_VARIABLES``: only these are read)."""
    sent = chan.get_environment()
    environment = {name: sent[name] for name in TERMINAL_VARIABLES if name in sent}
    environment["TERM"] = chan.get_terminal_type() or ""
    return environment


def accept_only(
    chan: asyncssh.SSHServerChannel[str], names: Collection[str] = TERMINAL_VARIABLES
) -> None:
    """Make ``chan`` keep only the environment variables ``names``, with short values."""
    env: dict[bytes, bytes] | None = getattr(chan, "_env", None)
    if env is None or not hasattr(chan, "_process_env_request"):
        return
    accepted = {name.encode() for name in names}

    def process_env_request(packet: SSHPacket) -> bool:
        key = packet.get_string()
        value = packet.get_string()
        packet.check_end()
        if key not in accepted or len(value) > MAX_VALUE:
            return False
        env[key] = value
        return True

    chan._process_env_request = process_env_request  # type: ignore[method-assign]
