"""``cantstop serve``: host shared tables that friends join with ``ssh -p 2222 name@host``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import logging
import os
import resource
import signal
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..play.names import clean_text
from ..storage import records_path
from ..storage.locks import FileLock
from ..storage.paths import server_database
from . import budgets, logs, store
from .auth import AuthError
from .budgets import Budgets
from .cli_args import auth_from, parser, startup_limits, startup_refusals, turn_based_limit
from .collector import hosting_many_apps
from .hostkey import data_dir, load_or_create_host_key
from .identity import Names
from .journal import TableJournal, keep_tables
from .limits import Limits
from .lobby import Lobby
from .server import GameServer
from .settings import Settings

log = logging.getLogger("cantstop.serve")


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    # Apps redirect sys.stdout while they run: the server speaks through the real streams.
    out, err = sys.__stdout__ or sys.stdout, sys.__stderr__ or sys.stderr
    if args.forget is not None:
        return forget(args.forget, out, err)
    try:
        auth = auth_from(args)
    except AuthError as error:
        print(f"cantstop serve: {error}", file=err)
        return 2
    if args.port < 0 or args.port > 65535:
        print(f"cantstop serve: --port must be 0 to 65535, not {args.port}.", file=err)
        return 2
    for name, value in (
        ("--max-sessions", args.max_sessions),
        ("--max-connections", args.max_connections),
        ("--max-per-address", args.max_per_address),
        ("--login-grace", args.login_grace),
    ):
        if not value > 0:
            print(f"cantstop serve: {name} must be a positive number, not {value}.", file=err)
            return 2
    if args.max_turn_based < 0:
        print(
            f"cantstop serve: --max-turn-based must be 0 or more, not {args.max_turn_based}.",
            file=err,
        )
        return 2
    for sentence in [*startup_refusals(args), *budgets.refusals(budgets.from_args(args))]:
        print(f"cantstop serve: {sentence}", file=err)
        return 2
    if args.keep_games is not None and args.keep_games < 0:
        print(f"cantstop serve: --keep-games must be 0 or more, not {args.keep_games}.", file=err)
        return 2
    try:
        logs.configure(err, args.log_file)
    except OSError as error:
        print(f"cantstop serve: cannot write the log {args.log_file}: {error.strerror}", file=err)
        return 1
    raise_descriptor_limit()
    directory = data_dir()
    lock = one_server(directory, args, err)
    if lock is None:
        return 1
    host_key, created = load_or_create_host_key(directory / "host_key")
    settings = Settings(
        auth=auth,
        host=args.host,
        port=args.port,
        max_sessions=args.max_sessions,
        seat_timeout=args.seat_timeout,
        turn_timeout=args.turn_timeout,
        idle_timeout=args.idle_timeout,
        bot_delay=args.ai_delay,
        colors=args.colors,
        max_turn_based=turn_based_limit(args),
    )
    limits = Limits(
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        login_grace=args.login_grace,
        **startup_limits(args),
        analysis_workers=args.analysis_workers,
        bot_workers=args.bot_workers,
    )
    if auth.mode == "open":
        print("WARNING: --open lets anyone who reaches this port play, with any name.", file=err)
    print(f"Host key {'created' if created else 'loaded'}: {directory / 'host_key'}", file=out)
    print(f"Fingerprint: {host_key.get_fingerprint('sha256')}", file=out)
    try:
        asyncio.run(_run(settings, limits, host_key, directory, args, out))
    except OSError as error:
        print(
            f"cantstop serve: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
            file=err,
        )
        return 1
    return 0


def archive_line(served: Path, keep_games: int | None) -> str:
    """The start-up line on where finished games go."""
    if keep_games == 0:
        return (
            "No game records are written (--keep-games 0): "
            "cantstop records still counts every finished game."
        )
    return (
        f"Finished games are kept in {served} ({store.archived_games(served)} so far"
        + (f", the newest {keep_games} stay" if keep_games is not None else "")
        + "): cantstop replay FILE shows one; cantstop records counts them all."
    )


def forget(name: str, out: TextIO, err: TextIO) -> int:
    """``--forget NAME``: the name is free for the next key that uses it."""
    try:
        released = Names(server_database()).forget(name)
    except (OSError, sqlite3.Error) as error:
        print(f"cantstop serve: cannot open the server's database: {error}", file=err)
        return 1
    if not released:
        print(f"{name} is not bound to any key.", file=out)
        return 1
    print(f"{name} is free again: the next key that logs in as {name} gets it.", file=out)
    return 0


def one_server(directory: Path, args: argparse.Namespace, err: TextIO) -> FileLock | None:
    """The data directory's lock, held for the server's life; None (and a sentence) if
    another ``cantstop serve`` holds it."""
    path = directory / "serve.lock"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        lock = FileLock.try_acquire(path)
    except OSError as error:
        print(f"cantstop serve: cannot lock {path}: {error.strerror}", file=err)
        return None
    if lock is None:
        try:
            holder = path.read_text(encoding="utf-8", errors="replace").strip()[:200]
        except OSError:
            holder = ""
        print(
            f"cantstop serve: another server is using {directory}"
            + (f" ({clean_text(holder)})" if holder else "")
            + ": stop it first, or give this one another data directory (XDG_DATA_HOME).",
            file=err,
        )
        return None
    lock.note(f"pid {os.getpid()}, {args.host}:{args.port}")
    return lock


def raise_descriptor_limit() -> None:
    """Allow as many open files as the system lets this user have (each client is one)."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def reloader(server: GameServer, args: argparse.Namespace) -> Callable[[], None]:
    """SIGHUP: read the password or authorized-keys file again; a bad file keeps the old."""

    def reload() -> None:
        try:
            server.settings.auth = auth_from(args)
        except AuthError as error:
            log.error("Reload refused, the old logins still apply: %s", error)
            return
        log.info("Reloaded who may log in (%s).", server.settings.auth.mode)

    return reload


async def _run(
    settings: Settings,
    limits: Limits,
    host_key: object,
    directory: Path,
    args: argparse.Namespace,
    out: object,
) -> None:
    keep_games: int | None = args.keep_games
    lobby = Lobby(**settings.lobby_options(), budgets=Budgets(budgets.from_args(args)))
    state_path, served = directory / "tables.json", directory / "served"
    journal = TableJournal(server_database())
    restored = keep_tables(lobby, journal, old_json=state_path, old_records=records_path())
    lobby.on_finished = store.game_archiver(served, keep_games)
    print(archive_line(served, keep_games), file=out)  # type: ignore[call-overload]
    names = Names(server_database())
    server = GameServer(settings, host_key, lobby, limits, names)  # type: ignore[arg-type]
    await server.start()
    serving = (
        f"Serving Can't Stop on {settings.host}:{server.port}"
        f" ({restored} saved table(s) restored)"
    )
    # Stopped cleanly from the moment it says it serves (a SIGTERM just after the line
    # found Python's default: the process died unsaved).
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    loop.add_signal_handler(signal.SIGHUP, reloader(server, args))
    if args.log_file is not None:  # the log file is the operator's record of starts and stops
        logs.log.info("%s.", serving)
    print(f"{serving}: ssh -p {server.port} NAME@HOST", file=out, flush=True)  # type: ignore[call-overload]
    # kill -USR1 PID: every thread's stack into the log, to see what a busy server is doing.
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
    try:
        with hosting_many_apps():
            await stop.wait()
    finally:
        faulthandler.unregister(signal.SIGUSR1)
        await server.close()
        journal.write_all(lobby)
        journal.close()
        if args.log_file is not None:
            logs.log.info("Stopped: the tables are saved for the next start.")
