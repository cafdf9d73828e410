"""What each space of the board looks like, as keys: the board draws a space, a row and a
line once per look (``Board``), and a move changes the looks of a column or two."""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from rich.text import Span, Text

from ...engine import TOPS, GameState
from ..view import GameView

NONE: frozenset[int] = frozenset()
BLANK = "blank"
"""The key of a space drawn blank (``space_key``)."""
Looks = tuple[Hashable, ...]
"""How each space of a column looks, by height (``look_of``)."""


class Placed(NamedTuple):
    """A space as its row holds it: the key of its look (``space_key``), its text, its
    characters and the gap after them, and its styles as spans at its place in the row."""

    key: Hashable
    space: Text
    text: str
    spans: tuple[Span, ...]


class Row(Text):
    """A row of the board's text, which keeps its spaces apart so that its line is drawn
    from the spaces' lines (``Board._drawn``)."""

    placed: tuple[Placed, ...] = ()


def moved_by_column(view: GameView) -> dict[int, frozenset[int]]:
    """By column, the players whose piece there moved since a returning player last looked
    (drawn reversed: ``GameView.unseen``); worked out once per drawing, not per space."""
    unseen = view.unseen
    if unseen is None:
        return {}
    moved: dict[int, set[int]] = {}
    for player, column in unseen.moved:
        moved.setdefault(column, set()).add(player)
    return {column: frozenset(players) for column, players in moved.items()}


def look_of(state: GameState, column: int, height: int, moved: frozenset[int]) -> Hashable:
    """Everything one space's drawing depends on."""
    if height > TOPS[column]:
        return None
    owner = state.claimed[column]
    if owner is not None:  # tagged: (0, False) would equal a 2-player space's (0, 0)
        return "won", owner, owner in moved
    runner = state.runners[column] == height
    return tuple(
        [
            2
            if player == state.current_player and runner
            else (state.squares[player][column] == height) + 3 * (player in moved)
            for player in range(state.num_players)
        ]
    )


def space_key(column: int, height: int, look: Hashable, pieces: bool, players: int) -> Hashable:
    """What a space's drawing depends on (``board_spaces.space_text``), wherever on the
    board it is: its look, and whether it is its column's top (underlined). A runner's move
    brings new rows, but their spaces look as spaces seen before elsewhere."""
    if look is None:
        return BLANK  # above its column's top
    assert isinstance(look, tuple)
    if look[0] == "won":
        return look, players
    if not pieces:
        return BLANK  # a taller space's line without pieces
    return look, height == TOPS[column]
