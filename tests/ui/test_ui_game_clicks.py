"""A whole seeded game played with the mouse alone."""

from __future__ import annotations

from textual.pilot import Pilot

from cantstop_tui.engine import Phase
from cantstop_tui.play.match import Match
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.widgets.pair_choice import PairChoice

from .ui_helpers import QUICK_SEED, SIZE, local_app, next_key, settings


def move_row(app: CantStopApp, number: int) -> int:
    """The row of move ``number`` inside the pair-choice widget (each line after a margin)."""
    widget = app.screen.query_one(PairChoice)
    lines = widget.render().plain.split("\n")
    return next(i for i, line in enumerate(lines) if line.startswith(f"  {number} "))


async def click_for(pilot: Pilot[None], app: CantStopApp, match: Match) -> None:
    key = next_key(match)
    if key == "1":
        await pilot.click(PairChoice, offset=(3, move_row(app, 1)))
    elif key == "s":
        await pilot.click("#actions", offset=(14, 0))
    else:
        await pilot.click("#actions", offset=(3, 0))


async def test_a_whole_game_by_mouse() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#play")
        await pilot.pause()
        table = app.table
        assert table is not None
        while not table.match.state.is_over:
            before = len(table.match.history)
            await click_for(pilot, app, table.match)
            assert len(table.match.history) == before + 1, table.match.state
        assert isinstance(app.screen, GameOverScreen)
        winner = table.match.state.winner
        assert winner is not None and len(table.match.state.columns_won(winner)) == 3
        await pilot.click("#new")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_clicking_a_later_move_line_plays_that_move() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        table = app.table
        assert table is not None
        for _ in range(20):
            await pilot.press("r")
            state = table.match.state
            if state.phase is Phase.CHOOSE and len(table.match.state.cached_moves or ()) > 1:
                break
            if state.phase is Phase.CHOOSE:
                await pilot.press("1")
        moves = table.match.state.cached_moves or ()
        assert len(moves) > 1
        last = len(moves)
        await pilot.click(PairChoice, offset=(3, move_row(app, last)))
        assert table.match.history[-1].move == moves[last - 1]
