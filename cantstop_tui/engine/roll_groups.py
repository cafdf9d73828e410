"""The moves of many rolls at once, grouped: ``moves_for_dice`` for a whole list of dice sets,
for the AI's look-ahead (a search asks for hundreds of positions' 126 dice sets).

A roll's moves are its pairings' (``moves.pairing_moves``), each once, sorted. A position
has at most 66 pairs of sums, so each pair's moves are worked out once for all the dice
sets, and a roll's moves are read from its pairings' (``moves.roll_moves``, kept for
the process): a dice set is then a few lookups.
Tested against ``moves_for_dice`` for every dice set of any position, all variants.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import COLUMNS
from .dice import PAIR_SUMS, Roll
from .events import Move
from .moves import _steps_and_free, pairing_moves, roll_moves
from .state import GameState

_Layout = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]
_layouts: dict[int, tuple[Sequence[Roll], _Layout]] = {}
"""By list of dice sets (the AI asks with one list): every pair of sums they show, and
each dice set's pairs as places in that list (three a set: a set with fewer pairings is
given the place past the last, a pair allowing nothing, as many times as it lacks)."""
_LAYOUTS_KEPT = 8
_KINDS: dict[tuple[Move, ...], int] = {(): 0}
"""Each pairing's moves met so far, as a small number (a few hundred at most: one of five
shapes for each of 66 pairs of sums); ``_ALLOWED`` lists them by number."""
_ALLOWED: list[tuple[Move, ...]] = [()]
_PAIR_KINDS: dict[int, int] = {}
"""A pair's kind by what its moves depend on (``moves.pairing_moves``: the pair, each of its
sums' steps, and whether a runner is there or two are left) as one number, kept for the
process (66 pairs times 18 at most)."""
_WIDTH = 1 << 10
"""Past any kind's number (a few hundred at most): a roll's three kinds make one number in
base ``_WIDTH``, under 2 ** 30 (Python's arithmetic is quicker there)."""
_ROLL_KINDS: dict[int, int] = {}
"""A roll's moves, as their number in ``_ROLLS``, by its three pairings' kinds as one
number, kept for the process (a few thousand at most, as ``moves.roll_moves``' own)."""
_ROLL_NUMBERS: dict[tuple[Move, ...], int] = {}
"""Each distinct roll's moves met so far, as a small number (rolls allowing the same moves
share one: a position's groups are counted by number, not by hashing tuples of moves);
``_ROLLS`` lists them by number."""
_ROLLS: list[tuple[Move, ...]] = []


def _layout(dice_sets: Sequence[Roll]) -> _Layout:
    found = _layouts.get(id(dice_sets))
    if found is None or found[0] is not dice_sets:
        if len(_layouts) >= _LAYOUTS_KEPT:
            _layouts.clear()
        place: dict[tuple[int, int], int] = {}
        sets = [
            [place.setdefault(pair, len(place)) for pair in PAIR_SUMS[dice]] for dice in dice_sets
        ]
        none = len(place)
        padded = tuple(tuple([*row, none, none][:3]) for row in sets)
        found = _layouts[id(dice_sets)] = (dice_sets, (tuple(place), padded))
    return found[1]


def _pair_kind(
    key: int, pair: tuple[int, int], steps: Sequence[int], runners: tuple[int, ...], free: int
) -> int:
    """The kind of a pair's moves not met with ``key`` before: worked out, numbered if new,
    and kept (``_PAIR_KINDS``, which ``grouped_moves`` reads first)."""
    moves = pairing_moves(pair, steps, runners, free)
    number = _KINDS.get(moves)
    if number is None:
        number = _KINDS[moves] = len(_ALLOWED)
        _ALLOWED.append(moves)
    _PAIR_KINDS[key] = number
    return number


def _roll_kinds(code: int) -> int:
    """The moves of a roll whose pairings' kinds make ``code``, not met before, as their
    number (``_ROLLS``): worked out and kept (``_ROLL_KINDS``, which ``grouped_moves``
    reads first)."""
    allowed = _ALLOWED
    high, low = divmod(code, _WIDTH)
    moves = roll_moves((allowed[high // _WIDTH], allowed[high % _WIDTH], allowed[low]))
    number = _ROLL_NUMBERS.setdefault(moves, len(_ROLLS))
    if number == len(_ROLLS):
        _ROLLS.append(moves)
    _ROLL_KINDS[code] = number
    return number


def grouped_moves(
    state: GameState, runners: tuple[int, ...], dice_sets: Sequence[Roll],
    counts: Sequence[int],
) -> tuple[tuple[int, tuple[Move, ...]], ...]:
    """(summed count, moves) for each distinct set of moves the ``dice_sets`` allow the
    current player with ``runners`` out (each dice set weighing its ``counts`` entry), in
    the order of the first dice set allowing it; no moves is a bust.

    Each pair's moves are read as a kind (``_KINDS``; found by what they depend on,
    ``_PAIR_KINDS``), a dice set's three kinds as one number, and each number's moves are
    kept, numbered (``_ROLL_KINDS``): a dice set is a few lookups of small numbers, not
    of tuples of moves."""
    steps, free = _steps_and_free(state, runners, COLUMNS)
    pairs, sets = _layout(dice_sets)
    if len(_ALLOWED) + len(pairs) >= _WIDTH:  # never in a game: number them again
        _KINDS.clear()
        _KINDS[()] = 0
        del _ALLOWED[1:]
        _PAIR_KINDS.clear()
        _ROLL_KINDS.clear()  # the rolls' numbers stay: they name moves, not kinds
    known = _PAIR_KINDS
    two_free = free >= 2
    kind = []
    for a, b in pairs:
        key = (((a * 13 + b) * 3 + steps[a]) * 3 + steps[b]) * 2 + (
            1 if two_free or runners[a] or runners[b] else 0
        )
        number = known.get(key)
        if number is None:
            number = _pair_kind(key, (a, b), steps, runners, free)
        kind.append(number)
    kind.append(0)  # the place past the last pair: none
    found = _ROLL_KINDS
    width = _WIDTH
    grouped: dict[int, int] = {}
    for (a, b, c), count in zip(sets, counts, strict=True):
        code = (kind[a] * width + kind[b]) * width + kind[c]
        number = found.get(code)
        if number is None:
            number = _roll_kinds(code)
        grouped[number] = grouped.get(number, 0) + count
    rolls = _ROLLS
    return tuple((count, rolls[number]) for number, count in grouped.items())
