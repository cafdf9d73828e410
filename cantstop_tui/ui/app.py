"""The Can't Stop app for a local game: it owns its table, its settings and its saves.

``CantStopApp()`` shows the new-game screen; ``CantStopApp(settings=...)`` starts that game
at once. It autosaves its games (``autosave``, on by default), offers to resume an
unfinished game, opens ``load`` or resumes at once with ``resume``, and saves on
SIGHUP/SIGTERM (exit code 128 + the signal's number; a terminal gone without a SIGHUP is
a hang-up too: ``hang_up``). Games read from a file may only use the built-in
computer levels: a ``module:Class`` named in a file is never imported (see ``_bots_for``).

A table shared from outside is shown by ``table_app.TableApp``; both are ``GameApp``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from pathlib import Path

from ..ai import LEVELS, Bot, level_name, make_bot
from ..play.match import Match
from ..play.pacing import BOT_DELAY
from ..play.ratings import GameRatings, Rating
from ..play.table import Table
from ..storage import Autosaver, Resumable, SaveError, plan_startup
from .app_files import LocalFiles
from .app_saving import AFTER_A_FRAME, GameSaves
from .game_app import GameApp
from .settings import GameSettings, is_built_in, load_settings, load_theme, save_settings


class CantStopApp(GameApp):
    can_restart = True
    has_files = True
    _theme_remembered = False
    """Whether a change of theme is remembered (not the one read at the start)."""

    def __init__(
        self,
        *,
        settings: GameSettings | None = None,
        ascii_only: bool = False,
        ai_delay: float = BOT_DELAY,
        remember: bool = True,
        autosave: bool = True,
        resume: bool = False,
        load: Path | str | None = None,
    ) -> None:
        settings_problem: str | None = None
        self.start_settings = settings
        """The command line's settings: this run's first game, not remembered."""
        kept = GameSettings()
        if remember:
            kept, settings_problem = load_settings()
        super().__init__(settings or kept, ascii_only=ascii_only, ai_delay=ai_delay)
        self.kept_settings = kept
        """The new-game choices remembered (on disk), written with the theme."""
        self._settings_problem = settings_problem
        self.remember = remember
        if remember and (theme := load_theme()) in self.available_themes:
            self.theme = theme  # the one chosen last time (ctrl+p, Theme)
        self._theme_remembered = remember
        self.resume = resume
        self.load = load
        # Seat kinds this session was given by the player; others come from files.
        self._trusted_kinds = {seat.kind for seat in self.settings.seats}
        self.saver: Autosaver | None = None
        self.saves: GameSaves | None = None
        if autosave:
            self.saver = Autosaver.for_session(on_problem=self._save_failed)
            self.saves = GameSaves(self.saver, self._after_a_frame)
        self.files = LocalFiles(self, self.start_match)
        self._uninstall_signals: Callable[[], None] | None = None

    def _after_a_frame(self, save: Callable[[], None]) -> None:
        """Run ``save`` once the screen shows what changed (``AFTER_A_FRAME``): on the
        event loop's own clock, not a Textual timer (a task of its own, about 500 calls a
        key). The save never raises (``Autosaver``), and one left waiting at the exit has
        nothing to do (``GameSaves.save_now`` saved it)."""
        asyncio.get_running_loop().call_later(AFTER_A_FRAME, save)

    def begin(self) -> None:
        """The first screen: a game to resume or load, or a new game."""
        if self._settings_problem:
            self.notify(self._settings_problem, severity="warning", markup=False, timeout=10)
        if self.saves is not None and not self.is_headless:
            from ..storage.signals import install_exit_handlers

            self._uninstall_signals = install_exit_handlers(
                self.saves.save_now, lambda code: self.exit(return_code=code)
            )
        if self.saver is not None and (self.resume or self.load is not None):
            plan = plan_startup(self.saver, resume=self.resume, load=self.load)
            if plan.problem:
                self.notify(plan.problem, severity="error", markup=False, timeout=10)
            if plan.match is not None:
                self.start_match(plan.match)
                return
        if self.start_settings is not None:
            self.start_game(self.start_settings, remembered=False)  # for this run only
        elif self.saver is not None and not (self.resume or self.load is not None):
            self._offer_resume()
        else:
            self.action_new_game()

    def hang_up(self) -> None:
        """The terminal went away without a SIGHUP: saved as on one, then the app ends."""
        if self.saves is not None:
            self.saves.save_now()
        super().hang_up()

    def on_unmount(self) -> None:
        if self._uninstall_signals is not None:
            self._uninstall_signals()
            self._uninstall_signals = None
        if self.saves is not None:
            self.saves.close()

    # --- games -----------------------------------------------------------------

    def start_game(self, settings: GameSettings, *, remembered: bool = True) -> None:
        """Start a game with ``settings`` on a fresh table, and remember them if
        ``remembered`` (the new-game screen's choices; not the command line's)."""
        self._trusted_kinds |= {seat.kind for seat in settings.seats}
        if self.remember and remembered:
            self.kept_settings = settings
            if (error := save_settings(settings, self.theme)) is not None:
                self.notify(f"{error} The game goes on.", severity="warning", markup=False)
        super().start_game(settings)

    def watch_theme(self, theme: str) -> None:
        """A theme chosen (ctrl+p, Theme) is the next run's too, kept with the settings."""
        super().watch_theme(theme)
        if self._theme_remembered and (error := save_settings(self.kept_settings, theme)):
            self.notify(f"{error} The theme is not remembered.", severity="warning",
                        markup=False)

    def start_match(self, match: Match) -> None:
        """Play ``match`` on a fresh table; the old one's computer players stop."""
        if self.table is not None:
            self.table.close()
        self.table = Table(match, self._bots_for(match), bot_delay=self.ai_delay)
        if self.saves is not None:
            self.saves.follow(self.table)
        self._show_table(self.table)

    def _bots_for(self, match: Match) -> dict[int, Bot]:
        """The computer players the table cannot make itself; a ``module:Class`` the player
        did not give is not imported. (The table makes the built-in levels when they first
        play, so they load with the first computer step, not before the first frame.)

        Seat kinds read from a file could name any module: those seats get the strongest level.
        """
        bots: dict[int, Bot] = {}
        replaced = []
        for index, seat in enumerate(match.seats):
            if seat.is_human or level_name(seat.kind) in LEVELS:
                continue
            if is_built_in(seat.kind) or seat.kind in self._trusted_kinds:
                bots[index] = make_bot(seat.kind, seed=match.seed + index)
            else:
                replaced.append(seat.name)  # the table plays it at the strongest level
        if replaced:
            self.notify(
                f"{', '.join(replaced)}: a computer player from a file may only use a built-in "
                "level, so expert plays instead.",
                severity="warning",
                markup=False,
            )
        return bots

    def leaving_question(self) -> str | None:
        """A game begun and not over: a new one would leave it."""
        if self.table is None:
            return None
        match = self.table.match
        if not match.history or match.state.is_over:
            return None
        return "Leave this game for a new one?" + (
            " It stays saved: cantstop offers to resume it next time." if self.is_saved else
            " It is not saved, and will be lost."
        )

    @property
    def is_saved(self) -> bool:
        return self.saves is not None and self.saves.kept

    # --- saves -----------------------------------------------------------------

    def _save_failed(self, error: SaveError) -> None:
        self.notify(f"{error} The game goes on.", severity="warning", markup=False)

    def _offer_resume(self) -> None:
        assert self.saver is not None
        plan = plan_startup(self.saver)
        if plan.problem:
            self.notify(plan.problem, severity="warning", markup=False, timeout=10)
        if plan.offer:
            from .screens.resume import ResumeScreen

            self.push_screen(ResumeScreen(plan.offer), self._resume_chosen)
        else:
            self.action_new_game()

    def _resume_chosen(self, game: Resumable | Match | None) -> None:
        if isinstance(game, Match):  # played on from a finished game's replay
            self.start_match(game)
            return
        if game is not None and self.saver is not None:
            try:
                self.start_match(self.saver.resume(game))
                return
            except SaveError as error:
                self.notify(str(error), severity="error", markup=False, timeout=10)
        self.action_new_game()

    # --- files -----------------------------------------------------------------

    def action_save_as(self) -> None:
        self.files.save_as()

    def action_load_game(self) -> None:
        self.files.load_game()

    def action_finished_games(self) -> None:
        self.files.finished_games()

    def player_ratings(self) -> Mapping[str, Rating] | None:
        """The people's ratings from the records (none if they cannot be read)."""
        from ..storage import load_records

        try:
            return load_records().ratings
        except SaveError:
            return {}

    def game_ratings(self, match: Match) -> GameRatings | None:
        """The people's ratings as ``match`` began, from the records (``storage.game_ratings``;
        none if they cannot be read)."""
        from ..storage import game_ratings

        try:
            return game_ratings(match)
        except SaveError:
            return None

    def level_advice(self, match: Match) -> str | None:
        """Whether the next level up is worth a try, for a game of one person against the
        computer, from the person's rating with this game counted (nothing if the records
        cannot be read: the autosave says why)."""
        from ..play.my_level import level_played, next_level_advice
        from ..storage import ratings_after

        people = {seat.name for seat in match.seats if seat.is_human}
        played = level_played(match)
        if len(people) != 1 or played is None or not match.state.is_over:
            return None
        try:
            rating = ratings_after(match).get(people.pop())
        except SaveError:
            return None
        return None if rating is None else next_level_advice(rating, played)

    def action_records(self) -> None:
        self.files.records()
