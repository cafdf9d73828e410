"""A Textual driver that draws on one SSH channel instead of the process's own terminal.

Every visitor's app runs in this one process and event loop. The driver turns the
channel's input into Textual events with Textual's own xterm parser (a private module:
textual is pinned to an exact version and tests/server/test_driver.py guards the
parts used here) and writes the app's output to the channel.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

if TYPE_CHECKING:
    from textual.app import App

# The parser keeps a lone ESC until this long has passed, to tell it from a sequence.
_TICK_SECONDS = 0.12


class Terminal(Protocol):
    """The far end of a session: where output goes and the size the client reported."""

    size: tuple[int, int]

    def write(self, data: str) -> None: ...

    def attach(self, driver: ChannelDriver | None) -> None: ...


class ChannelDriver(Driver):
    """Display and input for one app on one remote terminal."""

    def __init__(
        self,
        app: App[Any],
        *,
        terminal: Terminal,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size or terminal.size)
        self._terminal = terminal
        self._parser = XTermParser(debug)
        self._tick_handle: asyncio.TimerHandle | None = None
        self._input_enabled = False
        self._pending: list[str] = []

    # --- output -----------------------------------------------------------------

    def write(self, data: str) -> None:
        # A frame comes in several writes (sync start, screen, sync end): one packet for all.
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(data)

    def flush(self) -> None:
        if self._pending:
            data = "".join(self._pending)
            self._pending.clear()
            self._terminal.write(data)

    def start_application_mode(self) -> None:
        self._input_enabled = True
        self._terminal.attach(self)
        self.resize(*self._terminal.size)
        self.write("\x1b[?1049h")  # alternate screen
        self.write("\x1b[?25l")  # hide the cursor
        if self._mouse:
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        self.write("\x1b[?2004h")  # bracketed paste
        self.write("\x1b[?7l")  # no line wrap
        self.write("\x1b[?2026$p")  # ask whether synchronized output is supported

    def disable_input(self) -> None:
        self._input_enabled = False
        self._terminal.attach(None)
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        # The parser caches key sequences per parser in one class-wide lru_cache, whose
        # entries hold the parser and the Key events it made, and through those the app:
        # without this, up to 1,024 ended sessions' apps stay in memory.
        XTermParser._parse_extended_key.cache_clear()

    def stop_application_mode(self) -> None:
        self.disable_input()
        if self._mouse:
            self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h")
        self.flush()

    # --- input ------------------------------------------------------------------

    def send_message(self, message: Message) -> None:
        # Same thread and loop as the app: post straight to its queue.
        self._app.post_message(message)

    def feed(self, data: str) -> None:
        """Keys, mouse reports and replies from the client terminal."""
        if not self._input_enabled:
            return
        for message in self._parser.feed(data):
            self.process_message(message)
        self._schedule_tick()

    def _schedule_tick(self) -> None:
        if self._tick_handle is None and self._input_enabled:
            self._tick_handle = self._loop.call_later(_TICK_SECONDS, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        for message in self._parser.tick():
            self.process_message(message)

    def resize(self, width: int, height: int) -> None:
        self._size = (width, height)
        size = Size(width, height)
        self.send_message(events.Resize(size, size))
