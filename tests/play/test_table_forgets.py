"""A table's computer players let go of what they worked out once their turn is over, and
the table lets go of them when the game ends: a server holds many tables between turns."""

from __future__ import annotations

from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table


def test_the_expert_keeps_no_plan_between_its_turns_and_the_table_no_bot_after_the_game() -> None:
    table = Table(
        Match.start((Seat("a", "expert"), Seat("b", "expert")), GameConfig(), seed=3), bot_delay=0
    )
    planned_during_a_turn = False
    while not table.match.state.is_over:
        mover = table.match.state.current_player
        table.step_bot()
        bot = table._bot(mover) if not table.match.state.is_over else None
        assert bot is None or isinstance(bot, ExpertBot)
        if bot is not None and table.match.state.current_player == mover:
            planned_during_a_turn |= bot._planner is not None  # kept within the turn
        elif bot is not None:
            assert bot._planner is None, "a plan kept after the turn passed"
    assert planned_during_a_turn
    assert table._made == {}
