"""Ratings no one can farm: wins over a computer level stop at one ladder step above it, and
a win over a provisional person (a fresh name) earns nothing."""

from __future__ import annotations

import itertools

import pytest
from test_results import play

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.ratings import ANCHORS, CEILINGS, MU, PROVISIONAL_GAMES, Rating, rated


def won_by_ana(opponent: Seat) -> Match:
    for seed in range(100):
        start = Match.start((Seat("ana"), opponent), GameConfig(), seed)
        if (game := play(start)).state.winner == 0:
            return game
    raise AssertionError("no seed where ana wins")


def test_200_wins_over_easy_stay_below_the_next_level() -> None:
    game = won_by_ana(Seat("Computer (easy)", "easy"))
    ratings: dict[str, Rating] = {}
    for _ in range(200):
        ratings |= rated(ratings, game)
    ana = ratings["ana"]
    assert ana.games == 200
    assert ana.shown <= ANCHORS["rule28"].shown < ANCHORS["steady"].shown  # was 38.8
    assert ana.mu <= ANCHORS["rule28"].mu and ana.shown > Rating().shown  # but she rose
    # a win over the next level up takes her past it
    harder = won_by_ana(Seat("Computer (rule28)", "rule28"))
    assert rated(ratings, harder)["ana"].mu > ANCHORS["rule28"].mu


def test_the_ceiling_of_a_level_is_the_next_levels_anchor() -> None:
    levels = list(ANCHORS)
    for lower, upper in itertools.pairwise(levels):
        assert CEILINGS[lower] == ANCHORS[upper]
    top, below = ANCHORS[levels[-1]], ANCHORS[levels[-2]]
    assert CEILINGS[levels[-1]].mu == 2 * top.mu - below.mu


def test_one_above_the_ceiling_keeps_their_rating_when_beating_the_level() -> None:
    strong = Rating(40.0, 2.0, 50)
    game = won_by_ana(Seat("Computer (easy)", "easy"))
    assert rated({"ana": strong}, game)["ana"] == Rating(40.0, 2.0, 51)  # not a narrower sigma


def test_a_win_over_a_provisional_person_earns_nothing_and_the_loser_still_moves() -> None:
    game = won_by_ana(Seat("bob"))
    ana = Rating(30.0, 4.0, 20)
    moved = rated({"ana": ana}, game)
    assert moved["ana"] == Rating(30.0, 4.0, 21)
    assert moved["bob"].mu < Rating().mu
    # 200 wins over a fresh name each: nothing (it was 52.8)
    ratings: dict[str, Rating] = {}
    for i in range(200):
        fresh = Match.start((Seat("ana"), Seat(f"new{i}")), game.config, game.seed)
        ratings = {"ana": ratings.get("ana", Rating())}
        ratings |= rated(ratings, play(fresh))
    assert ratings["ana"].shown == Rating().shown and ratings["ana"].games == 200
    # bob, no longer provisional, is worth beating
    established = {"ana": ana, "bob": Rating(games=PROVISIONAL_GAMES)}
    assert rated(established, game)["ana"].mu > ana.mu


def test_a_provisional_rating_is_shown_with_a_question_mark() -> None:
    assert Rating(games=PROVISIONAL_GAMES - 1).label == "0.0?"
    assert Rating(30.0, 2.0, PROVISIONAL_GAMES).label == "24.0"


def test_a_hint_asked_makes_the_game_unrated_for_the_one_who_asked() -> None:
    from cantstop_tui.storage.record import match_from_record, record_to_dict

    game = won_by_ana(Seat("bob"))
    known = {"ana": Rating(games=PROVISIONAL_GAMES), "bob": Rating(games=PROVISIONAL_GAMES)}
    assert rated(known, game)["ana"].mu > MU  # her own win
    hinted = game.with_hint(0)
    assert "ana" not in rated(known, hinted) and rated(known, hinted)["bob"].mu < MU
    again = match_from_record(record_to_dict(hinted))
    assert again.hinted == {0} and "hinted" not in record_to_dict(game)
    broken = record_to_dict(hinted) | {"hinted": [2]}
    with pytest.raises(ValueError, match="'hinted' must list seats 0-1"):
        match_from_record(broken)
