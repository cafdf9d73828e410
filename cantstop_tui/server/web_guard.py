"""textual-serve's server, locked to its owner and to the one address it is served at.

The aiohttp application is built here from textual-serve's public handlers (the index page
and the game's websocket) with this package's own page (``web_page/``): no script or style
inline, no font or anything else from another site, so a strict Content-Security-Policy
holds. Every response carries that policy and ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..ui.textual_compat.serve import take_game_stderr
from .logs import Limited, log_stream, loop_exception_handler
from .terminal_fit import clamp_size
from .web_relay import MAX_MESSAGE, Relay, number

COOKIE = "cantstop_token"
PAGE = Path(__file__).with_name("web_page")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
log = logging.getLogger("cantstop.web")
MAX_SESSIONS = 8
"""Games running at once unless ``--max-sessions`` says otherwise."""
STDERR_GRACE = 5.0
"""Seconds the game's last lines on stderr have to come once it has ended."""


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url`` as a browser sends it in Origin: lower case,
    without the scheme's default port."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = "" if parts.port in (None, DEFAULT_PORTS.get(parts.scheme)) else f":{parts.port}"
    return f"{parts.scheme}://{f'[{host}]' if ':' in host else host}{port}".lower()


def security_headers(public_url: str) -> dict[str, str]:
    """The headers on every response: this server's files only, the game's websocket to
    this server only, no address (with its token) told to another site."""
    origin = origin_of(public_url)
    socket = ("wss" if origin.startswith("https:") else "ws") + origin[origin.index(":") :]
    policy = {
        "default-src": "'none'",
        "script-src": "'self'",
        "style-src": "'self'",
        "font-src": "'self'",
        "img-src": "'self'",
        "connect-src": f"'self' {socket}",
        "base-uri": "'none'",
        "form-action": "'none'",
        "frame-ancestors": "'none'",
    }
    return {
        "Content-Security-Policy": "; ".join(f"{k} {v}" for k, v in policy.items()),
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
    }


LIBRARY_LOGGERS = (
    "aiohttp.access",
    "aiohttp.server",
    "aiohttp.web",
    "aiohttp.websocket",
    "asyncio",
    "textual-serve",
)
"""The loggers of the libraries that serve the page: what a visitor makes them say."""


class OnceAMinute(logging.Filter):
    """A library's line said through the server's :class:`Limited` instead (one line a
    minute per logger and message, with a count of the rest), a traceback as the one line
    of its exception."""

    def __init__(self, limited: Limited) -> None:
        super().__init__()
        self.limited = limited

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            message += f": {record.exc_info[1]!r}"
        key = (record.name, str(record.msg)[:200])
        self.limited(key, record.levelno, "%s: %s", record.name, message[:500])
        return False


def limit_library_lines(limited: Limited) -> None:
    """Every line of :data:`LIBRARY_LOGGERS` through ``limited``, for the server's life."""
    for name in LIBRARY_LOGGERS:
        logging.getLogger(name).addFilter(OnceAMinute(limited))


class GuardedServer(Server):
    """textual-serve's server behind a token, an Origin check and a cap on games."""

    def __init__(
        self,
        command: str,
        *,
        public_url: str,
        max_sessions: int = MAX_SESSIONS,
        host: str,
        port: int,
    ) -> None:
        super().__init__(command, host=host, port=port, title="Can't Stop", public_url=public_url)
        self.token = secrets.token_urlsafe(24)
        self.max_sessions = max_sessions
        self.sessions = 0
        self.limited = Limited(log)

    @property
    def url(self) -> str:
        """The address to open: with the token."""
        return f"{self.public_url}/?token={self.token}"

    def make_app(self) -> web.Application:
        """The web application: the page, textual-serve's scripts and fonts, the game."""
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(
            app,
            loader=jinja2.FileSystemLoader(PAGE),
            context_processors=[self._page_context],
        )
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
                web.static("/page", PAGE / "static", name="page"),
            ]
        )
        app.on_response_prepare.append(self._add_headers)
        app.on_startup.append(self._on_loop)
        return app

    async def _on_loop(self, app: web.Application) -> None:
        asyncio.get_running_loop().set_exception_handler(loop_exception_handler(self.limited))

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT or SIGTERM."""
        web.run_app(self.make_app(), host=self.host, port=self.port, print=None)

    async def _page_context(self, request: web.Request) -> dict[str, str]:
        return {"page_url": f"{self.public_url}/page/"}

    async def _add_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(security_headers(self.public_url))

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.query.get("token") or request.cookies.get(COOKIE, "")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPForbidden(text="Open the address cantstop web printed (with its token).")
        if request.path == "/ws":
            origin = request.headers.get("Origin", "").lower()
            if origin != origin_of(self.public_url):
                self.limited(
                    ("origin", request.remote),
                    logging.WARNING,
                    "Refused a game socket from %s opened by the page of %r.",
                    request.remote,
                    origin[:100],
                )
                raise web.HTTPForbidden(text="This page may not open a game here.")
            if self.sessions >= self.max_sessions:
                raise web.HTTPServiceUnavailable(text=self._full())
            self.sessions += 1
            try:
                return await handler(request)
            finally:
                self.sessions -= 1
        if request.path == "/" and self.sessions >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text=self._full())
        response = await handler(request)
        if "token" in request.query and request.path == "/":
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The game's socket, as textual-serve's but with every size clamped, the input
        budget of an SSH session (bytes a second, bursts), and a message that is not what the
        page sends dropped (with a line a minute in the log)."""
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        query = request.query
        width, height = clamp_size(number(query.get("width")), number(query.get("height")))
        await socket.prepare(request)

        async def close() -> None:
            await socket.close()

        game = AppService(
            self.command,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        errors: list[asyncio.Task[None]] = []
        who = f"The game of {request.remote}"
        take_game_stderr(
            game,
            lambda stream, _process: errors.append(
                asyncio.create_task(log_stream(stream, self.limited, who))
            ),
        )
        await game.start(width, height)
        relay = Relay(socket, game, request.remote, self.limited)
        try:
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    await relay(message.data)
        except ConnectionError as error:
            self.limited(
                ("socket", request.remote), logging.INFO, "%s left: %s", request.remote, error
            )
        finally:
            await game.stop()
            if errors:  # the game has ended: the rest of its stderr is said, or dropped
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.gather(*errors), STDERR_GRACE)
        return socket

    def _full(self) -> str:
        return (
            f"All {self.max_sessions} games are in use: please wait a little and reload this page."
        )
