"""The new-game screen: 2 to 4 seats, variant, columns to win and an optional seed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static
from textual.worker import Worker, WorkerState

from ...play.ratings import Rating
from .. import screen_keys
from ..keys import bindings
from ..messages import LoadRequested, QuitRequested
from ..screen_keys import LEARN_TO_PLAY, MY_LEVEL, START
from ..settings import (
    MAX_SEATS,
    VARIANT_HELP,
    GameSettings,
    fit_win_columns,
    win_options,
)
from ..widgets.keys_bar import KeysBar
from ..widgets.level_offer import LevelOffer
from ..widgets.too_small import TooSmall
from .closing import close
from .new_game_fields import (
    computer_seats,
    first_person,
    game_rows,
    kind_id,
    read_settings,
    seat_count,
    seat_rows,
)


class NewGameScreen(Screen[GameSettings | None]):
    DEFAULT_CSS = """
    NewGameScreen {
        align: center top;
    }
    NewGameScreen > Vertical {
        width: 76;
        height: auto;
        padding: 0 1;
    }
    NewGameScreen #title {
        text-style: bold;
        margin: 1 0 0 0;
    }
    NewGameScreen #hint {
        color: $text-muted;
        margin: 0 0 1 0;
    }
    NewGameScreen .row {
        height: 1;
    }
    NewGameScreen #variant-row {
        margin: 1 0 0 0;
    }
    NewGameScreen .row Label {
        width: 16;
    }
    NewGameScreen .row Input {
        width: 22;
        margin: 0 2 0 0;
    }
    NewGameScreen .row Select {
        width: 30;
    }
    NewGameScreen .row Checkbox {
        width: auto;
    }
    /* The field with the focus stands out. */
    NewGameScreen Input:focus, NewGameScreen Select:focus > SelectCurrent {
        background: $block-cursor-background 40%;
    }
    NewGameScreen:ansi Input:focus { text-style: underline; }
    NewGameScreen:ansi Select:focus > SelectCurrent { text-style: bold reverse; }
    NewGameScreen #error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    NewGameScreen #buttons {
        height: 1;
        margin: 1 0 0 0;
    }
    NewGameScreen #buttons Button {
        margin: 0 2 0 0;
        min-width: 0;  /* five buttons in 74 cells: each as wide as its words */
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.NEW_GAME)

    def __init__(
        self,
        settings: GameSettings,
        can_cancel: bool = False,
        can_load: bool = True,
        read_ratings: Callable[[], Mapping[str, Rating] | None] | None = None,
    ) -> None:
        """``read_ratings``: reads the people's ratings (None: there are none), to offer the
        computer level nearest the first person's; it runs on a thread once the screen is
        up, since a long records file takes a while (None: no offer)."""
        super().__init__()
        self.settings = settings
        self.can_cancel = can_cancel
        self.can_load = can_load
        self.read_ratings = read_ratings
        self._first_kinds: list[object] = []
        """The seats' kinds as the screen opened (the offer takes them only if unchanged)."""

    def compose(self) -> ComposeResult:
        seats = self.settings.seats
        with Vertical():
            yield Static("New game of Can't Stop", id="title")
            yield Static(
                "Tab moves between fields, Space opens a list, Enter starts. "
                "Win columns by climbing them.",
                id="hint",
            )
            yield from seat_rows(seats)
            yield from game_rows(self.settings)
            yield Static(VARIANT_HELP[self.settings.variant], id="variant-help")
            yield LevelOffer(
                None, MY_LEVEL.said, id="my-level", pending=self.read_ratings is not None
            )
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(START.button, id="start", variant="primary", compact=True)
                # Every button in 80 columns, the way back to a game too (Escape's).
                if self.can_cancel:
                    yield Button("Back (Esc)", id="cancel", compact=True)
                if self.can_load:
                    yield Button("Load (^o)", id="load", compact=True)
                yield Button(LEARN_TO_PLAY.label, id="learn", compact=True)
                yield Button("Quit", id="quit", variant="error", compact=True)
        yield KeysBar()
        yield TooSmall()

    def on_mount(self) -> None:
        self._first_kinds = self._kinds()
        self.query_one("#start", Button).focus()
        self._show_my_level()
        if self.read_ratings is not None:
            self.run_worker(
                self.read_ratings, name="ratings", thread=True, exit_on_error=False
            )
        if getattr(self.app, "ascii_only", False):
            # Textual's drop-downs draw their arrows with ▼ and ▲.
            for arrow in self.query(".down-arrow").results(Static):
                arrow.update("v")
            for arrow in self.query(".up-arrow").results(Static):
                arrow.update("^")
            for box in self.query(Checkbox):
                box.BUTTON_LEFT, box.BUTTON_RIGHT = "[", "]"
                box.refresh()

    def _show_my_level(self) -> None:
        self.query_one(LevelOffer).show_for(first_person(self), bool(computer_seats(self)))
        self.refresh_bindings()

    @on(Worker.StateChanged)
    def _ratings_read(self, event: Worker.StateChanged) -> None:
        """The ratings are read (a read that failed offers nothing)."""
        if event.worker.name != "ratings" or event.state not in (
            WorkerState.SUCCESS, WorkerState.ERROR
        ):
            return
        ratings = event.worker.result if event.state == WorkerState.SUCCESS else None
        self.query_one(LevelOffer).ratings_read(
            ratings, first_person(self), bool(computer_seats(self))
        )
        if self.settings.seats == GameSettings().seats and self._kinds() == self._first_kinds:
            # Seats nobody chose (a newcomer's: no remembered settings, none changed here):
            # the computer plays the level offered, which Enter then plays (it played
            # expert under "Level for You: rule28").
            self.action_my_level()
        self.refresh_bindings()

    def _kinds(self) -> list[object]:
        """Each seat's kind as the screen shows it."""
        return [self.query_one(f"#{kind_id(index)}", Select).value for index in range(MAX_SEATS)]

    def action_my_level(self) -> None:
        """Every computer seat plays at the first person's level (a person stays one: with
        no computer seat the key is not offered, and the offer's line says why)."""
        level = self.query_one(LevelOffer).level
        if level is None:
            return
        for index in computer_seats(self):
            self.query_one(f"#{kind_id(index)}", Select).value = level

    @on(Input.Changed)
    def _name_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("name"):
            self._show_my_level()

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        if event.select.id == "variant":
            self.query_one("#variant-help", Static).update(VARIANT_HELP[str(event.value)])
            return
        if event.select.id and event.select.id.startswith("kind"):
            self._show_my_level()
            win = self.query_one("#win", Select)
            players = seat_count(self)
            current = win.value if isinstance(win.value, int) else 3
            win.set_options(win_options(players))
            win.value = fit_win_columns(players, current)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "cancel":
            close(self, None)
        elif event.button.id == "load":
            self.action_load()
        elif event.button.id == "learn":
            self.action_learn()
        else:
            self.post_message(QuitRequested())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.enter_starts()
        if action == "my_level":
            return (
                self.is_mounted and self.query_one(LevelOffer).level is not None
                and bool(computer_seats(self))
            )
        return self.can_load if action == "load" else True

    def enter_starts(self) -> bool:
        """Whether Enter starts the game: from every field (``form_fields``) and the Start
        button, not on another button (Load, Learn to play..., which Enter presses) nor in
        a drop-down's open list (where it picks)."""
        focused = self.focused
        if isinstance(focused, Button):
            return focused.id == "start"
        return not isinstance(focused, OptionList)

    def action_leave(self) -> None:
        """Back to the game in progress, or (there is none) quit, asking first."""
        if self.can_cancel:
            close(self, None)
        else:
            self.post_message(QuitRequested())

    def commands(self) -> list[tuple[str, str, str]]:
        """(title, help, action) of the screen's own lines in the command palette."""
        return [(LEARN_TO_PLAY.title, LEARN_TO_PLAY.command, LEARN_TO_PLAY.action)]

    def action_learn(self) -> None:
        from ..glyphs import glyphs_for
        from .learn import LearnScreen

        self.app.push_screen(
            LearnScreen(glyphs_for(getattr(self.app, "ascii_only", False))), self._learnt
        )

    def _learnt(self, _: object) -> None:
        """Back from the lesson, Enter starts a game (the focus stayed on Learn to play:
        Enter started the lesson again, under "Enter starts")."""
        if self.is_mounted:
            self.query_one("#start", Button).focus()

    def action_load(self) -> None:
        self.post_message(LoadRequested())

    def read_settings(self) -> GameSettings:
        """The settings on screen; raises ValueError with a sentence when they don't fit."""
        return read_settings(self)

    def action_start(self) -> None:
        try:
            settings = self.read_settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        close(self, settings)
