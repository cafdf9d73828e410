"""The SSH server: authentication, what a connection may ask for, and the sessions."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
from textual.app import App

from .auth import Auth
from .heap import HeapKeeper
from .session import GameSession
from .table_app import TableApp
from .tables import HostedTable, Lobby, Visitor

log = logging.getLogger(__name__)


@dataclass
class Settings:
    auth: Auth
    host: str = "127.0.0.1"
    port: int = 2222
    max_sessions: int = 100
    seat_timeout: float = 600.0
    turn_timeout: float | None = None
    idle_timeout: float | None = 3600.0
    bot_delay: float = 0.6
    input_rate: float = 2048.0  # bytes a second of keys and mouse reports
    input_burst: float = 8192.0
    output_limit: int = 512 * 1024  # unsent bytes before a client that does not read is dropped
    login_timeout: float = 60.0
    color_system: str = "256"  # standard | 256 | truecolor, for every visitor alike


def make_game_app(hosted: HostedTable, seats: frozenset[int], visitor: Visitor) -> App[Any]:
    """The local game's app, showing the shared table and playing only the visitor's seats."""
    return TableApp(hosted, seats, visitor)


class _Connection(asyncssh.SSHServer):  # type: ignore[misc]
    """One client connection: authentication and refusal of everything but the game."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.key: str | None = None
        self.username = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return self.server.settings.auth.required

    def password_auth_supported(self) -> bool:
        return self.server.settings.auth.mode == "passwords"

    def validate_password(self, username: str, password: str) -> bool:
        return self.server.settings.auth.password_ok(username, password)

    def public_key_auth_supported(self) -> bool:
        return self.server.settings.auth.mode == "keys"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.server.settings.auth.key_allowed(key):
            self.key = key.get_fingerprint("sha256")
            return True
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> GameSession:
        return GameSession(self.server, self.username, self.key)

    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class GameServer:
    def __init__(
        self, settings: Settings, host_key: asyncssh.SSHKey, lobby: Lobby | None = None
    ) -> None:
        self.settings = settings
        self.host_key = host_key
        self.lobby = lobby or Lobby(
            seat_timeout=settings.seat_timeout,
            turn_timeout=settings.turn_timeout,
            bot_delay=settings.bot_delay,
        )
        self.sessions: set[GameSession] = set()
        self.heap = HeapKeeper()
        """Counts the apps that run and end; ``cantstop serve`` starts it."""
        self.make_game_app = make_game_app
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self) -> None:
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            self.settings.host,
            self.settings.port,
            server_host_keys=[self.host_key],
            encoding="utf-8",
            errors="replace",
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=self.settings.login_timeout,
            keepalive_interval=30,
            keepalive_count_max=3,
        )

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.sockets[0].getsockname()[1])

    async def close(self) -> None:
        self.lobby.closing = True  # the sessions end, the seats stay for the restart
        for session in list(self.sessions):
            session.close()
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()

    def admit(self, session: GameSession) -> bool:
        if len(self.sessions) >= self.settings.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def release(self, session: GameSession) -> None:
        self.sessions.discard(session)

    def name_in_use(self, name: str) -> bool:
        return any(
            session.visitor is not None and session.visitor.name == name and not session.closed
            for session in self.sessions
        )


def default_state_path(data_dir: Path) -> Path:
    return data_dir / "tables.json"


async def serve_forever(server: GameServer, stop: asyncio.Event) -> None:
    await server.start()
    try:
        await stop.wait()
    finally:
        await server.close()
