"""``cantstop web``: the game in a browser, served by textual-serve.

Each browser tab runs its own ``cantstop`` process (a local game against the computer
or hot-seat); shared tables are hosted by ``cantstop serve`` over SSH.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from textual_serve.server import Server


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cantstop web", description=__doc__)
    p.add_argument("--host", default="localhost", help="address to listen on (default: localhost)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--public-url", default=None, help="the URL people open, behind a proxy")
    p.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    return p


def build_server(argv: list[str]) -> Server:
    args = parser().parse_args(argv)
    command = [sys.executable, "-m", "cantstop_tui"] + (["--ascii"] if args.ascii else [])
    return Server(
        shlex.join(command),
        host=args.host,
        port=args.port,
        title="Can't Stop",
        public_url=args.public_url,
    )


def main(argv: list[str]) -> int:
    server = build_server(argv)
    print(f"Serving Can't Stop at {server.public_url}", flush=True)
    server.serve()
    return 0
