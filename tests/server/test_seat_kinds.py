"""Who plays a seat: the table's computer players and the record's hand-overs always agree,
also across a restart of the server (see docs/ssh.md)."""

from __future__ import annotations

import json
from pathlib import Path

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import HUMAN, Handover, Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.server import store
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor
from cantstop_tui.ui.screens.table_over import handover_lines

from .rematch_helpers import finish

ANA, BOB = Visitor("ana"), Visitor("bob")


def agree(table: Table) -> bool:
    match = table.match
    return all(
        table.is_bot(seat) == (match.kind_of(seat) != HUMAN) for seat in range(len(match.seats))
    )


def test_a_table_made_from_a_record_plays_the_seats_its_hand_overs_name() -> None:
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 3)
    match, _ = match.roll()
    handed = match.with_seat_kind(1, "expert")
    table = Table(handed, bot_delay=0)
    assert table.is_bot(1) and agree(table)
    table.replace_match(match)
    assert not table.is_bot(1) and agree(table)


def test_a_seat_kind_names_the_computer_player_the_table_builds() -> None:
    table = Table(Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 3))
    table.set_seat_kind(1, "easy")
    assert table.is_bot(1) and table.match.handovers == (Handover(0, 1, "easy"),)
    table.set_seat_kind(1, None)
    assert not table.is_bot(1) and table.match.handovers == ()


async def test_a_turn_the_computer_played_when_the_server_stopped_is_finished_after_it(
    tmp_path: Path,
) -> None:
    """``--turn-timeout`` handed ana's turn to the computer; the server stopped mid-turn."""
    lobby = Lobby(bot_delay=0, turn_timeout=60, seeds=lambda: 5)
    hosted = lobby.create(ANA, "t", GameConfig(num_players=2), [HUMAN])
    hosted.sit(BOB, None)
    table = hosted.table
    assert table is not None
    seat = table.match.state.current_player
    hosted.clocks.turn_expired()  # what the turn timer does
    table.step_bot()
    assert table.match.handovers == (Handover(0, seat, "expert"),)
    lobby.closing = True
    path = tmp_path / "tables.json"
    store.save(lobby, path)

    again = Lobby(bot_delay=0, turn_timeout=60)
    assert store.load(again, path) == 1
    restored = again.tables[hosted.id]
    assert restored.table is not None and agree(restored.table)
    assert restored.table.bot_to_move  # the computer finishes the turn it was playing...
    while restored.table.bot_to_move:
        restored.table.step_bot()
    assert restored.table.match.state.current_player != seat
    assert not restored.table.is_bot(seat) and agree(restored.table)  # ...and gives it back
    finish(restored.table)
    player = restored.table.match.seats[seat].name
    assert handover_lines(restored.table.match) == [f"The computer played part of {player}'s game."]


async def test_a_save_from_before_hand_overs_still_gives_the_seat_to_the_computer(
    tmp_path: Path,
) -> None:
    lobby = Lobby(bot_delay=0, seeds=lambda: 5)
    hosted = lobby.create(ANA, "t", GameConfig(num_players=2), [HUMAN])
    hosted.sit(BOB, None)
    assert hosted.table is not None
    hosted.table.roll(hosted.table.match.state.current_player)
    hosted.left(BOB)
    hosted.clocks.hand_to_computer(1)
    lobby.closing = True
    data = json.loads(store.snapshot(lobby))
    del data["tables"][0]["game"]["handovers"]  # as saved before hand-overs were recorded
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(data))

    again = Lobby(bot_delay=0)
    assert store.load(again, path) == 1
    restored = again.tables[hosted.id].table
    assert restored is not None and restored.is_bot(1) and agree(restored)
    assert restored.match.kind_of(1) == "expert"
