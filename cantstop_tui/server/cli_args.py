"""``cantstop serve``'s command line: its options, and who may join as they say."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..play.help_text import plain
from ..ui.colors import DEPTHS
from .auth import Auth, AuthError
from .settings import Settings

AUTH_HELP = (
    "Choose who may join: --authorized-keys FILE (players' public keys), "
    "--password-file FILE (lines 'name:password' or one shared password), "
    "or --open (anyone who can reach the port)."
)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cantstop serve", description=plain(__doc__), epilog=AUTH_HELP)
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: loopback only)"
    )
    p.add_argument("--port", type=int, default=2222)
    p.add_argument("--max-sessions", type=int, default=100, help="game sessions at once")
    limits = p.add_argument_group("limits (every client is a stranger until it has logged in)")
    limits.add_argument(
        "--max-connections",
        type=int,
        default=200,
        metavar="N",
        help="connections at once, logged in or not, with or without a session (default 200)",
    )
    limits.add_argument(
        "--max-per-address",
        type=int,
        default=8,
        metavar="N",
        help="connections at once from one address (default 8)",
    )
    limits.add_argument(
        "--login-grace",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="time to log in, and then to open the game's terminal session (default 20)",
    )
    p.add_argument(
        "--forget",
        metavar="NAME",
        help="release NAME from the key it is bound to, then exit (the server may be running)",
    )
    p.add_argument(
        "--log-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="append the log here instead of writing it to stderr",
    )
    auth = p.add_mutually_exclusive_group()
    auth.add_argument("--authorized-keys", type=Path, metavar="FILE")
    auth.add_argument("--password-file", type=Path, metavar="FILE")
    auth.add_argument("--open", action="store_true", help="no authentication (LAN party)")
    p.add_argument(
        "--seat-timeout",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="how long a dropped player's seat is held before the computer takes it",
    )
    p.add_argument(
        "--turn-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the computer plays the turn of a player who takes longer",
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=3600.0,
        metavar="SECONDS",
        help="close sessions without input for this long",
    )
    p.add_argument(
        "--colors",
        choices=DEPTHS,
        default=Settings.colors,
        help="the most colours drawn: each visitor gets what their terminal shows (its TERM, "
        f"COLORTERM and NO_COLOR), up to this (default {Settings.colors})",
    )
    p.add_argument("--ai-delay", type=float, default=0.6, metavar="SECONDS")
    p.add_argument(
        "--keep-games",
        type=int,
        default=None,
        metavar="N",
        help="keep only the newest N finished games in served/ (default: all; "
        "the players' records count every game either way)",
    )
    return p


def auth_from(args: argparse.Namespace) -> Auth:
    if args.authorized_keys is not None:
        return Auth.from_authorized_keys(args.authorized_keys)
    if args.password_file is not None:
        return Auth.from_password_file(args.password_file)
    if args.open:
        return Auth("open")
    raise AuthError("it needs to know who may join. " + AUTH_HELP)
