"""``cantstop replay FILE``: step through a saved game; ``p`` plays on from any step."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..play.help_text import plain
from ..play.match import Match
from ..play.narration import join_columns
from ..storage.errors import SaveError
from ..storage.replay import Replay
from ..storage.saved import save_game


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cantstop replay", description=plain(__doc__))
    parser.add_argument("file", type=Path, help="a saved game or autosave (JSON game record)")
    parser.add_argument("--text", action="store_true", help="print every step instead")
    parser.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    args = parser.parse_args(argv)
    try:
        replay = Replay.from_file(args.file)
    except SaveError as error:
        print(f"cantstop: {error}", file=sys.stderr)
        return 1
    if args.text:
        for line in text_lines(replay):
            print(line)
        return 0
    from .screens.replay import ReplayApp

    app = ReplayApp(replay, title=args.file.name, ascii_only=args.ascii)
    choice = app.run()
    if app.return_code:  # ended on an error, told as a crash report (DrawnApp)
        return app.return_code
    if choice is None:
        return 0
    return play_on(choice.match, choice.index, args.file)


def text_lines(replay: Replay) -> list[str]:
    """The game as sentences: the start, then each step with its dice and what it changed
    on the board, then where every player ended."""
    lines = [replay.caption(0)]
    width = len(str(replay.last))
    for index in range(1, len(replay)):
        lines.append(f"{index:>{width}}. " + " ".join(replay.happened(index)))
    final = replay.position(replay.last).match
    state = final.state
    for seat, player in enumerate(final.seats):
        won = sorted(state.columns_won(seat))
        columns = (
            f"{len(won)} column{'s' if len(won) != 1 else ''} ({join_columns(won)})"
            if won
            else "no column"
        )
        lines.append(f"{player.name}: {columns}.")
    return lines


def play_on(match: Match, index: int, source: Path) -> int:
    """Save the game from step ``index`` of ``source`` and open it in the app."""
    name = f"{source.stem} from step {index}"
    try:
        path = save_game(match, name, overwrite=True)
    except (SaveError, ValueError) as error:
        print(f"cantstop: {error}", file=sys.stderr)
        return 1
    from . import cli

    parser = cli.build_parser()
    if "--load" not in parser._option_string_actions:  # not wired into the app yet
        print(f"Saved the game from step {index}, with new dice from there on, as {path}.")
        return 0
    return int(cli.main(["--load", str(path)]) or 0)
