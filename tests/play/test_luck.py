"""Luck's scale: a turn's and a game's luck in points with the spread the dice alone give,
and how lucky that is among games."""

from __future__ import annotations

import math

import pytest

from cantstop_tui.play.luck import WORDS, PlayerLuck, TurnLuck, player_luck


def test_a_games_luck_sums_its_turns_and_its_spread_their_variances() -> None:
    turns = [TurnLuck(1, 0, 3.0, 9.0), TurnLuck(3, 0, -1.0, 16.0), TurnLuck(5, 0, 10.0, 144.0)]
    luck = player_luck(turns)
    assert luck.points == pytest.approx(12.0)
    assert luck.spread == pytest.approx(13.0)  # sqrt(9 + 16 + 144)
    assert luck.turns == 3 and luck.per_turn == pytest.approx(4.0)
    assert TurnLuck(1, 0, 0.0, 0.0).add(2.5, 4.0) == TurnLuck(1, 0, 2.5, 4.0)
    assert TurnLuck(1, 0, 2.5, 4.0).spread == 2.0


@pytest.mark.parametrize(
    ("points", "spread", "share", "words"),
    [
        (12.0, 12.0, 84.13, "a lucky game"),  # one spread above: the normal curve's 84%
        (0.0, 8.0, 50.0, "an ordinary game"),
        (-16.0, 8.0, 2.28, "an unlucky game"),  # two spreads below
        (5.0, 0.0, 50.0, "an ordinary game"),  # no spread: nothing to compare with
    ],
)
def test_how_lucky_a_game_was_among_games(
    points: float, spread: float, share: float, words: str
) -> None:
    luck = PlayerLuck(points, spread, 10)
    assert luck.luckier_than == pytest.approx(share, abs=0.01)
    assert luck.words == words


def test_the_sentence_a_reader_sees() -> None:
    luck = PlayerLuck(12.0, 12.0, 14)
    assert luck.sentence() == (
        "+12.0 points of luck (±12), a lucky game: luckier than 84% of games"
    )
    assert [bound for bound, _ in WORDS] == sorted((b for b, _ in WORDS), reverse=True)
    assert PlayerLuck(0.0, 0.0, 0).per_turn == 0.0
    assert math.isfinite(PlayerLuck(-50.0, 1.0, 3).luckier_than)
