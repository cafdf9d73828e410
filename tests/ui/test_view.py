"""Whether the viewer may act is decided once, on the view (``GameView.may_act``)."""

from __future__ import annotations

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.demo import finished
from cantstop_tui.ui.view import GameView

MATCH = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 7)
MOVER = MATCH.state.current_player


def test_the_player_to_move_may_act_at_one_keyboard_or_at_their_own_seat_only() -> None:
    assert GameView(MATCH, seats=None).may_act  # hot-seat: every person's seat
    assert GameView(MATCH, seats=frozenset({MOVER})).may_act
    assert not GameView(MATCH, seats=frozenset({1 - MOVER})).may_act
    assert GameView(MATCH, seats=frozenset({1 - MOVER})).seated


def test_nobody_acts_for_a_spectator_a_computer_or_a_finished_game() -> None:
    spectator = GameView(MATCH)
    assert not spectator.may_act and not spectator.seated
    assert not GameView(MATCH, seats=None, bot_turn=True).may_act
    assert not GameView(finished(), seats=None).may_act


async def test_the_game_log_is_the_views_match_narrated_however_it_got_there() -> None:
    """Written step by step or all at once, the log is the same: a function of the view."""
    from cantstop_tui.play.narration import history_lines, rolloff_lines
    from cantstop_tui.ui.demo import step_at
    from cantstop_tui.ui.widgets.game_log import MARK_ROOM, GameLog, wrap_cells

    from .ui_helpers import SIZE, start_playing, table_app

    app, table = table_app(MATCH)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        for _ in range(25):
            step_at(table)
            await pilot.pause()
        log = app.screen.query_one(GameLog)
        width = log.size.width - MARK_ROOM
        whole = [*rolloff_lines(table.match), *history_lines(table.match)[0]]
        expected = [part for line in whole for part in wrap_cells(line, width) or [""]]
        assert [str(line) for line in log.lines] == expected
        assert any("rolls" in line and "plays" in line for line in whole)


async def test_a_view_some_steps_on_writes_the_game_again_not_only_the_last_steps_events() -> None:
    """The log keeps only a cache keyed by the view: a view two steps on (carrying the last
    step's events) is narrated whole, as if the log had seen every step."""
    from textual.app import App, ComposeResult

    from cantstop_tui.play.narration import history_lines, rolloff_lines
    from cantstop_tui.play.table import Table
    from cantstop_tui.ui.demo import step_at
    from cantstop_tui.ui.widgets.game_log import MARK_ROOM, GameLog, wrap_cells

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog(id="log")

    table = Table(MATCH, bot_delay=0)
    views: list[GameView] = []
    table.subscribe(lambda match, events: views.append(GameView(match, tuple(events))))
    while len(views) < 12:
        step_at(table)
    first, last = views[3], views[-1]
    skipped = history_lines(last.match)[0][len(history_lines(first.match)[0]) :]
    assert len(skipped) >= 2  # more than the last step's line
    async with LogApp().run_test(size=(60, 80)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.view = first
        log.view = last
        await pilot.pause()
        whole = [*rolloff_lines(last.match), *history_lines(last.match)[0]]
        width = log.size.width - MARK_ROOM
        assert [str(line) for line in log.lines] == [
            part for line in whole for part in wrap_cells(line, width) or [""]
        ]


async def test_the_replays_board_players_and_dice_draw_the_position_it_publishes() -> None:
    """One-way flow: the replay screen publishes the position shown; its widgets draw it."""
    from cantstop_tui.storage.replay import Replay
    from cantstop_tui.ui.demo import play_until
    from cantstop_tui.ui.screens.replay import ReplayApp, ReplayScreen
    from cantstop_tui.ui.widgets.board import Board
    from cantstop_tui.ui.widgets.dice import DiceView
    from cantstop_tui.ui.widgets.players import PlayersPanel

    from .ui_helpers import SIZE, until

    played = play_until(MATCH, lambda m: len(m.history) >= 9)
    replay = Replay(played)
    async with ReplayApp(replay).run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("home", "right", "right", "right")
        await until(pilot, lambda: screen.index == 3, "step 3")
        shown = replay.position(3).match
        assert screen.view is not None and screen.view.match is shown
        for widget in (Board, PlayersPanel, DiceView):
            assert screen.query_one(widget).view is screen.view


async def test_the_game_screen_hands_each_view_to_every_widget_drawn_from_it() -> None:
    """The screen hands its view to its widgets itself (no ``data_bind``): the first view
    on mount, then each one, a notice's too, so each widget draws the view the screen has."""
    from cantstop_tui.ui.demo import step_at
    from cantstop_tui.ui.screens.game import GameScreen
    from cantstop_tui.ui.widgets.game_log import GameLog
    from cantstop_tui.ui.widgets.view_widget import ViewWidget

    from .ui_helpers import SIZE, start_playing, table_app

    app, table = table_app(MATCH)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        drawn = [w for w in screen.query("*") if isinstance(w, ViewWidget | GameLog)]
        assert {type(w).__name__ for w in drawn} >= {
            "Board", "PairChoice", "PlayersPanel", "DiceView", "ActionBar", "GameLog",
        }
        seen = []
        for _ in range(3):
            assert screen.view is not None
            assert all(widget.view is screen.view for widget in drawn)
            seen.append(screen.view)
            step_at(table)
            await pilot.pause()
        await pilot.press("9")  # no such move: a notice, the same match
        assert screen.view is not None and screen.view.notice
        assert all(widget.view is screen.view for widget in drawn)
        assert len({id(view) for view in seen}) == 3
