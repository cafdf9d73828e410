"""Every table in the lobby has a name of its own, so two can be told apart."""

from __future__ import annotations

from cantstop_tui.engine import GameConfig
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor


def test_a_name_already_taken_gets_a_number() -> None:
    lobby = Lobby(bot_delay=0)
    ana = Visitor("ana")
    names = [lobby.create(ana, "", GameConfig(), ["easy"]).name for _ in range(3)]
    assert names == ["ana's table", "ana's table (2)", "ana's table (3)"]
    assert lobby.create(Visitor("bob"), "ana's table", GameConfig(), ["easy"]).name == (
        "ana's table (4)"
    )


def test_a_long_name_keeps_its_number_within_the_length_allowed() -> None:
    lobby = Lobby(bot_delay=0)
    long = "x" * 30
    first = lobby.create(Visitor("ana"), long, GameConfig(), ["easy"]).name
    second = lobby.create(Visitor("ana"), long, GameConfig(), ["easy"]).name
    assert first == "x" * 24 and second == "x" * 20 + " (2)"
