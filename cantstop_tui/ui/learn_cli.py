"""``cantstop learn``: a guided first game with prepared dice, explained step by step."""

from __future__ import annotations

import argparse

from ..play.help_text import plain
from .app import CantStopApp


class LearnApp(CantStopApp):
    """The app with the guided game as its only screen; leaving it ends the app."""

    def begin(self) -> None:
        from .screens.learn import LearnScreen

        self.push_screen(LearnScreen(self.glyphs), lambda _: self.exit())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cantstop learn", description=plain(__doc__))
    parser.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    args = parser.parse_args(argv)
    app = LearnApp(ascii_only=args.ascii, remember=False, autosave=False)
    app.run()
    return app.return_code or 0  # non-zero when the app ended on an error
