"""The app as a view onto a Table: forced refusal, resize, a shared table, computer turns."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.pilot import Pilot

from cantstop_tui.engine import (
    Busted,
    GameConfig,
    Phase,
    bust_probability,
    legal_moves,
    why_cannot_stop,
)
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.ui.demo import forced_refusal
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.help import HelpScreen
from cantstop_tui.ui.table_app import TableApp
from cantstop_tui.ui.widgets.board import Board
from cantstop_tui.ui.widgets.dice import DiceView
from cantstop_tui.ui.widgets.keys_bar import KeysBar
from cantstop_tui.ui.widgets.pair_choice import PairChoice
from cantstop_tui.ui.widgets.too_small import TooSmall

from .ui_helpers import (
    QUICK_SEED,
    SIZE,
    finished,
    humans,
    next_key,
    play_until,
    start_playing,
    table_app,
    until,
)


async def test_forced_variant_refuses_stop_and_shows_why() -> None:
    match = forced_refusal()
    reason = why_cannot_stop(match.state)
    assert reason is not None and reason.startswith("Forced")
    app, table = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("s")
        await pilot.pause()
        assert table.match is match
        shown = app.screen.query_one(PairChoice).render().plain
        assert " ".join(reason.split()) in " ".join(shown.split())
        # Stop is not offered while it is forbidden: neither in the keys bar nor in the
        # action bar (both show what acts; s still says why), unlike Roll.
        screen = app.screen
        assert screen.check_action("stop", ()) is False
        assert screen.check_action("roll", ()) is True
        keys = screen.query_one(KeysBar).render().plain
        assert " r Roll " in keys and "Stop" not in keys
        bar = screen.query_one("#actions").render()
        assert "Stop" not in bar.plain
        assert style_in(bar, " Roll r ").reverse and not style_in(bar, " Roll r ").dim
        await pilot.click("#actions", offset=(14, 0))
        assert table.match is match
        await pilot.press("r")
        assert len(table.match.history) == len(match.history) + 1


def style_in(text: Text, label: str) -> Style:
    """The style ``text`` draws ``label`` in (its spans' at the label's first cell)."""
    at = text.plain.index(label)
    return Style.combine(
        Style.parse(s.style) if isinstance(s.style, str) else s.style
        for s in text.spans
        if s.start <= at < s.end
    )


async def test_the_action_bar_shows_only_the_buttons_that_act() -> None:
    """The side panel drew "[ Stop s ]" at a turn's start, where stopping is not allowed
    (and dim Roll and Stop while a move was chosen or another played): the keys bar's rule,
    only what acts, holds for the buttons too."""
    match = Match.start(humans(2), GameConfig(2), QUICK_SEED)
    app, table = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")

        def buttons() -> str:
            return app.screen.query_one("#actions").render().plain.splitlines()[0]

        assert "Roll r" in buttons() and "Stop" not in buttons()  # the turn's start
        await pilot.press("r")
        await until(pilot, lambda: table.match.state.phase is Phase.CHOOSE, "the roll")
        await pilot.pause()
        assert buttons().strip() == ""  # choosing: neither acts
        await pilot.press("1")
        await until(pilot, lambda: table.match.state.phase is Phase.ROLL, "the move")
        await pilot.pause()
        assert "Roll r" in buttons() and "Stop s" in buttons()
        bar = app.screen.query_one("#actions").render()
        assert style_in(bar, " Stop s ").reverse and not style_in(bar, " Stop s ").dim


async def test_too_small_shows_a_message_and_resizing_back_redraws() -> None:
    match = play_until(Match.start(humans(4), GameConfig(4), 9), lambda m: len(m.history) > 30)
    app, table = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        before = board.render().plain
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        assert app.has_class("-too-small")
        assert app.screen.query_one(TooSmall).display
        await pilot.press("r", "1", "s")
        assert table.match is match
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not app.has_class("-too-small")
        assert not app.screen.query_one(TooSmall).display
        assert board.render().plain == before
        await pilot.press(next_key(match))
        assert len(table.match.history) == len(match.history) + 1


async def test_a_shared_table_plays_only_my_seat_and_shows_others_moves() -> None:
    match = Match.start(humans(2), GameConfig(2), 4)
    other = match.state.current_player
    mine = 1 - other
    table = Table(match, bot_delay=0)
    app = TableApp(table, my_seats={mine})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("r")
        assert table.match is match
        assert "Waiting for" in app.screen.query_one(PairChoice).render().plain
        events = table.roll(other)
        await pilot.pause()
        dice = app.screen.query_one(DiceView).render().plain
        assert " ".join(str(d) for d in events[0].dice) in " ".join(dice.split())
        # Let the other player finish: choose if needed, then stop or bust.
        state = table.match.state
        if state.phase is Phase.CHOOSE:
            table.choose(other, table.match.state.cached_moves[0])  # type: ignore[index]
            table.stop(other)
        await pilot.pause()
        assert table.match.state.current_player == mine
        await pilot.press("r")
        assert table.match.history[-1].kind == "roll"


def _computer_first(my_seats: set[int] | None = None) -> tuple[Table, TableApp]:
    """A table where the computer (easy) plays first, pausing 60 s a step, and its app."""
    seats = (Seat("Bot", "easy"), Seat("Ana"))
    seed = next(
        s for s in range(1, 50) if Match.start(seats, GameConfig(2), s).state.current_player == 0
    )
    table = Table(Match.start(seats, GameConfig(2), seed), bot_delay=60)
    return table, TableApp(table, my_seats=my_seats)


async def into_the_computers_turn(pilot: Pilot[None], table: Table) -> None:
    """Past who starts, into the computer's first turn (it waits 60 s a step)."""
    await pilot.pause()
    await pilot.press("enter")
    assert table.bot_to_move


async def test_a_key_during_a_computer_turn_plays_the_rest_of_it_at_once() -> None:
    table, app = _computer_first()
    async with app.run_test(size=SIZE) as pilot:
        await into_the_computers_turn(pilot, table)
        said = app.screen.query_one(PairChoice).render().plain
        assert "playing" in said
        assert "Any key but PgUp/PgDn hurries it." in said  # the keys as named: not pgup/pgdn
        await pilot.press("x")
        # far less than one 60-second computer pause
        await until(pilot, lambda: not table.bot_to_move, "the computer to hurry", timeout=20)
        assert table.match.state.current_player == 1
        assert table.match.history


async def test_scrolling_the_log_back_during_a_computer_turn_does_not_hurry_it() -> None:
    table, app = _computer_first()
    async with app.run_test(size=SIZE) as pilot:
        await into_the_computers_turn(pilot, table)
        await pilot.press("pageup", "pagedown")
        await pilot.pause()
        assert table.bot_to_move and not table._hurry
        assert not table.match.history  # still waiting out the computer's pause
        await pilot.press("x")  # any other key still hurries it
        await until(pilot, lambda: not table.bot_to_move, "the computer to hurry", timeout=20)


async def test_a_spectators_key_does_not_hurry_the_computer() -> None:
    table, app = _computer_first(my_seats=set())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("x", "question_mark")  # keys are taken in order: once help
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")  # shows, x was
        assert table.bot_to_move and not table._hurry
        assert not table.match.history  # still waiting out the computer's pause


async def test_help_the_keys_bar_shows_opens_over_the_game_over_box_and_closes_back_to_it() -> None:
    app, _table = table_app(finished(2, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game-over box")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the box again")


async def test_a_finished_game_on_a_table_opens_the_game_over_screen() -> None:
    match = finished(3, seed=5)
    app, _table = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = str(app.screen.query_one("#stats").render())
        for player, seat in enumerate(match.seats):
            assert seat.name in text
            assert str(match.stats[player].turns) in text
        winner = match.state.winner
        assert winner is not None
        assert match.seats[winner].name in str(app.screen.query_one("#winner").render())


async def test_on_a_shared_table_only_the_host_restarts_and_everyone_follows() -> None:
    match = finished(2, seed=5)
    table = Table(match, bot_delay=0)
    guest = TableApp(table, my_seats={1})
    async with guest.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(guest.screen, GameOverScreen)
        table.replace_match(Match.start(match.seats, match.config, match.seed + 1))  # the host
        await pilot.pause()
        assert isinstance(guest.screen, GameScreen)
        assert guest.screen.view is not None and guest.screen.view.match is table.match
        restarted = table.match
        await pilot.press("n")
        await pilot.pause()
        assert table.match is restarted
        assert isinstance(guest.screen, GameScreen)


async def test_a_bust_on_screen_goes_when_another_game_is_put_on_the_table() -> None:
    bust_ahead = play_until(
        Match.start(humans(2), GameConfig(2), QUICK_SEED),
        lambda m: m.state.phase is Phase.ROLL and bust_probability(m.state) > 0.3,
    )
    table = Table(bust_ahead, bot_delay=0)
    app = TableApp(table, my_seats=None)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        choice = app.screen.query_one(PairChoice)
        while not any(isinstance(e, Busted) for e in table.roll(table.match.state.current_player)):
            table.choose(table.match.state.current_player, legal_moves(table.match.state)[0])
        await pilot.pause()
        assert "blew it" in choice.render().plain
        other = play_until(Match.start(humans(2), GameConfig(2), 99), lambda m: len(m.history) > 9)
        table.replace_match(other)
        await pilot.pause()
        assert "blew it" not in choice.render().plain
        assert len(table.match.history) == len(other.history)


async def test_n_for_a_new_game_is_offered_only_where_a_new_game_may_start() -> None:
    for can_restart in (True, False):
        app, _table = table_app(Match.start(humans(2), GameConfig(2), 4), can_restart=can_restart)
        async with app.run_test(size=SIZE) as pilot:
            await start_playing(pilot)
            footer = str(app.screen.query_one(KeysBar).render())
            assert ("n New" in footer) is can_restart
