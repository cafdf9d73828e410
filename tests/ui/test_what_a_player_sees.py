"""What a player sees, as the second tester found it wrong: the keys bar shows only keys
that act (hidden chances, a guided step, who starts), one rule cuts names and paths, the
dice of a turn not yet rolled, words that hold without colours, ASCII everywhere under
``--ascii``, and the same new-game screen from a game's end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.command import CommandPalette
from textual.containers import Horizontal
from textual.widgets import Button, DataTable, Static

from cantstop_tui.engine import GameConfig
from cantstop_tui.play import guide
from cantstop_tui.play.match import Match
from cantstop_tui.play.table import Table
from cantstop_tui.storage.records import PlayerRecord, Records
from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui.app_files import NOTICE_ROOM, short_path
from cantstop_tui.ui.glyphs import PLAYER_COLOUR_NAMES, UNICODE
from cantstop_tui.ui.keys import CHANCES
from cantstop_tui.ui.learn_cli import LearnApp
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.help import KEYS_HERE, HelpScreen
from cantstop_tui.ui.screens.learn import LearnScreen
from cantstop_tui.ui.screens.live_chances import HINTS_OFF, NOT_ALLOWED
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.screens.quit import QuitScreen
from cantstop_tui.ui.screens.records import RecordsScreen
from cantstop_tui.ui.screens.replay import ReplayApp
from cantstop_tui.ui.screens.review import ReviewScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.textual_compat import notification_messages
from cantstop_tui.ui.view import GameView
from cantstop_tui.ui.widgets.keys_bar import KeysBar, OwnLabels

from .test_keys_bar import settle, shown_acts
from .test_ui_learn import right_key
from .ui_helpers import (
    SIZE,
    OneScreen,
    finished,
    humans,
    local_app,
    not_ascii,
    play_until,
    settings,
    shown_text,
    start_playing,
    table_app,
    until,
)


def said(screen: GameScreen) -> str:
    view = screen.view
    assert view is not None
    return view.notice


async def test_a_table_that_hides_the_chances_shows_no_w_and_w_says_why() -> None:
    table = Table(Match.start(humans(2), GameConfig(2), 3), bot_delay=0)
    screen = GameScreen(table, lambda: None, UNICODE, chances=False)
    app = OneScreen(screen)
    async with app.run_test(size=SIZE) as pilot:
        keys = await settle(pilot, GameScreen, "the game")
        assert " r Roll " in keys and f" {CHANCES.first} {CHANCES.label} " not in keys
        await pilot.press(CHANCES.first)
        await pilot.pause()
        assert said(screen) == NOT_ALLOWED
    shown = GameScreen(table, lambda: None, UNICODE, chances=True)
    async with OneScreen(shown).run_test(size=SIZE) as pilot:
        keys = await settle(pilot, GameScreen, "the game")
        assert f" {CHANCES.first} {CHANCES.label} " in keys  # the same table, chances allowed


async def test_hints_off_show_no_h_and_h_says_why_until_turned_on() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.action_toggle_hints()  # off (the palette's command)
        keys = await settle(pilot, GameScreen, "the game")
        assert " h Hint " not in keys and " r Roll " in keys
        await pilot.press("h")
        await pilot.pause()
        assert said(screen) == HINTS_OFF
        app.action_toggle_hints()  # on again
        keys = await settle(pilot, GameScreen, "the game")
        assert " h Hint " in keys


async def test_a_guided_step_shows_only_the_key_it_takes() -> None:
    app = LearnApp(remember=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_screen(pilot, LearnScreen)
        stops = rolls = 0
        for _ in range(200):
            step = guide.step_of(screen.table.match)
            if step is None:
                break
            keys = shown_acts(app)
            if step.action == "stop":
                stops += 1
                assert " s Stop " in keys and "Roll" not in keys, keys
                await pilot.press("r")  # not this step's: says what it takes
                await pilot.pause()
                assert said(screen).startswith("Not that now: press s")
            elif step.action == "roll":
                rolls += 1
                assert " r Roll " in keys and "Stop" not in keys, keys
            moved = moved_on(screen, screen.table.match)
            await pilot.press(right_key(screen.table.match))
            await until(pilot, moved, step.action)
        assert stops and rolls


def moved_on(screen: LearnScreen, before: Match) -> Callable[[], bool]:
    return lambda: screen.table.match is not before


async def until_screen(pilot: Any, kind: type) -> Any:
    await until(pilot, lambda: isinstance(pilot.app.screen, kind), kind.__name__)
    await pilot.pause()
    return pilot.app.screen


async def test_who_starts_has_a_keys_bar_and_its_keys_in_the_help() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        keys = await settle(pilot, RolloffScreen, "who starts")
        assert "Play" in keys and " q Quit " in keys and " ? Help " in keys
        await pilot.press("question_mark")
        help_screen = await until_screen(pilot, HelpScreen)
        assert f"{KEYS_HERE}" in help_screen.query_one("#rules", Static).render().plain
        assert "Enter or Space or Escape" in help_screen.here and "play" in help_screen.here
        await pilot.press("escape")
        await until_screen(pilot, RolloffScreen)
        await pilot.press("escape")  # Escape plays, as Enter does
        await settle(pilot, GameScreen, "the game")


async def test_the_keys_bar_reads_a_dialogs_own_labels_through_a_typed_protocol() -> None:
    question = QuitScreen(False, "Leave this table for the lobby?", "Yes, leave")
    assert isinstance(question, OwnLabels)
    assert not isinstance(RolloffScreen(finished(2, seed=4)), OwnLabels)
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        assert isinstance(app, OwnLabels) and app.key_labels == {}
        app.push_screen(question)
        keys = await settle(pilot, QuitScreen, "the question")
        assert " y Yes, leave  n No " in keys


async def test_a_turn_shows_no_dice_until_its_player_rolls() -> None:
    match = play_until(Match.start(humans(2), GameConfig(2), 3),
                       lambda m: bool(m.history) and m.history[-1].kind == "stop")
    view = GameView(match)
    assert match.last_dice is not None and view.turn_dice is None  # the last player's
    rolled = GameView(match.roll()[0])
    assert rolled.turn_dice == rolled.match.last_dice != match.last_dice
    over = finished(2, seed=4)
    assert GameView(over).turn_dice == over.last_dice  # the game's last roll stays


async def test_the_help_names_no_colour() -> None:
    app = local_app(settings(4, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("question_mark")
        screen = await until_screen(pilot, HelpScreen)
        rules = screen.query_one("#rules", Static).render().plain
    assert "Players" in rules
    for colour in PLAYER_COLOUR_NAMES:
        assert f" {colour}" not in rules, colour


async def test_ascii_draws_the_command_palette_and_the_replay_keys_in_ascii() -> None:
    app, _table = table_app(finished(2, seed=4), ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await until_screen(pilot, CommandPalette)
        await pilot.press(*"rol")
        await pilot.pause()
        text = shown_text(app)
        assert not_ascii(text) == set(), text
    replay = ReplayApp(Replay(finished(2, seed=4)), "a game", ascii_only=True)
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.press("left")  # a step with both a step back and a step on
        await pilot.pause()
        bar = replay.screen.query_one(KeysBar)
        await until(pilot, lambda: "Forward" in bar.render().plain, "a step on")
        text = bar.render().plain
        assert "<- Back" in text and "-> Forward" in text and "^p commands" in text
        assert not_ascii(shown_text(replay)) == set()
        await pilot.press("ctrl+p")
        await until_screen(pilot, CommandPalette)
        assert not_ascii(shown_text(replay)) == set()


def test_a_saved_path_keeps_its_file_name_whole_on_one_line() -> None:
    path = Path("/home/someone/.local/share/cantstop/saves/friday night game.json")
    shown = short_path(path, NOTICE_ROOM, "…")
    assert shown == "…/saves/friday night game.json" and len(shown) <= NOTICE_ROOM
    assert short_path(Path("/a/b.json"), NOTICE_ROOM, "...") == "/a/b.json"
    assert short_path(path, 20, "...") == ".../friday night game.json"  # the name whole


async def test_the_saved_as_notice_at_80x24_holds_the_file_name_on_one_line() -> None:
    app = local_app(settings(2, seed=6))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await start_playing(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"friday night game", "enter")
        await until(pilot, lambda: "Saved as" in shown_text(app), "the notice")
        (message,) = notification_messages(app)
        first, shown = message.split("\n")
        assert first == "Saved as" and shown.endswith("/friday night game.json")
        assert len(shown) <= NOTICE_ROOM  # on a line of its own, whole
        assert shown in shown_text(app)  # drawn on one line of the screen, not wrapped


async def test_the_records_box_cuts_a_long_name_after_a_whole_word() -> None:
    name = "Ana Maria de los Angeles Fernandez Castillo"
    records = Records({name: PlayerRecord(name, 3, 2, 5, 1, 40)})
    app = OneScreen(RecordsScreen(lambda: records))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        cell = str(app.screen.query_one(DataTable).get_row_at(0)[0])
        shown = shown_text(app)
    assert cell.endswith("…") and name.startswith(cell[:-1])
    assert name[len(cell) - 1] == " "  # cut before a word, not inside one
    assert cell in shown


async def test_the_new_game_screen_from_a_games_end_offers_learn_and_back_to_the_box() -> None:
    app, table = table_app(finished(2, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # from the game-over box
        screen = await until_screen(pilot, NewGameScreen)
        buttons = {str(b.id): b for b in screen.query(Button)}
        assert {"start", "cancel", "learn", "quit"} <= set(buttons)
        row = screen.query_one("#buttons", Horizontal)
        for button in buttons.values():
            assert button.region.right <= row.region.right <= SIZE[0], button.id
        await pilot.press("escape")  # back to exactly where the player was: the box
        over = await until_screen(pilot, GameOverScreen)
        assert over.match is table.match
        await pilot.press("v")  # and its keys work there
        await until_screen(pilot, ReviewScreen)
    assert table.match.state.is_over
