"""Every file the game reads is hostile until checked (the reading layer, ``storage/reading``).

Mutated and hostile versions of each file (a game record, the records, the settings) go to
its reader: it returns a value or raises ``SaveError`` with a sentence naming the file, never
anything else; a name it lets through can do nothing to a terminal; the file is unchanged.
"""

from __future__ import annotations

import json
import os
import threading
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_games import play

from cantstop_tui.storage import SaveError, load_game, load_records, record_game
from cantstop_tui.storage.reading import MAX_DEPTH, read_json
from cantstop_tui.storage.record import record_to_json
from cantstop_tui.ui import settings as settings_module

PLACEHOLDER = "\u2603HOSTILE\u2603"
HOSTILE_TEXT = [
    '"\\u001b[2J\\u001b]0;owned\\u0007\\u001bc evil"',  # clear screen, set title, reset
    '"ana\\u202ebob\\u200b\\u0000"',  # bidi override, zero width, NUL
    "9" * 5000,  # past Python's 4,300-digit limit
    "1e999",
    "-1e999",
    "NaN",
    "Infinity",
    "[" * 100_000 + "]" * 100_000,  # deep nesting
    '{"a":' * 5000 + "1" + "}" * 5000,
    '"' + "x" * 300_000 + '"',  # a huge string
    "null",
    "true",
    "-1",
    "3.5",
    "[]",
    "{}",
    '"human"',
    '"module:Class"',
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in parsed JSON (dict keys and list indexes), the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):  # the first few steps are enough
            found += _paths(item, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return PLACEHOLDER
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: (_replaced(v, rest) if k == head else v) for k, v in value.items()}
    return [(_replaced(v, rest) if i == head else v) for i, v in enumerate(value)]


def _hostile_versions(text: str) -> st.SearchStrategy[bytes]:
    data = json.loads(text)
    places = _paths(data)
    swapped = st.builds(
        lambda place, hostile: json.dumps(_replaced(data, place))
        .replace(json.dumps(PLACEHOLDER), hostile)
        .encode(),
        st.sampled_from(places),
        st.sampled_from(HOSTILE_TEXT),
    )
    raw = text.encode()
    truncated = st.integers(0, len(raw) - 1).map(lambda n: raw[:n])
    flipped = st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 255)).map(
        lambda at: raw[: at[0]] + bytes([at[1]]) + raw[at[0] + 1 :]
    )
    return st.one_of(swapped, truncated, flipped)


def _harmless(name: str) -> bool:
    return all(unicodedata.category(char)[0] != "C" for char in name) and len(name) <= 24


def _game_text() -> str:
    return record_to_json(play(5, players=3, steps=12)[-1])


def _records_text(tmp_path: Path) -> str:
    path = tmp_path / "seed-records.json"
    record_game(play(3)[-1], path)
    return path.read_text()


def _settings_text() -> str:
    return json.dumps(
        {"seats": [["Ana", "human"], ["Bot", "expert"]], "variant": "jump", "win_columns": 3}
    )


FAST = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FAST
@given(data=st.data())
def test_a_hostile_game_record_is_refused_with_a_sentence_or_read_clean(
    tmp_path: Path, data: st.DataObject
) -> None:
    content = data.draw(_hostile_versions(_game_text()))
    path = tmp_path / "game.json"
    path.write_bytes(content)
    try:
        loaded = load_game(path)
    except SaveError as error:
        assert str(error).startswith(f"Cannot open {path}: ") and error.problem.endswith(".")
    else:
        assert all(_harmless(seat.name) for seat in loaded.match.seats)
    assert path.read_bytes() == content


@FAST
@given(data=st.data())
def test_hostile_records_are_refused_with_a_sentence_or_read_clean(
    tmp_path: Path, data: st.DataObject
) -> None:
    content = data.draw(_hostile_versions(_records_text(tmp_path)))
    path = tmp_path / "records.json"
    path.write_bytes(content)
    try:
        records = load_records(path)
    except SaveError as error:
        assert str(error).startswith(f"Cannot open {path}: ")
    else:
        assert all(_harmless(name) for name in records.players)
    assert path.read_bytes() == content


@FAST
@given(data=st.data())
def test_hostile_settings_give_the_defaults_and_a_sentence(
    tmp_path: Path, data: st.DataObject
) -> None:
    content = data.draw(_hostile_versions(_settings_text()))
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings_module, "settings_path", lambda: path)
        loaded, problem = settings_module.load_settings()
    if problem is not None:
        assert str(path) in problem and loaded == settings_module.GameSettings()
    assert all(_harmless(seat.name) for seat in loaded.seats)
    assert loaded.seed is None
    assert path.read_bytes() == content


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), f"nest more than {MAX_DEPTH} deep"),
        (b'{"seed": ' + b"7" * 5000 + b"}", "a number 5000 digits long"),
        (b'{"seed": NaN}', "holds NaN"),
        (b'{"seed": 1e999}', "out of range"),
        (b'{"a": "\xff"}', "not a text file"),
        (b'{"a": [1, 2', "ends too early"),
        (b'{"a": 1]', "not valid JSON (line 1, column 8"),
        (b"  \n", "the file is empty"),
    ],
)
def test_the_reading_layer_names_each_problem(tmp_path: Path, content: bytes, problem: str):
    path = tmp_path / "f.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as refused:
        read_json(path)
    assert problem in str(refused.value) and str(path) in str(refused.value)


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b'["' + b"x" * 2048 + b'"]')
    with pytest.raises(SaveError, match="over 0 MB, far too big"):
        read_json(path, max_bytes=1024)


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_the_reading_layer_refuses_what_is_not_a_regular_file_unread(
    tmp_path: Path, kind: str
) -> None:
    """A named pipe with no writer is refused at once, not waited on (it blocked before)."""
    path = tmp_path / "game.json"
    os.mkfifo(path) if kind == "pipe" else path.mkdir()
    found: list[object] = []

    def read() -> None:
        try:
            read_json(path)
        except SaveError as error:
            found.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=30)
    if reader.is_alive():  # a writer lets the blocked reader go before the test fails
        with open(path, "wb"):
            pass
        pytest.fail("reading a named pipe waited for a writer")
    assert len(found) == 1 and "not a regular file" in str(found[0])
    assert str(path) in str(found[0])


def test_a_megabyte_name_is_capped_and_cleaned_at_load(tmp_path: Path) -> None:
    data = json.loads(_game_text())
    data["seats"][0]["name"] = "\x1b[31m\u202e" + "A" * 1_000_000
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert load_game(path).match.seats[0].name == "A" * 24


@pytest.mark.parametrize("kind", ["game", "records", "settings"])
def test_every_truncation_is_refused_with_a_sentence_and_changes_nothing(
    tmp_path: Path, kind: str
) -> None:
    text = {
        "game": _game_text,
        "records": lambda: _records_text(tmp_path),
        "settings": _settings_text,
    }[kind]().rstrip().encode()  # cut anywhere before its last character
    path = tmp_path / f"{kind}.json"
    for end in range(len(text)):
        path.write_bytes(text[:end])
        if kind == "game":
            with pytest.raises(SaveError):
                load_game(path)
        elif kind == "records":
            with pytest.raises(SaveError):
                load_records(path)
        else:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(settings_module, "settings_path", lambda: path)
                loaded, problem = settings_module.load_settings()
            assert problem is not None and loaded == settings_module.GameSettings()
        assert path.read_bytes() == text[:end]
