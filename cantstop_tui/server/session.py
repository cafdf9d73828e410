"""One SSH channel: the visitor's terminal, and their one app on it for the whole visit."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from functools import partial
from typing import Any, Protocol

import asyncssh
from textual.app import App

from ..play.names import clean_text
from ..ui.colors import ColorDepth, capped, terminal_depth
from ..ui.terminal import RESTORE_TERMINAL
from .channel_env import terminal_environment
from .collector import drop_cancelled_timers
from .driver import ChannelDriver
from .identity import Login
from .limits import Gate, Limits
from .log_volume import ConnectionLog
from .logs import Limited
from .settings import Settings
from .tables import Visitor
from .terminal_fit import clamp_size, fit_console
from .token_bucket import TokenBucket
from .visit import VisitHost, Visiting
from .visit_app import VisitApp

log = logging.getLogger(__name__)

QUICK_SESSION = 5.0
"""Seconds: a session that ends sooner counts as one failed login for its address."""


class Host(VisitHost, Protocol):
    """What a session needs of the server that accepted it (``server.GameServer``)."""

    settings: Settings
    limits: Limits
    gate: Gate
    limited: Limited
    connection_log: ConnectionLog

    def admit(self, session: GameSession) -> bool: ...

    def release(self, session: GameSession) -> None: ...

    def session_as(self, name: str) -> GameSession | None: ...


class GameSession(Visiting, asyncssh.SSHServerSession[str]):
    server: Host

    def __init__(self, server: Host, username: str, login: Login) -> None:
        self.server = server
        self.username = username
        self.login = login
        self.address = login.address
        self.taken_over = False
        """Ended by a newer login of the same player: their seat moves, silently."""
        self.returning = False
        """Took over an older session of the same player: back at the seat, silently."""
        self.shown = clean_text(username, 40)
        """The user name as it may appear in the log (a stranger's name is hostile)."""
        self.size = (80, 24)
        self.has_pty = False
        self.color_depth: ColorDepth = server.settings.colors
        """What the visitor's terminal shows, up to the server's ceiling."""
        self.closed = False
        self.visitor: Visitor | None = None
        self._chan: asyncssh.SSHServerChannel[str] | None = None
        self._driver: ChannelDriver | None = None
        self._app: App[Any] | None = None
        self._task: asyncio.Task[None] | None = None
        self._input = TokenBucket(server.settings.input_rate, server.settings.input_burst)
        # Input beyond the budget is dropped; this much more (refilled as fast) is forgiven,
        # a flood that goes on past it ends the session.
        self._overflow = TokenBucket(server.settings.input_rate, 8 * server.settings.input_burst)
        limits = server.limits
        self._resizes = TokenBucket(limits.resize_rate, limits.resize_burst)
        self._last_input = self._started = time.monotonic()
        self._idle_handle: asyncio.TimerHandle | None = None

    # --- asyncssh callbacks -----------------------------------------------------------

    @property
    def task(self) -> asyncio.Task[None] | None:
        """The visitor's app, running (None before the session starts)."""
        return self._task

    def connection_made(self, chan: asyncssh.SSHServerChannel[str]) -> None:
        self._chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.has_pty = True
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True  # the "shell" is the game; nothing else ever runs

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if not self.has_pty:
            self._refuse("Can't Stop needs a terminal: connect with ssh -t.\r\n")
            return
        assert self._chan is not None
        depth = terminal_depth(terminal_environment(self._chan))
        if depth is None:
            self._refuse(
                "Can't Stop draws a full screen, which a dumb terminal cannot show: "
                "connect from a terminal such as xterm.\r\n"
            )
            return
        self.color_depth = capped(depth, self.server.settings.colors)
        if not self.server.admit(self):
            self._refuse("The server is full; please try again later.\r\n")
            return
        log.info("Session of %s from %s starts.", self.shown, self.address)
        self._arm_idle_check()
        self._task = asyncio.get_running_loop().create_task(
            self._run(), context=contextvars.Context()
        )

    def data_received(self, data: str, datatype: Any) -> None:
        self._last_input = time.monotonic()
        granted = max(self._input.take(len(data)), 0)
        dropped = len(data) - granted
        if dropped and self._overflow.take(dropped) < dropped:
            self._flooded("input", "far more input than anyone types")
            return
        if self._driver is None:
            return
        try:
            if granted:
                self._driver.feed(data[:granted])
            if dropped:
                self._driver.input_dropped()
        except Exception as error:  # a garbled sequence must not end anyone's game
            self.server.limited(
                ("input", self.address),
                logging.WARNING,
                "Unparsable input from %s dropped: %r",
                self.address,
                error,
            )

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._resizes.take(1) < 1:
            self._flooded(
                "window-size changes", "the window size changed far more often than anyone resizes"
            )
            return
        self.size = clamp_size(width, height)
        if self._driver is not None:
            self._driver.resize_later(*self.size)

    def _flooded(self, what: str, sentence: str) -> None:
        """Close a session that floods the server with ``what``; it counts against its
        address as ``flood_penalty`` failed logins."""
        if self.closed:
            return
        self.server.limited(
            ("flood", what, self.address),
            logging.WARNING,
            "Flood of %s from %s (%s): session closed.",
            what,
            self.address,
            self.shown,
        )
        self.server.gate.failed(self.address, self.server.limits.flood_penalty)
        self.end(f"Closed: {sentence}.", code=1)

    def eof_received(self) -> bool:
        self.close()
        return False

    def break_received(self, msec: int) -> bool:
        return True

    def signal_received(self, signal: str) -> None:
        pass

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._stop_app()

    # --- the terminal the driver draws on --------------------------------------------

    def attach(self, driver: ChannelDriver | None) -> None:
        self._driver = driver

    def write(self, data: str) -> None:
        chan = self._chan
        if self.closed or chan is None:
            return
        if chan.get_write_buffer_size() > self.server.settings.output_limit:
            log.info("%s does not read its output; disconnected.", self.shown)
            self.closed = True
            self._stop_app()
            chan.get_connection().abort()
            return
        chan.write(data)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._stop_app()
            if self._chan is not None:
                self._chan.exit(0)

    def end(self, reason: str, code: int = 0) -> None:
        """Leave cleanly: the visitor's terminal restored (main screen, mouse and bracketed
        paste off, cursor shown), one line saying why, then the channel closed."""
        if self.closed:
            return
        chan = self._chan
        self.closed = True  # from here the app's last frames are not sent
        if self._driver is not None:
            self._driver.disable_input()
        self._stop_app()
        if chan is not None:
            with contextlib.suppress(OSError):  # the client may be gone already
                chan.write(RESTORE_TERMINAL + f"\r\n{reason}\r\n")
                chan.exit(code)

    def _refuse(self, message: str) -> None:
        assert self._chan is not None
        self._chan.write(message)
        self._chan.exit(1)

    # --- idle timeout -----------------------------------------------------------------

    def _arm_idle_check(self) -> None:
        timeout = self.server.settings.idle_timeout
        if timeout is None:
            return
        remaining = self._last_input + timeout - time.monotonic()
        if remaining <= 0:
            self.end("Closed after a long time without input.")
            return
        self._idle_handle = asyncio.get_running_loop().call_later(remaining, self._arm_idle_check)

    # --- the visitor's app -----------------------------------------------------------

    async def _run(self) -> None:
        try:
            await self._visit()
        except Exception as error:  # our bug, whatever the client did: one line, no traceback
            log.error("Session of %s from %s failed: %r", self.shown, self.address, error)
            log.debug("Where it failed:", exc_info=True)
        finally:
            log.info("Session of %s from %s ends.", self.shown, self.address)
            if time.monotonic() - self._started < QUICK_SESSION and not self.taken_over:
                # A session over in moments, again and again, is a client in a loop (each
                # costs a key exchange and an app): it counts against its address.
                self.server.gate.failed(self.address)
            if self._idle_handle is not None:
                self._idle_handle.cancel()
            self._leave_tables()
            self.server.release(self)
            if not self.closed and self._chan is not None:
                self.closed = True
                self._chan.exit(0)

    async def run_app(self, app: VisitApp) -> Any:
        """Run the visitor's app on this channel until it exits (or the visitor goes away)."""
        if self.closed:
            return None
        app.driver_class = partial(ChannelDriver, terminal=self)  # type: ignore[assignment]
        fit_console(app, self.color_depth)
        self._app = app
        try:
            await app.run_async(size=self.size)
        finally:
            self._app = None
            self._driver = None
            drop_cancelled_timers()  # its notices' timers held the app until their time
        return app.return_value

    def _stop_app(self) -> None:
        if self._app is not None:
            self._app.exit()
