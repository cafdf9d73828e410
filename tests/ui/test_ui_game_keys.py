"""Whole seeded games played with the keyboard, asserting on the table's Match."""

from __future__ import annotations

from cantstop_tui.engine import Busted, ColumnWon, GameWon, Phase
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.widgets.pair_choice import PairChoice

from .ui_helpers import (
    QUICK_SEED,
    SIZE,
    local_app,
    next_key,
    played_to_the_end,
    settings,
    start_playing,
)


def plain(widget: PairChoice) -> str:
    return widget.render().plain


async def test_a_whole_game_by_keys_has_busts_won_columns_and_a_winner() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    seen: list[object] = []
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, RolloffScreen)
        await start_playing(pilot)
        assert isinstance(app.screen, GameScreen)
        table = app.table
        assert table is not None
        table.subscribe(lambda match, events: seen.extend(events))
        bust_text = ""
        for _ in range(3000):
            match = table.match
            if match.state.is_over:
                break
            before = len(match.history)
            await pilot.press(next_key(match))
            assert len(table.match.history) == before + 1
            if any(isinstance(e, Busted) for e in seen) and not bust_text:
                bust_text = plain(app.screen.query_one(PairChoice))
        match = table.match
        assert match.state.is_over
        assert isinstance(app.screen, GameOverScreen)
        winner = match.state.winner
        assert winner is not None
        assert len(match.state.columns_won(winner)) >= 3
        assert next(e for e in seen if isinstance(e, GameWon)).player == winner
        assert any(isinstance(e, ColumnWon) for e in seen)
        busts = sum(stats.busts for stats in match.stats)
        assert busts == sum(1 for e in seen if isinstance(e, Busted))
        assert busts > 0
        assert "blew it" in bust_text
        assert match.seats[winner].name in str(app.screen.query_one("#winner").render())
        # Rematch: the same players on a fresh board.
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RolloffScreen)
        assert app.table is not None and app.table.match is not match
        assert app.table.match.seats == match.seats
        assert app.table.match.history == ()


async def test_keys_that_do_not_apply_change_nothing() -> None:
    app = local_app(settings(2, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        table = app.table
        assert table is not None
        start = table.match
        for key in "123456s":
            await pilot.press(key)
        await pilot.pause()
        assert table.match is start
        assert "roll at least once" in app.screen.query_one(PairChoice).render().plain
        await pilot.press("space")
        await pilot.pause()
        rolled, _events = start.roll()  # the seeded dice: the one roll space must make
        assert table.match.history == rolled.history
        assert table.match.state == rolled.state


async def test_new_game_key_opens_the_form_and_enter_starts_a_game() -> None:
    app = local_app(settings(3, seed=2))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        first = app.table
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RolloffScreen)
        assert app.table is not first
        assert app.table is not None and len(app.table.match.seats) == 3


async def test_escape_closes_the_game_over_box_and_shows_the_final_board() -> None:
    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        table = await played_to_the_end(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running
        assert table.match.state.is_over


async def test_a_key_that_does_nothing_now_says_why() -> None:
    app = local_app(settings(2, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        table = app.table
        assert table is not None

        def said() -> str:
            return " ".join(app.screen.query_one(PairChoice).render().plain.split())

        await pilot.press("3")  # before the roll: no move to choose
        await pilot.pause()
        assert "Roll first (r or space): there is no move to choose yet." in said()
        await pilot.press("r")
        await pilot.pause()
        state = table.match.state
        if state.phase is Phase.CHOOSE:
            moves = len(state.cached_moves)
            await pilot.press("r")  # the dice wait for a move
            await pilot.pause()
            assert f"Choose a move first: press 1-{moves}" in said()
            if moves < 9:
                await pilot.press("9")
                await pilot.pause()
                assert f"There is no move 9: choose 1-{moves}." in said()
        assert table.match.state == state  # none of it changed the game


async def test_ctrl_s_saves_from_the_game_over_box_and_escape_closes_each_dialog() -> None:
    from cantstop_tui.ui.screens.help import HelpScreen
    from cantstop_tui.ui.screens.save_as import SaveAsScreen

    app = local_app(settings(2, seed=QUICK_SEED))
    async with app.run_test(size=SIZE) as pilot:
        await played_to_the_end(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)  # the finished game can be saved
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        for key, dialog in (("question_mark", HelpScreen), ("n", NewGameScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, dialog)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen), key


async def test_no_key_reaches_the_game_while_the_window_is_too_small() -> None:
    app = local_app(settings(2, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        table = app.table
        assert table is not None
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        start = table.match
        for key in "r123456sh":
            await pilot.press(key)
        await pilot.pause()
        assert table.match is start
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert len(table.match.history) == len(start.history) + 1
