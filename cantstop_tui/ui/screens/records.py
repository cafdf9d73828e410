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

from ...storage import SaveError, load_records
from ...storage.records import Records
from ...storage.records_cli import HEADINGS, NO_RECORDS, notes, rows
from .. import screen_keys
from ..keys import bindings
from ..screen_keys import CLOSE


class RecordsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    RecordsScreen {
        align: center middle;
    }
    RecordsScreen > Vertical {
        width: 84;
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
        table.add_rows(body)
        message.update("\n".join([*notes(records), f"{CLOSE.named} to close."]))
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
