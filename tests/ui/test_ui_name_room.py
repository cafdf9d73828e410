"""A long name is shown whole where its widget has the room (120x40, 160x50), and cut with
"…" only where it has not: the players' panel and the game-over statistics measure the
room their line leaves instead of a fixed 16 cells."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.widgets import Static

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.names import MAX_PLAYER_NAME
from cantstop_tui.ui.demo import play_until
from cantstop_tui.ui.glyphs import glyphs_for
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.widgets.players import PlayersPanel

from .ui_helpers import table_app

LONG = "Maximilian-Alexander Lo"  # 23 cells, within a player's 24
assert len(LONG) <= MAX_PLAYER_NAME


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_a_long_name_is_whole_in_the_players_panel_where_it_fits(
    size: tuple[int, int],
) -> None:
    match = Match.start((Seat(LONG), Seat("Bo")), GameConfig(2), 5)
    match = play_until(match, lambda m: len(m.history) >= 4)
    app, _table = table_app(match)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(PlayersPanel)
        line = panel._lines[1].plain
        width = panel.size.width
        assert cell_len(line) <= width
        fits = len("▶● ") + cell_len(LONG) + len(" 0/3") <= width
        if fits:
            assert LONG in line, (width, line)
        else:  # cut after a whole word, with the room the line has used
            assert "Maximilian-Alexander…" in line, (width, line)
        counts = {line.index("/") for line in (p.plain for p in panel._lines[1:3])}
        assert len(counts) == 1  # the counts still line up


def won_by(first: str) -> Match:
    for seed in range(50):
        start = Match.start((Seat(first), Seat("Bo")), GameConfig(2), seed)
        match = play_until(start, lambda m: m.state.is_over)
        if match.state.winner == 0:
            return match
    raise AssertionError("no game won by seat 0 in 50 seeds")


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_a_long_name_is_whole_in_the_game_over_statistics(size: tuple[int, int]) -> None:
    app: App[None] = App()
    async with app.run_test(size=size) as pilot:
        await app.push_screen(GameOverScreen(won_by(LONG), glyphs_for(False)))
        await pilot.pause()
        stats = app.screen.query_one("#stats", Static)
        lines = str(stats.render()).splitlines()
        assert any(LONG in line for line in lines), lines
        assert all(cell_len(line) <= stats.content_region.width for line in lines), lines
        header, *rows = lines
        turns_end = header.index("Turns") + len("Turns")  # the columns still line up
        assert all(row[:turns_end].rstrip()[-1].isdigit() for row in rows[:2]), lines
