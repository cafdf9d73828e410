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
    from cantstop_tui.ui.widgets.game_log import GameLog, wrap_cells

    from .ui_helpers import SIZE, start_playing, table_app

    app, table = table_app(MATCH)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        for _ in range(25):
            step_at(table)
            await pilot.pause()
        log = app.screen.query_one(GameLog)
        width = log.size.width - 1
        whole = [*rolloff_lines(table.match), *history_lines(table.match)[0]]
        expected = [part for line in whole for part in wrap_cells(line, width) or [""]]
        assert [str(line) for line in log.lines] == expected
        assert any("rolls" in line and "plays" in line for line in whole)
