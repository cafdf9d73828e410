"""One rule shortens a player's name (``play.name_cells``): whole when it fits, else cut
after a whole word with "…"; sentences keep the whole name."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reviewed_games import Reviewed

from cantstop_tui.play import name_cells
from cantstop_tui.play.name_cells import ELLIPSIS, cells, name_column, short_name
from cantstop_tui.play.review_text import (
    DECISION_NAME_CELLS,
    NAME_CELLS,
    decision_line,
    luck_line,
    summary_line,
    text_lines,
)


@pytest.mark.parametrize(
    ("name", "room", "shown"),
    [
        ("Computer 2 (expert)", 19, "Computer 2 (expert)"),
        ("Jean-Pierre Dupont", 16, "Jean-Pierre…"),
        ("Ana", 3, "Ana"),
        ("山田太郎 さん", 12, "山田太郎…"),  # wide characters take two cells
        ("Christopherson", 9, "Christop…"),  # one word longer than the room: cut inside
    ],
)
def test_a_name_is_cut_after_a_whole_word(name: str, room: int, shown: str) -> None:
    assert short_name(name, room) == shown
    assert cells(shown) <= room
    column = name_column(name, room)
    assert column.startswith(shown) and cells(column) == room


@pytest.mark.parametrize(
    ("name", "room", "shown"),
    [
        ("Computer 2 (expert)", 16, "Comput… (expert)"),  # was "Computer 2…": which level?
        ("Bot (expert)", 11, "B… (expert)"),  # was "Bot…", beside "Bot (easy)"
        ("Ana Maria Lopez (strong)", 19, "Ana Maria… (strong)"),  # whole words before it
        ("Computer 2 (expert)", 10, "Computer…"),  # not a letter would be left before it
        ("Ana (the great one)", 12, "Ana (the…"),  # brackets of more words: cut as any name
    ],
)
def test_a_computers_level_in_brackets_stays_whole(name: str, room: int, shown: str) -> None:
    """``cantstop records`` at 80 columns showed "Bot…" for "Bot (expert)"."""
    assert short_name(name, room) == shown
    assert cells(shown) <= room


def test_a_cut_name_never_ends_inside_a_word_that_has_a_whole_word_before_it() -> None:
    name = "Maximilian Alexander von Habsburg"
    for room in range(len("Maximilian") + 1, len(name)):
        kept = short_name(name, room).removesuffix(ELLIPSIS)
        assert name.startswith(kept) and name[len(kept)] == " ", (room, kept)


def test_the_review_shortens_names_in_its_columns_and_keeps_them_in_sentences(
    two_player: Reviewed,
) -> None:
    long_names = ("Computer 1", "Computer 2 (expert)")
    review = two_player.review
    seats = tuple(
        dataclasses.replace(seat, name=name)
        for seat, name in zip(review.match.seats, long_names, strict=True)
    )
    match = dataclasses.replace(review.match, seats=seats)
    players = tuple(
        dataclasses.replace(player, name=long_names[player.player]) for player in review.players
    )
    review = dataclasses.replace(review, match=match, players=players)
    long = players[1]
    assert summary_line(long).startswith(short_name(long.name, NAME_CELLS) + " ")
    assert luck_line(long).startswith("Computer 2 (expert): ")  # a sentence wraps instead
    lines = text_lines(review)
    assert not any("(expe" in line and "(expert)" not in line for line in lines), lines
    for decision in review.decisions:
        if decision.player == 1:
            shown = decision_line(review, decision)
            assert shown[12:].startswith(name_column(long.name, DECISION_NAME_CELLS))  # Turn, Luck


def test_ascii_names_end_in_three_dots() -> None:
    from cantstop_tui.play.name_cells import ellipsis_for, name_column, short_name

    assert short_name("Jean-Pierre Dupont", 16, ellipsis_for(True)) == "Jean-Pierre..."
    assert name_column("Jean-Pierre Dupont", 16, ellipsis_for(True)) == "Jean-Pierre...  "
    assert short_name("Jean-Pierre Dupont", 16, ellipsis_for(False)) == "Jean-Pierre…"
    assert short_name("Computer 2 (expert)", 16, ellipsis_for(True)) == "Comp... (expert)"


def test_the_side_panels_cut_text_ends_in_the_ellipsis_given() -> None:
    from cantstop_tui.ui.widgets.players import fit_cells

    assert fit_cells("2,6,11,12", 6, pad=False, ellipsis="...").plain == "2,6..."
    assert fit_cells("2,6,11,12", 6, pad=False).plain == "2,6,1…"
    assert fit_cells("2,6", 6).plain == "2,6   "


@given(st.text(alphabet=st.characters(max_codepoint=0x7F)))
def test_ascii_is_measured_as_each_character_would_be(text: str) -> None:
    """The count at once for printable ASCII is the character-by-character count."""
    assert cells(text) == sum(name_cells._cells(char) for char in text)
