"""``cantstop web``: the game in a browser, served by textual-serve, locked to its owner.

Each browser tab runs its own ``cantstop`` process (a local game against the computer
or hot-seat); shared tables are hosted by ``cantstop serve`` over SSH.

Any web page the host visits could otherwise reach this server (``fetch`` and websockets
to localhost need no permission), so, as Jupyter does:

- the server prints a URL holding a random token; a request without it (in the URL, or in
  the cookie the first page sets) gets 403;
- a websocket whose ``Origin`` is not the server's own gets 403 (the token cookie is
  ``SameSite=Strict`` as well);
- at most ``--max-sessions`` games run at once; the next visitor is told to wait (503).
"""

from __future__ import annotations

import argparse
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

from ..play.help_text import plain
from ..ui.textual_compat import add_middleware

COOKIE = "cantstop_token"
MAX_SESSIONS = 8
"""Games running at once unless ``--max-sessions`` says otherwise."""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cantstop web", description=plain(__doc__.split("\n")[0]))
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: loopback only)"
    )
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--public-url", default=None, help="the URL people open, behind a proxy")
    p.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    p.add_argument(
        "--max-sessions",
        type=int,
        default=MAX_SESSIONS,
        help="games running at once (default %(default)s)",
    )
    return p


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class GuardedServer(Server):
    """textual-serve's server behind a token, an Origin check and a cap on games."""

    def __init__(self, command: str, *, max_sessions: int = MAX_SESSIONS, **options: Any) -> None:
        super().__init__(command, **options)
        self.token = secrets.token_urlsafe(24)
        self.max_sessions = max_sessions
        self.sessions = 0
        add_middleware(self, self._guard)

    @property
    def url(self) -> str:
        """The address to open: with the token."""
        return f"{self.public_url}/?token={self.token}"

    def _allowed_origins(self, request: web.Request) -> set[str]:
        return {_origin(self.public_url), f"{request.scheme}://{request.host}".lower()}

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.query.get("token") or request.cookies.get(COOKIE, "")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPForbidden(text="Open the address cantstop web printed (with its token).")
        if request.path == "/ws":
            origin = request.headers.get("Origin", "").lower()
            if origin not in self._allowed_origins(request):
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

    def _full(self) -> str:
        return (
            f"All {self.max_sessions} games are in use: please wait a little and reload this page."
        )


def build_server(argv: list[str]) -> GuardedServer:
    args = parser().parse_args(argv)
    if args.max_sessions < 1:
        raise SystemExit(
            f"cantstop web: --max-sessions must be 1 or more, not {args.max_sessions}."
        )
    command = [sys.executable, "-m", "cantstop_tui"] + (["--ascii"] if args.ascii else [])
    return GuardedServer(
        shlex.join(command),
        max_sessions=args.max_sessions,
        host=args.host,
        port=args.port,
        title="Can't Stop",
        public_url=args.public_url,
    )


def main(argv: list[str]) -> int:
    server = build_server(argv)
    print(f"Serving Can't Stop at {server.url}", flush=True)
    print("Only this address, with its token, opens the game.", flush=True)
    server.serve()
    return 0
