"""Coming back to a turn-based table replays the game's record once: the board's marks, the
log (with what is new under its rule, wrapped again at the screen's width) and the notice
of what was played meanwhile all come from that one replay."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cantstop_tui.engine import Event, GameConfig
from cantstop_tui.play.match import Match
from cantstop_tui.play.turn_based import TurnRules
from cantstop_tui.server.server import GameServer
from cantstop_tui.ui.demo import step_at
from cantstop_tui.ui.widgets.game_log import GameLog
from cantstop_tui.ui.widgets.game_log_lines import UNSEEN_RULE

from .conftest import Player, turn_based_game, until

SIZE = (120, 40)
STEPS = 200
"""The record's length when ana comes back (a game to 4 columns on the server's seed 7
lasts 231 steps)."""


async def test_coming_back_replays_the_record_once(
    server: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = GameConfig(num_players=2, win_columns=4)
    ana, bob, hosted = await turn_based_game(server, config, TurnRules(), SIZE)
    for player in (ana, bob):
        await player.close()
    await until(lambda: not any(seat.connected for seat in hosted.seats), "both gone")
    table = hosted.table
    assert table is not None and hosted.seen["ana"] == 0
    while len(table.match.history) < STEPS:  # both play on while ana is away
        step_at(table)
    assert not table.match.state.is_over

    replays: list[int] = []
    positions = Match.positions

    def counted(match: Match) -> Iterator[tuple[Match, tuple[Event, ...]]]:
        replays.append(len(match.history))
        return positions(match)

    monkeypatch.setattr(Match, "positions", counted)
    ana = await Player.connect(server.port, "ana", size=SIZE)
    await ana.wait_for("Your move at 1 table")
    ana.press("\r")
    await ana.wait_for("Since you last looked")  # the notice
    await until(lambda: hosted.seats[0].connected, "ana back at her seat")
    await ana.wait_for("Next roll busts")  # the table's screen, laid out and drawn
    assert replays == [STEPS]
    [app] = [s._app for s in server.sessions if s._app is not None]
    log = app.screen.query_one(GameLog)
    assert UNSEEN_RULE in [line.strip() for line in log.lines]
    await ana.close()
