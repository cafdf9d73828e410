"""Broken, hostile and unwritable files at start and at the end of a game: the player is told
in one sentence, the file is left as it is, and nothing is lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from storage_games import bot_table

from cantstop_tui.storage import (
    Autosaver,
    SaveError,
    find_resumable,
    load_records,
    plan_startup,
    records_path,
)
from cantstop_tui.storage.locks import FileLock

DEEP = "[" * 50_000 + "]" * 50_000


def finish(saver: Autosaver, seed: int = 1):
    table = bot_table(seed)
    saver.attach(table)
    while table.bot_to_move and not table.match.state.is_over:
        table.step_bot()
    assert table.match.state.is_over
    return table.match


def test_a_hostile_records_file_keeps_the_finished_game_until_it_can_be_counted():
    path = records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DEEP)
    problems: list[SaveError] = []
    saver = Autosaver.for_session(on_problem=problems.append)
    match = finish(saver)
    assert path.read_text() == DEEP  # left as it was
    [problem] = problems
    assert "nest more than" in str(problem) and "This game is kept" in str(problem)
    kept = list(saver.folder.glob("*.json"))
    assert len(kept) == 1  # the finished game waits beside the records
    saver.close()
    assert find_resumable() == []  # not offered to resume: it is over; the records still fail
    assert kept[0].exists()
    path.unlink()  # the player mends (here: removes) the records
    assert find_resumable() == []
    records = load_records()
    assert sum(r.games for r in records.players.values()) == len(match.seats)
    assert not kept[0].exists()


def test_a_hostile_autosave_is_listed_with_its_problem_and_left_alone():
    saver = Autosaver.for_session()
    saver.folder.mkdir(parents=True, exist_ok=True)
    bad = saver.folder / "0123.json"
    bad.write_text('{"format": "cantstop-game-record", "seed": ' + "9" * 5000 + "}")
    plan = plan_startup(saver)
    assert plan.problem is not None and "5000 digits long" in plan.problem
    assert str(bad) in plan.problem and "left as it is" in plan.problem
    resumed = plan_startup(saver, resume=True)
    assert resumed.match is None and resumed.problem and "5000 digits" in resumed.problem
    assert bad.read_text().endswith("9}")


def test_resume_on_a_read_only_data_directory_plays_and_says_it_is_not_saved(monkeypatch):
    first = Autosaver.for_session()
    table = bot_table(4)
    first.attach(table)
    for _ in range(6):
        table.step_bot()
    first.close()

    def read_only(path: Path) -> FileLock | None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(FileLock, "try_acquire", staticmethod(read_only))
    problems: list[SaveError] = []
    saver = Autosaver.for_session(on_problem=problems.append)
    plan = plan_startup(saver, resume=True)
    assert plan.match == table.match
    [problem] = problems
    assert "permission denied" in str(problem) and "not being saved" in str(problem)


def test_hostile_settings_start_the_game_with_defaults_and_say_so(tmp_path, monkeypatch):
    from cantstop_tui.ui import settings as settings_module

    path = tmp_path / "settings.json"
    path.write_text('{"seats": [["Ana", "human"], ["Bot", "expert"]], "win_columns": 1e999}')
    monkeypatch.setattr(settings_module, "settings_path", lambda: path)
    loaded, problem = settings_module.load_settings()
    assert loaded == settings_module.GameSettings()
    assert problem is not None and str(path) in problem and "out of range" in problem
    assert "usual settings" in problem


def test_settings_are_written_atomically_and_a_failed_write_leaves_no_temporary_file(
    tmp_path, monkeypatch
):
    import os

    from cantstop_tui.ui import settings as settings_module

    path = tmp_path / "conf" / "settings.json"
    monkeypatch.setattr(settings_module, "settings_path", lambda: path)
    assert settings_module.save_settings(settings_module.GameSettings()) is None
    before = path.read_bytes()
    assert json.loads(before)["seats"] and "seed" not in json.loads(before)

    def no_space(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_space)
    error = settings_module.save_settings(settings_module.GameSettings(win_columns=4))
    assert error is not None and "the disk is full" in str(error)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


@pytest.mark.parametrize("content", [DEEP, '{"seats": 1e999}', "\x00\xff"])
def test_the_app_starts_on_hostile_settings_and_plays(tmp_path, monkeypatch, content):
    import asyncio

    from cantstop_tui.ui import settings as settings_module
    from cantstop_tui.ui.app import CantStopApp
    from cantstop_tui.ui.screens.new_game import NewGameScreen

    path = tmp_path / "settings.json"
    path.write_text(content, encoding="latin-1")
    monkeypatch.setattr(settings_module, "settings_path", lambda: path)

    notes: list[str] = []

    class Watched(CantStopApp):
        def notify(self, message: str, **options) -> None:  # type: ignore[override]
            notes.append(message)
            super().notify(message, **options)

    async def run() -> None:
        app = Watched(ai_delay=0, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)  # the game starts, with defaults

    asyncio.run(run())
    assert any(str(path) in note and "usual settings" in note for note in notes)
    assert path.read_text(encoding="latin-1") == content
