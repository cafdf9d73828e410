"""``cantstop serve``'s command line: its options, and who may join as they say."""

from __future__ import annotations

import argparse
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from ..ui.colors import DEPTHS
from . import budgets
from .auth import Auth, AuthError
from .limits import Limits
from .settings import Settings
from .startups import Startups

AUTH_HELP = (
    "Choose who may join: --authorized-keys FILE (players' public keys), "
    "--password-file FILE (lines 'name:password' or one shared password), "
    "or --open (anyone who can reach the port)."
)


DEFAULTS: dict[str, Any] = {
    field.name: field.default
    for kind in (Settings, Limits)
    for field in fields(kind)
    if field.default is not MISSING
}
"""Every default of the server's settings and limits, as the dataclasses state them: the
options below take theirs from here (tests/server/test_defaults.py checks the docs)."""
FIELD_OF_OPTION = {"ai_delay": "bot_delay"}
"""Options whose setting has another name."""


STARTUP_OPTIONS: dict[str, tuple[str, str]] = {
    "per_source_max_startups": ("N", "connections not logged in yet, at once, from one source"),
    "netblock_ipv4": ("BITS", "bits of an IPv4 address that make one source (address block)"),
    "netblock_ipv6": ("BITS", "bits of an IPv6 address that make one source"),
    "penalty_grace_exceeded": (
        "SECONDS",
        "what a source is charged for a connection that did not log in within the grace",
    ),
    "penalty_noauth": ("SECONDS", "... for a connection that closed without logging in"),
    "penalty_min": (
        "SECONDS",
        "charges after which the source is refused until they run out; each time it is, "
        "its charges double",
    ),
    "penalty_max": ("SECONDS", "the longest a source is refused for them"),
}
"""The limits on connections not logged in yet beyond ``--max-startups``, as
``--per-source-max-startups`` and so on: (metavar, help); defaults from ``Limits``."""
NETBLOCK_BITS = {"netblock_ipv4": 32, "netblock_ipv6": 128}


def default(option: str) -> Any:
    """The default of ``--option`` (its dest, e.g. ``max_sessions``)."""
    return DEFAULTS[FIELD_OF_OPTION.get(option, option)]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cantstop serve",
        description="Host shared tables that friends join with "
        f"ssh -p {default('port')} NAME@HOST.",
        epilog=AUTH_HELP,
    )
    p.add_argument(
        "--host", default=default("host"), help="address to listen on (default: loopback only)"
    )
    p.add_argument("--port", type=int, default=default("port"), help="(default %(default)s)")
    p.add_argument(
        "--max-sessions",
        type=int,
        default=default("max_sessions"),
        help="game sessions at once (default %(default)s)",
    )
    limits = p.add_argument_group("limits (every client is a stranger until it has logged in)")
    limits.add_argument(
        "--max-connections",
        type=int,
        default=default("max_connections"),
        metavar="N",
        help="connections at once, logged in or not, with or without a session "
        "(default %(default)s)",
    )
    limits.add_argument(
        "--max-per-address",
        type=int,
        default=default("max_per_address"),
        metavar="N",
        help="connections at once from one address (default %(default)s)",
    )
    limits.add_argument(
        "--login-grace",
        type=float,
        default=default("login_grace"),
        metavar="SECONDS",
        help="time to log in, and then to open the game's terminal session (default %(default)s)",
    )
    startups = p.add_argument_group(
        "connections not logged in yet (strangers cannot take the players' slots)"
    )
    startups.add_argument(
        "--max-startups",
        type=_startups,
        default=default("max_startups"),
        metavar="START:RATE:FULL",
        help="with START connections logging in, a new one is refused with a chance of RATE "
        "percent, rising to all at FULL; logged-in ones do not count (default %(default)s)",
    )
    for name, (metavar, text) in STARTUP_OPTIONS.items():
        startups.add_argument(
            f"--{name.replace('_', '-')}",
            type=type(default(name)),
            default=default(name),
            metavar=metavar,
            help=f"{text} (default %(default)s)",
        )
    limits.add_argument(
        "--analysis-workers",
        type=int,
        default=default("analysis_workers"),
        metavar="N",
        help="processes that work out visitors' reviews at a lower priority; 0 works them "
        "out in the server's own process, where they slow every player's keys "
        "(default %(default)s)",
    )
    limits.add_argument(
        "--bot-workers",
        type=int,
        default=default("bot_workers"),
        metavar="N",
        help="processes where the computer players think at a lower priority, so the memory "
        "their searches take comes back; 0 has them think in the server's own process "
        "(default %(default)s)",
    )
    budgets.add_flags(p.add_argument_group("budgets per person (per name signed in)"))
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
        default=default("seat_timeout"),
        metavar="SECONDS",
        help="how long a dropped player's seat is held before the computer takes it "
        "(default %(default)s)",
    )
    p.add_argument(
        "--turn-timeout",
        type=float,
        default=default("turn_timeout"),
        metavar="SECONDS",
        help="the computer plays the turn of a player who takes longer",
    )
    p.add_argument(
        "--max-turn-based",
        type=int,
        default=default("max_turn_based"),
        metavar="N",
        help="turn-based games a person may play at once (default %(default)s)",
    )
    p.add_argument(
        "--no-turn-based",
        action="store_true",
        help="no turn-based tables (players move within a deadline of hours or days)",
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=default("idle_timeout"),
        metavar="SECONDS",
        help="close sessions without input for this long (default %(default)s)",
    )
    p.add_argument(
        "--colors",
        choices=DEPTHS,
        default=default("colors"),
        help="the most colours drawn: each visitor gets what their terminal shows (its TERM, "
        "COLORTERM and NO_COLOR), up to this (default %(default)s)",
    )
    p.add_argument(
        "--ai-delay",
        type=float,
        default=default("ai_delay"),
        metavar="SECONDS",
        help="seconds between computer steps (default %(default)s)",
    )
    p.add_argument(
        "--keep-games",
        type=int,
        default=None,
        metavar="N",
        help="keep only the newest N finished games in served/ (default: all; "
        "the players' records count every game either way)",
    )
    return p


def _startups(text: str) -> Startups:
    try:
        return Startups.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def startup_limits(args: argparse.Namespace) -> dict[str, Any]:
    """The ``Limits`` fields the startup options set."""
    return {"max_startups": args.max_startups} | {
        name: getattr(args, name) for name in STARTUP_OPTIONS
    }


def startup_refusals(args: argparse.Namespace) -> list[str]:
    """What is wrong with the startup options an operator gave, one sentence each."""
    wrong = []
    for name in STARTUP_OPTIONS:
        value, flag = getattr(args, name), f"--{name.replace('_', '-')}"
        if name in NETBLOCK_BITS:
            if not 0 <= value <= NETBLOCK_BITS[name]:
                wrong.append(f"{flag} must be 0 to {NETBLOCK_BITS[name]}, not {value}.")
        elif value < 0 or (value == 0 and name in ("per_source_max_startups", "penalty_min")):
            wrong.append(f"{flag} must be a positive number, not {value}.")
    return wrong


def auth_from(args: argparse.Namespace) -> Auth:
    if args.authorized_keys is not None:
        return Auth.from_authorized_keys(args.authorized_keys)
    if args.password_file is not None:
        return Auth.from_password_file(args.password_file)
    if args.open:
        return Auth("open")
    raise AuthError("it needs to know who may join. " + AUTH_HELP)


def turn_based_limit(args: argparse.Namespace) -> int:
    """Turn-based games a person may play at once: ``--max-turn-based``, or none with
    ``--no-turn-based``."""
    return 0 if args.no_turn_based else int(args.max_turn_based)
