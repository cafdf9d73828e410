"""An app showing a :class:`Table` shared from outside: it plays only the seats it is given.

``TableApp(table, my_seats={1})`` shows ``table``'s game and lets this app play seat 1 only
(``my_seats=None``: every person's seat, i.e. hot-seat; an empty set: watching). The app
never plays computer seats: the table does. Only an app made with ``can_restart=True``
offers new games and rematches; they replace the table's match for everyone watching it.
The table is saved by whoever shares it: this app keeps no files.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..play.match import Match
from ..play.table import Table
from .game_app import GameApp
from .settings import GameSettings


class TableApp(GameApp):
    def __init__(
        self,
        table: Table,
        my_seats: Iterable[int] | None = None,
        *,
        can_restart: bool = False,
        ascii_only: bool = False,
    ) -> None:
        super().__init__(GameSettings(), ascii_only=ascii_only, ai_delay=table.bot_delay)
        self.table = table
        self.shared = table
        """The table this app follows (``table`` too, but never None)."""
        self.can_restart = can_restart
        self._my_seats = frozenset(my_seats) if my_seats is not None else None

    @property
    def my_seats(self) -> frozenset[int] | None:
        return self._my_seats

    def begin(self) -> None:
        self._show_table(self.shared)

    def start_match(self, match: Match) -> None:
        """A new game, a rematch or a game played on: on the shared table, for everyone."""
        self.shared.replace_match(match)
        self._show_table(self.shared)
