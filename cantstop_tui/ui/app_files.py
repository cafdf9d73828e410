"""The app's files: save a game under a name, load one, replay one, finished games and the
players' records (mixed into ``CantStopApp``; a shared table's guests have none of them)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from ..play.match import Match


class FileActions(App[None]):
    """Needs of ``CantStopApp``: ``table``, ``owns_table``, ``can_restart``, ``glyphs``,
    ``start_match``, ``hide_game_over`` and ``_host_only``."""

    def _local_only(self) -> bool:
        """Files are this computer's: a shared table's guests neither save nor load them."""
        if not self.owns_table:
            self.notify("Saved games and records are kept by the table's host.",
                        severity="warning")
        return self.owns_table

    def action_save_as(self) -> None:
        from .screens.save_as import SaveAsScreen

        if self.table is None or isinstance(self.screen, SaveAsScreen) or not self._local_only():
            return
        self.push_screen(SaveAsScreen(self.table.match), self._saved)

    def _saved(self, path: Path | None) -> None:
        if path is not None:
            self.notify(f"Saved as {path}", markup=False)

    def action_load_game(self) -> None:
        from .screens.saved_games import SavedGamesScreen

        if isinstance(self.screen, SavedGamesScreen) or not self._local_only():
            return
        self.push_screen(SavedGamesScreen(), self._loaded)

    def action_finished_games(self) -> None:
        from ..storage.paths import finished_dir
        from .screens.saved_games import SavedGamesScreen

        if isinstance(self.screen, SavedGamesScreen) or not self._local_only():
            return
        self.push_screen(SavedGamesScreen(finished_dir(), "Finished games"), self._loaded)

    def _loaded(self, match: Match | None) -> None:
        if match is not None:
            self._close_dialogs()
            self.start_match(match)

    def _close_dialogs(self) -> None:
        """Close the new-game or game-over screen a loaded or replayed game replaces."""
        from .screens.closing import close
        from .screens.new_game import NewGameScreen

        self.hide_game_over()
        if isinstance(self.screen, NewGameScreen):
            close(self.screen, None)

    def action_records(self) -> None:
        from .screens.records import RecordsScreen

        if not isinstance(self.screen, RecordsScreen) and self._local_only():
            self.push_screen(RecordsScreen())

    def action_replay(self) -> None:
        from ..storage.replay import Replay
        from .screens.replay import ReplayScreen

        if self.table is None or isinstance(self.screen, ReplayScreen):
            return
        replay = Replay(self.table.match)
        self.push_screen(ReplayScreen(replay, "this game", self.glyphs), self._play_on)

    def action_review(self) -> None:
        from .screens.review import ReviewScreen

        if self.table is None or isinstance(self.screen, ReviewScreen):
            return
        screen = ReviewScreen(self.table.match, "this game", self.glyphs)
        self.push_screen(screen, self._play_on)

    def _play_on(self, choice: object) -> None:
        from .screens.replay import PlayOn

        if not isinstance(choice, PlayOn):
            return
        if not self.can_restart:
            self._host_only()
            return
        self._close_dialogs()
        self.start_match(choice.match)
        self.notify(choice.notice)
