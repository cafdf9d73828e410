"""Which moves a roll allows: the pairs of dice, the columns open to the current player,
runners left, and (in the variants) how far a step goes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Final

from .board import COLUMNS, MAX_RUNNERS, STEPS_PER_ROLL, TOPS
from .dice import ALL_ROLLS, PAIR_SUMS, Pairing, Roll, _pairings_of, roll_values
from .errors import IllegalMoveError
from .events import Move
from .state import GameState, Phase

_CHOOSE: Final = Phase.CHOOSE
_CANONICAL_ROLLS: Final[dict[Roll, Roll]] = dict(zip(ALL_ROLLS, ALL_ROLLS, strict=True))
# ALL_ROLLS lives as long as the program, so these ids name exactly its tuples.
_ROLL_IDS: Final = frozenset(map(id, ALL_ROLLS))
_RollPlan = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


class _RollPlans(dict[Roll, _RollPlan]):
    """For each roll: the distinct columns it names, and its pairs of sums; worked out the
    first time the roll is looked up (not on import), a plain dict's lookup after that."""

    __slots__ = ()

    def __missing__(self, dice: Roll) -> _RollPlan:
        sums = PAIR_SUMS[dice]
        plan = self[dice] = (tuple({c for pair in sums for c in pair}), sums)
        return plan

    cache_clear = dict.clear


_ROLL_PLANS: Final = _RollPlans()


def _jump_step(state: GameState, column: int, height: int) -> int:
    """Jump variant: the next space above ``height`` without another player's square."""
    height += 1
    player = state.current_player
    taken = {sq[column] for p, sq in enumerate(state.squares) if p != player}
    # The top space of an open column never holds a square, so this stops there.
    while height in taken:
        height += 1
    return height


def runners_after(
    state: GameState, runners: tuple[int, ...], move: Iterable[int]
) -> tuple[int, ...]:
    """Where the current player's runners stand after ``move`` from ``runners``: each
    column listed one step up (in the jump variant, past other players' squares).

    It does not check that the move is allowed (``choose`` does); the AI uses it to
    look ahead from runners other than the state's.

    >>> from cantstop_tui.engine import new_game
    >>> runners_after(new_game(), (0,) * 13, (7, 7))[7]
    2
    """
    heights = list(runners)
    own = state.squares[state.current_player]
    jump = state.config.variant == "jump"
    for column in move:
        start = heights[column] or own[column]
        heights[column] = _jump_step(state, column, start) if jump else start + 1
    return tuple(heights)


def runners_after_each(
    state: GameState, runners: tuple[int, ...], moves: Iterable[Move]
) -> list[tuple[int, ...]]:
    """``runners_after`` of each of ``moves`` from ``runners`` (for the AI's look-ahead,
    which asks for millions).

    >>> from cantstop_tui.engine import new_game
    >>> [r[6:9] for r in runners_after_each(new_game(), (0,) * 13, [(7, 7), (6, 8), (8,)])]
    [(0, 2, 0), (1, 0, 1), (0, 0, 1)]
    """
    if state.config.variant == "jump":
        return [runners_after(state, runners, move) for move in moves]
    own = state.squares[state.current_player]
    heights = list(runners)  # each move's step made in place, then undone
    found = []
    for move in moves:
        if len(move) == 1:
            (a,) = move
            was = heights[a]
            heights[a] = (was or own[a]) + 1
            found.append(tuple(heights))
            heights[a] = was
        else:
            a, b = move
            was_a, was_b = heights[a], heights[b]
            heights[a] = (was_a or own[a]) + 1
            heights[b] = (heights[b] or own[b]) + 1
            found.append(tuple(heights))
            heights[b] = was_b
            heights[a] = was_a
    return found


def _jump_capacity(state: GameState, runners: tuple[int, ...], column: int) -> int:
    """Jump variant: how many steps (0, 1 or 2) fit in the open ``column``."""
    height = runners[column] or state.squares[state.current_player][column]
    top = TOPS[column]
    steps = 0
    while steps < 2 and height < top:
        height = _jump_step(state, column, height)
        steps += 1
    return steps


def free_runners(runners: tuple[int, ...]) -> int:
    """How many runners are not on the board yet (0: all are out, so only their columns can
    move).

    >>> free_runners((0, 0, 2) + (0,) * 4 + (1, 0) + (0,) * 4)
    1
    """
    return MAX_RUNNERS - len(runners) + runners.count(0)


def column_steps(
    state: GameState, runners: tuple[int, ...], columns: Iterable[int] = COLUMNS
) -> list[int]:
    """How many steps (0, 1 or 2) each of ``columns`` can take for the current player with
    ``runners`` out, indexed by column (13 entries; a column not asked for is 0). A column
    takes none when it is claimed, or when it has no runner and none is left to put there.

    >>> from cantstop_tui.engine import new_game
    >>> column_steps(new_game(), (0,) * 13)[2:]
    [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    >>> column_steps(new_game(), (0, 0, 2) + (0,) * 4 + (1, 1) + (0,) * 4)[2:]  # all out
    [1, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0]
    """
    return _steps_and_free(state, runners, columns)[0]


def _steps_and_free(
    state: GameState, runners: tuple[int, ...], columns: Iterable[int]
) -> tuple[list[int], int]:
    """``column_steps``, and ``free_runners`` (which it needs, and so do the moves)."""
    claimed = state.claimed
    own = state.squares[state.current_player]
    free = free_runners(runners)
    jump = state.config.variant == "jump"
    steps = [0] * 13
    for column in columns:
        height = runners[column]
        if claimed[column] is not None or not (height or free):
            continue
        if jump:
            steps[column] = _jump_capacity(state, runners, column)
        else:
            steps[column] = STEPS_PER_ROLL[column][height or own[column]]
    return steps, free


def pairing_moves(
    pair: tuple[int, int], steps: Sequence[int], runners: tuple[int, ...], free: int
) -> tuple[Move, ...]:
    """What one pairing's sums allow, given each column's ``steps`` (``column_steps``),
    the ``runners`` out and how many are ``free``: both sums together if both columns can
    take a step (and a runner is there, or two are left), a double sum twice if it has room
    for two steps, else each sum that fits alone."""
    a, b = pair
    if a == b:
        return ((a, a),) if steps[a] == 2 else ((a,),) if steps[a] else ()
    if steps[a]:
        if not steps[b]:
            return ((a,),)
        return ((a, b),) if runners[a] or runners[b] or free >= 2 else ((a,), (b,))
    return ((b,),) if steps[b] else ()


class _Unions(dict[tuple[tuple[Move, ...], ...], tuple[Move, ...]]):
    """A roll's moves by its pairings' moves, kept for the process: a few thousand at most (a
    pairing's moves are one of five, and a roll has three pairings)."""

    __slots__ = ()

    def __missing__(self, parts: tuple[tuple[Move, ...], ...]) -> tuple[Move, ...]:
        found = self[parts] = tuple(sorted(set(chain.from_iterable(parts))))
        return found

    cache_clear = dict.clear


_UNIONS: Final = _Unions()


def roll_moves(parts: tuple[tuple[Move, ...], ...]) -> tuple[Move, ...]:
    """A roll's moves from its pairings' (``pairing_moves``): each once, sorted. (Pairings
    have distinct sums, so only single-column moves can repeat.)"""
    return _UNIONS[parts]


def _moves(state: GameState, dice: Roll) -> tuple[Move, ...]:
    """Each pairing's moves (``pairing_moves``), each once, sorted."""
    runners = state.runners
    columns, pairs = _ROLL_PLANS[dice]
    steps, free = _steps_and_free(state, runners, columns)
    return roll_moves(tuple([pairing_moves(pair, steps, runners, free) for pair in pairs]))


def _check_dice(dice: Iterable[int]) -> Roll:
    # Rolls from ``Dice`` are the very tuples of ALL_ROLLS: no need to look inside.
    if id(dice) in _ROLL_IDS:
        return dice  # type: ignore[return-value]
    values = roll_values(dice)
    if values is None:
        raise IllegalMoveError(f"A roll is four dice from 1 to 6, not {dice!r}.")
    return _CANONICAL_ROLLS[values]


def moves_for_dice(state: GameState, dice: Sequence[int]) -> tuple[Move, ...]:
    """The moves ``dice`` would allow the current player now (empty: a bust).

    >>> from cantstop_tui.engine import new_game
    >>> moves_for_dice(new_game(), (1, 5, 4, 6))
    ((5, 11), (6, 10), (7, 9))
    """
    return _moves(state, _check_dice(dice))


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves open for the dice on the table; empty when no choice is pending."""
    if state.phase is not _CHOOSE or state.dice is None:
        return ()
    if state.cached_moves is None:
        return _moves(state, state.dice)
    return state.cached_moves


def move_pairings(dice: Sequence[int], move: Sequence[int]) -> tuple[Pairing, ...]:
    """The pairings of ``dice`` that can make ``move`` (for showing which dice were used).

    >>> move_pairings((1, 5, 4, 6), (6, 10))
    (Pairing(first=(1, 5), second=(4, 6)),)
    """
    candidates = _pairings_of(_check_dice(dice))
    columns = _as_move(move)
    if not columns:
        return ()
    wanted = Counter(columns)
    return tuple(pairing for pairing in candidates if not wanted - Counter(pairing.sums))


def _as_move(move: Sequence[int]) -> Move | None:
    """``move`` as ascending whole column numbers, or None if it is not that shape."""
    try:
        columns = tuple(sorted(move))
    except TypeError:
        return None
    return columns if all(type(c) is int for c in columns) else None
