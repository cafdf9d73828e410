"""The end of a game in the app: the game-over box, and what its choice leads to (a
rematch, a new game, leaving, or playing on from a step of the game's review). Mixed into
``CantStopApp``; a server's app closes the box when its table moves on."""

from __future__ import annotations

from textual.app import App

from ..play.match import Match


class GameOverFlow(App[None]):
    """Needs of ``CantStopApp``: ``glyphs``, ``rematch``, ``action_new_game``, ``leave`` and
    ``_play_on``."""

    def show_game_over(self, match: Match) -> None:
        from .screens.game_over import GameOverScreen

        self.push_screen(GameOverScreen(match, self.glyphs), self._after_game)

    def hide_game_over(self) -> bool:
        """The table moved on to a new game (its host restarted it): close the game-over box
        and any dialog over it. Returns whether there was one."""
        from .screens.closing import close
        from .screens.game_over import GameOverScreen

        over = next((s for s in self.screen_stack if isinstance(s, GameOverScreen)), None)
        if over is None:
            return False
        while self.screen is not over:
            self.pop_screen()
        close(over, "continue")
        return True

    def _after_game(self, choice: object) -> None:
        from .screens.replay import PlayOn

        if isinstance(choice, PlayOn):  # from the review's replay
            self._play_on(choice)
            return
        if choice == "continue":
            return
        if choice == "rematch":
            self.rematch()
        elif choice == "new":
            self.action_new_game()
        else:
            self.leave()
