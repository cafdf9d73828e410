"""A hosted table as the lobby lists it (``TableSummary``): its name, rules and status, who
sits where (free, away, a person or the computer playing for one), how many watch, and at
a turn-based table who is to move and how long they have left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..play.match import HUMAN
from ..play.seating import AWAY
from ..ui.screens.lobby_tables import SeatInfo, TableSummary
from . import turn_tables

if TYPE_CHECKING:
    from .tables import HostedTable


def summary(hosted: HostedTable) -> TableSummary:
    """The lobby's row of ``hosted``."""
    seats = tuple(
        SeatInfo(
            name=seat.player_name(index),
            free=seat.free,
            human=seat.level == HUMAN and seat.stand_in != AWAY,
            away=seat.held,
            computer_playing=seat.person is not None and seat.stand_in == AWAY,
        )
        for index, seat in enumerate(hosted.seats)
    )
    return TableSummary(
        table_id=hosted.id,
        name=hosted.name,
        seats=seats,
        variant=hosted.config.variant,
        win_columns=hosted.config.win_columns,
        status=hosted.status,
        watchers=hosted.watchers,
        turn_based=hosted.turn_rules is not None,
        to_move=turn_tables.to_move(hosted),
        time_left=turn_tables.time_left(hosted),
        chances=hosted.chances,
    )
