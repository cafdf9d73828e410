"""What the SSH server's driver needs of Textual: the key parser, the driver's own state,
and the app whose context runs (for a shared table's listener).

Private parts (``textual._xterm_parser.XTermParser`` and its ``_parse_extended_key``,
``textual._context.active_app``, ``Driver._app``, ``_loop``, ``_size``, ``_mouse``,
``_debug``): tests/ui/test_compat_driver.py names each.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual._context import active_app
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.driver import Driver

KeyParser = XTermParser
"""The type of Textual's parser of terminal input."""


def new_key_parser(debug: bool = False) -> KeyParser:
    """Textual's parser of terminal input (private: ``textual._xterm_parser.XTermParser``),
    fed the bytes of an SSH visitor's terminal by ``server.driver``."""
    return XTermParser(debug)


def forget_parsed_keys() -> None:
    """Empty the parser's class-wide key cache (private:
    ``XTermParser._parse_extended_key``, an ``lru_cache``): its entries hold each parser, the
    Key events it made and through them an ended session's whole app."""
    XTermParser._parse_extended_key.cache_clear()


def current_app() -> App[Any] | None:
    """The app whose context this code runs in (private: ``textual._context.active_app``)."""
    return active_app.get(None)


class DriverState(Driver):
    """Textual's ``Driver`` with the state it keeps privately (``Driver._app``, ``_loop``,
    ``_size``, ``_mouse``, ``_debug``) under public names, for the SSH server's driver."""

    @property
    def app(self) -> App[Any]:
        return self._app

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    @property
    def mouse(self) -> bool:
        return self._mouse

    @property
    def debug(self) -> bool:
        return self._debug

    @property
    def size(self) -> tuple[int, int] | None:
        """The terminal's size; ``App.size`` reads it until the app's first resize."""
        return self._size

    @size.setter
    def size(self, size: tuple[int, int]) -> None:
        self._size = size
