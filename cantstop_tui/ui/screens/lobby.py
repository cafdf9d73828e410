"""The lobby of a shared server: open tables, create one, take a free seat or watch.

What it shows of each table, and the service it talks to, are ``lobby_tables``.

The screen knows nothing of SSH: it talks to a :class:`LobbyService` bound to one
visitor and dismisses with a :class:`LobbyChoice` once the visitor's game can begin
(a spectator's too: at once, or when the table they wait to watch starts), or ``None`` when
they quit.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...play.seating import LobbyError
from .. import screen_keys
from ..keys import bindings
from ..screen_keys import CREATE, LEAVE_TABLE, SIT, WATCH
from ..widgets.keys_bar import KeysBar
from .create_table import CreateTableScreen, NewTable
from .lobby_tables import (
    LobbyChoice,
    LobbyService,
    TableSummary,
    rules_text,
    seats_text,
    status_text,
    your_move,
    your_move_text,
)

NO_TABLES = f"No tables yet: press {CREATE.said} to create one."
WAITING = f"You are waiting at a table: {LEAVE_TABLE.said} leaves it first."
TABLE_ACTIONS = frozenset({SIT.action, WATCH.action})
"""What needs a table in the list (not shown, and doing nothing, while there is none)."""
REDRAWS_PER_SECOND = 4
"""How often at most a lobby screen redraws for what others do (tables made and closed,
people sitting, watching and leaving, games starting and ending): the first change after a
quiet spell shows at once, a burst of them in one redraw at the end of the interval. The
visitor's own actions redraw at once."""


class LobbyScreen(Screen[LobbyChoice | None]):
    """Tables of the server, live."""

    DEFAULT_CSS = """
    LobbyScreen #lobby-title { height: 1; text-style: bold; padding: 0 1; }
    LobbyScreen DataTable { height: 1fr; }
    LobbyScreen #lobby-message { height: auto; min-height: 1; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.LOBBY)

    def __init__(self, service: LobbyService) -> None:
        super().__init__()
        self.service = service
        self.waiting_at: int | None = None
        self._seats: dict[int, int | None] = {}
        self._unsubscribe: Callable[[], None] | None = None
        self._shown: tuple[list[TableSummary], int | None] | None = None
        """The tables and the table waited at as last drawn."""
        self._drawn_at = float("-inf")
        """When the list was last redrawn for others' changes (the budget counts those)."""
        self._redraw_due = False

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Can't Stop · lobby · you are {self.service.name}"), id="lobby-title")
        table: DataTable[str | Text] = DataTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("Table", "Seats", "Rules", "Status")
        yield table
        yield Static(Text(NO_TABLES), id="lobby-message")
        yield KeysBar()

    def on_mount(self) -> None:
        screen = self
        # The lobby changes in other visitors' sessions: redraw from this screen's own task.
        def changed() -> None:
            screen.call_later(screen._redraw_soon)

        self._unsubscribe = self.service.subscribe(changed)
        self.refresh_tables()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _redraw_soon(self) -> None:
        """Redraw for a change in the lobby, within ``REDRAWS_PER_SECOND``."""
        if self._redraw_due:
            return
        wait = self._drawn_at + 1 / REDRAWS_PER_SECOND - time.monotonic()
        if wait <= 0:
            if self.refresh_tables():
                self._drawn_at = time.monotonic()
            return
        self._redraw_due = True

        def due() -> None:
            self._redraw_due = False
            if self.refresh_tables():
                self._drawn_at = time.monotonic()

        self.set_timer(wait, due)

    def refresh_tables(self) -> bool:
        """Redraw the list if what it shows has changed; whether it did."""
        if not self.is_attached:
            return False
        summaries = your_move(self.service.tables(), self.service.name)
        if self._shown == (summaries, self.waiting_at):
            return False  # nothing this visitor sees has changed
        self._shown = (summaries, self.waiting_at)
        grid = self.query_one(DataTable)
        selected = self._selected()
        grid.clear()
        for summary in summaries:
            grid.add_row(
                Text(summary.name),
                seats_text(summary),
                rules_text(summary),
                status_text(summary),
                key=str(summary.table_id),
                height=None,
            )
        if selected is not None and str(selected) in {str(s.table_id) for s in summaries}:
            grid.move_cursor(row=grid.get_row_index(str(selected)))
        if self.waiting_at is not None:
            self._check_waiting(summaries)
        elif summaries:
            self._say(
                your_move_text(summaries, self.service.name)
                + f"Arrows choose a table; enter sits at it, {WATCH.said} watches, "
                f"{CREATE.said} creates one."
            )
        else:
            self._say(NO_TABLES)
        self.refresh_bindings()  # x leaves only a table waited at
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys bar shows what acts now: ``x`` only while waiting at a table; ``j``,
        ``w`` and ``c`` not then (``x`` first), and ``j`` and ``w`` only while there is a
        table to sit at or watch."""
        if action == LEAVE_TABLE.action:
            return self.waiting_at is not None
        if action in (*TABLE_ACTIONS, CREATE.action) and self.waiting_at is not None:
            return False
        if action in TABLE_ACTIONS:
            return self._shown is not None and bool(self._shown[0])
        return True

    def on_key(self, event: events.Key) -> None:
        """``j``, ``w`` or ``c`` that cannot act now (not shown, and not bound now) says
        why."""
        acts = ((SIT, self.action_sit), (WATCH, self.action_watch), (CREATE, self.action_create))
        for key, act in acts:
            if event.key in key.keys.split(",") and not self.check_action(key.action, ()):
                event.stop()
                act()

    def _check_waiting(self, summaries: list[TableSummary]) -> None:
        table_id = self.waiting_at
        assert table_id is not None
        if self.service.started(table_id):
            self.waiting_at = None
            self.dismiss(LobbyChoice(table_id, self._seats.get(table_id)))
            return
        summary = next((s for s in summaries if s.table_id == table_id), None)
        if summary is None:
            self.waiting_at = None
            self._say("That table has closed.")
            return
        free = sum(seat.free for seat in summary.seats)
        players = "player" if free == 1 else "players"
        if self._seats.get(table_id) is None:
            self._say(
                f"Watching {summary.name}: it starts when {free} more {players} "
                f"{'sits' if free == 1 else 'sit'} down… "
                f"{LEAVE_TABLE.said} stops watching."
            )
        else:
            self._say(
                f"Waiting at {summary.name} for {free} more {players}… "
                f"{LEAVE_TABLE.said} leaves the table."
            )

    def _say(self, message: str) -> None:
        self.query_one("#lobby-message", Static).update(Text(message))

    def _selected(self) -> int | None:
        grid = self.query_one(DataTable)
        if grid.row_count == 0:
            return None
        key = grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value
        return int(key) if key is not None else None

    def _go(self, choice: LobbyChoice) -> None:
        self._seats[choice.table_id] = choice.seat
        if self.service.started(choice.table_id):
            self.dismiss(choice)
        else:
            self.waiting_at = choice.table_id
            self.refresh_tables()

    def action_leaderboard(self) -> None:
        from .records import RecordsScreen

        if not isinstance(self.app.screen, RecordsScreen):
            self.app.push_screen(RecordsScreen(self.service.leaderboard, "Leaderboard"))

    def action_create(self) -> None:
        if self.waiting_at is not None:
            self._say(WAITING)
            return

        def created(result: NewTable | None) -> None:
            if result is not None:
                self._attempt(lambda: self.service.create(result))

        form = CreateTableScreen(self.service.levels, self.service.turn_based)
        self.app.push_screen(form, created)

    def _attempt(self, request: Callable[[], LobbyChoice]) -> None:
        try:
            choice = request()
        except LobbyError as error:
            self._say(str(error))
        else:
            self._go(choice)

    @on(DataTable.RowSelected)
    def action_sit(self) -> None:
        table_id = self._selected()
        if self.waiting_at is not None:
            self._say(WAITING)
        elif table_id is None:
            self._say(f"No table to sit at: press {CREATE.said} to create one.")
        else:
            self._attempt(lambda: self.service.sit(table_id))

    def action_watch(self) -> None:
        table_id = self._selected()
        if self.waiting_at is not None:
            self._say(WAITING)
        elif table_id is None:
            self._say("No table to watch yet.")
        else:
            self._attempt(lambda: self.service.watch(table_id))

    def action_leave(self) -> None:
        if self.waiting_at is not None:
            self._stop_waiting()
            self.refresh_tables()

    def action_quit(self) -> None:
        if self.waiting_at is not None:
            self._stop_waiting()
        self.dismiss(None)

    def _stop_waiting(self) -> None:
        """Leave the seat waited at, or stop waiting to watch."""
        assert self.waiting_at is not None
        self.service.leave(self.waiting_at)
        self.waiting_at = None
