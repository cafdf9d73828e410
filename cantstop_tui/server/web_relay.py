"""What the page sends over the game's websocket, passed on to the game as textual-serve
does, but checked: sizes clamped as over SSH, the input budget of an SSH session, and a
message the page never sends dropped with a line a minute in the log."""

from __future__ import annotations

import json
import logging
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService

from .logs import Limited
from .settings import Settings
from .terminal_fit import clamp_size
from .token_bucket import TokenBucket

MAX_MESSAGE = 64 * 1024
"""The longest message the page sends is a paste (textual-serve's own limit is 4 MiB)."""


def number(text: object) -> int:
    """A size the page states, or 0 (which :func:`clamp_size` makes the default) if it is
    not a whole number."""
    try:
        return int(str(text))
    except ValueError:
        return 0


def envelope(text: str) -> tuple[Any, Any]:
    """``(kind, data)`` of a message (``["stdin", "r"]``, ``["focus"]``...); kind is None
    when the message is not one."""
    try:
        message = json.loads(text)
    except ValueError:
        return None, None
    if not isinstance(message, list) or not message:
        return None, None
    return message[0], message[1] if len(message) > 1 else None


class Relay:
    """One page's messages to its game."""

    def __init__(
        self, socket: web.WebSocketResponse, game: AppService, remote: str | None, limited: Limited
    ) -> None:
        self.socket = socket
        self.game = game
        self.remote = remote
        self.limited = limited
        # Keys are counted as the terminal's bytes, as over SSH (not their JSON envelope).
        self.budget = TokenBucket(Settings.input_rate, Settings.input_burst)

    async def __call__(self, text: str) -> None:
        kind, data = envelope(text)
        cost = len(data) if kind == "stdin" and isinstance(data, str) else len(text)
        if self.budget.take(cost) < cost:
            self.limited(
                ("flood", self.remote),
                logging.WARNING,
                "Input flood from %s: messages dropped.",
                self.remote,
            )
        elif kind == "stdin" and isinstance(data, str):
            await self.game.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            width, height = number(data.get("width")), number(data.get("height"))
            await self.game.set_terminal_size(*clamp_size(width, height))
        elif kind == "ping" and isinstance(data, str):
            await self.socket.send_json(["pong", data])
        elif kind == "blur":
            await self.game.blur()
        elif kind == "focus":
            await self.game.focus()
        else:
            self.limited(
                ("message", self.remote),
                logging.WARNING,
                "Dropped a message from %s that the page never sends: %r",
                self.remote,
                text[:80],
            )
