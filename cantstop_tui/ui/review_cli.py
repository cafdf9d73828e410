"""``cantstop review FILE``: each person's decisions next to expert's, with what they cost,
their accuracy, the luck of their dice and the win-chance graph; ``--text`` prints it."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..play.help_text import plain
from ..play.match import Match
from ..play.ratings import GameRatings
from ..play.review import review_rated
from ..play.review_text import WIDTH, text_lines
from ..storage.errors import SaveError
from ..storage.record import load_game


def _ratings(match: Match) -> GameRatings | None:
    """The people's ratings from the records as the game began (``storage.game_ratings``),
    for what the chances assume (none if the records cannot be read)."""
    from ..storage import game_ratings

    try:
        return game_ratings(match)
    except SaveError:
        return None


MIN_WIDTH = 40
"""The narrowest ``--text`` is drawn in (a smaller COLUMNS is taken as this)."""


def text_width() -> int:
    """``--text``'s width: COLUMNS when it is a number, else ``WIDTH`` (80)."""
    try:
        return max(int(os.environ.get("COLUMNS", "")), MIN_WIDTH)
    except ValueError:
        return WIDTH


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cantstop review", description=plain(__doc__))
    parser.add_argument("file", type=Path, help="a saved, finished or served game (JSON record)")
    parser.add_argument("--text", action="store_true", help="print the review instead")
    parser.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    args = parser.parse_args(argv)
    try:
        match = load_game(args.file).match
    except SaveError as error:
        print(f"cantstop: {error}", file=sys.stderr)
        return 1
    ratings = _ratings(match)
    if args.text:
        for line in text_lines(
            review_rated(match, ratings), args.file.name, args.ascii, text_width()
        ):
            print(line)
        return 0
    from .replay_cli import play_on
    from .screens.review import ReviewApp

    app = ReviewApp(match, title=args.file.name, ascii_only=args.ascii, ratings=ratings)
    choice = app.run()
    if app.return_code:  # ended on an error, told as a crash report (DrawnApp)
        return app.return_code
    if choice is None:
        return 0
    return play_on(choice.match, choice.index, args.file)
