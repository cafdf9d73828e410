"""The new-game form's fields: the seat rows (a name and who plays, person or computer
level, or nobody), the game's rows (variant, columns to win, seed, hints), drawn and read
back, and the settings the whole form says."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.widgets import Checkbox, Input, Label, Select

from ...engine import VARIANTS
from ...play.match import HUMAN, Seat
from ...play.names import clean_name
from ..settings import (
    MAX_SEATS,
    OFF,
    GameSettings,
    check_seat,
    fit_win_columns,
    kind_options,
    win_options,
)
from ..widgets.form_fields import FormCheckbox, FormSelect


def name_id(index: int) -> str:
    """The id of seat ``index``'s name field (``kind_id``: who plays it)."""
    return f"name{index}"


def kind_id(index: int) -> str:
    return f"kind{index}"


def seat_rows(seats: tuple[Seat, ...]) -> ComposeResult:
    """A row for each of the ``MAX_SEATS`` seats, filled from ``seats`` (the others: nobody)."""
    for index in range(MAX_SEATS):
        seat = seats[index] if index < len(seats) else None
        with Horizontal(classes="row"):
            yield Label(f"Player {index + 1}")
            yield Input(
                seat.name if seat else f"Player {index + 1}",
                id=name_id(index),
                compact=True,
                max_length=16,
            )
            kind = seat.kind if seat else OFF
            options = kind_options(optional=index >= 2)
            if kind not in [value for _, value in options]:
                kind = HUMAN
            yield FormSelect(
                options, value=kind, id=kind_id(index), allow_blank=False, compact=True
            )


def game_rows(settings: GameSettings) -> ComposeResult:
    """The rows of the game's own settings, filled from ``settings``: the variant, the
    columns to win, the seed and the hints."""
    with Horizontal(classes="row", id="variant-row"):
        yield Label("Variant")
        yield FormSelect(
            [(v.capitalize(), v) for v in VARIANTS],
            value=settings.variant,
            id="variant",
            allow_blank=False,
            compact=True,
        )
    with Horizontal(classes="row"):
        yield Label("Columns to win")
        yield FormSelect(
            win_options(len(settings.seats)),
            value=fit_win_columns(len(settings.seats), settings.win_columns),
            id="win",
            allow_blank=False,
            compact=True,
        )
    with Horizontal(classes="row"):
        yield Label("Seed (optional)")
        seed = "" if settings.seed is None else str(settings.seed)
        yield Input(seed, id="seed", compact=True, placeholder="random", type="integer")
    with Horizontal(classes="row"):
        yield Label("Hints")
        yield FormCheckbox(
            "h shows what the expert would do", settings.hints, id="hints",
            compact=True,
        )


def _kind(form: DOMNode, index: int) -> object:
    return form.query_one(f"#{kind_id(index)}", Select).value


def _name(form: DOMNode, index: int) -> str:
    return clean_name(form.query_one(f"#{name_id(index)}", Input).value)


def seat_count(form: DOMNode) -> int:
    """How many seats someone plays."""
    return sum(1 for index in range(MAX_SEATS) if _kind(form, index) != OFF)


def computer_seats(form: DOMNode) -> list[int]:
    """The seats a computer plays on the form (what "My level" sets)."""
    return [i for i in range(MAX_SEATS) if _kind(form, i) not in (HUMAN, OFF)]


def first_person(form: DOMNode) -> str | None:
    """The name of the first person on the form."""
    for index in range(MAX_SEATS):
        if _kind(form, index) == HUMAN:
            return _name(form, index)
    return None


def read_settings(form: DOMNode) -> GameSettings:
    """The settings on the form; raises ValueError with a sentence when they don't fit."""
    seats = []
    for index in range(MAX_SEATS):
        kind = _kind(form, index)
        if kind == OFF:
            continue
        name = _name(form, index)
        seat = Seat(name, str(kind))
        if not name:
            raise ValueError(f"Player {index + 1} needs a name.")
        check_seat(seat)
        seats.append(seat)
    if len({seat.name for seat in seats}) != len(seats):
        raise ValueError("Each player needs a different name.")
    seed_text = form.query_one("#seed", Input).value.strip()
    try:
        seed = int(seed_text) if seed_text else None
    except ValueError:
        raise ValueError(f"The seed must be a whole number, not {seed_text!r}.") from None
    win = form.query_one("#win", Select).value
    variant = form.query_one("#variant", Select).value
    hints = form.query_one("#hints", Checkbox).value
    settings = GameSettings(tuple(seats), variant, int(win), seed, hints)  # type: ignore[arg-type]
    settings.config()
    return settings
