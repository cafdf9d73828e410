"""The form for a new table on a shared server: name, who plays seats 2 to 4, the rules.

The visitor who opens it takes seat 1; it dismisses with a ``NewTable`` or ``None`` when
cancelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from ...engine import VARIANTS, GameConfig, allowed_win_columns
from ...play.turn_based import (
    COMPUTER_PLAYS,
    DEADLINE_CHOICES,
    DEFAULT_DEADLINE,
    ON_MISS,
    TurnRules,
    describe,
)
from .. import screen_keys
from ..keys import CHANCES, bindings
from ..screen_keys import CREATE_IT
from ..widgets.form_fields import FormSelect

PERSON = "human"
NOBODY = "-"


@dataclass(frozen=True, slots=True)
class NewTable:
    """What the form asks for: the table's name, rules, other seats and options."""

    name: str
    config: GameConfig
    others: list[str]
    """The kinds of seats 2 to 4 (``human`` or a level)."""
    chances: bool = False
    """Whether its players may show each player's win chance (``w``)."""
    turns: TurnRules | None = None
    """A turn-based table's deadline and missed-deadline rule (None: real-time)."""


class CreateTableScreen(ModalScreen[NewTable | None]):
    """The form for a new table: the visitor takes seat 1."""

    DEFAULT_CSS = """
    CreateTableScreen { align: center middle; }
    CreateTableScreen > Vertical {
        width: 60; height: auto; max-height: 100%; border: round $accent; padding: 0 1;
        background: $surface;
    }
    CreateTableScreen Horizontal { height: auto; }
    CreateTableScreen Label { width: 16; }
    CreateTableScreen Select { width: 1fr; }
    CreateTableScreen #create-error { color: $error; height: auto; }
    CreateTableScreen #cancel { margin-left: 2; }
    CreateTableScreen Select:focus > SelectCurrent { background: $block-cursor-background; }
    CreateTableScreen Select:focus > SelectCurrent > * {
        color: $block-cursor-foreground; text-style: $block-cursor-text-style;
    }
    CreateTableScreen:ansi Select:focus > SelectCurrent { background: ansi_default; }
    CreateTableScreen:ansi Select:focus > SelectCurrent > * {
        color: ansi_default; text-style: bold reverse;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.CREATE_TABLE)

    def __init__(self, levels: tuple[str, ...], turn_based: bool = False) -> None:
        super().__init__()
        self.levels = levels
        self.turn_based = turn_based
        """Offer turn-based tables (the server allows them)."""

    def _kinds(self, optional: bool) -> list[tuple[str, str]]:
        options = [("a person", PERSON)] + [(f"computer: {level}", level) for level in self.levels]
        return ([("nobody", NOBODY)] if optional else []) + options

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]New table[/b]  (you take seat 1; {CREATE_IT.named} {CREATE_IT.does})")
            yield Static("Tab moves between fields; Space opens a list.", id="create-keys")
            yield Input(placeholder="table name", id="table-name", max_length=24, compact=True)
            for seat in (2, 3, 4):
                with Horizontal():
                    yield Label(f"Seat {seat}")
                    yield FormSelect(
                        self._kinds(seat > 2),
                        value=PERSON if seat == 2 else NOBODY,
                        allow_blank=False,
                        id=f"seat-{seat}",
                        classes="seat-kind",
                        compact=True,
                    )
            with Horizontal():
                yield Label("Variant")
                yield FormSelect(
                    [(v, v) for v in VARIANTS],
                    value="standard",
                    allow_blank=False,
                    id="variant",
                    compact=True,
                )
            with Horizontal():
                yield Label("Columns to win")
                yield FormSelect(
                    [(str(n), n) for n in allowed_win_columns(2)],
                    value=3,
                    allow_blank=False,
                    id="win-columns",
                    compact=True,
                )
            with Horizontal():
                yield Label("Win chances")
                yield FormSelect(
                    [("hidden", False), (f"players may show them ({CHANCES.first})", True)],
                    value=False,
                    allow_blank=False,
                    id="chances",
                    compact=True,
                )
            if self.turn_based:
                yield from self._turn_fields()
            yield Static("", id="create-error")
            with Horizontal():
                yield Button("Create", variant="primary", id="create", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def _turn_fields(self) -> ComposeResult:
        with Horizontal():
            yield Label("Mode")
            yield FormSelect(
                [("real-time", False), ("turn-based (days to play)", True)],
                value=False,
                allow_blank=False,
                id="mode",
                compact=True,
            )
        with Horizontal():
            yield Label("Move deadline")
            yield FormSelect(
                [(describe(seconds), seconds) for seconds in DEADLINE_CHOICES],
                value=DEFAULT_DEADLINE,
                allow_blank=False,
                id="deadline",
                compact=True,
            )
        with Horizontal():
            yield Label("Missed deadline")
            yield FormSelect(
                [(text, key) for key, text in ON_MISS.items()],
                value=COMPUTER_PLAYS,
                allow_blank=False,
                id="on-miss",
                compact=True,
            )

    def _turns(self) -> TurnRules | None:
        if not self.turn_based or self.query_one("#mode", Select).value is not True:
            return None
        deadline = float(str(self.query_one("#deadline", Select).value))
        return TurnRules(deadline, str(self.query_one("#on-miss", Select).value))

    def _others(self) -> list[str]:
        kinds = [str(self.query_one(f"#seat-{seat}", Select).value) for seat in (2, 3, 4)]
        return [kind for kind in kinds if kind != NOBODY]

    @on(Select.Changed, ".seat-kind")
    def offer_allowed_columns(self) -> None:
        """Only the columns-to-win counts the rules allow for the seats chosen."""
        allowed = allowed_win_columns(1 + len(self._others()))
        columns = self.query_one("#win-columns", Select)
        chosen = columns.value
        columns.set_options([(str(n), n) for n in allowed])
        columns.value = chosen if chosen in allowed else allowed[-1]

    @on(Input.Submitted)
    @on(Button.Pressed, "#create")
    def submit(self) -> None:
        others = self._others()
        try:
            config = GameConfig(
                num_players=1 + len(others),
                win_columns=int(str(self.query_one("#win-columns", Select).value)),
                variant=str(self.query_one("#variant", Select).value),  # type: ignore[arg-type]
            )
        except ValueError as error:
            self.query_one("#create-error", Static).update(Text(str(error)))
            return
        name = self.query_one("#table-name", Input).value
        chances = self.query_one("#chances", Select).value is True
        self.dismiss(NewTable(name, config, others, chances, self._turns()))

    def action_create(self) -> None:
        """Enter, from any field (a list opens with Space)."""
        self.submit()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
