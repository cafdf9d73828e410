"""``cantstop`` with no subcommand: play in the terminal (its options:
``command_line.build_parser``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..ai import find_bots_beside_you
from ..command_line import USAGE_ERROR, build_parser
from ..engine import allowed_win_columns
from .settings import GameSettings, fit_win_columns, parse_players

__all__ = ["USAGE_ERROR", "build_parser", "load_problem", "main", "settings_from"]

def settings_from(args: argparse.Namespace) -> GameSettings | None:
    """The game the flags ask for; None without game flags (then the new-game screen shows)."""
    if (
        args.players is None
        and args.variant is None
        and args.win_columns is None
        and args.seed is None
    ):
        return None
    defaults = GameSettings()
    seats = parse_players(args.players) if args.players is not None else defaults.seats
    win = args.win_columns
    if win is None:
        win = fit_win_columns(len(seats), defaults.win_columns)
    elif win not in allowed_win_columns(len(seats)):
        counts = " or ".join(str(n) for n in allowed_win_columns(len(seats)))
        raise ValueError(f"With {len(seats)} players --win-columns can be {counts}, not {win}.")
    settings = GameSettings(seats, args.variant or defaults.variant, win, args.seed)
    settings.config()
    return settings


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
        if args.players:
            find_bots_beside_you()
        settings = settings_from(args)
        if args.ai_delay < 0:
            raise ValueError("--ai-delay must be 0 or more seconds.")
        if settings is not None and (args.resume or args.load):
            flag = "--resume" if args.resume else "--load"
            raise ValueError(f"{flag} plays a game as it was saved: leave out the game flags.")
    except ValueError as error:
        print(f"cantstop: {error}", file=sys.stderr)
        return USAGE_ERROR
    if args.load is not None and (problem := load_problem(args.load)):
        print(f"cantstop: {problem} The file is left as it is.", file=sys.stderr)
        return 1
    from .app import CantStopApp

    app = CantStopApp(
        settings=settings,
        ascii_only=args.ascii,
        ai_delay=args.ai_delay,
        resume=args.resume,
        load=args.load,
    )
    app.run()
    return app.return_code or 0  # non-zero when the app ended on an error


def load_problem(path: Path) -> str | None:
    """Why ``path`` cannot be played (read and checked move by move), or None."""
    from ..storage import SaveError, load_game

    try:
        load_game(path)
    except SaveError as error:
        return str(error)
    return None
