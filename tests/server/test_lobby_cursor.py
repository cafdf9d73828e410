"""The lobby's list follows a turn-based game at once, and a list re-sorted under the cursor
keeps the cursor on the same table (a tester pressed enter on "Slow one" just after "Your
move at 1 table" moved it to the top, and was seated at the finished "Friday game")."""

from __future__ import annotations

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play.table import Table
from cantstop_tui.play.turn_based import TurnRules
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.ui.screens.lobby import LobbyScreen
from cantstop_tui.ui.screens.lobby_tables import LobbyChoice

from .conftest import until
from .test_lobby_pilot import SIZE, row_of, shown, where

TWO = GameConfig(num_players=2)


def pass_turn(table: Table) -> None:
    """The seat to move rolls, plays the first move and stops (or busts): the turn passes."""
    seat = table.match.state.current_player
    table.roll(seat)
    state = table.match.state
    if state.current_player != seat:
        return  # busted
    assert state.phase is Phase.CHOOSE
    table.choose(seat, legal_moves(state)[0])
    state = table.match.state
    if state.current_player == seat and state.phase is Phase.ROLL and can_stop(state):
        table.stop(seat)
    assert table.match.state.current_player != seat


async def test_a_list_re_sorted_under_the_cursor_keeps_it_on_the_same_table() -> None:
    lobby = Lobby(bot_delay=0, seeds=lambda: 7)
    lobby.create(Visitor("carol"), "Friday game", TWO, ["human"])
    slow = lobby.create(Visitor("ana"), "Slow one", TWO, ["human"], turns=TurnRules())
    slow.sit(Visitor("bob"), None)  # the game starts
    for person in ("ana", "bob"):
        slow.left(Visitor(person), dropped=True)  # both in their lobbies: the seats are kept
    assert slow.table is not None
    if slow.table.match.state.current_player == 1:
        pass_turn(slow.table)  # ana to move: bob's list is in the order the tables were made
    app = VisitApp(lobby, Visitor("bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert row_of(app, "Friday game")[1] < row_of(app, "Slow one")[1]
        await pilot.press("down")
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        assert screen._selected() == slow.id
        pass_turn(slow.table)  # ana stops: bob to move, "Slow one" goes to the top at once
        await until(lambda: "Your move at 1 table" in shown(app), "bob's move in his lobby")
        assert row_of(app, "Slow one")[1] < row_of(app, "Friday game")[1]
        assert "bob to move" in shown(app)
        assert screen._selected() == slow.id  # the cursor moved with the table
        await pilot.press("enter")
        await until(lambda: where(app) is not None, "bob at a table")
        assert where(app) == LobbyChoice(slow.id, 1)
