"""The app's autosave: every change of its own game saved once the screen shows it, the
offer to resume an unfinished game at start, and saving on exit (mixed into
``CantStopApp``)."""

from __future__ import annotations

from textual.app import App

from ..engine import Event
from ..play.match import Match
from ..play.table import Table
from ..storage import Resumable, SaveError, plan_startup


class Autosaving(App[None]):
    """Needs of ``CantStopApp``: ``saver``, ``_stop_saving``, ``_unsaved``, ``start_match``
    and ``action_new_game``."""

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

    def _autosave(self, table: Table) -> None:
        """Save ``table``'s game now and after every change, once the screen shows the change
        (a save takes about a millisecond: the player should not wait for it)."""
        if self._stop_saving is not None:
            self._stop_saving()
            self._stop_saving = None
        self._flush_saves()
        if self.saver is None:
            return
        self.saver.detach()
        self._stop_saving = table.subscribe(self._save_later)
        self.saver(table.match, ())

    def _save_later(self, match: Match, events: tuple[Event, ...]) -> None:
        self._unsaved.append((match, events))
        self.call_after_refresh(self._flush_saves)

    def _flush_saves(self) -> None:
        while self._unsaved and self.saver is not None:
            self.saver(*self._unsaved.pop(0))

    def _save_now(self) -> None:
        """Save what is waiting and the game again (on SIGHUP, SIGTERM and exit)."""
        self._flush_saves()
        if self.saver is not None and self.saver.path is not None:  # a game not yet begun has none
            self.saver.save_now()
