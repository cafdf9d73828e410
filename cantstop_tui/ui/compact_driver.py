"""Textual's terminal driver, writing the same screen in fewer bytes (``compact_sgr``)."""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING, Any

from textual.driver import Driver

from .compact_sgr import SgrCompactor

if TYPE_CHECKING:
    from textual.app import App


@cache
def compact(driver: type[Driver]) -> type[Driver]:
    """``driver``, or for Textual's own terminal driver (Linux, macOS) one that writes
    through an ``SgrCompactor``; others (Windows', the web's) as they are."""
    if sys.platform == "win32":
        return driver
    from textual.drivers.linux_driver import LinuxDriver

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

        def write(self, data: str) -> None:
            super().write(self._compactor.feed(data))

    return CompactLinuxDriver
