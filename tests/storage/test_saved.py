"""Games saved under a name."""

from __future__ import annotations

import os
import time
from datetime import datetime

import pytest
from storage_games import play

from cantstop_tui.storage import load_game, saves_dir
from cantstop_tui.storage.saved import (
    MAX_NAME,
    clean_name,
    default_name,
    list_saved_games,
    save_game,
)


@pytest.mark.parametrize(
    ("text", "name"),
    [("My game", "My game"), ("  a/b\\c:d  ", "a b c d"), ("..hidden", "hidden"),
     ("tab\there", "tab here"), ("x" * 80, "x" * 60)],
)
def test_names_become_safe_file_names(text, name):
    assert clean_name(text) == name


WHEN = datetime(2026, 11, 27, 12, 32)
TESTERS = ("José Ñúñez", "Zoë", "Bartholomew Maximilian von Hohenzollern", "🦊 Fox")


def test_the_default_name_keeps_its_date_and_cuts_the_longest_names():
    """Four players: the 60-character cut took the date ("... 🦊 Fox 2026-")."""
    name = default_name(TESTERS, WHEN)
    assert name.endswith(" 2026-11-27 12.32"), name
    assert len(name) <= MAX_NAME and clean_name(name) == name  # saved as offered
    parts = name.removesuffix(" 2026-11-27 12.32").split(" vs ")
    assert parts[1:4:2] == ["Zoë", "🦊 Fox"]  # short names whole
    assert parts[0].startswith("José") and parts[2].startswith("Bartholomew"), parts
    assert default_name(("Ana", "Bo"), WHEN) == "Ana vs Bo 2026-11-27 12.32"


def test_the_default_name_is_a_file_name_as_it_is():
    assert default_name(("a/b", "c:d", "..."), WHEN) == "a b vs c d vs ... 2026-11-27 12.32"
    assert default_name(("x" * 80, "y" * 80, "z" * 80, "w" * 80), WHEN) == clean_name(
        " vs ".join(c * 7 for c in "xyzw") + " 2026-11-27 12.32"
    )


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
