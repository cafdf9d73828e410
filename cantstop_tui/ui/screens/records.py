"""The Records screen: the leaderboard (ratings first), every player's games, wins, games
abandoned, win rate, columns, busts and turns (the table of ``cantstop records``); the lobby
of a server shows its own with ``b``."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...play.name_cells import ellipsis_for, short_name
from ...play.names import MAX_NAME_LENGTH
from ...storage import SaveError, load_records
from ...storage.records import Records
from ...storage.records_cli import HEADINGS, NO_RECORDS, name_room, notes, rows
from .. import screen_keys
from ..ascii_look import ASCII_CLASS
from ..keys import bindings
from ..screen_keys import CLOSE

BOX_WIDTH = 84
CELL_GAP = 2
"""The cells a table cell takes beside its text (Textual's ``cell_padding``, 1 each side)."""
SCROLLBAR = 2
"""Room kept for the table's scroll bar (a long list)."""


class RecordsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    RecordsScreen {
        align: center middle;
    }
    RecordsScreen > Vertical {
        width: 84;  /* BOX_WIDTH */
        max-width: 100%;
        height: auto;
        max-height: 90%;
        border: heavy $primary;
        background: $panel;
        padding: 0 1;
    }
    RecordsScreen DataTable {
        height: auto;
        max-height: 20;
        margin: 1 0 0 0;
    }
    RecordsScreen #message {
        margin: 1 0 0 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.RECORDS)

    def __init__(
        self, records: Callable[[], Records] = load_records, title: str = "Records"
    ) -> None:
        super().__init__()
        self.records = records
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="title")
            yield DataTable(cursor_type="row", zebra_stripes=True)
            yield Static(id="message")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        message = self.query_one("#message", Static)
        try:
            records = self.records()
        except SaveError as error:
            table.display = False
            message.update(str(error))
            return
        body = rows(records)
        if not body:
            table.display = False
            message.update(NO_RECORDS)
            return
        table.add_columns(*HEADINGS)
        # A long name is cut after a whole word, by the rule the text table follows, so it
        # does not push the figures out of the box; a person's name (16 cells) stays whole.
        room = max(MAX_NAME_LENGTH, name_room(body, self._inner_width() - CELL_GAP, CELL_GAP))
        ellipsis = ellipsis_for(self.app.has_class(ASCII_CLASS))
        table.add_rows((short_name(row[0], room, ellipsis), *row[1:]) for row in body)
        message.update("\n".join([*notes(records), f"{CLOSE.named} to close."]))
        table.focus()

    def _inner_width(self) -> int:
        """The cells inside the box (``BOX_WIDTH`` at most, the window's width less its
        border and padding), less a scroll bar's."""
        return min(BOX_WIDTH, self.app.size.width) - 4 - SCROLLBAR

    def action_close(self) -> None:
        self.dismiss(None)
