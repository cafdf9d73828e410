"""The review of a game assumes the ratings its people had when it began (Pilot and
``cantstop review``): a game's own result, counted in the records as it ends, never moves
what its review assumes; a game the records counted without them says "today's ratings"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Static

from cantstop_tui import cli
from cantstop_tui.play.match import Match
from cantstop_tui.storage import game_id, load_records, record_game
from cantstop_tui.storage.record import write_game
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.review import ReviewScreen

from .ui_helpers import SIZE, finished, next_key, until


def _almost(whole: Match) -> Match:
    """``whole`` but its last step."""
    before = Match.start(whole.seats, whole.config, whole.seed)
    for action in whole.history[:-1]:
        before = before.apply(action)[0]
    return before


async def test_the_review_of_a_game_just_won_assumes_the_ratings_before_it(
    tmp_path: Path, data_home: Path
) -> None:
    whole = finished(2, seed=4)  # two people, newcomers both
    names = [seat.name for seat in whole.seats]
    write_game(tmp_path / "almost.json", _almost(whole))
    app = CantStopApp(ai_delay=0, load=tmp_path / "almost.json")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.table is not None and app.saver is not None, "the game")
        await pilot.press(next_key(app.table.match))  # type: ignore[union-attr]
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game-over box")
        await until(pilot, lambda: game_id(whole) in load_records().games, "the game counted")
        assert set(load_records().ratings) == set(names)  # both rated now
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        screen = app.screen
        await until(pilot, lambda: bool(screen.query("#assumes")), "what the chances assume",
                    timeout=60)
        said = str(screen.query_one("#assumes", Static).render())
    assert said == f"Chances assume: {names[0]} ~ rule28 (new), {names[1]} ~ rule28 (new)"


def test_a_game_counted_without_its_ratings_is_reviewed_with_todays(
    tmp_path: Path, data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = finished(2, seed=8)
    assert record_game(match)
    path = data_home / "records.json"
    data = json.loads(path.read_text())
    del data["before"]  # as an older cantstop wrote it
    path.write_text(json.dumps(data))
    write_game(tmp_path / "game.json", match)
    assert cli.main(["review", str(tmp_path / "game.json"), "--text"]) == 0
    [said] = [line for line in capsys.readouterr().out.splitlines() if "Chances assume" in line]
    assert said.endswith("(today's ratings)")
    assert "(new)" not in said  # today: both rated
