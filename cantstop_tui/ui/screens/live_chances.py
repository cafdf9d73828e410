"""Each player's win chance in the side panel of the game screen (``w``), updated after
every step: worked out by ``ai.analysis`` on the analysis thread (``ui.background``; a
turn's first position can take tens of milliseconds), so a key never waits for it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...play.match import Match
from ..background import in_background
from ..messages import ChancesToggled
from ..view import GameView

if TYPE_CHECKING:
    from textual.screen import Screen

    from ...ai.analysis import Analyst

    _Screen = Screen[None]
else:
    _Screen = object

NOT_ALLOWED = "This table's creator keeps the win chances hidden."


class LiveChances(_Screen):
    """A mixin for the game screen: ``show_chances``, ``chances_allowed`` and ``w``."""

    chances_allowed = True
    """Whether ``w`` may show them (over SSH: as the table's creator chose)."""
    show_chances = False
    view: GameView | None

    def init_chances(self, allowed: bool, shown: bool) -> None:
        self.chances_allowed = allowed
        self.show_chances = shown and allowed
        self._analyst: Analyst | None = None
        """Used on the analysis thread only (``ui.background``)."""
        self._known: tuple[Match, tuple[float, ...]] | None = None

    def chances_for(self, match: Match) -> tuple[float, ...] | None:
        """The chances to draw for ``match`` now: None while hidden or being worked out."""
        if not self.show_chances:
            return None
        known = self._known
        if known is not None and known[0] is match:
            return known[1]
        if self.is_mounted:  # else asked again once mounted
            self.run_worker(
                self._work_out(match), exclusive=True, group="chances", exit_on_error=False
            )
        return None

    async def _work_out(self, match: Match) -> None:
        self._known = (match, await in_background(lambda: self._analysis(match)))
        view = self.view
        if view is not None and view.match is match and self.show_chances and self.is_mounted:
            self.view = replace(view, events=(), chances=self._known[1])  # nothing happened

    def _analysis(self, match: Match) -> tuple[float, ...]:
        if self._analyst is None:
            from ...ai.analysis import Analyst  # the expert loads when chances are first shown

            self._analyst = Analyst()
        return self._analyst.chances(match.state)

    def action_toggle_chances(self) -> None:
        view = self.view
        if not self.chances_allowed:
            if view is not None:
                self.view = replace(view, events=(), notice=NOT_ALLOWED)
            return
        self.show_chances = not self.show_chances
        self.post_message(ChancesToggled(self.show_chances))
        if view is not None:
            self.view = replace(view, events=(), chances=self.chances_for(view.match), notice="")
