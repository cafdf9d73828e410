"""The app with its saves: resume, --resume, --load, ctrl+s, saved games, records, replay, hints."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Button, Checkbox, OptionList, Static

from cantstop_tui.engine import GameConfig, Phase
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.name_cells import ELLIPSIS
from cantstop_tui.play.table import Table
from cantstop_tui.storage import (
    Autosaver,
    autosave_dir,
    find_resumable,
    load_game,
    saves_dir,
    write_game,
)
from cantstop_tui.ui import cli
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.app_files import NOTICE_ROOM, short_path
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.screens.quit import QuitScreen
from cantstop_tui.ui.screens.records import RecordsScreen
from cantstop_tui.ui.screens.replay import ReplayScreen
from cantstop_tui.ui.screens.resume import ResumeScreen
from cantstop_tui.ui.screens.saved_games import SavedGamesScreen
from cantstop_tui.ui.settings import GameSettings, parse_players
from cantstop_tui.ui.table_app import TableApp
from cantstop_tui.ui.textual_compat import notification_messages
from cantstop_tui.ui.widgets.keys_bar import KeysBar
from cantstop_tui.ui.widgets.pair_choice import PairChoice

from .test_keys_bar import shown_acts
from .ui_helpers import (
    SIZE,
    finished,
    humans,
    play_until,
    run_from_palette,
    shown_text,
    start_playing,
    table_app,
    until,
)


def unfinished(seed: int = 11, steps: int = 15) -> Match:
    """A game of two people, some steps in, with the first of them to roll."""
    return play_until(
        Match.start(humans(2), GameConfig(), seed),
        lambda m: len(m.history) > steps and m.state.phase is Phase.ROLL,
    )


def abandon(match: Match) -> None:
    """What a dropped session leaves: the autosave of ``match``, no process holding it."""
    saver = Autosaver.for_session()
    saver.attach(Table(match, bot_delay=0))
    saver.close()


def app_with(**kwargs: object) -> CantStopApp:
    return CantStopApp(ai_delay=0, **kwargs)  # type: ignore[arg-type]


def pair_text(app: CantStopApp) -> str:
    return app.screen.query_one(PairChoice).render().plain  # type: ignore[union-attr]


def notices(app: CantStopApp) -> str:
    return "\n".join(notification_messages(app))


# --- resume ----------------------------------------------------------------------


async def test_an_unfinished_game_is_offered_and_enter_resumes_the_exact_position() -> None:
    match = unfinished()
    abandon(match)
    app = app_with()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.table is not None and app.table.match == match
        await pilot.press("r")  # and it goes on with the same dice stream
        await pilot.pause()
        assert app.table.match == match.roll()[0]
    assert [game.match for game in find_resumable()] == [match.roll()[0]]


async def test_new_game_at_the_prompt_leaves_the_unfinished_game_resumable() -> None:
    match = unfinished()
    abandon(match)
    app = app_with()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
    assert [game.match for game in find_resumable()] == [match]


async def test_resume_flag_resumes_without_asking() -> None:
    match = unfinished()
    abandon(match)
    app = app_with(resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.table is not None and app.table.match == match
        assert find_resumable() == []  # this session holds it now


async def test_resume_flag_with_nothing_to_resume_says_so_and_offers_a_new_game() -> None:
    app = app_with(resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "no unfinished game" in notices(app)


async def test_a_game_played_in_the_app_is_autosaved_after_every_step() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert app.saver is not None and app.saver.path is not None
        assert load_game(app.saver.path).match == app.table.match  # type: ignore[union-attr]


def test_a_shared_table_is_not_autosaved_by_its_viewers() -> None:
    app = TableApp(Table(unfinished(), bot_delay=0), my_seats={1})
    assert getattr(app, "saver", None) is None and not app.is_saved and not app.has_files
    assert CantStopApp(ai_delay=0).saver is not None


# --- load ------------------------------------------------------------------------


async def test_load_opens_a_saved_game_at_its_position(tmp_path: Path) -> None:
    match = unfinished(seed=3)
    path = tmp_path / "game.json"
    write_game(path, match)
    app = app_with(load=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.table is not None and app.table.match == match


def corrupt_file(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "broken.json"
    write_game(path, unfinished())
    content = path.read_bytes()[:-40]  # cut off: a truncated save
    path.write_bytes(content)
    return path, content


async def test_load_of_a_corrupt_file_names_it_leaves_it_and_offers_a_new_game(
    tmp_path: Path,
) -> None:
    path, content = corrupt_file(tmp_path)
    app = app_with(load=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert f"Cannot open {path}" in notices(app)
    assert path.read_bytes() == content


def test_the_command_line_refuses_a_corrupt_file_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, content = corrupt_file(tmp_path)
    assert cli.main(["--load", str(path)]) == 1
    error = capsys.readouterr().err
    assert f"Cannot open {path}" in error and "left as it is" in error
    assert path.read_bytes() == content
    assert cli.main(["--load", str(path), "--resume"]) == cli.USAGE_ERROR
    assert cli.main(["--resume", "--players", "A:human,B:ai"]) == cli.USAGE_ERROR


BOT_MODULE = "cantstop_untrusted_bot"


def write_bot_module(folder: Path) -> None:
    (folder / f"{BOT_MODULE}.py").write_text(
        "from cantstop_tui.ai.easy import EasyBot\n"
        "IMPORTED = True\n"
        "class Sneaky(EasyBot):\n"
        "    pass\n",
        encoding="utf-8",
    )


async def test_a_file_naming_a_module_bot_does_not_import_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_bot_module(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    seats = (Seat("Ana"), Seat("Sly", f"{BOT_MODULE}:Sneaky"))
    match = Match.start(seats, GameConfig(), 4)
    path = tmp_path / "sly.json"
    write_game(path, match)
    app = app_with(load=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.table is not None and app.table.is_bot(1)
        assert app.table.match.seats == seats  # the record keeps its players
        assert "so expert plays instead" in notices(app)
    assert BOT_MODULE not in sys.modules


def test_players_flag_splits_only_at_the_first_colon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_bot_module(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    seats = parse_players(f"Ana:human, Sly:{BOT_MODULE}:Sneaky")
    assert seats == (Seat("Ana"), Seat("Sly", f"{BOT_MODULE}:Sneaky"))
    assert BOT_MODULE in sys.modules  # given by the player: loaded
    sys.modules.pop(BOT_MODULE, None)


async def test_a_bot_the_player_chose_is_played_by_that_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_bot_module(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    seats = (Seat("Ana"), Seat("Sly", f"{BOT_MODULE}:Sneaky"))
    app = app_with(settings=GameSettings(seats, seed=2), remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.table is not None
        assert type(app.table._bot(1)).__name__ == "Sneaky"
    sys.modules.pop(BOT_MODULE, None)


# --- save as, saved games ---------------------------------------------------------


async def test_ctrl_s_saves_the_game_under_a_name() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        [saved] = list(saves_dir().glob("*.json"))
        assert app.table is not None and load_game(saved).match == app.table.match
        # The file name whole on a line of its own (``app_files.short_path``).
        assert f"Saved as\n{short_path(saved, NOTICE_ROOM, ELLIPSIS)}" in notices(app)
        assert f"/{saved.name}" in notices(app)


async def test_the_saved_notice_shows_once_under_the_quit_question() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await start_playing(pilot)
        await pilot.press("r", "ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, GameScreen), "the save box")
        await pilot.press("enter")
        await until(pilot, lambda: "Saved as" in shown_text(app), "the saved notice")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit question")
        await pilot.pause()
        assert shown_text(app).count("Saved as") == 1  # on the question, not under it too
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game again")
        await pilot.pause()
        assert shown_text(app).count("Saved as") == 1  # the game's own is back


async def test_the_new_game_screen_loads_a_saved_game() -> None:
    match = unfinished(seed=8)
    saves_dir().mkdir(parents=True)
    write_game(saves_dir() / "Keeper.json", match)
    app = app_with()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        enter = app.get_key_display(Binding("enter", "start"))
        keys = shown_acts(app)
        assert " esc Back " in keys
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        keys = shown_acts(app)  # Enter loads, as the bar says
        assert f" {enter} Load " in keys and " r Replay " in keys and "Start" not in keys
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.table is not None and app.table.match == match
        assert len(app.screen_stack) == 2  # the new-game screen is gone


async def test_a_game_loaded_after_a_game_over_closes_the_old_games_box(tmp_path: Path) -> None:
    """Game over, ``n``, ctrl+o, Enter: the old game's box came back over the loaded game
    (the new-game screen closed as if the player had gone back to it)."""
    write_game(tmp_path / "over.json", finished(2, seed=4))
    loaded = unfinished(seed=8)
    saves_dir().mkdir(parents=True)
    write_game(saves_dir() / "Keeper.json", loaded)
    app = app_with(load=tmp_path / "over.json")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game over")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen), "the saved games")
        await pilot.press("enter")
        await until(pilot, lambda: app.table is not None and app.table.match == loaded, "loaded")
        for _ in range(3):
            await pilot.pause()
        assert [type(s) for s in app.screen_stack[1:]] == [GameScreen]


# --- records, replay --------------------------------------------------------------


async def test_records_and_replay_from_the_command_palette() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        for key in "r1r1":
            await pilot.press(key)
            await pilot.pause()
        table = app.table
        assert table is not None
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Records", "Replay this game", "Save game as", "Load a saved game"} <= set(titles)
        await run_from_palette(pilot, "Records")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen), "the records")
        await pilot.press("escape")
        await pilot.pause()
        await run_from_palette(pilot, "Replay this")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("home", "right", "right", "p")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.table is not table
        assert app.table is not None and app.table.match.history == table.match.history[:2]


# --- hints ------------------------------------------------------------------------


async def test_h_shows_the_experts_hint_on_a_players_turn() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        assert " h Hint " in app.screen.query_one(KeysBar).render().plain  # type: ignore[union-attr]
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("h")
        await until(pilot, lambda: "Hint: Play" in pair_text(app), "the hint")


async def test_hints_turned_off_in_the_new_game_screen_say_so() -> None:
    app = app_with(remember=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#hints", Checkbox).value = False
        app.screen.query_one("#kind1").value = "human"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#start")
        await start_playing(pilot)
        await pilot.press("h")
        await pilot.pause()
        assert "Hints are off" in pair_text(app)
        app.action_toggle_hints()
        await pilot.press("h")
        await until(pilot, lambda: "Hint: Roll" in pair_text(app), "the hint")
    assert CantStopApp().settings.hints is False  # remembered with the other settings


async def test_the_hint_speaks_in_the_side_panels_chances() -> None:
    """Against expert the side panel gives a person far less than half; the hint's chance
    is the same one, not the chance between equals it was priced at before."""
    seats = (Seat("Ana"), Seat("Bot", "expert"))
    seed = next(
        s for s in range(99) if Match.start(seats, GameConfig(), s).current_seat.is_human
    )
    app = app_with(settings=GameSettings(seats, seed=seed), remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("w")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(pilot, lambda: screen.view.chances is not None, "the side panel's chances")
        assert screen.view.chances is not None
        panel = screen.view.chances[0]
        assert panel < 0.4  # a person new to the records against expert
        await pilot.press("h")
        await until(pilot, lambda: "Hint: Roll" in pair_text(app), "the hint")
        stated = re.search(r"You win (\d+)% of the time", pair_text(app))
        assert stated is not None and int(stated[1]) == round(panel * 100)


async def test_no_hint_key_while_the_computer_plays() -> None:
    seats = (Seat("Bot", "easy"), Seat("Ana"))
    # A seed whose roll-off lets the computer start.
    seed = next(
        s for s in range(99) if not Match.start(seats, GameConfig(), s).current_seat.is_human
    )
    app = app_with(settings=GameSettings(seats, seed=seed), remember=False)
    app.ai_delay = 100.0  # the computer's turn waits: h must not apply
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        assert app.table is not None and app.table.bot_to_move
        assert app.screen.check_action("hint", ()) is False


async def test_play_on_from_a_finished_games_replay_leaves_no_dialog_behind(
    tmp_path: Path,
) -> None:
    match = finished()
    write_game(tmp_path / "over.json", match)
    app = app_with(load=tmp_path / "over.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        app.action_replay()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("left", "p")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert [type(s) for s in app.screen_stack[1:]] == [GameScreen]
        assert app.table is not None and app.table.match.history == match.history[:-1]
        played_on = app.table.match
        assert played_on.reseeds[-1].step == len(match.history) - 1  # new dice from here
        assert played_on.dice_seed != match.seed
        assert "Playing on from step" in notices(app) and "with new dice" in notices(app)


async def test_a_shared_tables_guest_may_replay_but_not_play_on_or_save() -> None:
    app, table = table_app(finished(), my_seats={1}, can_restart=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Replay this game" in titles
        assert not titles & {"Save game as", "Load a saved game", "Records"}
        app.action_replay()
        await pilot.pause()
        await pilot.press("left", "p")
        await pilot.pause()
        assert app.table is table and table.match.state.is_over
        assert "started by its host" in notices(app)


async def test_ctrl_c_asks_before_quitting() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert "saved" not in " ".join(str(s.render()) for s in app.screen.query(Static))
        await pilot.press("n", "r", "ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        said = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "Your game is saved" in said
        await pilot.press("y")
        await pilot.pause()
    assert [game.match for game in find_resumable()] == [app.table.match]  # type: ignore[union-attr]


async def test_the_winning_step_counts_in_the_records_and_ends_the_autosave(
    tmp_path: Path,
) -> None:
    from cantstop_tui.storage import load_records

    from .ui_helpers import next_key

    whole = finished(2, seed=4)
    before = Match.start(whole.seats, whole.config, whole.seed)
    for action in whole.history[:-1]:
        before = before.apply(action)[0]
    write_game(tmp_path / "almost.json", before)
    app = app_with(load=tmp_path / "almost.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.saver is not None and app.saver.path is not None
        autosave = app.saver.path
        await pilot.press(next_key(before))
        await pilot.pause()
        assert app.table is not None and app.table.match == whole
        assert isinstance(app.screen, GameOverScreen)
    winner = whole.seats[whole.state.winner or 0].name
    assert load_records().players[winner].wins == 1
    assert not autosave.exists() and find_resumable() == []


def test_players_flag_finds_a_bot_module_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_bot_module(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    players = f"Ana:human,Sly:{BOT_MODULE}:Sneaky"
    # A bad --ai-delay stops main() after the players are read, before the app runs.
    assert cli.main(["--players", players, "--ai-delay", "-1"]) == cli.USAGE_ERROR
    assert "--ai-delay" in capsys.readouterr().err
    assert BOT_MODULE in sys.modules
    sys.modules.pop(BOT_MODULE, None)


async def test_quitting_a_game_with_no_step_leaves_nothing_to_resume() -> None:
    app = app_with(settings=GameSettings(humans(2), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        await pilot.press("q", "y")
        await pilot.pause()
    assert find_resumable() == []
    assert not list(autosave_dir().glob("*.json"))


async def test_the_resume_chooser_and_its_discard_question_show_the_keys_that_act() -> None:
    from cantstop_tui.storage import write_game
    from cantstop_tui.storage.paths import finished_dir

    abandon(unfinished())
    finished_dir().mkdir(parents=True, exist_ok=True)
    write_game(finished_dir() / "won.json", finished(2, seed=4))
    app = app_with()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen), "the chooser")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        # At start-up it opens over no screen of the game's: the bar is its own.
        await pilot.pause()
        keys = shown_acts(app)
        assert " r Resume " in keys and " d Discard " in keys and " n New game " in keys
        await pilot.press("d")
        await until(pilot, lambda: app.screen is not resume, "the discard question")
        await pilot.pause()
        keys = shown_acts(app)
        assert " y Yes, discard " in keys and "Resume" not in keys
        await pilot.press("n")
        await until(pilot, lambda: app.screen is resume, "the chooser again")
        await pilot.press("down")  # past the heading, to the finished game
        await pilot.pause()
        options = resume.query_one(OptionList)
        assert options.highlighted is not None
        assert "won" in str(options.get_option_at_index(options.highlighted).prompt)
        keys = shown_acts(app)
        # r replays a finished game, and it is not discarded here: no d.
        assert " r Replay " in keys and "Discard" not in keys and "Resume" not in keys
        assert str(resume.query_one("#resume", Button).label) == "Replay (r)"
        assert resume.query_one("#discard", Button).disabled
        await pilot.press("d")
        await pilot.pause()
        assert app.screen is resume
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
