"""Games saved under a name."""

from __future__ import annotations

import os
import time

import pytest
from storage_games import play

from cantstop_tui.storage import load_game, saves_dir
from cantstop_tui.storage.saved import clean_name, list_saved_games, save_game


@pytest.mark.parametrize(
    ("text", "name"),
    [("My game", "My game"), ("  a/b\\c:d  ", "a b c d"), ("..hidden", "hidden"),
     ("tab\there", "tab here"), ("x" * 80, "x" * 60)],
)
def test_names_become_safe_file_names(text, name):
    assert clean_name(text) == name


@pytest.mark.parametrize("text", ["", "   ", "///", "..."])
def test_an_empty_name_is_refused(text):
    with pytest.raises(ValueError, match="Give the game a name"):
        clean_name(text)


def test_saving_under_a_taken_name_needs_overwrite():
    first, second = play(80, steps=10)[-1], play(81, steps=10)[-1]
    path = save_game(first, "Keep")
    with pytest.raises(FileExistsError, match="exists already"):
        save_game(second, "Keep")
    assert load_game(path).match == first
    assert save_game(second, "Keep", overwrite=True) == path
    assert load_game(path).match == second


def test_saved_games_are_listed_newest_first_with_a_summary():
    assert list_saved_games() == []
    finished = play(82)[-1]
    save_game(finished, "Done")
    save_game(play(83, steps=7)[-1], "Going")
    os.utime(saves_dir() / "Done.json", (time.time() - 100, time.time() - 100))
    (saves_dir() / ".Going.json.1.ab.tmp").write_text("{")
    going, done = list_saved_games()
    assert (going.name, going.players, going.moves, going.problem) == (
        "Going", ("Ada", "Ben"), 7, None)
    assert going.status.endswith(" to play")
    winner = finished.seats[finished.state.winner].name
    assert done.status == f"{winner} won"


@pytest.mark.parametrize(
    "content", ["{", "[]", '{"format": "cantstop-game-record", "version": 1}',
                '{"format": "cantstop-game-record", "version": 1, "config": {}, "seed": 1, '
                '"seats": [{"name": "A"}], "actions": [], "state": {}}'],
)
def test_unreadable_saves_are_listed_with_the_problem(content):
    path = saves_dir() / "broken.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    [listed] = list_saved_games()
    assert listed.problem and str(path) in listed.problem
    assert path.read_text() == content
