"""The storage screens the app pushes: resume, save as, records, saved games."""

from __future__ import annotations

import os
import time
from typing import Any

from storage_games import bot_table, play
from textual.app import App
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList, Static

from cantstop_tui.storage import (
    Autosaver,
    find_resumable,
    load_game,
    record_game,
    saves_dir,
    write_game,
)
from cantstop_tui.ui.screens.records import RecordsScreen
from cantstop_tui.ui.screens.resume import ResumeScreen
from cantstop_tui.ui.screens.save_as import SaveAsScreen
from cantstop_tui.ui.screens.saved_games import SavedGamesScreen
from cantstop_tui.ui.textual_compat import notification_messages


class Host(App[Any]):
    """Pushes one screen and keeps what it dismisses with."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.first = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.first, self.results.append)


def abandoned(seeds: tuple[int, ...]) -> list:
    for seed in seeds:
        saver = Autosaver.for_session()
        table = bot_table(seed)
        saver.attach(table)
        for _ in range(seed):
            table.step_bot()
        saver.close()
    return find_resumable()


def text_of(screen: Screen[Any], selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_resume_is_the_default():
    games = abandoned((5, 9))
    app = Host(ResumeScreen(games))
    async with app.run_test() as pilot:
        assert "2 unfinished games" in text_of(app.screen, "#title")
        await pilot.press("enter")
    assert app.results == [games[0]]


async def test_new_game_leaves_the_autosaves():
    games = abandoned((6,))
    app = Host(ResumeScreen(games))
    async with app.run_test() as pilot:
        await pilot.press("n")
    assert app.results == [None]
    assert [g.path for g in find_resumable()] == [games[0].path]


async def test_discard_asks_first_then_deletes_the_chosen_autosave_only():
    games = abandoned((7, 8))
    app = Host(ResumeScreen(games))
    async with app.run_test() as pilot:
        resume = app.screen
        await pilot.press("d")
        assert "Discard" in " ".join(str(w.render()) for w in app.screen.query(Static))
        await pilot.press("n")  # no: nothing is lost
        assert len(resume.query_one(OptionList).options) == 2
        assert len(find_resumable()) == 2
        await pilot.press("d", "y")
        await pilot.pause()
        assert len(resume.query_one(OptionList).options) == 1
        await pilot.press("d", "y")
    assert app.results == [None]
    assert find_resumable() == []


async def test_finished_games_are_kept_and_listed_after_the_unfinished_to_replay():
    from cantstop_tui.storage.paths import finished_dir
    from cantstop_tui.ui.screens.replay import ReplayScreen
    from cantstop_tui.ui.screens.resume import counted

    saver = Autosaver.for_session()
    table = bot_table(3)
    saver.attach(table)
    while not table.match.state.is_over:
        table.step_bot()
    saver.close()
    kept = list(finished_dir().glob("*.json"))
    assert len(kept) == 1 and load_game(kept[0]).match == table.match
    games = abandoned((5,))
    app = Host(ResumeScreen(games))
    async with app.run_test(size=(100, 30)) as pilot:
        prompts = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert prompts[0].startswith(games[0].players)  # the unfinished game first
        assert prompts[1] == "Finished games (Enter replays, v reviews):"
        assert " won · " in prompts[2]
        assert counted(len(table.match.history), "step") in prompts[2]
        await pilot.press("down", "enter")  # the heading is skipped
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


def test_counts_are_in_proper_english():
    from cantstop_tui.ui.screens.resume import counted

    assert counted(1, "step") == "1 step" and counted(2, "step") == "2 steps"
    assert counted(0, "step") == "0 steps"


async def test_a_broken_autosave_is_named_and_a_new_game_offered():
    [game] = abandoned((9,))
    game.path.write_text("{ not json")
    broken = find_resumable()
    app = Host(ResumeScreen(broken))
    async with app.run_test() as pilot:
        assert "No game can be resumed" in text_of(app.screen, "#title")
        problems = text_of(app.screen, "#problems")
        assert str(game.path) in problems and "left as it is" in problems
        await pilot.press("enter")
    assert app.results == [None]
    assert game.path.read_text() == "{ not json"


async def test_save_as_writes_a_saved_game_and_asks_before_replacing():
    match = play(41, steps=20)[-1]
    app = Host(SaveAsScreen(match))
    async with app.run_test() as pilot:
        app.screen.query_one(Input).value = "My game"
        await pilot.press("enter")
    [path] = app.results
    assert path == saves_dir() / "My game.json"
    assert load_game(path).match == match

    other = play(42, steps=5)[-1]
    app = Host(SaveAsScreen(other))
    async with app.run_test() as pilot:
        app.screen.query_one(Input).value = "My game"
        await pilot.press("enter")
        assert "exists already" in text_of(app.screen, "#message")
        assert load_game(path).match == match
        await pilot.press("enter")
    assert app.results == [path]
    assert load_game(path).match == other


async def test_save_as_refuses_an_empty_name():
    app = Host(SaveAsScreen(play(43, steps=3)[-1]))
    async with app.run_test() as pilot:
        app.screen.query_one(Input).value = " / "
        await pilot.press("enter")
        assert "Give the game a name" in text_of(app.screen, "#message")
        await pilot.press("escape")
    assert app.results == [None]


async def test_records_screen_lists_the_players():
    record_game(play(44)[-1])
    app = Host(RecordsScreen())
    async with app.run_test() as pilot:
        table = app.screen.query_one(DataTable)
        names = {table.get_row_at(i)[0] for i in range(table.row_count)}
        assert names == {"Ada (easy)", "Ben (easy)"}
        await pilot.press("escape")
    assert app.results == [None]


async def test_records_screen_fits_80_columns():
    """Its box keeps its right border at 80x24 (the table scrolls inside it)."""
    record_game(play(44)[-1])
    app = Host(RecordsScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(Vertical)
        assert box.region.right <= 80


async def test_records_screen_with_no_records():
    app = Host(RecordsScreen())
    async with app.run_test():
        assert "No finished games yet" in text_of(app.screen, "#message")


async def test_saved_games_load_and_bad_ones_are_explained():
    folder = saves_dir()
    good = play(45, steps=12)[-1]
    write_game(folder / "good.json", good)
    (folder / "bad.json").write_text("[]")
    os.utime(folder / "bad.json", (time.time() - 60, time.time() - 60))
    app = Host(SavedGamesScreen())
    async with app.run_test() as pilot:
        options = app.screen.query_one(OptionList)
        assert options.option_count == 2
        assert "cannot be read" in str(options.get_option_at_index(1).prompt)
        await pilot.press("down", "enter")
        assert "bad.json" in text_of(app.screen, "#message")
        await pilot.press("up", "enter")
    assert app.results == [good]
    assert (folder / "bad.json").read_text() == "[]"


async def test_saved_games_replay_and_play_on():
    game = play(46, steps=15)[-1]
    write_game(saves_dir() / "g.json", game)
    app = Host(SavedGamesScreen())
    async with app.run_test() as pilot:
        await pilot.press("r", "home", "right", "p")
        said = notification_messages(app)
    assert len(app.results) == 1 and app.results[0].history == game.history[:1]
    assert app.results[0].reseeds[-1].step == 1
    assert said == ["Playing on from step 1 with new dice."]
