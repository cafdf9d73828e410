"""What others do in the lobby is redrawn on a visitor's screen at most
``REDRAWS_PER_SECOND``, and not at all when nothing they see changed (issue 28: table spam
and join/leave loops redrew every lobby screen at each change)."""

from __future__ import annotations

import itertools
import time

import pytest
from textual.widgets import DataTable

from cantstop_tui.engine import GameConfig
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.ui.screens import lobby as lobby_screen
from cantstop_tui.ui.screens.lobby import LobbyScreen

from .conftest import until

SIZE = (80, 24)


def counted_redraws(app: VisitApp) -> list[float]:
    """When the lobby's list is rebuilt from now on (each rebuild clears it first)."""
    assert isinstance(app.screen, LobbyScreen)
    grid = app.screen.query_one(DataTable)
    clear = grid.clear
    times: list[float] = []

    def counting(*args: object, **kwargs: object) -> object:
        times.append(time.monotonic())
        return clear(*args, **kwargs)  # type: ignore[arg-type]

    grid.clear = counting  # type: ignore[method-assign]
    return times


async def test_a_burst_of_new_tables_is_drawn_in_one_redraw_showing_the_last() -> None:
    lobby = Lobby(bot_delay=0, seeds=lambda: 7)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        redraws = counted_redraws(app)
        for number in range(20):
            lobby.create(Visitor(f"p{number}"), f"spam {number}", GameConfig(), ["human"])
        await until(lambda: app.screen.query_one(DataTable).row_count == 20, "all 20 tables")
        await pilot.pause(2 / lobby_screen.REDRAWS_PER_SECOND)
        assert 1 <= len(redraws) <= 2  # 20 changes: at once and/or at the interval's end
        gaps = [later - earlier for earlier, later in itertools.pairwise(redraws)]
        assert all(gap >= 0.9 / lobby_screen.REDRAWS_PER_SECOND for gap in gaps)


async def test_changes_a_visitor_cannot_see_redraw_nothing() -> None:
    lobby = Lobby(bot_delay=0, seeds=lambda: 7)
    lobby.create(Visitor("ana"), "Friday", GameConfig(), ["human"])
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        redraws = counted_redraws(app)
        for _ in range(10):
            lobby.changed(save=True)  # a save, nothing anyone sees
        await pilot.pause(2 / lobby_screen.REDRAWS_PER_SECOND)
        assert redraws == []
        lobby.create(Visitor("bob"), "Saturday", GameConfig(), ["human"])
        await until(lambda: len(redraws) == 1, "the new table drawn")


async def test_the_first_change_after_a_quiet_spell_shows_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    per_second = 1  # an interval far longer than drawing takes: a timer would be seen
    monkeypatch.setattr(lobby_screen, "REDRAWS_PER_SECOND", per_second)
    lobby = Lobby(bot_delay=0, seeds=lambda: 7)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(1.2 / per_second)  # a quiet spell longer than the interval
        redraws = counted_redraws(app)
        lobby.create(Visitor("ana"), "Friday", GameConfig(), ["human"])
        await pilot.pause()
        assert len(redraws) == 1  # drawn at once, no timer waited for
