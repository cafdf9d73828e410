"""Textual's terminal driver, writing the same screen in fewer bytes (``compact_sgr``), and
ending when its terminal does.

A terminal can go away without a SIGHUP (a pty whose master is closed while the program
runs in a session of its own, as a benchmark's does; or input at its end: ``cantstop <
/dev/null``). Textual's input loop would then spin a core for ever; this driver's
(``textual_compat.read_terminal``) ends, and tells the app (``TerminalEnded``), which
treats it as a hang-up (``AppBase.hang_up``: the local game saves, exit code 129). A
terminal that was the input (a tty) is gone, so nothing more is written to it; one that
was only the output (``< /dev/null``) is restored as the app leaves."""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING, Any

from textual.driver import Driver
from textual.message import Message

from .compact_sgr import SgrCompactor

if TYPE_CHECKING:
    from textual.app import App


class TerminalEnded(Message):
    """The terminal's input ended: the terminal is gone (or was never there to read)."""


@cache
def compact(driver: type[Driver]) -> type[Driver]:
    """``driver``, or for Textual's own terminal driver (Linux, macOS) one that writes
    through an ``SgrCompactor`` and ends with its input; others (Windows', the web's) as
    they are."""
    if sys.platform == "win32":
        return driver
    from textual.drivers.linux_driver import LinuxDriver

    from .textual_compat.terminal_input import read_terminal

    if driver is not LinuxDriver:
        return driver

    class CompactLinuxDriver(LinuxDriver):
        def __init__(
            self,
            app: App[Any],
            *,
            debug: bool = False,
            mouse: bool = True,
            size: tuple[int, int] | None = None,
        ) -> None:
            super().__init__(app, debug=debug, mouse=mouse, size=size)
            self._compactor = SgrCompactor()
            self.terminal_gone = False
            """The terminal's input (a tty) ended: it is not written to any more."""

        def write(self, data: str) -> None:
            if not self.terminal_gone:
                super().write(self._compactor.feed(data))

        def run_input_thread(self) -> None:
            """Textual's input loop, ended by the end of the input: the app is told."""
            if read_terminal(self):
                self.terminal_gone = self.input_tty
                self.process_message(TerminalEnded())

    return CompactLinuxDriver
