"""Ratings: OpenSkill after each finished game, once per game, computer levels fixed."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest

from cantstop_tui import cli
from cantstop_tui.ai import LEVELS
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.ratings import (
    ANCHORS,
    BETA,
    MU,
    PROVISIONAL_GAMES,
    SIGMA,
    Rating,
    rated,
)
from cantstop_tui.play.results import places
from cantstop_tui.storage import SaveError
from cantstop_tui.storage.records import load_records, record_game
from cantstop_tui.storage.served_records import count_game, create_schema, served_records
from cantstop_tui.ui.demo import finished


def with_seats(match: Match, *seats: Seat) -> Match:
    return dataclasses.replace(match, seats=seats)


def winner_and_loser(match: Match) -> tuple[str, str]:
    winner = match.state.winner
    assert winner is not None
    return match.seats[winner].name, match.seats[1 - winner].name


def test_a_win_raises_the_winners_rating_and_lowers_the_losers() -> None:
    match = finished(2, seed=3)
    won, lost = winner_and_loser(match)
    known = Rating(games=PROVISIONAL_GAMES)  # a loser past their first games: worth beating
    new = rated({won: known, lost: known}, match)
    assert new[won].mu > known.mu > new[lost].mu
    assert new[won].sigma < known.sigma and new[won].games == new[lost].games == 6
    assert new[won].shown > new[lost].shown
    # two newcomers: the loser moves, the winner beat a provisional person: no gain
    first = rated({}, match)
    assert first[won] == Rating(games=1) and first[lost].mu < MU


def test_places_put_the_winner_first_then_the_most_columns() -> None:
    match = finished(4, seed=3)
    place = places(match)
    won = [len(match.state.columns_won(seat)) for seat in range(4)]
    assert place[match.state.winner or 0] == 1
    for a in range(4):
        for b in range(4):
            if a != match.state.winner and b != match.state.winner:
                assert (place[a] < place[b]) == (won[a] > won[b])


def test_the_constants_are_openskills_defaults() -> None:
    from openskill.models import PlackettLuce

    default = PlackettLuce()
    assert (default.mu, default.sigma, default.beta) == pytest.approx((MU, SIGMA, BETA))


def test_computer_levels_are_fixed_anchors_in_order_of_strength() -> None:
    assert tuple(ANCHORS) == LEVELS  # the ladder, weakest first
    assert ANCHORS[LEVELS[1]].mu == Rating().mu  # where a newcomer starts: the second level
    match = finished(2, seed=3)
    won, _ = winner_and_loser(match)
    human_winner = match.state.winner
    for level in ANCHORS:
        seats = [Seat(won), Seat("Bot", level)]
        if human_winner == 1:
            seats.reverse()
        new = rated({}, with_seats(match, *seats))
        assert set(new) == {won}, "the computer's rating does not change"
    gains = {
        level: rated({}, with_seats(match, *(
            [Seat(won), Seat("Bot", level)] if human_winner == 0 else
            [Seat("Bot", level), Seat(won)]
        )))[won].mu
        for level in ANCHORS
    }
    assert [gains[level] for level in LEVELS] == sorted(gains.values())  # beating expert says more


def test_the_same_game_counts_once_in_the_local_records(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    match = finished(2, seed=4)
    assert record_game(match, path) is True
    once = load_records(path).ratings
    assert record_game(match, path) is False  # replayed, saved again: not counted again
    assert load_records(path).ratings == once
    won, lost = winner_and_loser(match)
    assert once[won].shown > once[lost].shown
    data = json.loads(path.read_text())
    assert data["ratings"][won]["games"] == 1


def test_the_same_game_counts_once_on_a_server() -> None:
    db = sqlite3.connect(":memory:")
    create_schema(db)
    match = finished(2, seed=5)
    assert count_game(db, match) is True
    first = served_records(db).ratings
    assert count_game(db, match) is False
    assert served_records(db).ratings == first
    won, lost = winner_and_loser(match)
    assert first[won].mu > first[lost].mu
    records = served_records(db)
    assert [r.name for r in records.ranked()] == [won, lost]


def test_a_bad_rating_in_the_records_file_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    record_game(finished(2, seed=4), path)
    data = json.loads(path.read_text())
    name = next(iter(data["ratings"]))
    data["ratings"][name]["sigma"] = "lots"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="rating of"):
        load_records(path)


def test_cantstop_records_shows_the_leaderboard_and_the_computer_ratings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = finished(2, seed=4)
    record_game(match)
    assert cli.main(["records"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["Player", "Rating"]
    won, lost = winner_and_loser(match)
    assert lines[1].startswith(won) and lines[2].startswith(lost)
    assert "Computer levels (fixed ratings): easy" in out
    assert cli.main(["records", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"][0]["name"] == won and "rating" in data["players"][0]
    assert set(data["computer_ratings"]) == set(ANCHORS)
