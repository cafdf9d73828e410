"""Load a saved game: the saves folder, newest first; ``r`` replays the one highlighted."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...play.match import Match
from ...storage import SaveError, load_game
from ...storage.replay import Replay
from ...storage.saved import SavedGame, list_saved_games
from .. import screen_keys
from ..glyphs import app_glyphs
from ..keys import SAVE, bindings
from ..screen_keys import BACK, LOAD_SAVED, REPLAY_SAVED
from .replay import PlayOn, ReplayScreen


def describe(game: SavedGame, separator: str = " · ") -> str:
    """``Sunday · Ada vs Ben · Ada won · 21 Nov 13:05`` (``separator``: the glyphs')."""
    when = datetime.fromtimestamp(game.mtime).strftime("%d %b %H:%M")
    if game.problem:
        return separator.join((game.name, "cannot be read", when))
    return separator.join((game.name, " vs ".join(game.players), game.status, when))


class SavedGamesScreen(ModalScreen[Match | None]):
    """Dismisses with the loaded game (checked move by move), or None."""

    DEFAULT_CSS = """
    SavedGamesScreen {
        align: center middle;
    }
    SavedGamesScreen > Vertical {
        width: 90%;
        max-width: 100;
        height: auto;
        max-height: 90%;
        border: heavy $primary;
        background: $panel;
        padding: 0 1;
    }
    SavedGamesScreen OptionList {
        height: auto;
        max-height: 16;
        margin: 1 0 0 0;
    }
    SavedGamesScreen #message {
        margin: 1 0 0 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.SAVED_GAMES)

    def __init__(self, folder: Path | None = None, title: str = "Saved games") -> None:
        super().__init__()
        self.games = list_saved_games(folder)
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"{self.title_text} ({LOAD_SAVED.said} {LOAD_SAVED.does},"
                f" {REPLAY_SAVED.said} {REPLAY_SAVED.does},"
                f" {BACK.named} goes back)", id="title"
            )
            separator = app_glyphs(self.app).separator
            yield OptionList(*(Option(describe(g, separator)) for g in self.games))
            yield Static("" if self.games else f"No saved games yet: {SAVE.said} saves one.",
                         id="message")

    def on_mount(self) -> None:
        games = self.query_one(OptionList)
        games.display = bool(self.games)
        if self.games:
            games.highlighted = 0
            games.focus()

    def _open(self) -> Match | None:
        index = self.query_one(OptionList).highlighted
        if index is None or not self.games:
            return None
        try:
            return load_game(self.games[index].path).match
        except SaveError as error:
            self.query_one("#message", Static).update(f"{error} The file is left as it is.")
            return None

    def on_option_list_option_selected(self, _event: OptionList.OptionSelected) -> None:
        self.action_load()  # a click on a line

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Load, replay or review with a game listed; back always."""
        return bool(self.games) or action == BACK.action

    def action_load(self) -> None:
        match = self._open()
        if match is not None:
            self.dismiss(match)

    def action_replay(self) -> None:
        match = self._open()
        if match is not None:
            index = self.query_one(OptionList).highlighted or 0
            title = self.games[index].name
            self.app.push_screen(ReplayScreen(Replay(match), title), self._replayed)

    def action_review(self) -> None:
        from .review import ReviewScreen

        match = self._open()
        if match is not None:
            title = self.games[self.query_one(OptionList).highlighted or 0].name
            self.app.push_screen(ReviewScreen(match, title), self._replayed)

    def _replayed(self, choice: PlayOn | None) -> None:
        if choice is not None:
            self.notify(choice.notice)
            self.dismiss(choice.match)

    def action_close(self) -> None:
        self.dismiss(None)
