"""The SSH server: what it runs while it serves, its sessions, and its stopping (each
connection: ``connection.Connection``; each terminal session: ``session.GameSession``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tempfile
from pathlib import Path

import asyncssh

from ..play.lookalike import same_name
from ..play.seating import Person
from ..play.thinking import bots_in_processes
from ..ui.background import in_processes
from ..ui.textual_compat import lightened_strips
from .connection import Connection
from .identity import Identities, Names
from .limits import Gate, Limits
from .lobby import Lobby
from .log_volume import ConnectionLog
from .logs import Limited, libraries_limited, loop_exception_handler
from .session import GameSession
from .settings import Settings
from .turn_tables import SWEEP_SECONDS

log = logging.getLogger(__name__)

SESSION_END_WAIT = 5.0
"""Seconds a stopping server gives its visitors' apps to finish."""
LOG_FLUSH_SECONDS = 10.0
"""How often the connection lines held back are summed up (each block's once a minute)."""


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
        self.identities = Identities(
            names,
            lambda: self.settings.auth,
            self.playing_names,
            self.lobby.budgets.limits.new_names_per_day,
        )
        self.lobby.keeps_rating = self.identities.keeps_rating
        self.gate = Gate(self.limits)
        self.limited = Limited(log)
        """Logs what clients cause: one line a minute per address and kind of event."""
        self.connection_log = ConnectionLog()
        """Each connection's opening and closing, summed up per address block past a few."""
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._sweep: asyncio.TimerHandle | None = None
        self._log_flush: asyncio.TimerHandle | None = None
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
                lambda: Connection(self),
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
                # Connection's own timer closes it at the grace and charges its source;
                # asyncssh's is the backstop.
                login_timeout=2 * self.limits.login_grace,
                keepalive_interval=self.settings.keepalive_interval,
                keepalive_count_max=self.settings.keepalive_count_max,
            )
        except BaseException:
            self._running.close()
            raise
        self._check_deadlines()
        self._flush_log()

    def _flush_log(self) -> None:
        self.connection_log.flush()
        self._log_flush = asyncio.get_running_loop().call_later(LOG_FLUSH_SECONDS, self._flush_log)

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
        if self._log_flush is not None:
            self._log_flush.cancel()
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
        self.connection_log.flush(everything=True)
        self._running.close()

    def admit(self, session: GameSession) -> bool:
        if len(self.sessions) >= self.settings.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def release(self, session: GameSession) -> None:
        self.sessions.discard(session)

    def session_as(self, name: str) -> GameSession | None:
        """The live session playing as ``name`` (``play.lookalike.same_name``), if any."""
        for session in self.sessions:
            visitor = session.visitor
            if visitor is not None and not session.closed and same_name(visitor.name, name):
                return session
        return None

    def person_as(self, name: str) -> Person | None:
        """Who plays here as ``name`` (``same_name``): signed in now, or with a seat at a
        table (held while they are away), or None."""
        session = self.session_as(name)
        if session is not None and session.visitor is not None:
            return session.visitor
        return self.lobby.seated_as(name)

    def playing_names(self) -> list[str]:
        """The names of the people signed in now, or seated at a table (held too)."""
        return [
            *(
                session.visitor.name
                for session in self.sessions
                if session.visitor is not None and not session.closed
            ),
            *self.lobby.seated_names(),
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
