"""The server's data directory and its SSH host key (made on first run, kept 0600)."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from ..storage import paths


def data_dir() -> Path:
    """``$XDG_DATA_HOME/cantstop`` (platformdirs honours XDG_DATA_HOME), created 0700."""
    path = paths.data_dir()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def load_or_create_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key at ``path``, generated (ed25519) if missing; True when just made."""
    if path.exists():
        return asyncssh.read_private_key(str(path)), False
    key = asyncssh.generate_private_key("ssh-ed25519")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
    return key, True
