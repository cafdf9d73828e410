"""``grouped_moves``: the moves of many dice sets at once are ``moves_for_dice``'s, grouped
by the moves they allow in the order of each group's first dice set, counts summed."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from test_engine_properties import positions

from cantstop_tui.engine import (
    ALL_ROLLS,
    GameState,
    Move,
    grouped_moves,
    moves_for_dice,
    new_game,
)

_SETS = Counter(tuple(sorted(dice)) for dice in ALL_ROLLS)
DICE = tuple(dice for dice in ALL_ROLLS if dice in _SETS)
COUNTS = tuple(_SETS[dice] for dice in DICE)


def one_by_one(state: GameState) -> tuple[tuple[int, tuple[Move, ...]], ...]:
    grouped: dict[tuple[Move, ...], int] = {}
    for dice, count in zip(DICE, COUNTS, strict=True):
        moves = moves_for_dice(state, dice)
        grouped[moves] = grouped.get(moves, 0) + count
    return tuple((count, moves) for moves, count in grouped.items())


@settings(max_examples=150, deadline=None)
@given(positions())
def test_all_dice_sets_at_once_are_the_engines_one_by_one(state: GameState) -> None:
    """Any position the save format accepts, every variant, any runners out."""
    found = grouped_moves(state, state.runners, DICE, COUNTS)
    assert found == one_by_one(state)
    assert sum(count for count, _ in found) == len(ALL_ROLLS)


def test_dice_sets_allowing_the_same_moves_are_one_group() -> None:
    """(1, 1, 2, 2) and (1, 2, 1, 2) pair alike (2 + 4, and 3 + 3 twice): one group, the
    counts summed, the pairing of 3 + 3 given once."""
    state = new_game()
    dice = ((1, 1, 2, 2), (1, 2, 1, 2))
    found = grouped_moves(state, state.runners, dice, (1, 1))
    assert found == ((2, moves_for_dice(state, (1, 1, 2, 2))),)
    assert found[0][1] == ((2, 4), (3, 3))



def test_the_kinds_numbered_anew_when_full_give_the_same_groups(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pairings' kinds are numbered for the process (``roll_groups._KINDS``) in base
    ``_WIDTH``; were they ever to run out of room, they are numbered again from nothing,
    and a position's groups are what they were."""
    from cantstop_tui.engine import roll_groups

    state = new_game()
    before = grouped_moves(state, state.runners, DICE, COUNTS)
    stale = ((99,),)  # a kind no position makes, numbered before the room runs out
    roll_groups._KINDS[stale] = len(roll_groups._ALLOWED)
    roll_groups._ALLOWED.append(stale)
    pairs = len(roll_groups._layout(DICE)[0])
    monkeypatch.setattr(roll_groups, "_WIDTH", len(roll_groups._ALLOWED) + pairs)
    again = grouped_moves(state, state.runners, DICE, COUNTS)
    assert again == before == one_by_one(state)
    assert stale not in roll_groups._KINDS and stale not in roll_groups._ALLOWED
    assert roll_groups._ALLOWED[0] == ()


def test_many_lists_of_dice_sets_each_give_their_own_groups() -> None:
    """The layouts of the lists asked for are kept a few at a time (``_LAYOUTS_KEPT``): a
    list asked for after more than that many others is laid out again, alike."""
    from cantstop_tui.engine import roll_groups

    state = new_game()
    lists = [DICE[start:] for start in range(roll_groups._LAYOUTS_KEPT + 2)]
    for _ in range(2):
        for dice in lists:
            found = grouped_moves(state, state.runners, dice, COUNTS[len(DICE) - len(dice):])
            assert found == tuple(
                (count, moves)
                for moves, count in Counter(
                    {
                        moves: sum(
                            c for d, c in zip(dice, COUNTS[len(DICE) - len(dice):], strict=True)
                            if moves_for_dice(state, d) == moves
                        )
                        for moves in dict.fromkeys(moves_for_dice(state, d) for d in dice)
                    }
                ).items()
            )
    assert len(roll_groups._layouts) <= roll_groups._LAYOUTS_KEPT
