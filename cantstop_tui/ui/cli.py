"""``cantstop`` with no subcommand: play in the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..ai import LEVELS, STRONGEST, find_bots_beside_you
from ..engine import VARIANTS, allowed_win_columns
from ..play.table import BOT_DELAY
from .settings import GameSettings, fit_win_columns, parse_players

USAGE_ERROR = 2
SUBCOMMANDS = """subcommands (cantstop COMMAND --help for each):
  arena      computer players against each other: win rates, turns to win
  replay     step through a saved game, or print it (--text)
  review     each decision next to expert's, accuracy, luck, win-chance graph
  records    every player's games, wins, columns, busts and turns
  serve      host shared tables over SSH (ssh -p 2222 name@host)
  web        the game in a browser, on this machine (a URL with a token)"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise ValueError(message[0].upper() + message[1:] + ".")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cantstop",
        description="Play Can't Stop in the terminal.",
        epilog=SUBCOMMANDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--players",
        help=f'seats, e.g. "Ana:human,Bot:{STRONGEST}" (levels: {", ".join(LEVELS)}, '
             'or module:Class)',
    )
    parser.add_argument("--variant", choices=VARIANTS, help="standard, jump or forced")
    parser.add_argument("--win-columns", type=int, help="columns needed to win")
    parser.add_argument("--seed", type=int, help="seed for the dice, to replay a game")
    parser.add_argument(
        "--ai-delay",
        type=float,
        default=BOT_DELAY,
        help="seconds between computer steps (default %(default)s)",
    )
    parser.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    start = parser.add_mutually_exclusive_group()
    start.add_argument(
        "--resume", action="store_true", help="resume the last unfinished game without asking"
    )
    start.add_argument("--load", type=Path, metavar="FILE", help="open a saved game")
    return parser


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
