"""Snapshots of the shared table's screen (renew with --snapshot-update, then look at them):
a player's and a spectator's, at 80x24 and 120x40, with a chat line longer than the pane."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.ui.screens.lobby_tables import LobbyChoice

Snap = Callable[..., bool]


@pytest.fixture(autouse=True)
def _truecolor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps made here draw in full colour whatever terminal runs the tests."""
    monkeypatch.setenv("COLORTERM", "truecolor")


def table_app(name: str, seat: int | None) -> VisitApp:
    """``name`` at a two-player table of ana and bob in its first turn (``seat`` None: as a
    spectator), with chat lines said."""
    lobby = Lobby(bot_delay=0, seeds=lambda: 7)
    hosted = lobby.create(Visitor("ana"), "Friday night", GameConfig(num_players=2), ["human"])
    hosted.sit(Visitor("bob"), None)
    hosted.say(Visitor("bob"), "good luck")
    hosted.say(Visitor("ana"), "this is a fairly long message that wraps in the pane: zebra")
    return VisitApp(lobby, Visitor(name), first=LobbyChoice(hosted.id, seat))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_a_players_table_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(table_app("ana", 0), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_a_spectators_table_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(table_app("carol", None), terminal_size=size)
