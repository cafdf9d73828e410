"""The terminal driver's input loop, ended by the end of its input.

Textual's own (``LinuxDriver.run_input_thread``, Textual 8.2.8) treats an empty read as
"stdin is piped" and selects again: a terminal that went away without a SIGHUP (a pty
whose master was closed while the program was in a session of its own, or an input at its
end: ``cantstop < /dev/null``) is ready to read at once, forever, and the loop spins a core
until the process is killed. ``read_terminal`` is the same loop, except that an empty read
(or EIO, a hung-up terminal's read error) ends it and says so.

Private parts (``textual._xterm_parser.XTermParser``, ``textual._parser.ParseError``,
``textual.driver.Driver._debug``): ``cantstop_tui.textual_version.PRIVATE_PARTS`` lists
each (tests/ui/test_compat_version.py checks them); tests/ui/test_compat_terminal_input.py
checks that Textual's own loop still spins (this module can go when it no longer does).
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual._parser import ParseError
from textual.drivers.linux_driver import LinuxDriver

from .driver import new_key_parser

READ_SIZE = 4096
"""Bytes read at a time (Textual's own figure)."""
SELECT_TIMEOUT = 0.1
"""Seconds between looks at the driver's exit event when no key comes (Textual's)."""


def read_terminal(driver: LinuxDriver) -> bool:
    """Read ``driver``'s terminal and post its keys, mouse and other events to the app
    until the driver stops it (``exit_event``: False) or the input ends (True)."""
    selector = selectors.SelectSelector()
    selector.register(driver.fileno, selectors.EVENT_READ)
    parser = new_key_parser(driver._debug)
    decode = getincrementaldecoder("utf-8")().decode
    ended = False
    try:
        while not driver.exit_event.is_set() and not ended:
            if selector.select(SELECT_TIMEOUT):
                try:
                    data = os.read(driver.fileno, READ_SIZE)
                except OSError:  # EIO: the terminal was hung up
                    data = b""
                ended = not data
                for event in parser.feed(decode(data, final=ended)):
                    driver.process_message(event)
            for event in parser.tick():
                driver.process_message(event)
    finally:
        selector.close()
        try:
            for _event in parser.feed(""):  # what was left half-read: dropped, as Textual does
                pass
        except (EOFError, ParseError):
            pass
    return ended
