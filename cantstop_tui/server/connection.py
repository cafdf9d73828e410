"""One client connection to the SSH server: counted and throttled by address,
authenticated (a key, a password, or an open server's guests), and given at most one
terminal session at a time; nothing else a client may ask for (forwarding, commands,
subsystems) is granted."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import asyncssh

from ..play.names import clean_text
from .channel_env import accept_only
from .identity import Login
from .session import GameSession, Host
from .ssh_compat import plain_disconnects
from .token_bucket import TokenBucket

log = logging.getLogger(__name__)


class Connection(asyncssh.SSHServer):
    """One client connection: counted, throttled, authenticated; nothing but the game."""

    def __init__(self, server: Host) -> None:
        self.server = server
        self.key: str | None = None
        self.own_password = False
        self.username = ""
        self.address = "?"
        self.counted = False
        self.logged_in = False
        self.overdue = False
        """Not logged in within the grace (charged for it once)."""
        self.failures = 0
        self.has_session = False
        self.session: GameSession | None = None
        """The connection's one terminal session (None before the first)."""
        self._openings = TokenBucket(server.limits.session_rate, server.limits.session_burst)
        self._timer: asyncio.TimerHandle | None = None
        """The login grace, then (logged in) the time to open a terminal session."""
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        plain_disconnects(conn)  # a user name with a forbidden character: one sentence
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
        self.server.gate.idle[self._crowded_out] = self.server.gate.clock()
        self.server.connection_log.opened(self.address)
        grace = self.server.limits.login_grace
        self._timer = asyncio.get_running_loop().call_later(grace, self._grace_over)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.counted:
            self.counted = False
            self.server.gate.idle.pop(self._crowded_out, None)
            self.server.gate.release(self.address, self.logged_in)
            self.server.connection_log.closed(self.address)
            if not (self.logged_in or self.overdue or self.failures):  # failures count apart
                self._penalise(self.server.limits.penalty_noauth, "closed without logging in")

    def _grace_over(self) -> None:
        """PerSourcePenalties' grace-exceeded: not logged in within the login grace."""
        self._timer = None
        if self.logged_in or self.conn is None:
            return
        self.overdue = True
        self._penalise(self.server.limits.penalty_grace_exceeded, "did not log in in time")
        self.conn.abort()

    def _crowded_out(self) -> None:
        """Closed to make room for a newcomer: it had not asked to log in (``IDLE_SHARE``)."""
        if self.conn is not None and not self.overdue:
            self.overdue = True
            self._penalise(
                self.server.limits.penalty_grace_exceeded,
                "held a slot without logging in while others waited",
            )
            self.conn.abort()

    def _penalise(self, seconds: float, why: str) -> None:
        refused_for = self.server.gate.penalise(self.address, seconds)
        if refused_for:
            self.server.limited(
                ("penalised", self.server.gate.source(self.address)),
                logging.WARNING,
                "Connection from %s %s: %s refused for %.0f s.",
                self.address,
                why,
                self.server.gate.source(self.address),
                refused_for,
            )

    def begin_auth(self, username: str) -> bool:
        self.username = username
        self.server.gate.idle.pop(self._crowded_out, None)  # a client that logs in
        return True  # even an open server asks for a key, to bind the name to it

    def auth_completed(self) -> None:
        self.logged_in = True
        if self._timer is not None:
            self._timer.cancel()
        self.server.gate.logged_in(self.address)
        auth = self.server.settings.auth
        method = f"key {self.key}" if self.key else auth.mode
        log.info("%s logged in from %s (%s).", clean_text(self.username, 40), self.address, method)
        # An authenticated connection must open its terminal session soon (ssh -N never does).
        grace = self.server.limits.login_grace
        self._timer = asyncio.get_running_loop().call_later(grace, self._session_overdue)

    def _session_overdue(self) -> None:
        self._timer = None
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
        accept_only(chan)
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
