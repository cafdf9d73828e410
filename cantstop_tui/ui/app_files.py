"""The local game's files: save a game under a name, load one, finished games and the
players' records. A piece the local app (``app.CantStopApp``) is built with; a shared
table's apps have none of it (``GameApp`` says so in a sentence)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..play.match import Match
from ..play.name_cells import cells, ellipsis_for

if TYPE_CHECKING:
    from .game_app import GameApp


NOTICE_ROOM = 36
"""The cells of a notice's line at 80 columns (Textual's notices take half the width, less
their padding and edge): a path shown in one is cut to them."""


def short_path(path: Path, room: int, ellipsis: str) -> str:
    """``path`` on one line of ``room`` cells, its file name whole: the directories nearest
    the root give way to ``ellipsis`` (``…/cantstop/saves/friday.json``)."""
    text = str(path)
    parts = path.parts
    for start in range(1, len(parts)):
        if cells(text) <= room:
            break
        text = str(Path(ellipsis, *parts[start:]))
    return text


class LocalFiles:
    def __init__(self, app: GameApp, play: Callable[[Match], None]) -> None:
        """``play``: start the game chosen (loaded, or a finished one played on)."""
        self.app = app
        self.play = play

    def save_as(self) -> None:
        from .screens.save_as import SaveAsScreen

        table = self.app.table
        if table is None or isinstance(self.app.screen, SaveAsScreen):
            return
        self.app.push_screen(SaveAsScreen(table.match), self._saved)

    def _saved(self, path: Path | None) -> None:
        if path is not None:
            shown = short_path(path, NOTICE_ROOM, ellipsis_for(self.app.ascii_only))
            self.app.notify(f"Saved as\n{shown}", markup=False)

    def load_game(self) -> None:
        from .screens.saved_games import SavedGamesScreen

        if not isinstance(self.app.screen, SavedGamesScreen):
            self.app.push_screen(SavedGamesScreen(), self._loaded)

    def finished_games(self) -> None:
        from ..storage.paths import finished_dir
        from .screens.saved_games import SavedGamesScreen

        if not isinstance(self.app.screen, SavedGamesScreen):
            self.app.push_screen(SavedGamesScreen(finished_dir(), "Finished games"), self._loaded)

    def _loaded(self, match: Match | None) -> None:
        if match is not None:
            self.app.close_dialogs()
            self.play(match)

    def records(self) -> None:
        from .screens.records import RecordsScreen

        if not isinstance(self.app.screen, RecordsScreen):
            self.app.push_screen(RecordsScreen())
