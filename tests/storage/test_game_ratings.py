"""The ratings a game's review assumes are its people's as the game began: the records (and a
server's database) keep them with each game counted, so its own result never moves them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.ratings import GameRatings
from cantstop_tui.storage import records as records_module
from cantstop_tui.storage.record import game_id
from cantstop_tui.storage.records import game_ratings, load_records, record_game
from cantstop_tui.storage.served_records import (
    count_game,
    create_schema,
    served_game_ratings,
    served_ratings,
)
from cantstop_tui.ui.demo import play_until

PEOPLE = (Seat("ana"), Seat("bob"))


def played(seed: int, seats: tuple[Seat, ...] = PEOPLE) -> Match:
    """A finished game (the demo player's, any outcome will do)."""
    return play_until(Match.start(seats, GameConfig(), seed), lambda m: m.state.is_over)


def test_the_records_keep_each_games_ratings_before_it(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    first, second, third = played(1), played(2), played(3)
    assert game_ratings(first, path) == GameRatings({})  # nothing counted: both new
    assert record_game(first, path)
    after_first = load_records(path).ratings
    assert set(after_first) == {"ana", "bob"}
    # The first game's review: both were newcomers, whatever it did to their ratings.
    assert game_ratings(first, path) == GameRatings({})
    assert record_game(second, path)
    assert game_ratings(second, path) == GameRatings(after_first)
    assert game_ratings(first, path) == GameRatings({})
    # A game not counted (yet): the ratings now, which leave it out.
    assert game_ratings(third, path) == GameRatings(load_records(path).ratings)


def test_a_game_counted_before_the_records_kept_its_ratings_is_reviewed_with_todays(
    tmp_path: Path,
) -> None:
    path = tmp_path / "records.json"
    game = played(1)
    assert record_game(game, path)
    data = json.loads(path.read_text())
    del data["before"]  # as an older cantstop wrote it
    path.write_text(json.dumps(data))
    known = game_ratings(game, path)
    assert known.today
    assert known.ratings == load_records(path).ratings


def test_a_servers_database_keeps_each_games_ratings_before_it() -> None:
    db = sqlite3.connect(":memory:")
    create_schema(db)
    first, second = played(1), played(2)
    assert served_game_ratings(db, first) == GameRatings({})
    assert count_game(db, first)
    after_first = served_ratings(db)
    assert set(after_first) == {"ana", "bob"}
    assert served_game_ratings(db, first) == GameRatings({})
    assert count_game(db, second)
    assert served_game_ratings(db, second) == GameRatings(after_first)
    db.execute("DELETE FROM rated_before")  # a game counted before the database kept them
    assert served_game_ratings(db, first) == GameRatings(served_ratings(db), today=True)


def test_the_records_keep_the_ratings_of_the_newest_games_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(records_module, "KEPT_BEFORE", 2)
    path = tmp_path / "records.json"
    games = [played(seed) for seed in (1, 2, 3)]
    for game in games:
        assert record_game(game, path)
    assert list(load_records(path).before) == [game_id(game) for game in games[1:]]
    assert game_ratings(games[0], path).today  # the oldest: today's, said so
    assert not game_ratings(games[2], path).today


def test_the_save_format_doc_says_how_many_games_keep_their_ratings() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"
    text = " ".join(doc.read_text(encoding="utf-8").split())
    assert f"newest {records_module.KEPT_BEFORE} games counted (`KEPT_BEFORE`)" in text


def test_a_games_id_is_the_sha256_of_its_canonical_record_without_openssl() -> None:
    """``game_id`` hashes with CPython's own SHA-256 (no OpenSSL at start-up): the same ids
    as ``hashlib``'s, so records written before still find their games."""
    import hashlib
    import json

    from cantstop_tui.storage.record import record_to_dict

    game = played(4)
    data = record_to_dict(game, created="", updated="")
    for key in ("created", "updated", "state"):
        del data[key]
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    assert game_id(game) == hashlib.sha256(canonical).hexdigest()[:24]
