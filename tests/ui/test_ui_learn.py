"""The guided first game (``cantstop learn`` and the new-game screen's "Learn to play"):
played to its end by keys and by mouse, a wrong key at every step, two steps as snapshots."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from cantstop_tui.engine import Phase, legal_moves
from cantstop_tui.play import guide
from cantstop_tui.play.match import Match
from cantstop_tui.ui.keys import HELP
from cantstop_tui.ui.learn_cli import LearnApp
from cantstop_tui.ui.screen_keys import LEARN_TO_PLAY
from cantstop_tui.ui.screens.help import HelpScreen
from cantstop_tui.ui.screens.learn import GuidePanel, LearnScreen
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.widgets.keys_bar import KeysBar
from cantstop_tui.ui.widgets.pair_choice import PairChoice

from .test_ui_game_clicks import move_row
from .ui_helpers import SIZE, local_app, run_from_palette, shown_text, until

Snap = Callable[..., bool]


def learn_app(ascii_only: bool = False) -> LearnApp:
    return LearnApp(ascii_only=ascii_only, remember=False, autosave=False)


def the_match(app: LearnApp) -> Match:
    screen = app.screen
    assert isinstance(screen, LearnScreen)
    return screen.table.match


def right_key(match: Match) -> str:
    step = guide.step_of(match)
    assert step is not None
    if step.action == "choose":
        assert step.move is not None
        return str(guide.move_key(match, step.move))
    return "r" if step.action == "roll" else "s"


def wrong_key(match: Match) -> str:
    """A game key that is not the step's: another move, a roll or a stop."""
    step = guide.step_of(match)
    assert step is not None
    if step.action == "choose":
        moves = legal_moves(match.state)
        return str(len(moves)) if moves[-1] != step.move else ("1" if len(moves) > 1 else "r")
    return "s" if step.action == "roll" else "r"


async def started(pilot: Pilot[None]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, LearnScreen), "the guided game")


def guide_text(app: LearnApp) -> str:
    return str(app.screen.query_one(GuidePanel).render())


async def test_the_guided_game_played_by_keys_with_a_wrong_key_at_every_step() -> None:
    app = learn_app(ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        steps = 0
        while guide.step_of(match := the_match(app)) is not None:
            assert guide.text_of(match) in guide_text(app)
            if guide.step_of(match).action == "choose":  # type: ignore[union-attr]
                # The bar shows the one key the step takes ("2 Choose"), not "1-3 Choose".
                shown = [display for _k, display, _l in app.screen.query_one(KeysBar).keys]
                assert right_key(match) in shown and not [k for k in shown if "-" in k], shown
            for key in (wrong_key(match), "x"):
                await pilot.press(key)
                screen = app.screen
                assert isinstance(screen, LearnScreen) and screen.view is not None
                assert "press" in screen.view.notice, (key, screen.view.notice)
                assert the_match(app) is match  # nothing moved
            await pilot.press(right_key(match))
            assert len(the_match(app).history) > len(match.history)
            steps += 1
        assert the_match(app).state.winner == guide.LEARNER
        assert guide.FINISHED in guide_text(app)
        assert steps == sum(1 for step in guide.SCRIPT if step.text)
        await pilot.press("q")
        await until(pilot, lambda: app.return_code is not None, "the app to end")


@pytest.mark.parametrize("key", HELP.keys.split(","))
async def test_help_opens_over_the_lesson_and_the_lesson_goes_on(key: str) -> None:
    app = learn_app()
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("r")
        lesson, match = app.screen, the_match(app)
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert "Can't Stop in brief" in shown_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is lesson, "the lesson again")
        assert the_match(app) is match and lesson.view is not None  # type: ignore[attr-defined]
        assert "Not that now" not in lesson.view.notice  # type: ignore[attr-defined]
        await pilot.press(right_key(match))
        assert len(the_match(app).history) > len(match.history)


async def test_the_learner_sees_their_busting_dice_and_the_guides_turn() -> None:
    match, keys = guide.start(), []
    while (step := guide.step_of(match)) is None or step.shows != "bust":
        keys.append(right_key(match))
        match = guide.take(match, step.action, step.move)[0]
    app = learn_app()
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press(*keys, "r")  # the busting roll, then the guide's turn at once
        await until(pilot, lambda: len(the_match(app).history) > len(match.history), "the bust")
        await pilot.pause()
        shown = shown_text(app)
        assert the_match(app).last_dice == (3, 4, 3, 4)  # the guide's, on the board
        # each line whole on its row of the side panel at 80 columns
        for line in ("You rolled 1 1 6 6:", "a bust.", "3 4 3 4: 7 twice,", "then stopped."):
            assert line in shown, line
        assert shown.index("You rolled") < shown.index("A bust: the climb was")


async def test_a_move_key_beyond_the_moves_says_there_is_no_such_move() -> None:
    app = learn_app()
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("r")
        match = the_match(app)
        count = len(legal_moves(match.state))
        await pilot.press("9")
        screen = app.screen
        assert isinstance(screen, LearnScreen) and screen.view is not None
        assert f"There is no move 9: choose 1-{count}." in screen.view.notice
        assert the_match(app) is match


async def test_the_guided_game_played_by_mouse() -> None:
    app = learn_app()
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        while guide.step_of(match := the_match(app)) is not None:
            step = guide.step_of(match)
            assert step is not None
            if step.action == "choose":
                assert step.move is not None
                row = move_row(app, guide.move_key(match, step.move))
                await pilot.click(PairChoice, offset=(3, row))
            else:
                await pilot.click("#actions", offset=(14 if step.action == "stop" else 3, 0))
            await until(pilot, lambda: the_match(app) is not match, f"the {step.action}")
        assert the_match(app).state.winner == guide.LEARNER


async def test_learn_to_play_from_the_new_game_screen_and_back() -> None:
    app = local_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        await pilot.click("#learn")
        await until(pilot, lambda: isinstance(app.screen, LearnScreen), "the guided game")
        await pilot.press("r")
        assert app.screen.table.match.state.phase is Phase.CHOOSE  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form again")
        await pilot.pause()
        # Enter starts the game, as the form and the bar say (it started the lesson again:
        # the focus stayed on Learn to play).
        bar = app.screen.query_one(KeysBar)
        assert ("enter", "⏎", "Start game") in bar.keys
        await pilot.press("enter")
        await until(pilot, lambda: app.table is not None, "the game")
        assert not any(isinstance(s, LearnScreen) for s in app.screen_stack)


async def test_the_bar_shows_enter_only_where_it_starts_the_game() -> None:
    app = local_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        screen = app.screen
        bar = screen.query_one(KeysBar)
        await pilot.pause()
        assert "enter" in [key for key, _, _ in bar.keys]  # on Start game
        screen.query_one("#seed").focus()
        await pilot.pause()
        assert "enter" in [key for key, _, _ in bar.keys]  # a field: Enter starts
        screen.query_one("#learn").focus()
        await pilot.pause()
        assert "enter" not in [key for key, _, _ in bar.keys]  # Enter presses Learn to play
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LearnScreen), "the guided game")


async def test_learn_to_play_from_the_new_game_screens_command_palette() -> None:
    app = local_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        assert str(app.screen.query_one("#learn", Button).label) == LEARN_TO_PLAY.title
        await run_from_palette(pilot, LEARN_TO_PLAY.title)
        await until(pilot, lambda: isinstance(app.screen, LearnScreen), "the guided game")


def test_snapshot_pairing_the_dice(snap_compare: Snap) -> None:
    assert snap_compare(learn_app(), press=["r"], terminal_size=SIZE)


def test_snapshot_the_blocked_column_in_ascii(snap_compare: Snap) -> None:
    match = guide.start()
    keys = []
    while guide.step_of(match) is None or guide.step_of(match).shows != "blocked":  # type: ignore[union-attr]
        keys.append(right_key(match))
        step = guide.step_of(match)
        assert step is not None
        match = guide.take(match, step.action, step.move)[0]
    assert snap_compare(learn_app(ascii_only=True), press=keys, terminal_size=SIZE)


def test_snapshot_after_the_bust_and_the_guides_turn(snap_compare: Snap) -> None:
    match, keys = guide.start(), []
    while guide.recap(match) == () or not any("bust" in line for line in guide.recap(match)):
        step = guide.step_of(match)
        assert step is not None
        keys.append(right_key(match))
        match = guide.take(match, step.action, step.move)[0]
    assert snap_compare(learn_app(), press=keys, terminal_size=SIZE)


async def test_the_lessons_help_lists_only_what_the_lesson_takes_in_its_words() -> None:
    from .test_keys_bar import shown_acts

    app = learn_app()
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        lesson = app.screen
        assert " q Leave " in shown_acts(app) or " esc Leave " in shown_acts(app)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        rules = " ".join(str(app.screen.query_one("#rules").render()).split())
        keys = rules[rules.index("Keys") :]
        for taken in ("r or space roll the dice", "s stop", "1 to 6 choose",
                      "Escape or q leave the guided game", "? or F1 this help"):
            assert taken in keys, (taken, keys)
        for refused in ("win chances", "a hint", "Ctrl+s", "ctrl+s", "new game", "review",
                        "quit", "computer's turn"):
            assert refused not in keys, (refused, keys)
        bar = shown_acts(app)
        assert " q Leave " in bar and "Quit" not in bar, bar
        await pilot.press("q")  # leaves the lesson, as q does there
        await until(pilot, lambda: app.return_code is not None, "the app to end")
    assert lesson is not None


async def test_the_lessons_status_line_offers_only_the_steps_action() -> None:
    app = learn_app()
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        seen = 0
        while (step := guide.step_of(match := the_match(app))) is not None:
            status = app.screen.query_one(PairChoice).render().plain  # type: ignore[union-attr]
            if match.state.phase is Phase.ROLL and "your turn" in status:
                seen += 1
                assert ("stop (s)" in status) == (step.action == "stop"), (step, status)
                assert ("roll (r" in status) == (step.action == "roll"), (step, status)
            await pilot.press(right_key(match))
        assert seen > 2
