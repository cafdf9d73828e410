"""The side panel's win chances ask for the people's ratings once a game, off the event
loop, and again when the table begins its next game on the same screen (a server's rematch:
the game just counted has moved the ratings)."""

from __future__ import annotations

import threading
from collections.abc import Mapping

import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.ratings import ANCHORS, Rating
from cantstop_tui.ui.widgets.players import PlayersPanel

from .ui_helpers import SIZE, next_key, start_playing, table_app, until

SEATS = (Seat("Ana"), Seat("Bo"))


async def test_the_chances_ask_the_ratings_once_a_game_not_at_each_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    given = [
        {"Ana": Rating(ANCHORS["strong"].mu, 1.0, 30)},  # the first game: Bo is new
        {"Ana": Rating(ANCHORS["strong"].mu, 1.0, 31), "Bo": Rating(ANCHORS["easy"].mu, 1.0, 1)},
    ]

    def ratings() -> Mapping[str, Rating]:
        asked.append(threading.current_thread().name)
        return given[len(asked) - 1]

    app, table = table_app(Match.start(SEATS, GameConfig(num_players=2), seed=7))
    monkeypatch.setattr(app, "player_ratings", ratings)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("w")
        screen = app.screen

        def worked_out() -> bool:
            view = screen.view  # type: ignore[attr-defined]
            return view.chances is not None and view.match is table.match

        def assumes() -> str:
            panel = str(screen.query_one(PlayersPanel).render())
            return panel[panel.index("assumes"):] if "assumes" in panel else ""

        await until(pilot, worked_out, "the first chances")
        assert "~ strong" in assumes() and "~ rule28 (new)" in assumes()
        for _ in range(6):  # steps of the same game: worked out again, ratings not asked
            await pilot.press(next_key(table.match))
            await until(pilot, worked_out, "the chances of the next position")
        assert len(table.match.history) >= 6
        assert len(asked) == 1
        assert asked[0] != threading.main_thread().name  # not on the event loop

        table.replace_match(Match.start(SEATS, GameConfig(num_players=2), seed=8))
        await until(pilot, lambda: worked_out() and "~ easy" in assumes(), "the next game's")
        assert len(asked) == 2
        assert "~ strong" in assumes() and "new" not in assumes()
