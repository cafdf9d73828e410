"""SIGHUP (the SSH session going away), SIGTERM and SIGINT: save, then leave cleanly.

The app passes what to do; nothing here knows about Textual::

    uninstall = install_exit_handlers(
        save=saver.save_now, exit=lambda code: app.exit(return_code=code)
    )

``exit`` is given the exit code (128 + the signal's number, as a shell reports a program
the signal ended: 129 for a hang-up) and must make the app leave its screen normally
(Textual's ``App.exit``), which restores the terminal: main screen back, cursor shown.
A terminal that went away without a SIGHUP is a hang-up too (``HANG_UP``; the terminal
driver tells the app: ``ui.compact_driver``). If the app has not finished
``grace`` seconds later (a terminal that is gone can block output), the process ends
anyway: the game was saved first. A second signal ends it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Callable

SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
HANG_UP = 128 + signal.SIGHUP
"""The exit code after a hang-up (129), as a shell reports a program SIGHUP ended."""


def install_exit_handlers(
    save: Callable[[], None],
    exit: Callable[[int], None],
    *,
    grace: float = 3.0,
    loop: asyncio.AbstractEventLoop | None = None,
) -> Callable[[], None]:
    """Handle the exit signals on the running event loop; returns the function that undoes it."""
    loop = loop or asyncio.get_running_loop()
    received: list[int] = []

    def on_signal(signum: int) -> None:
        received.append(signum)
        if len(received) > 1:
            os._exit(128 + signum)
        with contextlib.suppress(Exception):
            save()
        loop.call_later(grace, os._exit, 128 + signum)
        exit(128 + signum)

    for signum in SIGNALS:
        loop.add_signal_handler(signum, on_signal, signum)

    def uninstall() -> None:
        for signum in SIGNALS:
            loop.remove_signal_handler(signum)

    return uninstall
