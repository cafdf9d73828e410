"""Who may come in: players' public keys, a password file, or anyone (``--open``)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from ..storage.errors import SaveError
from ..storage.reading import read_bytes

MAX_AUTH_FILE = 1024 * 1024
"""A password or authorized-keys file over 1 MB is refused: no real one is near it."""


class AuthError(Exception):
    """The authentication settings cannot be used; the message says why."""


@dataclass(frozen=True)
class Auth:
    mode: str  # keys | passwords | open
    keys: frozenset[str] = frozenset()  # authorized keys in OpenSSH form, comments dropped
    passwords: dict[str, str] = field(default_factory=dict)  # name -> password; "" -> shared

    @classmethod
    def from_authorized_keys(cls, path: Path) -> Auth:
        try:
            read_bytes(path, MAX_AUTH_FILE)  # refuse a file far too big before parsing it
            keys = frozenset(_key_id(key) for key in asyncssh.read_public_key_list(str(path)))
        except SaveError as error:
            raise AuthError(f"Cannot read the authorized keys in {path}: {error.problem}") from None
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            raise AuthError(f"Cannot read the authorized keys in {path}: {error}") from None
        if not keys:
            raise AuthError(f"{path} holds no public key.")
        return cls("keys", keys=keys)

    @classmethod
    def from_password_file(cls, path: Path) -> Auth:
        """Lines ``name:password`` (that player only) or ``password`` (anyone); # comments."""
        try:
            lines = read_bytes(path, MAX_AUTH_FILE).decode("utf-8").splitlines()
        except SaveError as error:
            raise AuthError(f"Cannot read the password file {path}: {error.problem}") from None
        except UnicodeDecodeError as error:
            raise AuthError(f"Cannot read the password file {path}: {error}") from None
        passwords: dict[str, str] = {}
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, colon, password = line.partition(":")
            passwords[name if colon else ""] = password if colon else name
        if not passwords:
            raise AuthError(f"{path} holds no password.")
        return cls("passwords", passwords=passwords)

    def key_allowed(self, key: asyncssh.SSHKey) -> bool:
        """Keys mode: a listed key. Open: any key (its name is then bound to it)."""
        return self.mode == "open" or (self.mode == "keys" and _key_id(key) in self.keys)

    def password_login(self, username: str, password: str) -> bool | None:
        """None: refused. True: the player's own password (``name:password``), so the login
        name is theirs. False: the shared password (the player is a guest)."""
        if self.mode != "passwords":
            return None
        own = username in self.passwords and username != ""
        expected = self.passwords.get(username if own else "")
        if expected is None or not hmac.compare_digest(expected.encode(), password.encode()):
            return None
        return own

    def password_ok(self, username: str, password: str) -> bool:
        return self.password_login(username, password) is not None


def _key_id(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")
