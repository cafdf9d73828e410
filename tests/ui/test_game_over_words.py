"""The game-over words agree with the winner's name: "You win", "Ana wins"."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.demo import play_until
from cantstop_tui.ui.glyphs import glyphs_for
from cantstop_tui.ui.screens.game_over import GameOverScreen


def won_by_seat_0(first: str) -> Match:
    for seed in range(50):
        start = Match.start((Seat(first), Seat("Bo")), GameConfig(2), seed)
        match = play_until(start, lambda m: m.state.is_over)
        if match.state.winner == 0:
            return match
    raise AssertionError("no game won by seat 0 in 50 seeds")


async def winner_line(match: Match) -> str:
    app: App[None] = App()
    async with app.run_test() as pilot:
        await app.push_screen(GameOverScreen(match, glyphs_for(False)))
        await pilot.pause()
        return str(app.screen.query_one("#winner", Static).render())


async def test_you_win_and_ana_wins() -> None:
    assert " You win, with columns " in await winner_line(won_by_seat_0("You"))
    assert " Ana wins, with columns " in await winner_line(won_by_seat_0("Ana"))
