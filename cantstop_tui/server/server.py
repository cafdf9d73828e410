"""The SSH server: authentication, what a connection may ask for, and the sessions."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tempfile
from pathlib import Path
from typing import Any

import asyncssh

from ..play.names import clean_text
from ..play.thinking import bots_in_processes
from ..ui.background import in_processes
from ..ui.textual_compat import lightened_strips
from .channel_env import accept_only
from .identity import Identities, Login, Names
from .limits import Gate, Limits, TokenBucket
from .lobby import Lobby
from .logs import Limited, libraries_limited, loop_exception_handler
from .session import TERMINAL_VARIABLES, GameSession
from .settings import Settings
from .turn_tables import SWEEP_SECONDS

log = logging.getLogger(__name__)

SESSION_END_WAIT = 5.0
"""Seconds a stopping server gives its visitors' apps to finish."""


class _Connection(asyncssh.SSHServer):
    """One client connection: counted, throttled, authenticated; nothing but the game."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.key: str | None = None
        self.own_password = False
        self.username = ""
        self.address = "?"
        self.counted = False
        self.failures = 0
        self.has_session = False
        self.session: GameSession | None = None
        """The connection's one terminal session (None before the first)."""
        self._openings = TokenBucket(server.limits.session_rate, server.limits.session_burst)
        self._no_session: asyncio.TimerHandle | None = None
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal = self.server.gate.admit(self.address)
        if refusal is not None:
            self.server.limited(
                ("refused", self.address),
                logging.WARNING,
                "Connection from %s refused: %s.",
                self.address,
                refusal,
            )
            conn.abort()  # at once: nothing queued, nothing read
            return
        self.counted = True
        log.info("Connection from %s.", self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._no_session is not None:
            self._no_session.cancel()
        if self.counted:
            self.counted = False
            self.server.gate.release(self.address)
            log.info("Connection from %s closed.", self.address)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True  # even an open server asks for a key, to bind the name to it

    def auth_completed(self) -> None:
        auth = self.server.settings.auth
        method = f"key {self.key}" if self.key else auth.mode
        log.info("%s logged in from %s (%s).", clean_text(self.username, 40), self.address, method)
        # An authenticated connection must open its terminal session soon (ssh -N never does).
        grace = self.server.limits.login_grace
        self._no_session = asyncio.get_running_loop().call_later(grace, self._session_overdue)

    def _session_overdue(self) -> None:
        self._no_session = None
        if not self.has_session and self.conn is not None:
            self.server.limited(
                ("no-session", self.address),
                logging.WARNING,
                "%s opened no terminal session in time: closed.",
                self.address,
            )
            self.conn.close()

    async def _answer(self, ok: bool, what: str) -> bool:
        """Throttle and count an authentication attempt; the answer after any penalty."""
        delay = self.server.gate.delay(self.address)
        if delay:
            await asyncio.sleep(delay)
        if ok:
            return True
        self.failures += 1
        total = self.server.gate.failed(self.address)
        self.server.limited(
            ("auth", self.address),
            logging.WARNING,
            "Failed %s login as %r from %s (%d failures from this address).",
            what,
            clean_text(self.username, 40),
            self.address,
            total,
        )
        if self.failures >= self.server.limits.max_auth_tries and self.conn is not None:
            self.conn.close()  # MaxAuthTries: this connection has had its tries
        return False

    def password_auth_supported(self) -> bool:
        return self.server.settings.auth.mode == "passwords"

    async def validate_password(self, username: str, password: str) -> bool:
        own = self.server.settings.auth.password_login(username, password)
        self.own_password = bool(own)
        return await self._answer(own is not None, "password")

    def public_key_auth_supported(self) -> bool:
        return self.server.settings.auth.mode in ("keys", "open")

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.server.settings.auth.key_allowed(key)
        if allowed:
            self.key = key.get_fingerprint("sha256")
        return await self._answer(allowed, "key")

    def kbdint_auth_supported(self) -> bool:
        return self.server.settings.auth.mode == "open"  # keyless guests: no question asked

    async def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        return await self._answer(True, "guest")  # no question; an address's penalty waits

    def host_based_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel[str], GameSession]:
        refusal = self._session_refusal()
        if refusal is not None:
            total = self.server.gate.failed(self.address)
            self.server.limited(
                ("sessions", self.address),
                logging.WARNING,
                "Session channel from %s refused: %s (%d failures from this address).",
                self.address,
                refusal,
                total,
            )
            if self.server.gate.blocked(self.address) and self.conn is not None:
                self.conn.close()
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, refusal)
        assert self.conn is not None
        self.has_session = True
        login = Login(self.key, self.own_password, self.address)
        self.session = GameSession(self.server, self.username, login)
        chan = self.conn.create_server_channel()
        accept_only(chan, TERMINAL_VARIABLES)
        return chan, self.session

    def _session_refusal(self) -> str | None:
        """Why a new terminal session on this connection is refused, or None: one at a time,
        and not opened faster than the budget allows."""
        if self.session is not None and not self.session.closed:
            return "one game session per connection, and this one has it"
        if self._openings.take(1) < 1:
            return "sessions opened too fast on this connection"
        return None

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
        self,
        settings: Settings,
        host_key: asyncssh.SSHKey,
        lobby: Lobby | None = None,
        limits: Limits | None = None,
        names: Names | None = None,
    ) -> None:
        self.settings = settings
        self.host_key = host_key
        self.lobby = lobby or Lobby(**settings.lobby_options())
        self.sessions: set[GameSession] = set()
        self.limits = limits or Limits()
        if names is None:  # a server without a data directory (tests): a throwaway database
            names = Names(Path(tempfile.mkdtemp(prefix="cantstop-")) / "server.db")
        self.identities = Identities(names, lambda: self.settings.auth, self.playing_names)
        self.gate = Gate(self.limits)
        self.limited = Limited(log)
        """Logs what clients cause: one line a minute per address and kind of event."""
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._sweep: asyncio.TimerHandle | None = None
        self._running = contextlib.ExitStack()

    async def start(self) -> None:
        # Fifty apps share this process's garbage collector: lighter strips while it serves.
        self._running.enter_context(lightened_strips())
        if self.limits.analysis_workers > 0:  # else on the server's own analysis thread
            self._running.enter_context(in_processes(self.limits.analysis()))
        if self.limits.bot_workers > 0:  # else on a thread of the server's own process
            self._running.enter_context(bots_in_processes(self.limits.bots()))
        asyncio.get_running_loop().set_exception_handler(loop_exception_handler(self.limited))
        self._running.enter_context(libraries_limited(self.limited))
        try:
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
                login_timeout=self.limits.login_grace,
                keepalive_interval=self.settings.keepalive_interval,
                keepalive_count_max=self.settings.keepalive_count_max,
            )
        except BaseException:
            self._running.close()
            raise
        self._check_deadlines()

    def _check_deadlines(self) -> None:
        """Handle the turn-based tables' missed deadlines, now and every ``SWEEP_SECONDS``."""
        try:
            self.lobby.check_deadlines()
        except Exception:
            log.exception("Checking the turn-based tables' deadlines failed.")
        self._sweep = asyncio.get_running_loop().call_later(SWEEP_SECONDS, self._check_deadlines)

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.sockets[0].getsockname()[1])

    async def close(self) -> None:
        self.lobby.closing = True  # the sessions end, the seats stay for the restart
        if self._sweep is not None:
            self._sweep.cancel()
        ending = list(self.sessions)
        for session in ending:
            session.end("The server is stopping; your seat is kept. Please come back soon.")
        # Let their apps finish (an app cancelled in the middle of shutting down can keep
        # the event loop from closing); a session that will not end is left behind.
        tasks = [s.task for s in ending if s.task is not None and not s.task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=SESSION_END_WAIT)
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        self._running.close()

    def admit(self, session: GameSession) -> bool:
        if len(self.sessions) >= self.settings.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def release(self, session: GameSession) -> None:
        self.sessions.discard(session)

    def session_as(self, name: str) -> GameSession | None:
        """The live session playing as ``name`` (case-insensitively), if any."""
        folded = name.casefold()
        for session in self.sessions:
            visitor = session.visitor
            if visitor is not None and visitor.name.casefold() == folded and not session.closed:
                return session
        return None

    def playing_names(self) -> list[str]:
        """The names of the people signed in now."""
        return [
            session.visitor.name
            for session in self.sessions
            if session.visitor is not None and not session.closed
        ]

    def name_in_use(self, name: str) -> bool:
        return self.session_as(name) is not None


def default_state_path(data_dir: Path) -> Path:
    return data_dir / "tables.json"


async def serve_forever(server: GameServer, stop: asyncio.Event) -> None:
    await server.start()
    try:
        await stop.wait()
    finally:
        await server.close()
