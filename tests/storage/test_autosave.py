"""Autosave: every transition on disk, resume, two sessions, full disks and leftovers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from storage_games import bot_table, play

from cantstop_tui.engine import GameWon
from cantstop_tui.play.results import record_name
from cantstop_tui.storage import (
    Autosaver,
    SaveError,
    autosave_dir,
    find_resumable,
    load_game,
    load_records,
    write_game,
)


def game_files(folder: Path | None = None) -> list[str]:
    folder = folder or autosave_dir()
    return sorted(p.name for p in folder.glob("*.json")) if folder.exists() else []


def test_every_transition_is_on_disk_and_a_finished_game_goes_to_the_records():
    table = bot_table(1)
    saver = Autosaver.for_session()
    saver.attach(table)
    assert saver.path is None and game_files() == []  # nothing to resume before the first roll
    path = None
    while table.bot_to_move:
        table.step_bot()
        if table.match.state.is_over:
            break
        path = saver.path
        assert path is not None
        assert load_game(path).match == table.match
    assert table.match.state.is_over
    assert path is not None and not path.exists()
    assert game_files() == []
    records = load_records()
    # computers' games are counted under their level too (play.results.record_name)
    assert records.players["Ada (easy)"].games == records.players["Ben (easy)"].games == 1
    winner = record_name(table.match.seats[table.match.state.winner])
    assert records.players[winner].wins == 1
    assert find_resumable() == []


def test_a_finished_game_is_counted_once():
    final = play(2)[-1]
    saver = Autosaver.for_session()
    won = (GameWon(final.state.winner, final.state.columns_won(final.state.winner)),)
    saver(final, won)
    saver(final, won)
    Autosaver.for_session()(final, won)
    assert len(load_records().games) == 1
    assert load_records().players["Ada (easy)"].games == 1


def test_loading_a_finished_game_does_not_count_it():
    saver = Autosaver.for_session()
    saver(play(3)[-1], ())
    assert load_records().games == ()
    assert game_files() == []


def test_a_full_disk_warns_once_and_the_game_goes_on(monkeypatch):
    table = bot_table(4)
    problems: list[SaveError] = []
    saver = Autosaver.for_session(on_problem=problems.append)
    saver.attach(table)
    for _ in range(5):
        table.step_bot()
    path = saver.path
    saved_before = path.read_bytes()

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    for _ in range(5):
        table.step_bot()  # no exception reaches the game
    assert len(problems) == 1
    assert "the disk is full" in str(problems[0]) and problems[0].writing
    assert saver.problem is not None and saver.problem.writing
    assert path.read_bytes() == saved_before
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.undo()
    table.step_bot()  # the autosaver is still subscribed and recovers
    assert saver.problem is None
    assert load_game(path).match == table.match


def test_an_unwritable_data_directory_warns_and_the_game_goes_on(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    problems: list[SaveError] = []
    saver = Autosaver(blocker / "autosave", records=blocker / "records.json",
                      on_problem=problems.append)
    table = bot_table(5)
    saver.attach(table)
    while table.bot_to_move:
        table.step_bot()
    assert table.match.state.is_over
    assert len(problems) == 1 and problems[0].writing
    assert blocker.read_text() == ""


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_data_directory_warns(data_home):
    folder = data_home / "autosave"
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    problems: list[SaveError] = []
    try:
        table = bot_table(6)
        Autosaver.for_session(on_problem=problems.append).attach(table)
        table.step_bot()
    finally:
        folder.chmod(0o700)
    assert len(problems) == 1


def play_some(saver: Autosaver, seed: int, steps: int):
    table = bot_table(seed)
    saver.attach(table)
    for _ in range(steps):
        table.step_bot()
    return table


def test_two_sessions_write_their_own_files_and_hide_them_from_each_other():
    first, second = Autosaver.for_session(), Autosaver.for_session()
    table_one = play_some(first, 7, 9)
    table_two = play_some(second, 8, 14)
    assert first.path != second.path
    assert load_game(first.path).match == table_one.match
    assert load_game(second.path).match == table_two.match
    assert find_resumable() == []  # both are being played
    first_path = first.path
    first.close()
    resumable = find_resumable()
    assert [r.path for r in resumable] == [first_path]
    assert resumable[0].match == table_one.match
    assert resumable[0].problem is None
    assert resumable[0].players == "Ada vs Ben"


def test_resume_takes_over_the_file_and_keeps_going():
    old = Autosaver.for_session()
    table = play_some(old, 9, 11)
    path, created = old.path, json.loads(old.path.read_text())["created"]
    old.close()
    [candidate] = find_resumable()
    saver = Autosaver.for_session()
    match = saver.resume(candidate)
    assert match == table.match
    with pytest.raises(SaveError, match="another cantstop session has resumed"):
        Autosaver.for_session().resume(candidate)
    table.replace_match(match)
    saver.attach(table)
    table.step_bot()
    assert saver.path == path
    assert game_files() == [path.name]
    assert json.loads(path.read_text())["created"] == created
    assert load_game(path).match == table.match


def test_resuming_a_broken_file_fails_and_leaves_it():
    saver = Autosaver.for_session()
    play_some(saver, 10, 6)
    path = saver.path
    saver.close()
    [candidate] = find_resumable()
    path.write_text(path.read_text()[:100])
    before = path.read_bytes()
    with pytest.raises(SaveError, match="ends too early"):
        Autosaver.for_session().resume(candidate)
    assert path.read_bytes() == before
    [listed] = find_resumable()
    assert listed.match is None and "ends too early" in listed.problem
    assert str(path) in listed.problem
    assert listed.players == "?"
    assert path.read_bytes() == before


def test_a_new_game_on_the_table_leaves_the_old_one_resumable():
    saver = Autosaver.for_session()
    table = play_some(saver, 11, 8)
    unfinished, old_path = table.match, saver.path
    table.replace_match(bot_table(12).match)
    assert saver.path is None
    table.step_bot()
    assert saver.path not in (None, old_path)
    [resumable] = find_resumable()
    assert resumable.path == old_path and resumable.match == unfinished


def test_resumable_games_come_newest_first(monkeypatch):
    # Written within a second or two: the same "updated" stamp for all, so the files' ages
    # decide (a second boundary between the writes made this test flaky).
    from cantstop_tui.storage import record

    monkeypatch.setattr(record, "now", lambda: "2026-01-01T00:00:00+00:00")
    folder = autosave_dir()
    paths = []
    for seed in (13, 14, 15):
        path = folder / f"game{seed}.json"
        write_game(path, play(seed, steps=seed)[-1])
        paths.append(path)
    for age, path in zip((30, 10, 20), paths, strict=True):
        os.utime(path, (time.time() - age, time.time() - age))
    assert [r.path.name for r in find_resumable()] == ["game14.json", "game15.json", "game13.json"]


def test_a_finished_game_left_by_a_killed_process_is_counted_and_tidied():
    folder = autosave_dir()
    write_game(folder / "done.json", play(16)[-1])
    (folder / ".done.json.123.abcd.tmp").write_text("half")
    assert find_resumable() == []
    assert game_files() == []
    assert len(load_records().games) == 1
    assert list(folder.iterdir()) == []


def test_temporary_files_of_a_killed_writer_are_removed():
    folder = autosave_dir()
    write_game(folder / "g.json", play(17, steps=10)[-1])
    (folder / ".g.json.999.beef.tmp").write_text("{")
    [found] = find_resumable()
    assert found.problem is None
    assert sorted(p.name for p in folder.iterdir()) == ["g.json"]


HOLDER = """
import sys
sys.path.insert(0, {tests!r})
from storage_games import bot_table
from cantstop_tui.storage import Autosaver
table = bot_table(21)
saver = Autosaver.for_session()
saver.attach(table)
for _ in range(10):
    table.step_bot()
print(saver.path, flush=True)
sys.stdin.read()  # alive, its game open, until the test is done
"""


def test_a_game_played_by_another_live_process_is_not_offered():
    script = HOLDER.format(tests=str(Path(__file__).parent))
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        path = Path(child.stdout.readline().strip())
        assert path.exists()
        assert find_resumable() == []
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
        child.stdin.close()
    [found] = find_resumable()
    assert found.path == path
    assert len(found.match.history) == 10


def test_save_now_rewrites_the_game_and_reports_a_failure(monkeypatch):
    problems: list[SaveError] = []
    saver = Autosaver.for_session(on_problem=problems.append)
    table = play_some(saver, 22, 6)
    saver.path.write_text("{}")  # whatever is there, save_now puts the game back
    saver.save_now()
    assert load_game(saver.path).match == table.match

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    saver.save_now()
    assert len(problems) == 1 and "disk is full" in str(problems[0])


def test_a_game_being_played_cannot_be_discarded():
    from cantstop_tui.storage import Resumable, discard

    saver = Autosaver.for_session()
    table = play_some(saver, 23, 4)
    with pytest.raises(SaveError, match="another cantstop session"):
        discard(Resumable(saver.path, 0.0, table.match))
    assert saver.path.exists()


def test_a_finished_leftover_stays_while_the_records_are_broken(data_home):
    write_game(autosave_dir() / "done.json", play(24)[-1])
    (data_home / "records.json").write_text("broken")
    assert find_resumable() == []
    assert game_files() == ["done.json"]
    (data_home / "records.json").unlink()
    assert find_resumable() == []
    assert game_files() == []
    assert len(load_records().games) == 1
