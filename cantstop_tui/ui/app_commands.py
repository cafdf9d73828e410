"""The app's commands: a new game, hints, help, quit, and the command palette that lists
them (mixed into ``CantStopApp``; a shared table offers fewer, and none of Textual's)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.screen import Screen

from .settings import GameSettings


class Commands(App[None]):
    """Needs of ``CantStopApp``: ``table``, ``owns_table``, ``can_restart``, ``settings``,
    ``saver``, ``glyphs``, ``hints``, ``HELP_KEYS``, ``QUIT_QUESTION``, ``start_game`` and
    the file actions and ``leave``."""

    def _host_only(self) -> None:
        self.notify("The next game on this table is started by its host.", severity="warning")

    def action_new_game(self) -> None:
        if not self.can_restart:
            self._host_only()
            return
        from .screens.game import GameScreen
        from .screens.new_game import NewGameScreen

        has_game = isinstance(self.screen, GameScreen)
        screen = NewGameScreen(self.settings, can_cancel=has_game, can_load=self.owns_table)
        self.push_screen(screen, self._new_game_chosen)

    def _new_game_chosen(self, settings: GameSettings | None) -> None:
        if settings is None:
            return
        if not self._game_in_progress():
            self.start_game(settings)
            return
        from .screens.quit import ConfirmScreen

        kept = self.saver is not None and self.saver.path is not None
        question = "Leave this game for a new one?" + (
            " It stays saved: cantstop offers to resume it next time." if kept else
            " It is not saved, and will be lost."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.start_game(settings)

        self.push_screen(ConfirmScreen(question=question, yes="Yes, new game (y)"), answered)

    def _game_in_progress(self) -> bool:
        """A game of this app's own, begun and not over: a new one would leave it."""
        if self.table is None or not self.owns_table:
            return False
        match = self.table.match
        return bool(match.history) and not match.state.is_over

    def action_toggle_hints(self) -> None:
        from .screens.game import GameScreen

        self.hints = not self.hints
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.hints = self.hints
                screen.refresh_bindings()
        self.notify("Hints are on: press h." if self.hints else "Hints are off for this game.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return self.can_restart  # a shared table's next game is its rematch
        return True

    def action_help(self) -> None:
        from .screens.help import LOCAL_KEYS, HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        win = self.table.match.config.win_columns if self.table else self.settings.win_columns
        keys = self.HELP_KEYS or LOCAL_KEYS
        self.push_screen(HelpScreen(self.glyphs, win, keys))

    def action_request_quit(self) -> None:
        from .screens.closing import close
        from .screens.quit import QuitScreen

        if isinstance(self.screen, QuitScreen):  # asked twice: yes
            close(self.screen, True)
            return
        saved = self.saver is not None and self.saver.path is not None
        self.push_screen(QuitScreen(saved, *self.QUIT_QUESTION), self._quit_answered)

    def _quit_answered(self, quit_: bool | None) -> None:
        if quit_:
            self.leave()

    textual_commands: ClassVar[bool] = True
    """Whether the palette offers Textual's own commands too (theme, screenshot, keys...).
    Not on a server: a screenshot would be written on the host, and show the host's path."""

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from .screens.game import GameScreen

        if isinstance(screen, GameScreen):
            for title, help_text, action in screen.commands():
                yield SystemCommand(title, help_text, lambda a=action: screen.run_action(a))
        yield SystemCommand("New game", "Set up a new game (n)", self.action_new_game)
        if self.table is not None:
            if self.owns_table:
                yield SystemCommand(
                    "Save game as", "Save this game under a name (ctrl+s)", self.action_save_as
                )
            yield SystemCommand(
                "Replay this game", "Step through it; play on from any step", self.action_replay
            )
            yield SystemCommand(
                "Review this game",
                "Your decisions next to expert's, so far, with their cost",
                self.action_review,
            )
            state = "off" if self.hints else "on"
            yield SystemCommand(
                f"Turn hints {state}", "Whether h shows what expert would do",
                self.action_toggle_hints,
            )
        if self.owns_table:
            yield SystemCommand("Load a saved game", "Open a saved game", self.action_load_game)
            yield SystemCommand(
                "Finished games", "Replay a game played to the end", self.action_finished_games
            )
            yield SystemCommand(
                "Records", "Games, wins and more for every player", self.action_records
            )
        yield SystemCommand("Help", "The rules in brief and every key (? or F1)", self.action_help)
        yield SystemCommand("Quit", "Quit, after a confirmation (q)", self.action_request_quit)
        if self.textual_commands:  # Textual's own (theme, screenshot...); its Quit would
            yield from (c for c in super().get_system_commands(screen) if c.title != "Quit")
