"""The Review screen: each person's decisions next to ``expert``'s, their accuracy, the luck
of their dice and the win-chance graph; Enter opens the replay at a decision, where ``p``
plays on from it.

The review is worked out off the event loop (``ui.background``: over SSH in a worker
process; its CPU time is in
``make bench``, docs/ai.md); a progress bar shows when it takes longer than
``PROGRESS_AFTER``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from ...play.luck import luck_legend
from ...play.match import Match
from ...play.ratings import GameRatings
from ...play.review import Decision, Review, review_rated
from ...play.review_text import (
    COST_BANDS,
    decision_header,
    decision_line,
    luck_line,
    outcome,
    summary_header,
    summary_line,
)
from ...storage.replay import Replay
from .. import screen_keys
from ..background import Busy, analyse
from ..glyphs import Glyphs, app_glyphs, player_style
from ..keys import bindings
from ..screen_app import ScreenApp
from ..widgets.chance_graph import ChanceGraph
from ..widgets.keys_bar import KeysBar
from ..widgets.paged_list import PagedOptionList
from .replay import PlayOn, ReplayScreen
from .review_kept import remember, remembered
from .review_words import (
    ALL_TITLE,
    BUSY,
    FLAGGED_TITLE,
    LABEL_STYLES,
    NONE_FLAGGED,
    UNDER_WAY,
    WAITING,
    review_title,
)

PROGRESS_AFTER: Final = 1.0
"""Seconds before the progress bar shows."""
class ReviewScreen(Screen[PlayOn | None]):
    DEFAULT_CSS = """
    ReviewScreen #title {
        text-style: bold;
        padding: 0 1;
    }
    ReviewScreen #outcome, ReviewScreen #summary, ReviewScreen #graph-title,
    ReviewScreen #assumes {
        padding: 0 1;
    }
    ReviewScreen #working {
        height: auto;
        padding: 1 1;
    }
    ReviewScreen #working.hidden {
        display: none;
    }
    ReviewScreen ChanceGraph {
        padding: 0 1;
    }
    ReviewScreen #summary {
        margin: 1 0 0 0;  /* the line under it: #decisions-header's margin */
    }
    ReviewScreen #top {
        height: auto;
        max-height: 62%;
        scrollbar-size-vertical: 1;
    }
    ReviewScreen #decisions {
        height: 1fr;
    }
    ReviewScreen #decisions-header {
        margin: 1 0 0 0;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.REVIEW)

    def __init__(
        self,
        match: Match,
        title: str = "",
        glyphs: Glyphs | None = None,
        *,
        play_on: bool = True,
        ratings: GameRatings | None = None,
    ) -> None:
        super().__init__()
        self.match = match
        self.ratings = ratings
        """The people's ratings as the game began, for what the chances assume (None: the
        app's ``game_ratings``, else each a newcomer)."""
        self.title_text = title
        self.given_glyphs = glyphs
        self.play_on = play_on
        self.review: Review | None = None
        self.only_labelled = False
        self._shown: list[int] = []
        """The index in ``review.decisions`` of each line of the list."""

    @property
    def glyphs(self) -> Glyphs:
        """The glyphs given, else the app's (ASCII under ``--ascii``)."""
        return self.given_glyphs or app_glyphs(self.app)

    def compose(self) -> ComposeResult:
        yield Static(review_title(self.title_text, self.match, self.glyphs.separator), id="title")
        with Vertical(id="working", classes="hidden"):
            yield Static(WAITING, id="working-text")
            # No time left: it is guessed from the steps done, and the first steps (the
            # analyst warming up, a worker starting) said "00:04:45" of a 20 s review.
            yield ProgressBar(total=max(len(self.match.history), 1), show_eta=False, id="progress")
        with VerticalScroll(id="top"):
            yield Static(id="outcome")
            yield Static(id="summary")
        yield Static("  " + decision_header(), id="decisions-header")
        yield PagedOptionList(id="decisions")
        yield KeysBar()

    def on_mount(self) -> None:
        self.set_timer(PROGRESS_AFTER, self._show_progress)
        self.compute()

    def _show_progress(self) -> None:
        if self.review is None:
            self.query_one("#working").remove_class("hidden")

    @work(exclusive=True, group="review", exit_on_error=False)
    async def compute(self) -> None:
        ratings = self._ratings()
        found = remembered(self.match, ratings)
        if found is None:
            try:
                found = await analyse(
                    review_rated, (self.match, ratings), self._under_way, self._advance
                )
            except Busy:
                self.query_one("#working").remove_class("hidden")
                self.query_one("#working-text", Static).update(BUSY)
                return
            remember(found, ratings)
        self.show(found)

    def _ratings(self) -> GameRatings | None:
        """The ratings given, else the app's as the game began (an app that keeps records
        has them: ``GameApp.game_ratings``)."""
        if self.ratings is not None:
            return self.ratings
        asked = getattr(self.app, "game_ratings", None)
        if not callable(asked):
            return None
        return cast(Callable[[Match], "GameRatings | None"], asked)(self.match)

    def _under_way(self) -> None:
        if self.is_mounted:
            self.query_one("#working-text", Static).update(UNDER_WAY)

    def _advance(self, done: int, total: int) -> None:
        if self.is_mounted:
            self.query_one(ProgressBar).update(progress=done)

    def show(self, review: Review) -> None:
        if not self.is_mounted:
            return
        self.review = review
        self.query_one("#working").add_class("hidden")
        self.query_one("#outcome", Static).update(outcome(review))
        summary = Text()
        summary.append("  " + summary_header() + "\n", style="bold")
        for player in review.players:
            shape = self.glyphs.shape(player.player)
            summary.append(shape + " ", style=player_style(player.player))
            summary.append(summary_line(player, self.glyphs.plain) + "\n", style="bold")
        summary.append(luck_legend(self.glyphs.plain) + "\n", style="dim")
        for player in review.players:
            summary.append(luck_line(player, self.glyphs.plain) + "\n")
        summary.append(COST_BANDS, style="dim")
        self.query_one("#summary", Static).update(summary)
        graph = ChanceGraph(review.chances, self.glyphs, id="graph")
        top = self.query_one("#top")
        top.mount(Static("Win chance at each turn's start", id="graph-title"), before="#summary")
        top.mount(graph, before="#summary")
        if review.assumes:
            top.mount(Static(Text(review.assumes, style="dim"), id="assumes"), before="#summary")
        self._fill()

    def _fill(self) -> None:
        review = self.review
        if review is None:
            return
        options = self.query_one(OptionList)
        options.border_title = FLAGGED_TITLE if self.only_labelled else ALL_TITLE
        options.border_subtitle = "Enter: replay from there"
        options.clear_options()
        self._shown = [
            index
            for index, decision in enumerate(review.decisions)
            if decision.label or not self.only_labelled
        ]
        if not self._shown:
            empty = NONE_FLAGGED if review.decisions else "No decision by a person."
            options.add_option(Option(empty, disabled=True))
            return
        before = None
        for index in self._shown:
            decision = review.decisions[index]
            # The turn's luck on its first row shown (with m, its first flagged one).
            shown = decision_line(
                review, decision, self.glyphs.plain, with_luck=decision.turn != before
            )
            before = decision.turn
            line = Text(shown, no_wrap=True)
            if decision.label:
                line.stylize(LABEL_STYLES[decision.label])
            options.add_option(Option(line))
        options.highlighted = 0
        options.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        decision = self._decision(event.option_index)
        if decision is not None and self.is_mounted:
            for graph in self.query(ChanceGraph):
                graph.turn = decision.turn - 1

    def _decision(self, line: int | None) -> Decision | None:
        if self.review is None or line is None or not 0 <= line < len(self._shown):
            return None
        return self.review.decisions[self._shown[line]]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open_replay()

    def action_open_replay(self) -> None:
        decision = self._decision(self.query_one(OptionList).highlighted)
        if decision is None:
            return
        screen = ReplayScreen(
            Replay(self.match),
            self.title_text,
            self.glyphs,
            start=decision.step,
            play_on=self.play_on,
        )
        self.app.push_screen(screen, self._replayed)

    def _replayed(self, choice: PlayOn | None) -> None:
        if choice is not None:
            self.dismiss(choice)

    def action_toggle_all(self) -> None:
        self.only_labelled = not self.only_labelled
        self._fill()

    def action_close(self) -> None:
        self.dismiss(None)


def ReviewApp(
    match: Match, title: str = "", ascii_only: bool = False,
    ratings: GameRatings | None = None,
) -> ScreenApp[PlayOn | None]:
    """``cantstop review FILE``: the Review screen on its own."""
    return ScreenApp(
        "Can't Stop review",
        lambda glyphs: ReviewScreen(match, title, glyphs, ratings=ratings),
        ascii_only,
    )
