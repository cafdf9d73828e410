"""Finished games for the rematch tests, played through the table's own API."""

from __future__ import annotations

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.server.tables import HostedTable, Visitor
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.ui.demo import step_at
from cantstop_tui.ui.screens.lobby_tables import LobbyChoice

from .conftest import next_key


def at_table(hosted: HostedTable, visitor: Visitor) -> VisitApp:
    """A visitor's app shown straight at ``hosted``: in their seat, or watching without one."""
    seats = hosted.seats_of(visitor)
    return VisitApp(hosted.lobby, visitor, first=LobbyChoice(hosted.id, min(seats, default=None)))


def finish(table: Table) -> None:
    """Play the table's game to its end at once: its people with the scripted keys of
    ``next_key``, its computer seats one step at a time."""
    while not table.match.state.is_over:
        if table.is_bot(table.match.state.current_player):
            table.step_bot()
        else:
            step_at(table, next_key)


def finished_match(seed: int = 7) -> Match:
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), seed)
    while not match.state.is_over:
        state = match.state
        if state.phase is Phase.CHOOSE:
            match, _ = match.choose(legal_moves(state)[0])
        elif can_stop(state) and len(match.history) % 5 == 0:
            match, _ = match.stop()
        else:
            match, _ = match.roll()
    return match
