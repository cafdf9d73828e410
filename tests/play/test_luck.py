"""Luck's scale: a turn's and a game's luck in points with the spread the dice alone give,
and how lucky that is among games."""

from __future__ import annotations

import math

import pytest

from cantstop_tui.play.luck import PlayerLuck, TurnLuck, player_luck


def test_a_games_luck_sums_its_turns_and_its_spread_their_variances() -> None:
    turns = [TurnLuck(1, 0, 3.0, 9.0), TurnLuck(3, 0, -1.0, 16.0), TurnLuck(5, 0, 10.0, 144.0)]
    luck = player_luck(turns)
    assert luck.points == pytest.approx(12.0)
    assert luck.spread == pytest.approx(13.0)  # sqrt(9 + 16 + 144)
    assert luck.turns == 3 and luck.per_turn == pytest.approx(4.0)
    assert TurnLuck(1, 0, 0.0, 0.0).add(2.5, 4.0) == TurnLuck(1, 0, 2.5, 4.0)
    assert TurnLuck(1, 0, 2.5, 4.0).spread == 2.0


@pytest.mark.parametrize(
    ("points", "spread", "share"),
    [
        (12.0, 12.0, 84.13),  # one spread above: the normal curve's 84%
        (0.0, 8.0, 50.0),
        (-16.0, 8.0, 2.28),  # two spreads below
        (5.0, 0.0, 50.0),  # no spread: nothing to compare with
    ],
)
def test_how_lucky_a_game_was_among_games(points: float, spread: float, share: float) -> None:
    luck = PlayerLuck(points, spread, 10)
    assert luck.luckier_than == pytest.approx(share, abs=0.01)


def test_the_sentence_a_reader_sees() -> None:
    luck = PlayerLuck(12.0, 12.0, 14)
    assert luck.sentence() == "luck +12.0 (±12), luckier than 84% of games like this one"
    assert PlayerLuck(0.0, 0.0, 0).per_turn == 0.0
    assert math.isfinite(PlayerLuck(-50.0, 1.0, 3).luckier_than)


def test_each_players_share_is_of_their_own_games() -> None:
    """The tester's 4-player game: the less unlucky of two has the lower share, each
    against their own spread; the sentence says so rather than "an unlucky game"."""
    bo, ana = PlayerLuck(-1.2, 1.0, 9), PlayerLuck(-2.1, 3.0, 9)
    assert bo.luckier_than < ana.luckier_than
    for luck in (bo, ana):
        assert luck.sentence().endswith(f"{luck.luckier_than:.0f}% of games like this one")
        assert "unlucky" not in luck.sentence()


def test_a_luck_line_is_one_line_at_80_columns_with_the_longest_name() -> None:
    from cantstop_tui.play.names import MAX_NAME_LENGTH
    from cantstop_tui.play.review import PlayerReview
    from cantstop_tui.play.review_text import luck_line

    luck = PlayerLuck(-99.9, 99.0, 30)  # spreads seen: 16 to 75 points
    player = PlayerReview(0, "N" * MAX_NAME_LENGTH, True, 30, 80.0, 1, 1, 1, luck)
    line = luck_line(player, ascii_only=True)  # "+/-": the widest
    assert "(+/-99)" in line and len(line) <= 80 - 2  # the review's padding of one a side


def test_the_docs_quote_the_sentence_the_review_shows() -> None:
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "ai.md").read_text(encoding="utf-8")
    assert f'"P0: {PlayerLuck(12.0, 12.0, 14).sentence()}"' in " ".join(docs.split())
