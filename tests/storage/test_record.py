"""The game record: round trips, and every way a record can be wrong."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from storage_games import play

from cantstop_tui.engine import legal_moves, state_to_dict
from cantstop_tui.play.match import Match
from cantstop_tui.storage import SaveError, load_game, match_from_record, record_to_json
from cantstop_tui.storage.action_lines import ActionLines
from cantstop_tui.storage.record import (
    VERSION,
    describe,
    game_id,
    record_to_dict,
    write_game,
)

GAMES = [
    (1, 2, "standard", 3),
    (2, 3, "jump", 4),
    (3, 4, "forced", 3),
    (4, 2, "standard", 5),
    (5, 3, "forced", 3),
    (6, 4, "jump", 3),
]


def as_data(match: Match) -> dict:
    return json.loads(record_to_json(match))


@pytest.mark.parametrize(("seed", "players", "variant", "win"), GAMES)
def test_every_position_of_a_seeded_game_survives_a_round_trip(seed, players, variant, win):
    positions = play(seed, players, variant, win)
    assert positions[-1].state.is_over
    for match in positions[::7] + positions[-1:]:
        assert match_from_record(as_data(match)) == match


def test_the_record_names_format_version_seats_seed_and_actions():
    match = play(7, steps=12)[-1]
    data = as_data(match)
    assert data["format"] == "cantstop-game-record"
    assert data["version"] == 1  # nothing in it needs version 2: older programs open it
    assert data["seed"] == 7
    assert data["seats"] == [{"name": "Ada", "kind": "easy"}, {"name": "Ben", "kind": "easy"}]
    assert data["actions"] == [action.to_json() for action in match.history]
    assert data["state"] == state_to_dict(match.state)
    assert data["created"] <= data["updated"]


def test_created_is_kept_across_saves():
    match = play(7, steps=3)[-1]
    data = record_to_dict(match, created="2020-01-01T00:00:00Z")
    assert data["created"] == "2020-01-01T00:00:00Z"
    assert data["updated"] != data["created"]


def test_game_id_depends_on_the_game_not_the_time():
    positions = play(8)
    final = positions[-1]
    assert game_id(final) == game_id(match_from_record(as_data(final)))
    assert game_id(final) != game_id(positions[-2])
    assert game_id(final) != game_id(play(9)[-1])


def first_step(match: Match, kind: str) -> int:
    return next(i for i, action in enumerate(match.history) if action.kind == kind)


def test_an_illegal_choice_is_refused_naming_the_step():
    positions = play(11)
    match = positions[-1]
    data = as_data(match)
    index = first_step(match, "choose")
    legal = set(legal_moves(positions[index].state))
    illegal = next(
        [a, b] for a in range(2, 13) for b in range(a, 13) if (a, b) not in legal
    )
    data["actions"][index] = ["choose", illegal]
    with pytest.raises(ValueError) as caught:
        match_from_record(data)
    message = str(caught.value)
    assert message.startswith(f"step {index + 1} (choose {illegal[0]}+{illegal[1]}): Columns ")
    assert "are not a move this roll allows" in message


def test_tampered_dice_are_refused_naming_the_step():
    match = play(12)[-1]
    data = as_data(match)
    index = first_step(match, "roll")
    dice = data["actions"][index][1]
    data["actions"][index][1] = [7 - d for d in dice]  # never equal: no die shows 3.5
    with pytest.raises(ValueError, match=rf"^step {index + 1} \(roll .*not what the seeded dice"):
        match_from_record(data)


def test_a_step_out_of_order_is_refused():
    match = play(13, steps=5)[-1]
    data = as_data(match)
    data["actions"].insert(0, ["stop"])
    with pytest.raises(ValueError, match=r"^step 1 \(stop\): "):
        match_from_record(data)


def test_an_edited_snapshot_is_refused():
    match = play(14, steps=30)[-1]
    data = as_data(match)
    data["state"]["current_player"] = 1 - data["state"]["current_player"]
    with pytest.raises(ValueError, match="saved position is not the one its moves lead to"):
        match_from_record(data)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(version=VERSION + 1), "newer cantstop"),
        (lambda d: d.update(version="1"), "not a version number"),
        (lambda d: d.update(format="chess"), "not a Can't Stop game record"),
        (lambda d: d.pop("actions"), "missing 'actions'"),
        (lambda d: d.update(seed="42"), "'seed' must be a whole number"),
        (lambda d: d.update(seed=True), "'seed' must be a whole number"),
        (lambda d: d.update(actions={}), "'actions' must be a list"),
        (lambda d: d.update(config=[]), "'config' must be an object"),
        (lambda d: d["config"].pop("variant"), "'config' is missing 'variant'"),
        (lambda d: d["config"].update(variant="chaos"), "Unknown variant"),
        (lambda d: d.update(seats="Ada, Ben"), "'seats' must be a list"),
        (lambda d: d["seats"][1].update(name=" "), "seat 2 must have"),
        (lambda d: d["seats"].pop(), "set for 2 players but has 1 seats"),
        (lambda d: d["actions"].__setitem__(0, ["jump"]), "step 1 is"),
        (lambda d: d["actions"].__setitem__(0, ["roll", [1, 2]]), "step 1 is"),
        (lambda d: d["actions"].__setitem__(0, ["roll", "1234"]), "step 1 is"),
        (lambda d: d["actions"].__setitem__(0, ["roll", [1, 2, 3, 4.0]]), "step 1 is"),
        (lambda d: d["actions"].__setitem__(2, ["stop", []]), "step 3 is"),
        (lambda d: d["actions"].__setitem__(0, "roll"), "step 1 is"),
    ],
)
def test_malformed_records_are_refused_with_a_reason(edit, message):
    data = as_data(play(15, steps=10)[-1])
    edit(data)
    with pytest.raises(ValueError, match=message):
        match_from_record(data)


@pytest.mark.parametrize(("value", "kind"), [([], "a list"), ("x", "a string"), (3, "a single")])
def test_a_record_must_be_an_object(value, kind):
    with pytest.raises(ValueError, match=f"it holds {kind}"):
        match_from_record(value)


def test_describe_reads_like_the_game():
    match = play(16, steps=40)[-1]
    labels = {describe(action).split()[0] for action in match.history}
    assert labels <= {"roll", "choose", "stop"}
    roll = match.history[first_step(match, "roll")]
    assert describe(roll) == "roll " + " ".join(map(str, roll.dice))


# --- files --------------------------------------------------------------------


def saved(tmp_path: Path, seed: int = 20, steps: int | None = 25) -> tuple[Path, Match]:
    match = play(seed, steps=steps)[-1]
    path = tmp_path / "game.json"
    write_game(path, match)
    return path, match


def test_a_written_game_loads_back(tmp_path):
    path, match = saved(tmp_path)
    loaded = load_game(path)
    assert loaded.match == match
    assert loaded.path == path
    assert loaded.created and loaded.updated
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def edit_json(text: str, edit) -> str:
    data = json.loads(text)
    edit(data)
    return json.dumps(data)


def first_choice_illegal(data: dict) -> None:
    index = next(i for i, a in enumerate(data["actions"]) if a[0] == "choose")
    data["actions"][index] = ["choose", [2, 12]] if data["actions"][index][1] != [2, 12] else [
        "choose", [3, 11]]


BAD_FILES = {
    "corrupt": (lambda text: text.replace('"actions"', '"actions" ::'), "not valid JSON"),
    "truncated": (lambda text: text[: len(text) // 2], "ends too early"),
    "empty": (lambda text: "", "the file is empty"),
    "binary": (lambda text: "\xff\xfe", None),
    "not an object": (lambda text: "[1, 2, 3]", "holds a list"),
    "illegal step": (lambda text: edit_json(text, first_choice_illegal), r"step \d+ \(choose"),
    "tampered dice": (
        lambda text: edit_json(text, lambda d: d["actions"][0].__setitem__(1, [6, 6, 6, 6])
                               if d["actions"][0][1] != [6, 6, 6, 6]
                               else d["actions"][0].__setitem__(1, [1, 1, 1, 1])),
        r"step 1 \(roll .*seeded dice",
    ),
    "future version": (lambda text: edit_json(text, lambda d: d.update(version=99)),
                       "newer cantstop"),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_file_is_named_explained_and_left_untouched(tmp_path, kind):
    path, _ = saved(tmp_path)
    change, problem = BAD_FILES[kind]
    if kind == "binary":
        path.write_bytes(b"\xff\xfe\x00garbage")
        problem = "not a text file"
    else:
        path.write_text(change(path.read_text()))
    before = path.read_bytes()
    stat = path.stat()
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert str(path) in str(caught.value)
    assert caught.value.path == path
    assert not caught.value.writing
    assert problem is not None
    assert re.search(problem, str(caught.value)), str(caught.value)
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == stat.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_missing_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="No such file"):
        load_game(tmp_path / "nowhere.json")


def test_a_full_disk_leaves_the_old_save_whole(tmp_path, monkeypatch):
    path, _ = saved(tmp_path)
    before = path.read_bytes()
    later = play(20, steps=60)[-1]

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(SaveError, match="the disk is full") as caught:
        write_game(path, later)
    assert caught.value.writing
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    monkeypatch.undo()
    write_game(path, later)
    assert load_game(path).match == later


def test_a_failed_rename_leaves_the_old_save_whole(tmp_path, monkeypatch):
    path, _ = saved(tmp_path)
    before = path.read_bytes()

    def refuse(src, dst):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SaveError, match="read-only"):
        write_game(path, play(21, steps=5)[-1])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_a_save_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(SaveError, match="permission denied"):
            write_game(folder / "game.json", play(22, steps=5)[-1])
    finally:
        folder.chmod(0o700)


@pytest.mark.parametrize("keep", [0.05, 0.3, 0.77, 0.99])
def test_a_file_cut_off_anywhere_is_called_truncated(tmp_path, keep):
    path, _ = saved(tmp_path)
    text = path.read_text()
    path.write_text(text[: int(len(text) * keep)])
    with pytest.raises(SaveError, match="ends too early"):
        load_game(path)


def test_an_autosaves_kept_action_lines_write_what_a_fresh_record_writes():
    """``ActionLines`` encodes each action once across saves: every save of a growing game,
    then of another game (the kept lines start again), is the record written afresh."""
    lines = ActionLines()
    stamp = "2020-01-01T00:00:00Z"
    for match in play(9, steps=40) + play(10, steps=15)[::3] + play(9, steps=5):
        kept = record_to_json(match, created=stamp, updated=stamp, actions=lines)
        assert kept == record_to_json(match, created=stamp, updated=stamp)


def test_the_record_keeps_its_keys_in_order():
    match = play(7, steps=12)[-1]
    assert list(record_to_dict(match)) == [
        "format", "version", "created", "updated", "config", "seed", "seats", "actions", "state",
    ]
    assert list(json.loads(record_to_json(match)))[-1] == "actions"
