"""Every table in the lobby has a name of its own, so two can be told apart."""

from __future__ import annotations

from cantstop_tui.engine import GameConfig
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor


def test_a_name_already_taken_gets_a_number() -> None:
    lobby = Lobby(bot_delay=0)
    # Each by another person: one person may have only a few open tables (PersonLimits).
    names = [lobby.create(Visitor("ana"), "", GameConfig(), ["easy"]).name]
    names += [
        lobby.create(Visitor(who), "ana's table", GameConfig(), ["easy"]).name
        for who in ("bob", "carol", "dave")
    ]
    assert names == ["ana's table", "ana's table (2)", "ana's table (3)", "ana's table (4)"]


def test_a_long_name_keeps_its_number_within_the_length_allowed() -> None:
    lobby = Lobby(bot_delay=0)
    long = "x" * 30
    first = lobby.create(Visitor("ana"), long, GameConfig(), ["easy"]).name
    second = lobby.create(Visitor("ana"), long, GameConfig(), ["easy"]).name
    assert first == "x" * 24 and second == "x" * 20 + " (2)"
