"""``cantstop``'s command line: play (no subcommand), or one of the subcommands.

One argparse parser: the play options, and a subparser per subcommand. Each subcommand's
module parses its own arguments (and answers its own ``--help``), imported only when it
runs, so ``cantstop records`` never loads Textual or asyncssh: its subparser takes every
word after the command as it is, options included.
"""

from __future__ import annotations

import argparse
from functools import cache
from pathlib import Path

from . import __version__
from .ai import LEVELS, STRONGEST
from .engine import VARIANTS
from .play.pacing import BOT_DELAY

COMMANDS: dict[str, tuple[str, str]] = {
    "arena": (
        "cantstop_tui.arena.cli",
        "computer players against each other: win rates, turns to win",
    ),
    "learn": (
        "cantstop_tui.ui.learn_cli",
        "a guided first game: the rules step by step, with prepared dice",
    ),
    "replay": ("cantstop_tui.ui.replay_cli", "step through a saved game, or print it (--text)"),
    "review": (
        "cantstop_tui.ui.review_cli",
        "each decision next to expert's, accuracy, luck, win-chance graph",
    ),
    "records": (
        "cantstop_tui.storage.records_cli",
        "every player's games, wins, columns, busts and turns",
    ),
    "serve": ("cantstop_tui.server.cli", "host shared tables over SSH (ssh NAME@HOST)"),
    "web": (
        "cantstop_tui.server.web",
        "the game in a browser, on this machine (a URL with a token)",
    ),
}
"""Subcommand -> its module (with ``main(argv: list[str]) -> int``) and its one-line summary."""
PLAY_MODULE = "cantstop_tui.ui.cli"
USAGE_ERROR = 2
_NO_OPTIONS = "\0"
"""A subcommand's parser reads no option of its own (no argument starts with NUL)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise ValueError(message[0].upper() + message[1:] + ".")


@cache
def build_parser() -> argparse.ArgumentParser:
    """The one parser (built once: ``route`` and the play command both parse with it; it is
    only read)."""
    parser = _Parser(prog="cantstop", description="Play Can't Stop in the terminal.")
    parser.add_argument("--version", action="version", version=f"cantstop {__version__}")
    parser.add_argument(
        "--players",
        help=f'seats, e.g. "Ana:human,Bot:{STRONGEST}" (levels: {", ".join(LEVELS)}, '
        "or module:Class)",
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
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", title="subcommands (cantstop COMMAND --help for each)"
    )
    for name, (_module, summary) in COMMANDS.items():
        command = commands.add_parser(name, help=summary, add_help=False, prefix_chars=_NO_OPTIONS)
        command.add_argument("args", nargs="*")
    return parser


def route(argv: list[str]) -> tuple[str | None, str, list[str]]:
    """The subcommand (None: play), its module and the arguments it parses itself.
    ValueError with a sentence for a command line that is neither; SystemExit(0) after
    printing the help for ``--help``.

    A command line that starts with a subcommand is routed without building the parser
    (its eight parsers were about 4% of a short review's start-up): the parser would give
    that subcommand every word after it, as they are (``tests/test_command_line.py``), except
    that it drops a ``--``."""
    if argv and argv[0] in COMMANDS and "--" not in argv:
        return argv[0], COMMANDS[argv[0]][0], argv[1:]
    return _parsed(argv)


def _parsed(argv: list[str]) -> tuple[str | None, str, list[str]]:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return None, PLAY_MODULE, argv
    defaults = vars(parser.parse_args([]))
    given = [
        "--" + name.replace("_", "-")
        for name, value in vars(args).items()
        if name in defaults and name != "command" and value != defaults[name]
    ]
    if given:  # they would be ignored: the command parses its own, after its name
        raise ValueError(
            f"{given[0]} is the game's option, not cantstop {args.command}'s: put "
            f"{args.command}'s own options after it (cantstop {args.command} --help)."
        )
    return args.command, COMMANDS[args.command][0], list(args.args)
