"""Every way to ask for something the rules forbid: a clear sentence, and nothing changes."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from engine_builders import position

from cantstop_tui.engine import (
    GameState,
    IllegalMoveError,
    Pairing,
    Phase,
    choose,
    legal_moves,
    move_pairings,
    moves_for_dice,
    new_game,
    roll,
    state_to_dict,
    stop,
    why_cannot_stop,
)

FRESH = new_game()
MID_TURN = position(runners={6: 2, 7: 1}, squares={0: {6: 1}, 1: {4: 3}})
CHOOSING = position(runners={6: 2}, phase=Phase.CHOOSE, dice=(1, 5, 4, 6))
OVER = position(claimed={2: 1, 3: 1, 12: 1}, current=1, phase=Phase.OVER, winner=1)
FORCED = position(variant="forced", squares={1: {6: 2}}, runners={6: 2})

BAD_DICE: list[object] = [
    (0, 1, 2, 3),
    (1, 2, 3, 7),
    (1, 2, 3),
    (1, 2, 3, 4, 5),
    "1234",
    None,
    5,
    (1.0, 2, 3, 4),
    (True, 2, 3, 4),
    [1, 2, 3, -4],
    ([1], 2, 3, 4),
]

CASES: list[tuple[str, GameState, Callable[[GameState], object], str]] = [
    ("roll while choosing", CHOOSING, lambda s: roll(s, (1, 1, 1, 1)),
     "Choose a move for the dice on the table before you roll again."),
    ("roll after the game", OVER, lambda s: roll(s, (1, 1, 1, 1)),
     "The game is over; you cannot roll again."),
    ("choose before rolling", FRESH, lambda s: choose(s, (6, 10)),
     "Roll the dice before you choose a move."),
    ("choose mid-turn without dice", MID_TURN, lambda s: choose(s, (6,)),
     "Roll the dice before you choose a move."),
    ("choose after the game", OVER, lambda s: choose(s, (6,)),
     "The game is over; you cannot choose a move."),
    ("choose a move the dice do not make", CHOOSING, lambda s: choose(s, (6, 11)),
     "Columns 6 and 11 are not a move this roll allows. "
     "You can play: 5 and 11; 6 and 10; 7 and 9."),
    ("choose half of a pairing that fits whole", CHOOSING, lambda s: choose(s, (6,)),
     "Column 6 alone is not a move this roll allows. You can play: 5 and 11; 6 and 10; 7 and 9."),
    ("choose nothing", CHOOSING, lambda s: choose(s, ()),
     "() is not a move this roll allows. You can play: 5 and 11; 6 and 10; 7 and 9."),
    ("choose garbage", CHOOSING, lambda s: choose(s, None),  # type: ignore[arg-type]
     "None is not a move this roll allows. You can play: 5 and 11; 6 and 10; 7 and 9."),
    ("choose columns as floats", CHOOSING, lambda s: choose(s, (6.0, 10.0)),  # type: ignore[arg-type]
     "(6.0, 10.0) is not a move this roll allows. You can play: 5 and 11; 6 and 10; 7 and 9."),
    ("stop before rolling", FRESH, stop, "You must roll at least once before you can stop."),
    ("stop while choosing", CHOOSING, stop,
     "Choose a move for the dice on the table before you stop."),
    ("stop after the game", OVER, stop, "The game is over; you cannot stop."),
    ("stop on a shared space in forced", FORCED, stop,
     "Forced move: your runner in column 6 shares a space with another player's square, "
     "so you must roll again."),
] + [
    (f"roll bad dice {dice!r}", state, lambda s, d=dice: roll(s, d),  # type: ignore[misc]
     f"A roll is four dice from 1 to 6, not {dice!r}.")
    for dice in BAD_DICE
    for state in (FRESH, MID_TURN)
]


@pytest.mark.parametrize(
    ("state", "attempt", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_illegal_requests_explain_and_leave_the_state_untouched(
    state: GameState, attempt: Callable[[GameState], object], message: str
) -> None:
    before = copy.deepcopy(state)
    moves_before = legal_moves(state)
    with pytest.raises(IllegalMoveError) as raised:
        attempt(state)
    assert str(raised.value) == message
    assert state == before
    assert state_to_dict(state) == state_to_dict(before)
    assert legal_moves(state) == moves_before


def test_illegal_move_error_is_a_value_error() -> None:
    assert issubclass(IllegalMoveError, ValueError)


def test_why_cannot_stop_gives_the_same_sentence_stop_raises() -> None:
    for state in (FRESH, CHOOSING, OVER, FORCED):
        reason = why_cannot_stop(state)
        assert reason is not None
        with pytest.raises(IllegalMoveError, match=reason.split(";")[0]):
            stop(state)
    assert why_cannot_stop(MID_TURN) is None


@pytest.mark.parametrize("dice", BAD_DICE)
def test_dice_helpers_refuse_bad_dice(dice: object) -> None:
    with pytest.raises(IllegalMoveError, match="four dice from 1 to 6"):
        moves_for_dice(FRESH, dice)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="four dice from 1 to 6"):
        move_pairings(dice, (7,))  # type: ignore[arg-type]


def test_dice_and_moves_may_be_any_sequence_in_any_order() -> None:
    state, _ = roll(FRESH, [1, 5, 4, 6])
    assert state.dice == (1, 5, 4, 6)
    assert type(state.dice) is tuple
    after, events = choose(state, [10, 6])
    assert after.runners[6] == after.runners[10] == 1
    assert events[0].move == (6, 10)  # type: ignore[union-attr]


def test_move_pairings_names_the_dice_behind_a_move() -> None:
    assert move_pairings((1, 5, 4, 6), (6, 10)) == (Pairing((1, 5), (4, 6)),)
    assert move_pairings((1, 5, 4, 6), (7,)) == (Pairing((1, 6), (5, 4)),)
    assert move_pairings([3, 4, 3, 4], (7, 7)) == (Pairing((3, 4), (3, 4)),)
    assert move_pairings((3, 4, 3, 4), (7,)) == (Pairing((3, 4), (3, 4)),)
    assert move_pairings((1, 5, 4, 6), (8,)) == ()
    assert move_pairings((1, 5, 4, 6), [10, 6]) == (Pairing((1, 5), (4, 6)),)


@pytest.mark.parametrize("move", [(), None, [[6]], "6", (6.0,)])
def test_move_pairings_of_something_that_is_not_a_move_is_empty(move: object) -> None:
    assert move_pairings((1, 5, 4, 6), move) == ()  # type: ignore[arg-type]


@pytest.mark.parametrize("dice", BAD_DICE)
def test_pairings_refuse_bad_dice(dice: tuple[int, ...]) -> None:
    from cantstop_tui.engine import pairings

    with pytest.raises(ValueError, match="four dice from 1 to 6"):
        pairings(dice)  # type: ignore[arg-type]
