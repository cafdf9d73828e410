"""What every Can't Stop app shares: a table's game on screen (who starts, then the game
screen), the game-over box, help, hints, quit, replay and review.

Two apps are built on it: the local game (``app.CantStopApp``, which owns its table, its
settings and its saves) and a view onto a table shared from outside (``table_app.TableApp``;
the server's ``VisitApp`` is its own app on the same base). Each says what it may do by
answering the hooks of ``app_base.AppBase``; nothing here asks which app it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import ModalScreen, Screen

from ..play.match import Match
from ..play.ratings import GameRatings, Rating
from ..play.table import Table
from .app_base import AppBase
from .app_commands import game_commands
from .keys import HINT
from .screens.rolloff import RolloffScreen
from .settings import GameSettings

if TYPE_CHECKING:  # (the messages come from the game screen, imported when first shown)
    from .messages import ChancesToggled, GameEnded, LoadRequested, NextGameBegan, QuitRequested
    from .screens.game import GameScreen

# The other screens (the game's too: who starts comes first) are imported when first shown,
# so the first frame comes sooner.


class GameApp(AppBase):
    # --- the game on screen ------------------------------------------------------------

    def _show_table(self, table: Table) -> None:
        """Who starts first (for a fresh game, to its players), then the game screen; then the
        computers play. A spectator is never asked to close a box meant for the players."""
        if table.match.history or self.watching:
            self._show_game(table)
        else:
            self.push_screen(RolloffScreen(table.match), lambda _: self._show_game(table))
            # The game screen and the computer players' tables load while the people read
            # who starts (after it is drawn: not competing with the first frame).
            self.call_after_refresh(
                self.run_worker, lambda: self._prepare_game(table), thread=True,
                exit_on_error=False,
            )

    @staticmethod
    def _prepare_game(table: Table) -> None:
        """Import the game screen and load the computers' tables (off the event loop)."""
        import_module(".screens.game", __package__)
        table.prepare_bots()

    def make_game_screen(self, table: Table) -> GameScreen:
        from .screens.game import GameScreen

        return GameScreen(
            table, self._seats_now, self.glyphs, hints=self.hints, show_chances=self.show_chances,
            ratings=lambda: self.live_ratings(table),
        )

    def _seats_now(self) -> frozenset[int] | None:
        return self.my_seats

    def _show_game(self, table: Table) -> None:
        from .screens.game import GameScreen

        screen = self.make_game_screen(table)
        if isinstance(self.screen, GameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        table.start()

    def on_game_ended(self, message: GameEnded) -> None:
        self.show_game_over(message.match)

    def on_next_game_began(self, message: NextGameBegan) -> None:
        self.hide_game_over()

    def on_quit_requested(self, message: QuitRequested) -> None:
        self.action_request_quit()

    def on_load_requested(self, message: LoadRequested) -> None:
        self.action_load_game()

    def on_chances_toggled(self, message: ChancesToggled) -> None:
        self.show_chances = message.shown

    # --- the end of a game -------------------------------------------------------------

    def show_game_over(self, match: Match) -> None:
        from .screens.game_over import GameOverScreen

        advice = self.level_advice(match)
        self.push_screen(GameOverScreen(match, self.glyphs, advice), self._after_game)

    def player_ratings(self) -> Mapping[str, Rating] | None:
        """The people's ratings, for the new-game screen's offer of a level (an app that
        keeps its players' records has them; the others None). The screen reads them on a
        thread of its own."""
        return None

    def game_ratings(self, match: Match) -> GameRatings | None:
        """The people's ratings ``match``'s chances assume (the side panel's and its
        review's): as they were when it began. Here the ratings now, which leave the game
        out until it ends (an app that counts games in records says better)."""
        ratings = self.player_ratings()
        return None if ratings is None else GameRatings(ratings)

    def live_ratings(self, table: Table) -> Mapping[str, Rating] | None:
        """The ratings the side panel's chances assume for ``table``'s game now (asked once
        a game, on the analysis thread)."""
        known = self.game_ratings(table.match)
        return None if known is None else known.ratings

    def level_advice(self, match: Match) -> str | None:
        """One line for the game-over box: whether the next computer level up is worth a try
        (an app that keeps its players' records says; the others do not)."""
        return None

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
        """The game-over box's choice: a rematch, a new game, leaving, or playing on from a
        step of the game's review."""
        from .screens.replay import PlayOn

        if isinstance(choice, PlayOn):  # from the review's replay
            self._play_on(choice)
            return
        if choice == "continue":
            return
        if choice == "rematch":
            self.rematch()
        elif choice == "new":  # Back from the new-game screen: to the box again
            self.action_new_game(back_to=self.table.match if self.table else None)
        else:
            self.leave()

    def rematch(self) -> None:
        """The same players and rules with new dice (the shared table keeps its seats)."""
        if self.table is None or not self.can_restart:
            self.host_only()
            return
        old = self.table.match
        seed = (old.seed + 1) & 0x7FFFFFFF
        self.start_match(Match.start(old.seats, old.config, seed))

    # --- a new game --------------------------------------------------------------------

    def action_new_game(self, back_to: Match | None = None) -> None:
        """The new-game screen; ``back_to``: the game whose game-over box it was opened
        from, shown again if the player goes back (or keeps the game)."""
        if not self.can_restart:
            self.host_only()
            return
        from .screens.game import GameScreen
        from .screens.new_game import NewGameScreen

        has_game = isinstance(self.screen, GameScreen)
        screen = NewGameScreen(
            self.settings, can_cancel=has_game, can_load=self.has_files,
            read_ratings=self.player_ratings,
        )
        self.push_screen(screen, lambda chosen: self._new_game_chosen(chosen, back_to))

    def _new_game_chosen(self, settings: GameSettings | None, back_to: Match | None) -> None:
        if settings is None:
            if back_to is not None:
                self.show_game_over(back_to)
            return
        question = self.leaving_question()
        if question is None:
            self.start_game(settings)
            return
        from .screens.quit import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.start_game(settings)
            elif back_to is not None:
                self.show_game_over(back_to)

        self.push_screen(ConfirmScreen(question=question, yes="Yes, new game"), answered)

    def start_game(self, settings: GameSettings) -> None:
        """Start a game with ``settings``."""
        self.settings = settings
        self.hints = settings.hints
        self.start_match(settings.start())

    # --- keys and commands -------------------------------------------------------------

    def action_toggle_hints(self) -> None:
        from .screens.game import GameScreen

        self.hints = not self.hints
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.hints = self.hints
                screen.refresh_bindings()
        self.notify(
            f"Hints are on: press {HINT.said}." if self.hints else "Hints are off for this game."
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return self.can_restart  # a shared table's next game is its rematch
        return True

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from game_commands(self, screen)
        if self.textual_commands:  # Textual's own (theme, screenshot...), not its Quit: ours asks
            yield from (c for c in super().get_system_commands(screen) if c.title != "Quit")

    def action_help(self) -> None:
        from .screens.game import GameScreen
        from .screens.help import LOCAL_KEYS, HelpScreen, OwnHelp, keys_here

        if isinstance(self.screen, HelpScreen):
            return
        if isinstance(self.screen, OwnHelp):  # the guided game's: its keys only
            self.screen.open_help()
            return
        win = self.table.match.config.win_columns if self.table else self.settings.win_columns
        # On a screen of its own (new game, a review) its keys alone; over a dialog (the
        # game-over box) its keys first, then the game's (they act once it is closed).
        in_game = isinstance(self.screen, GameScreen | ModalScreen)
        keys = (self.HELP_KEYS or LOCAL_KEYS) if in_game else ""
        here = "" if isinstance(self.screen, GameScreen) else keys_here(self.screen)
        self.push_screen(HelpScreen(self.glyphs, win, keys, here))

    def action_request_quit(self) -> None:
        from .screens.closing import close
        from .screens.quit import QuitScreen

        if isinstance(self.screen, QuitScreen):  # asked twice: yes
            close(self.screen, True)
            return
        self.push_screen(QuitScreen(self.is_saved, *self.QUIT_QUESTION), self._quit_answered)

    def _quit_answered(self, quit_: bool | None) -> None:
        if quit_:
            self.leave()

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
        screen = ReviewScreen(self.table.match, "", self.glyphs)
        self.push_screen(screen, self._play_on)

    def _play_on(self, choice: object) -> None:
        from .screens.replay import PlayOn

        if not isinstance(choice, PlayOn):
            return
        if not self.can_restart:
            self.host_only()
            return
        self.close_dialogs()
        self.start_match(choice.match)
        self.notify(choice.notice)

    def close_dialogs(self) -> None:
        """Close what of the old game a loaded or replayed game replaces: its game-over box
        and what is over it, and the new-game screen. That screen goes unanswered: its
        answer None is "back", which shows the old game's box again (``_new_game_chosen``)."""
        from .screens.new_game import NewGameScreen

        self.hide_game_over()
        if isinstance(self.screen, NewGameScreen):
            self.pop_screen()
