"""On start: resume an unfinished game (the default) or start a new one; below them, the
finished games, to replay."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...play.match import Match
from ...storage import Resumable, SaveError, discard, load_game
from ...storage.paths import finished_dir
from ...storage.replay import Replay
from ...storage.saved import SavedGame, list_saved_games
from .. import screen_keys
from ..glyphs import app_glyphs
from ..keys import bindings
from ..widgets.keys_bar import KeysBar
from .quit import ConfirmScreen
from .replay import PlayOn, ReplayScreen

SHOWN_FINISHED = 10
"""Finished games listed (newest first); the saved-games screen shows them all."""


def counted(number: int, thing: str) -> str:
    """``1 step``, ``34 steps``."""
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def describe(game: Resumable, separator: str = " · ") -> str:
    """``Ada vs Ben · 34 steps · Ben to play · 21 Nov 13:05`` (``separator``: the glyphs')."""
    assert game.match is not None
    match = game.match
    when = datetime.fromtimestamp(game.mtime).strftime("%d %b %H:%M")
    return separator.join(
        (game.players, counted(len(match.history), "step"),
         f"{match.current_seat.name} to play", when)
    )


def describe_finished(game: SavedGame, separator: str = " · ") -> str:
    """``Ada vs Ben · Ada won · 80 steps · 21 Nov 13:05``."""
    when = datetime.fromtimestamp(game.mtime).strftime("%d %b %H:%M")
    return separator.join(
        (" vs ".join(game.players), game.status, counted(game.moves, "step"), when)
    )


class ResumeScreen(ModalScreen[Resumable | Match | None]):
    """Dismisses with the game to resume, a game played on from a finished one's replay,
    or None for a new game."""

    DEFAULT_CSS = """
    ResumeScreen {
        align: center middle;
    }
    ResumeScreen > Vertical {
        width: 72;
        height: auto;
        max-height: 90%;
        border: heavy $primary;
        background: $panel;
        padding: 0 1;
    }
    ResumeScreen OptionList {
        height: auto;
        max-height: 10;
        margin: 1 0 0 0;
    }
    ResumeScreen #problems {
        color: $warning;
        margin: 1 0 0 0;
    }
    ResumeScreen Horizontal {
        height: auto;
        margin: 1 0 0 0;
    }
    ResumeScreen Button {
        margin: 0 2 0 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.RESUME)

    def __init__(self, games: list[Resumable], finished: list[SavedGame] | None = None) -> None:
        super().__init__()
        self.games = [game for game in games if game.match is not None]
        self.problems = [game.problem for game in games if game.problem]
        if finished is None:
            finished = list_saved_games(finished_dir())
        self.finished = [game for game in finished if game.problem is None][:SHOWN_FINISHED]

    def compose(self) -> ComposeResult:
        with Vertical():
            count = len(self.games)
            title = "An unfinished game is waiting." if count == 1 else (
                f"{count} unfinished games are waiting (newest first)."
            )
            yield Static(title if count else "No game can be resumed.", id="title")
            yield OptionList(*self._options(), id="games")
            problems = "\n".join(f"{p} It is left as it is." for p in self.problems)
            yield Static(problems, id="problems")
            with Horizontal():
                keys = screen_keys
                yield Button(keys.RESUME_GAME.button, id="resume", variant="primary", compact=True)
                yield Button(keys.RESUME_NEW.button, id="new", compact=True)
                yield Button(keys.DISCARD.button, id="discard", variant="error", compact=True)
        # Its own bar: at start-up it opens over no screen of the game's (no bar under it),
        # and its Discard question shows its keys through it.
        yield KeysBar()

    @property
    def separator(self) -> str:
        return app_glyphs(self.app).separator

    def _options(self) -> list[Option]:
        sep = self.separator
        options = [Option(describe(g, sep), id=f"u{i}") for i, g in enumerate(self.games)]
        if self.finished:
            options.append(Option("Finished games (Enter replays, v reviews):", disabled=True))
            options += [
                Option(describe_finished(g, sep), id=f"f{i}") for i, g in enumerate(self.finished)
            ]
        return options

    def on_mount(self) -> None:
        games = self.query_one(OptionList)
        games.display = bool(self.games or self.finished)
        self.query_one("#problems").display = bool(self.problems)
        self.query_one("#resume").display = self.query_one("#discard").display = bool(self.games)
        if self.games or self.finished:
            games.highlighted = 0 if self.games else 1
            games.focus()
        else:
            self.query_one("#new", Button).focus()

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        """A finished game is replayed, not resumed, and not discarded here: the button
        and the bar say so."""
        finished = self._highlighted().startswith("f")
        self.query_one("#resume", Button).label = self.key_labels.get(
            "resume", screen_keys.RESUME_GAME.label) + f" ({screen_keys.RESUME_GAME.named})"
        self.query_one("#discard", Button).disabled = finished
        self.refresh_bindings()

    @property
    def key_labels(self) -> Mapping[str, str]:
        """The bar's words: a finished game's Resume replays it."""
        if self._highlighted().startswith("f"):
            return {screen_keys.RESUME_GAME.action: screen_keys.REPLAY_SAVED.label}
        return {}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Resume (or replay) with a game highlighted; discard an unfinished one only."""
        if action == screen_keys.RESUME_GAME.action:
            return bool(self._highlighted())
        if action == screen_keys.DISCARD.action:
            return self._selected() is not None
        return True

    def _highlighted(self) -> str:
        """The highlighted line's id: ``u3`` (unfinished game 3), ``f0`` (finished 0) or ""."""
        found = self.query(OptionList)
        if not found:  # not composed yet (a check of the bar's)
            return ""
        games = found.first()
        index = games.highlighted
        if index is None or not games.option_count:
            return ""
        return games.get_option_at_index(index).id or ""

    def _selected(self) -> Resumable | None:
        chosen = self._highlighted()
        return self.games[int(chosen[1:])] if chosen.startswith("u") else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        if chosen.startswith("u"):
            self.dismiss(self.games[int(chosen[1:])])
        elif chosen.startswith("f"):
            self._replay(self.finished[int(chosen[1:])])

    def _replay(self, game: SavedGame) -> None:
        try:
            match = load_game(game.path).match
        except SaveError as error:
            self.notify(f"{error} The file is left as it is.", severity="error", markup=False)
            return
        replay = ReplayScreen(Replay(match), describe_finished(game, self.separator))
        self.app.push_screen(replay, self._played)

    def action_review(self) -> None:
        """The highlighted game's review, finished or not."""
        from .review import ReviewScreen

        chosen = self._highlighted()
        if chosen.startswith("f"):
            game = self.finished[int(chosen[1:])]
            try:
                match = load_game(game.path).match
            except SaveError as error:
                self.notify(f"{error} The file is left as it is.", severity="error", markup=False)
                return
            title = describe_finished(game, self.separator)
        elif (unfinished := self._selected()) is not None and unfinished.match is not None:
            match, title = unfinished.match, describe(unfinished, self.separator)
        else:
            return
        self.app.push_screen(ReviewScreen(match, title), self._played)

    def _played(self, choice: PlayOn | None) -> None:
        if choice is not None:  # played on from a step of a finished game: a game of its own
            self.notify(choice.notice)
            self.dismiss(choice.match)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"resume": self.action_resume, "discard": self.action_discard}
        actions.get(event.button.id or "", self.action_new_game)()

    def action_resume(self) -> None:
        chosen = self._highlighted()
        if chosen.startswith("f"):
            self._replay(self.finished[int(chosen[1:])])
            return
        game = self._selected()
        if game is not None:
            self.dismiss(game)

    def action_new_game(self) -> None:
        self.dismiss(None)

    def action_discard(self) -> None:
        game = self._selected()
        if game is None:  # a finished game: kept to replay (no d in the bar)
            return
        assert game.match is not None
        question = f"Discard {game.players}, {counted(len(game.match.history), 'step')} in?"

        def answered(yes: bool | None) -> None:
            if yes:
                self._discard(game)

        self.app.push_screen(
            ConfirmScreen(question=question + " It cannot be undone.", yes="Yes, discard"),
            answered,
        )

    def _discard(self, game: Resumable) -> None:
        try:
            discard(game)
        except SaveError as error:
            self.notify(str(error), severity="error")
            return
        self.games.remove(game)
        self.notify(f"Discarded {game.players}.")
        if not self.games:
            self.dismiss(None)
            return
        games = self.query_one(OptionList)
        games.clear_options()
        games.add_options(self._options())
        games.highlighted = 0
