"""Luck's scale: a turn's and a game's luck in points with the spread the dice alone give,
and how lucky that is among games."""

from __future__ import annotations

import math

import pytest

from cantstop_tui.play.luck import (
    LUCK_BANDS,
    PlayerLuck,
    TurnLuck,
    luck_band,
    luck_bands_sentence,
    luck_legend,
    player_luck,
)


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


def test_the_games_luck_per_turn_with_its_typical_spread() -> None:
    """26.6 points over 14 turns with a spread of 22.4: 1.9 a turn, typically 1.6 either
    way over 14 turns (22.4 / 14); 26.6 / 22.4 = 1.1875 spreads up: the normal curve's 88%."""
    luck = PlayerLuck(26.6, 22.4, 14)
    assert luck.per_turn == pytest.approx(1.9)
    assert luck.per_turn_spread == pytest.approx(1.6)
    assert luck.luckier_than == pytest.approx(88.25, abs=0.01)
    assert luck.shown_share == 88 and luck.band == "lucky"
    assert PlayerLuck(5.0, 3.0, 0).per_turn_spread == 0.0


@pytest.mark.parametrize(
    ("share", "word"),
    [
        (0.0, "very unlucky"), (9.0, "very unlucky"), (10.0, "unlucky"), (29.0, "unlucky"),
        (30.0, "ordinary"), (50.0, "ordinary"), (69.0, "ordinary"), (70.0, "lucky"),
        (89.0, "lucky"), (90.0, "very lucky"), (100.0, "very lucky"),
    ],
)
def test_each_share_of_games_has_one_word(share: float, word: str) -> None:
    assert luck_band(share) == word


@pytest.mark.parametrize(
    ("points", "spread", "word"),
    [
        (-15.0, 10.0, "very unlucky"),  # 1.5 spreads down: 6.7%
        (-9.0, 10.0, "unlucky"),  # 18.4%
        (0.0, 10.0, "ordinary"),  # 50%
        (6.0, 10.0, "lucky"),  # 72.6%
        (13.0, 10.0, "very lucky"),  # 90.3%
        (12.5, 10.0, "lucky"),  # 89.4%: shown as 89%
        (12.8, 10.0, "very lucky"),  # 89.97%: shown as 90%, the word as the share reads
    ],
)
def test_the_word_follows_the_share_as_shown(points: float, spread: float, word: str) -> None:
    assert PlayerLuck(points, spread, 10).band == word


def test_the_bands_are_stated_once() -> None:
    assert luck_bands_sentence() == (
        "very unlucky under 10, unlucky from 10, ordinary from 30, lucky from 70, "
        "very lucky from 90"
    )
    assert [bound for bound, _ in LUCK_BANDS] == sorted(
        (bound for bound, _ in LUCK_BANDS), reverse=True
    ) and LUCK_BANDS[-1][0] == 0.0


def test_the_sentence_a_reader_sees() -> None:
    luck = PlayerLuck(26.6, 22.4, 14)
    assert luck.sentence() == (
        "dice +1.9 points a turn (typical ±1.6 over 14 turns): a lucky game, luckier than "
        "88% of games like this one"
    )
    assert PlayerLuck(-3.0, 2.0, 1).sentence(ascii_only=True) == (
        "dice -3.0 points a turn (typical +/-2.0 over 1 turn): a very unlucky game, luckier "
        "than 7% of games like this one"
    )
    assert PlayerLuck(0.0, 0.0, 0).sentence() == "dice: no turn played"
    assert PlayerLuck(0.0, 0.0, 0).per_turn == 0.0
    assert math.isfinite(PlayerLuck(-50.0, 1.0, 3).luckier_than)


def test_the_legend_says_what_luck_and_its_spread_are() -> None:
    for ascii_only in (False, True):
        legend = luck_legend(ascii_only)
        assert legend.startswith("Luck: points a turn") and len(legend) <= 80 - 2
        assert f"{'+/-' if ascii_only else '±'}: the spread by chance" in legend


def test_each_players_share_is_of_their_own_games() -> None:
    """The tester's 4-player game: the less unlucky of two has the lower share, each
    against their own spread; the word follows each one's share."""
    bo, ana = PlayerLuck(-1.2, 1.0, 9), PlayerLuck(-2.1, 3.0, 9)
    assert bo.luckier_than < ana.luckier_than
    for luck in (bo, ana):
        assert luck.sentence().endswith(f"{luck.shown_share}% of games like this one")
        assert f"{luck.band} game" in luck.sentence()


def test_more_luck_reads_as_luckier_per_turn_in_the_testers_game() -> None:
    """The tester's game: ana +9.4 (±8) and bob +20.4 (±34), 14 turns each: per turn bob's
    dice gave more (+1.5 against +0.7), his share lower as his spread is wider."""
    ana, bob = PlayerLuck(9.4, 8.0, 14), PlayerLuck(20.4, 34.0, 14)
    assert f"{ana.per_turn:+.1f}" == "+0.7" and f"{bob.per_turn:+.1f}" == "+1.5"
    assert "typical ±0.6 over 14 turns" in ana.sentence()
    assert "typical ±2.4 over 14 turns" in bob.sentence()
    assert ana.band == bob.band == "lucky"  # 88% and 73%: both lucky, in words


def test_a_luck_line_wraps_to_80_columns_in_the_text_review() -> None:
    from cantstop_tui.play.names import MAX_NAME_LENGTH
    from cantstop_tui.play.review import PlayerReview
    from cantstop_tui.play.review_text import luck_line, wrapped

    luck = PlayerLuck(-99.9, 99.0, 30)
    player = PlayerReview(0, "N" * MAX_NAME_LENGTH, True, 30, 80.0, 1, 1, 1, luck)
    line = luck_line(player, ascii_only=True)  # "+/-": the widest
    parts = wrapped(line, 80)
    assert len(parts) == 2 and all(len(part) <= 80 for part in parts)
    assert " ".join(part.strip() for part in parts) == line


def test_the_docs_quote_the_sentence_the_review_shows() -> None:
    from pathlib import Path

    root = Path(__file__).parents[2]
    sentence = PlayerLuck(26.6, 22.4, 14).sentence()
    for doc in (root / "docs" / "ai.md", root / "README.md"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        assert f'"ana: {sentence}"' in text, doc
    ai = " ".join((root / "docs" / "ai.md").read_text(encoding="utf-8").split())
    assert f'"{luck_legend().rstrip(".")}"' in ai


def test_the_docs_table_of_luck_words_is_the_codes() -> None:
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "ai.md").read_text(encoding="utf-8")
    rows = [row.strip() for row in docs.splitlines() if row.startswith("  | luckier than ")]
    ascending = list(reversed(LUCK_BANDS))
    highs = [bound for bound, _ in ascending[1:]] + [100.0]
    assert rows == [
        f"| luckier than {low:g}% to {high:g}% of games | {word} |"
        for (low, word), high in zip(ascending, highs, strict=True)
    ]
