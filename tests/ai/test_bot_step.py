"""One rule for a computer player's next step (play/bot_step.py), used by the table, the
arena and the demonstration player alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cantstop_tui.ai import make_bot
from cantstop_tui.engine import Dice, GameConfig, Phase, can_stop, legal_moves, new_game, roll
from cantstop_tui.play.bot_step import next_step, step_state
from cantstop_tui.play.match import Action, Match, Seat
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
    assert next_step(bot, state) == Action("choose", move=legal_moves(state)[-1])
    assert bot.asked == ["choose"]


def test_the_bot_is_asked_to_stop_only_when_the_rules_allow_it() -> None:
    start = new_game(GameConfig())
    bot = Recorder(rolls=False)
    assert next_step(bot, start) == Action("roll")  # no runner yet: stopping is not allowed
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


@settings(max_examples=15, deadline=None)
@given(
    st.integers(0, 2**31),
    st.sampled_from(["easy", "rule28"]),
    st.sampled_from([GameConfig(), GameConfig(3, variant="jump")]),
)
def test_a_match_and_a_bare_state_take_a_computers_steps_alike(
    seed: int, level: str, config: GameConfig
) -> None:
    """``Match.apply`` (the table, reviews) and ``step_state`` (the arena's fast games)
    take the same steps to the same positions with the same events, to the game's end."""
    match = Match.start(tuple(Seat(str(n), level) for n in range(config.num_players)), config, seed)
    state, dice = match.state, Dice(seed, match.dice_position)
    bot = make_bot(level, seed=seed)
    while not match.state.is_over:
        step = next_step(bot, state)
        state, events = step_state(step, state, dice)
        match, expected = match.apply(step)
        assert (state, events) == (match.state, expected)
        assert dice.position == match.dice_position
    assert state.is_over and len(match.history) > 20


class Slow(Recorder):
    """A bot that thinks until released, on whichever thread asks it, and says which."""

    def __init__(self) -> None:
        import threading

        super().__init__(rolls=False)
        self.threads: set[int] = set()
        self.thinking = threading.Event()
        self.released = threading.Event()

    def choose_move(self, state, moves):
        import threading

        self.threads.add(threading.get_ident())
        self.thinking.set()
        self.released.wait(30)  # on the event loop's thread this would stall the loop
        return super().choose_move(state, moves)


async def test_the_computer_thinks_off_the_event_loop_and_a_stale_step_is_dropped() -> None:
    import asyncio
    import threading

    match = Match.start((Seat("A", "expert"), Seat("B", "human")), GameConfig(), 3)
    slow = Slow()
    table = Table(match, bots={0: slow}, bot_delay=0)
    table.start()
    # The first roll is played; then the move is thought about, on another thread.
    assert await asyncio.wait_for(asyncio.to_thread(slow.thinking.wait, 30), 30)
    thinking = table.match
    table.set_seat_kind(0, "human")  # a person takes the seat while the computer thinks
    slow.released.set()
    driver = table._driver
    assert driver is not None
    await asyncio.wait_for(driver, 30)  # its step is back, and the computer has no seat
    assert threading.get_ident() not in slow.threads
    # The step decided for the old match was dropped: the person's seat has dice to choose.
    assert table.match.history == thinking.history
    assert not table.bot_to_move
