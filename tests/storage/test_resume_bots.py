"""A resumed game goes on exactly as if it had never stopped, computer players included."""

from __future__ import annotations

import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.storage import Autosaver, find_resumable


def finish(table: Table) -> Match:
    while table.bot_to_move:
        table.step_bot()
    return table.match


@pytest.mark.parametrize("level", LEVELS)
def test_a_resumed_game_of_computer_players_ends_as_the_uninterrupted_one(level):
    seats = (Seat("One", level), Seat("Two", level))
    start = Match.start(seats, GameConfig(), 5)
    uninterrupted = finish(Table(start, bot_delay=0))

    table = Table(start, bot_delay=0)
    saver = Autosaver.for_session()
    saver.attach(table)
    while len(table.match.history) < len(uninterrupted.history) // 2:
        table.step_bot()
    saver.close()  # the session ends mid-game

    resumed_saver = Autosaver.for_session()
    resumed = resumed_saver.resume(find_resumable()[0])
    resumed_table = Table(resumed, bot_delay=0)  # computer players made again from the seats
    resumed_saver.attach(resumed_table)
    assert finish(resumed_table) == uninterrupted
    assert find_resumable() == []
