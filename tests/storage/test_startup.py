"""Start-up: --load FILE, --resume, or the resume prompt."""

from __future__ import annotations

import os
import time

from storage_games import bot_table, play

from cantstop_tui.storage import Autosaver, find_resumable, write_game
from cantstop_tui.storage.startup import plan_startup


def abandon(seed: int, steps: int, age: float = 0.0):
    saver = Autosaver.for_session()
    table = bot_table(seed)
    saver.attach(table)
    for _ in range(steps):
        table.step_bot()
    path = saver.path
    saver.close()
    os.utime(path, (time.time() - age, time.time() - age))
    return path, table.match


def test_load_opens_the_file(tmp_path):
    game = play(90, steps=12)[-1]
    write_game(tmp_path / "g.json", game)
    plan = plan_startup(Autosaver.for_session(), load=tmp_path / "g.json")
    assert plan.match == game and plan.problem is None


def test_load_of_a_bad_file_names_it(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("nonsense")
    plan = plan_startup(Autosaver.for_session(), load=path)
    assert plan.match is None and str(path) in plan.problem and "not valid JSON" in plan.problem
    assert path.read_text() == "nonsense"


def test_without_flags_unfinished_games_are_offered_newest_first():
    older, _ = abandon(91, 5, age=100)
    newer, _ = abandon(92, 7)
    plan = plan_startup(Autosaver.for_session())
    assert plan.match is None and plan.problem is None
    assert [game.path for game in plan.offer] == [newer, older]


def test_nothing_to_offer_means_the_new_game_screen():
    plan = plan_startup(Autosaver.for_session())
    assert (plan.match, plan.offer, plan.problem) == (None, [], None)


def test_resume_takes_the_newest_and_keeps_saving_it():
    older, _ = abandon(93, 5, age=100)
    newer, match = abandon(94, 9)
    saver = Autosaver.for_session()
    plan = plan_startup(saver, resume=True)
    assert plan.match == match
    assert saver.path == newer
    assert [game.path for game in find_resumable()] == [older]  # newer is being played


def test_resume_skips_a_broken_autosave_and_says_so():
    _, match = abandon(95, 6, age=100)
    broken, _ = abandon(96, 6)
    broken.write_text("{")
    plan = plan_startup(Autosaver.for_session(), resume=True)
    assert plan.match == match


def test_resume_with_nothing_to_resume_says_so():
    plan = plan_startup(Autosaver.for_session(), resume=True)
    assert plan.match is None and plan.problem == "There is no unfinished game to resume."


def test_only_broken_autosaves_are_reported_not_offered():
    broken, _ = abandon(97, 4)
    broken.write_text("[]")
    plan = plan_startup(Autosaver.for_session())
    assert plan.offer == []
    assert str(broken) in plan.problem and "left as it is" in plan.problem
