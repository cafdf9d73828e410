"""On start: resume an unfinished game (the default) or start a new one."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...storage import Resumable, SaveError, discard


def describe(game: Resumable) -> str:
    """``Ada vs Ben · 34 steps · Ben to play · 21 Nov 13:05``."""
    assert game.match is not None
    match = game.match
    when = datetime.fromtimestamp(game.mtime).strftime("%d %b %H:%M")
    return (
        f"{game.players} · {len(match.history)} steps · "
        f"{match.current_seat.name} to play · {when}"
    )


class ResumeScreen(ModalScreen[Resumable | None]):
    """Dismisses with the game to resume, or None for a new game."""

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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "resume", "Resume"),
        Binding("n,escape", "new_game", "New game"),
        Binding("d", "discard", "Discard"),
    ]

    def __init__(self, games: list[Resumable]) -> None:
        super().__init__()
        self.games = [game for game in games if game.match is not None]
        self.problems = [game.problem for game in games if game.problem]

    def compose(self) -> ComposeResult:
        with Vertical():
            count = len(self.games)
            title = "An unfinished game is waiting." if count == 1 else (
                f"{count} unfinished games are waiting (newest first)."
            )
            yield Static(title if count else "No game can be resumed.", id="title")
            yield OptionList(*(Option(describe(g)) for g in self.games), id="games")
            problems = "\n".join(f"{p} It is left as it is." for p in self.problems)
            yield Static(problems, id="problems")
            with Horizontal():
                yield Button("Resume (r)", id="resume", variant="primary", compact=True)
                yield Button("New game (n)", id="new", compact=True)
                yield Button("Discard (d)", id="discard", variant="error", compact=True)

    def on_mount(self) -> None:
        games = self.query_one(OptionList)
        games.display = bool(self.games)
        self.query_one("#problems").display = bool(self.problems)
        self.query_one("#resume").display = self.query_one("#discard").display = bool(self.games)
        if self.games:
            games.highlighted = 0
            games.focus()
        else:
            self.query_one("#new", Button).focus()

    def _selected(self) -> Resumable | None:
        index = self.query_one(OptionList).highlighted
        return self.games[index] if self.games and index is not None else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.games[event.option_index])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"resume": self.action_resume, "discard": self.action_discard}
        actions.get(event.button.id or "", self.action_new_game)()

    def action_resume(self) -> None:
        game = self._selected()
        if game is not None:
            self.dismiss(game)

    def action_new_game(self) -> None:
        self.dismiss(None)

    def action_discard(self) -> None:
        game = self._selected()
        if game is None:
            return
        try:
            discard(game)
        except SaveError as error:
            self.notify(str(error), severity="error")
            return
        index = self.games.index(game)
        self.games.remove(game)
        games = self.query_one(OptionList)
        games.remove_option_at_index(index)
        self.notify(f"Discarded {game.players}.")
        if not self.games:
            self.dismiss(None)
