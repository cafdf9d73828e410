"""One rule for a computer player's next step (play/bot_step.py), used by the table, the
arena and the demonstration player alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cantstop_tui.ai import make_bot
from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves, new_game, roll
from cantstop_tui.play.bot_step import BotStep, next_step
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.ui.demo import DEMO_PLAYER, next_key, step


class Recorder:
    """A bot that says what it was asked."""

    def __init__(self, rolls: bool) -> None:
        self.rolls = rolls
        self.asked: list[str] = []

    def choose_move(self, state, moves):
        self.asked.append("choose")
        return moves[-1]

    def keep_rolling(self, state) -> bool:
        self.asked.append("keep_rolling")
        return self.rolls


def test_dice_on_the_table_ask_for_a_move_and_nothing_else() -> None:
    state, _ = roll(new_game(GameConfig()), (1, 2, 3, 4))
    bot = Recorder(rolls=True)
    assert next_step(bot, state) == BotStep("choose", legal_moves(state)[-1])
    assert bot.asked == ["choose"]


def test_the_bot_is_asked_to_stop_only_when_the_rules_allow_it() -> None:
    start = new_game(GameConfig())
    bot = Recorder(rolls=False)
    assert next_step(bot, start) == BotStep("roll")  # no runner yet: stopping is not allowed
    assert bot.asked == []


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from(["easy", "rule28", "expert"]))
def test_the_table_plays_a_bot_by_the_rule(seed: int, level: str) -> None:
    match = Match.start((Seat("A", level), Seat("B", level)), GameConfig(), seed)
    table = Table(match, bot_delay=0)
    bot = make_bot(level, seed=seed)
    for _ in range(30):
        if table.match.state.is_over:
            break
        state = table.match.state
        expected = next_step(bot, state)
        before = table.match
        table.step_bot()
        kind = table.match.history[-1].kind
        assert kind == expected.kind
        if expected.kind == "choose":
            assert table.match.history[-1].move == expected.move
        assert len(table.match.history) == len(before.history) + 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31))
def test_the_demo_player_is_a_bot_played_by_the_same_rule(seed: int) -> None:
    match = Match.start((Seat("A"), Seat("B")), GameConfig(), seed)
    for _ in range(40):
        if match.state.is_over:
            break
        action = next_step(DEMO_PLAYER, match.state)
        assert next_key(match) == {"choose": "1", "stop": "s", "roll": "r"}[action.kind]
        if match.state.phase is Phase.ROLL and not can_stop(match.state):
            assert action.kind == "roll"
        match = step(match)
