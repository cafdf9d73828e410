"""``cantstop web``: the game in a browser, served by textual-serve, locked to its owner.

Each browser tab runs its own ``cantstop`` process (a local game against the computer
or hot-seat); shared tables are hosted by ``cantstop serve`` over SSH.

Any web page the host visits could otherwise reach this server (``fetch`` and websockets
to localhost need no permission), so, as Jupyter does:

- the server prints a URL holding a random token; a request without it (in the URL, or in
  the cookie the first page sets) gets 403;
- a websocket whose ``Origin`` is not the address the server is served at (``--public-url``,
  by default the address it listens on) gets 403, whatever the request's Host header says
  (the token cookie is ``SameSite=Strict`` as well);
- at most ``--max-sessions`` games run at once; the next visitor is told to wait (503);
- the page loads nothing from another site and every response forbids it to
  (Content-Security-Policy, ``Referrer-Policy: no-referrer``): see ``web_guard``.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
from urllib.parse import urlsplit

from ..play.help_text import plain
from . import logs
from .web_guard import MAX_SESSIONS, GuardedServer, limit_library_lines, origin_of

WILDCARDS = ("0.0.0.0", "::", "")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cantstop web", description=plain(__doc__.split("\n")[0]))
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: loopback only)"
    )
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address people open (scheme://host[:port], e.g. behind a proxy); "
        "only pages from there may open a game (default: http://HOST:PORT)",
    )
    p.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    p.add_argument(
        "--max-sessions",
        type=int,
        default=MAX_SESSIONS,
        help="games running at once (default %(default)s)",
    )
    return p


def public_url(given: str | None, host: str, port: int) -> str:
    """The address the server is served at, ``scheme://host[:port]``; a sentence
    (``ValueError``) if it is not one."""
    if given is None:
        if host in WILDCARDS:
            raise ValueError(
                f"listening on every address ({host or 'all'}), it cannot tell which one "
                "people open: say it with --public-url http://NAME:PORT"
            )
        try:
            bracketed = f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
        except ValueError:
            bracketed = host
        return origin_of(f"http://{bracketed}:{port}")
    try:
        parts = urlsplit(given.strip())
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError as error:
        raise ValueError(f"--public-url {given!r} is not an address: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"--public-url must be http://HOST[:PORT] or https://..., not {given!r}")
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError(
            f"--public-url is the site's address alone (no path), not {given!r}: "
            "the game is served at the root"
        )
    return origin_of(given.strip())


def build_server(argv: list[str]) -> GuardedServer:
    args = parser().parse_args(argv)
    if args.max_sessions < 1:
        raise SystemExit(
            f"cantstop web: --max-sessions must be 1 or more, not {args.max_sessions}."
        )
    if not 0 <= args.port <= 65535:
        raise SystemExit(f"cantstop web: --port must be 0 to 65535, not {args.port}.")
    try:
        url = public_url(args.public_url, args.host, args.port)
    except ValueError as error:
        raise SystemExit(f"cantstop web: {error}.") from None
    command = [sys.executable, "-m", "cantstop_tui"] + (["--ascii"] if args.ascii else [])
    return GuardedServer(
        shlex.join(command),
        max_sessions=args.max_sessions,
        host=args.host,
        port=args.port,
        public_url=url,
    )


def main(argv: list[str]) -> int:
    server = build_server(argv)
    logs.configure(sys.__stderr__ or sys.stderr)
    limit_library_lines(server.limited)
    print(f"Serving Can't Stop at {server.url}", flush=True)
    print("Only this address, with its token, opens the game.", flush=True)
    try:
        server.serve()
    except OSError as error:
        print(
            f"cantstop web: cannot listen on {server.host}:{server.port}: "
            f"{error.strerror or error}",
            file=sys.__stderr__ or sys.stderr,
        )
        return 1
    return 0
