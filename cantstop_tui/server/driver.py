"""A Textual driver that draws on one SSH channel instead of the process's own terminal.

Every visitor's app runs in this one process and event loop. The driver turns the
channel's input into Textual events with Textual's own xterm parser and writes the app's
output to the channel. What is private in Textual (the parser, the driver's own state) is
reached through ``ui.textual_compat``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, Protocol

from textual import events
from textual.geometry import Size
from textual.message import Message

from ..ui.compact_sgr import SgrCompactor
from ..ui.textual_compat import DriverState, forget_parsed_keys, new_key_parser
from .chat import CHAT_LENGTH
from .input_filter import MAX_PASTE, InputFilter
from .logs import Limited
from .token_bucket import TokenBucket

if TYPE_CHECKING:
    from textual.app import App

# The parser keeps a lone ESC until this long has passed, to tell it from a sequence.
_TICK_SECONDS = 0.12
# A paste whose end marker has not come after this long is ended (its client is broken).
_PASTE_SECONDS = 1.0
EVENTS_PER_SECOND = 40
"""Keys and mouse reports a session may send a second (each costs the server work)."""
EVENTS_BURST = 2 * EVENTS_PER_SECOND + CHAT_LENGTH + 1
"""...and at once: two seconds' worth on top of the longest line said to a table and its
Enter, so a line that comes in one read (a fast typist, a client that sends a line at
once) is never cut, nor its Enter dropped."""
# Window-size changes are drawn at most 5 times a second (a redraw at a new size is a whole
# layout): only the latest size counts.
_RESIZE_SECONDS = 0.2
# Dropped keys are told at most this often.
_DROPPED_NOTICE_SECONDS = 10.0
log = logging.getLogger(__name__)
_limited = Limited(log)


class Terminal(Protocol):
    """The far end of a session: where output goes and the size the client reported."""

    size: tuple[int, int]

    def write(self, data: str) -> None: ...

    def attach(self, driver: ChannelDriver | None) -> None: ...


class ChannelDriver(DriverState):
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
        self._parser = new_key_parser(debug)
        self._filter = InputFilter(size or terminal.size)
        self._events = TokenBucket(EVENTS_PER_SECOND, EVENTS_BURST)
        self._tick_handle: asyncio.TimerHandle | None = None
        self._paste_handle: asyncio.TimerHandle | None = None
        self._resize_handle: asyncio.TimerHandle | None = None
        self._input_enabled = False
        self._told_dropped = float("-inf")
        self._pending: list[str] = []
        self._compactor = SgrCompactor()
        """The same screen in fewer bytes: style codes only where the style changes."""

    # --- output -----------------------------------------------------------------

    def write(self, data: str) -> None:
        # A frame comes in several writes (sync start, screen, sync end): one packet for all.
        if not self._pending:
            self.loop.call_soon(self.flush)
        self._pending.append(data)

    def flush(self) -> None:
        if self._pending:
            data = self._compactor.feed("".join(self._pending))
            self._pending.clear()
            self._terminal.write(data)

    def start_application_mode(self) -> None:
        self._input_enabled = True
        self._terminal.attach(self)
        self.resize(*self._terminal.size)
        self.write("\x1b[?1049h")  # alternate screen
        self.write("\x1b[?25l")  # hide the cursor
        if self.mouse:
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        self.write("\x1b[?2004h")  # bracketed paste
        self.write("\x1b[?7l")  # no line wrap
        self.write("\x1b[?2026$p")  # ask whether synchronized output is supported

    def disable_input(self) -> None:
        self._input_enabled = False
        self._terminal.attach(None)
        for handle in (self._tick_handle, self._paste_handle, self._resize_handle):
            if handle is not None:
                handle.cancel()
        self._tick_handle = self._paste_handle = self._resize_handle = None
        # The parser caches key sequences per parser in one class-wide lru_cache, whose
        # entries hold the parser and the Key events it made, and through those the app:
        # without this, up to 1,024 ended sessions' apps stay in memory.
        forget_parsed_keys()

    def stop_application_mode(self) -> None:
        self.disable_input()
        if self.mouse:
            self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h")
        self.flush()

    # --- input ------------------------------------------------------------------

    def send_message(self, message: Message) -> None:
        # Same thread and loop as the app: post straight to its queue.
        self.app.post_message(message)

    def feed(self, data: str) -> None:
        """Keys, mouse reports and replies from the client terminal (hostile until checked:
        see input_filter)."""
        if not self._input_enabled:
            return
        self._parse(self._filter.feed(data))
        self._tell_if_cut()
        if self._filter.in_paste and self._paste_handle is None:
            self._paste_handle = self.loop.call_later(_PASTE_SECONDS, self._end_paste)
        self._schedule_tick()

    def _parse(self, text: str, *, tick: bool = False) -> None:
        if not text and not tick:
            return  # an empty feed would tell the parser the input has ended
        try:
            messages = list(self._parser.tick() if tick else self._parser.feed(text))
        except Exception as error:  # never let one client's bytes end its parser for good
            _limited("parser", logging.WARNING, "Input the parser refused was dropped: %r", error)
            self._parser = new_key_parser(self.debug)
            return
        dropped = False
        for message in messages:
            # Nobody presses more than a few dozen keys, or moves a mouse through more than
            # a hundred cells, a second: past that it is a flood, and each event costs.
            if self._events.take(1):
                self.process_message(message)
            else:
                dropped |= isinstance(message, events.Key)
        if dropped and time.monotonic() - self._told_dropped >= _DROPPED_NOTICE_SECONDS:
            self._told_dropped = time.monotonic()
            self.app.notify("Keys came faster than anyone types: some were dropped.")

    def input_dropped(self) -> None:
        """Input beyond the session's budget was dropped: a paste in progress has lost its
        end, so it ends now."""
        if self._input_enabled and self._filter.in_paste:
            if self._paste_handle is not None:
                self._paste_handle.cancel()
            self._end_paste()

    def _end_paste(self) -> None:
        self._paste_handle = None
        if self._input_enabled and self._filter.in_paste:
            self._parse(self._filter.end_paste())
            self._tell_if_cut()

    def _tell_if_cut(self) -> None:
        if self._filter.cut:
            self._filter.cut = False
            self.app.notify(f"The paste was cut to its first {MAX_PASTE} characters.")

    def _schedule_tick(self) -> None:
        """A tick after the latest input: a lone ESC waits for the parser's timeout from when
        it came, so a tick scheduled by an earlier key could come too soon for it (and the
        Escape key would then wait for the next key)."""
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        if self._input_enabled:
            self._tick_handle = self.loop.call_later(_TICK_SECONDS, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        held = self._filter.flush()
        self._parse("", tick=True)
        if held:  # an incomplete sequence that never completed: the parser decides later
            self._parse(held)
            self._schedule_tick()

    def resize_later(self, width: int, height: int) -> None:
        """A window-size change from the client: drawn at most every 200 ms, latest size only."""
        self.size = self._filter.size = (width, height)
        if self._resize_handle is None:
            self._resize_handle = self.loop.call_later(_RESIZE_SECONDS, self._resize_now)

    def _resize_now(self) -> None:
        self._resize_handle = None
        if self._input_enabled and self.size is not None:
            self.resize(*self.size)

    def resize(self, width: int, height: int) -> None:
        self.size = self._filter.size = (width, height)
        size = Size(width, height)
        self.send_message(events.Resize(size, size))
