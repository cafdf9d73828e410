"""What the next roll can bring, grouped: the engine's legal moves for each of the 126 dice sets.

A roll's moves depend only on which four faces show, not their order, so the
1,296 ordered rolls collapse to 126 weighted dice sets. Rolls allowing the same
moves are grouped again, which leaves a few dozen groups for most positions.
The moves themselves always come from the engine (``moves_for_dice``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from importlib.resources import files
from itertools import chain
from typing import Any, Final

from ..engine import (
    ALL_ROLLS,
    COLUMNS,
    GameState,
    Move,
    Phase,
    Roll,
    column_steps,
    free_runners,
    grouped_moves,
    moves_for_dice,
)

ROLLS: Final = len(ALL_ROLLS)
"""The 1,296 ordered rolls of four dice: the outcomes' counts add up to it."""

Outcome = tuple[int, tuple[Move, ...]]
"""(how many of the 1,296 rolls, the moves they allow); no moves means a bust."""

_SETS: Final = Counter(tuple(sorted(dice)) for dice in ALL_ROLLS)
DICE_SETS: Final[tuple[tuple[Roll, int], ...]] = tuple(
    # The engine's own roll tuples, which it recognises fastest.
    (dice, _SETS[dice]) for dice in ALL_ROLLS if dice in _SETS
)
"""The 126 distinct sets of four faces, each with how many ordered rolls show it."""

_cache: dict[object, tuple[Outcome, ...]] = {}
"""Positions with every runner out: at most 165 column triples times 27 capacities, kept,
each worked out from the engine when first asked for (about 0.7 ms). A review asks for a
few dozen (the turn's-end solver reads its own plans, ``turn_plans``): reading the shipped
table, all 4,455 of them, took 0.15 to 0.4 s of CPU a review waited for."""
_shipped: list[bool] = []
"""Not empty once the shipped table was read (``all_out_rows``)."""
_rows: dict[object, list[Any]] = {}
"""The shipped table as read (``[count, [move, ...]]`` lists), by ``_key``, for building the
turn's-end plans (``turn_plans.build``)."""
_passing: dict[object, tuple[Outcome, ...]] = {}
"""Positions with a runner still free: too many to keep, so cleared when full."""
_PASSING_LIMIT: Final = 1000
"""About 20 KB each: 5,000 held up to 110 MB for good in a server's process."""


def _key(state: GameState, runners: tuple[int, ...]) -> object:
    if state.config.variant == "jump":
        return (state.squares, state.claimed, runners, state.current_player)
    # What the moves depend on: the steps each column can take (the engine's), and which
    # columns have a runner.
    mask = sum(1 << c for c in COLUMNS if runners[c])
    return (tuple(column_steps(state, runners)[2:]), mask)


def with_runners(state: GameState, runners: tuple[int, ...]) -> GameState:
    """The current player's position with ``runners`` out, ready to roll."""
    return replace(state, runners=runners, phase=Phase.ROLL, dice=None, cached_moves=None)


def outcomes(state: GameState, runners: tuple[int, ...] | None = None) -> tuple[Outcome, ...]:
    """The next roll's outcomes for the current player with ``runners`` (default: the state's)."""
    if runners is None:
        runners = state.runners
    key = _key(state, runners)
    full = not free_runners(runners)
    cache = _cache if full and state.config.variant != "jump" else _passing
    found = cache.get(key)
    if found is not None:
        return found
    result = compute(state, runners)
    if len(_passing) >= _PASSING_LIMIT:
        _passing.clear()
    cache[key] = result
    return result


RollPlan = tuple[int, tuple[Move, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""The next roll as the search reads it (``roll_plan``): the bust's count, the distinct
moves in the order first met, each group of moves' count (the bust aside), every group's
moves' places in that list one group after another, and how many moves each group has
(for reading many results at once, ``board_tables``)."""
_plans: dict[object, RollPlan] = {}
_passing_plans: dict[object, RollPlan] = {}


class _MoveNumbers(dict[Move, int]):
    """Each move met as a small number, for the process (a move names one or two of the 11
    columns: a few dozen at most); ``_MOVES`` lists them by number."""

    __slots__ = ()

    def __missing__(self, move: Move) -> int:
        found = self[move] = len(_MOVES)
        _MOVES.append(move)
        return found


_NUMBERS: Final = _MoveNumbers()
_MOVES: list[Move] = []


def roll_plan(state: GameState, runners: tuple[int, ...]) -> RollPlan:
    """``outcomes`` as a ``RollPlan`` (kept alike: every runner out for good, the others
    until ``_PASSING_LIMIT`` are held). A search reaches each runner set once but meets the
    same outcomes for many: each set's successors are then one step per move, read by
    place, not a dictionary's lookup per move of every group. The moves are read as
    numbers (``_NUMBERS``) to find each one's place: numbers are found and compared faster
    than tuples of columns."""
    key = _key(state, runners)
    full = not free_runners(runners) and state.config.variant != "jump"
    cache = _plans if full else _passing_plans
    found = cache.get(key)
    if found is None:
        rolls = outcomes(state, runners)
        groups = [allowed for _, allowed in rolls if allowed]
        numbers = list(map(_NUMBERS.__getitem__, chain.from_iterable(groups)))
        place = {number: k for k, number in enumerate(dict.fromkeys(numbers))}
        moves = tuple(map(_MOVES.__getitem__, place))
        counts = tuple([count for count, allowed in rolls if allowed])
        if len(_passing_plans) >= _PASSING_LIMIT:
            _passing_plans.clear()
        bust = sum(count for count, allowed in rolls if not allowed)
        found = cache[key] = (
            bust, moves, counts, tuple(map(place.__getitem__, numbers)), tuple(map(len, groups))
        )
    return found


TABLE_FILE: Final = "outcomes_all_out.json.gz"
"""The shipped outcomes with every runner out, in ``ai/data`` (``outcome_table`` writes it)."""


def all_out_rows(state: GameState, runners: tuple[int, ...]) -> Sequence[Sequence[Any]]:
    """``outcomes`` with every runner out (not in the jump variant), as the shipped table
    holds them: ``[count, [move, ...]]`` lists, for readers of counts and climbs only."""
    key = _key(state, runners)
    rows = _cache.get(key) or _shipped_rows(key)
    return rows if rows is not None else outcomes(state, runners)


def _shipped_rows(key: object) -> list[Any] | None:
    if not _shipped:
        _shipped.append(True)
        _rows.update(_read_table())
    return _rows.get(key)


def _tuples(rows: list[Any]) -> tuple[Outcome, ...]:
    return tuple((count, tuple(tuple(m) for m in moves)) for count, moves in rows)


def _read_table() -> dict[object, list[Any]]:
    """The shipped table's rows by ``_key`` (empty if missing: each is then worked out when
    asked)."""
    import gzip  # only here: the search works out what it meets (a start's 5 ms)
    import json

    try:
        raw = files("cantstop_tui.ai").joinpath("data", TABLE_FILE).read_bytes()
    except OSError:
        return {}
    return {(tuple(key[:-1]), key[-1]): found for key, found in json.loads(gzip.decompress(raw))}


def load_table() -> dict[object, tuple[Outcome, ...]]:
    """The shipped table, keyed as ``_key`` keys it."""
    return {key: _tuples(rows) for key, rows in _read_table().items()}


_DICE: Final = tuple(dice for dice, _ in DICE_SETS)
_COUNTS: Final = tuple(count for _, count in DICE_SETS)


def compute(state: GameState, runners: tuple[int, ...]) -> tuple[Outcome, ...]:
    """The outcomes worked out from the engine's moves for each of the 126 dice sets, all
    at once (``grouped_moves``: the same groups in the same order as ``compute_one_by_one``,
    in about a third of its time)."""
    return grouped_moves(state, runners, _DICE, _COUNTS)


def compute_one_by_one(state: GameState, runners: tuple[int, ...]) -> tuple[Outcome, ...]:
    """``compute`` from ``moves_for_dice``, dice set by dice set."""
    at = with_runners(state, runners)
    grouped: dict[tuple[Move, ...], int] = {}
    for dice, count in DICE_SETS:
        moves = moves_for_dice(at, dice)
        grouped[moves] = grouped.get(moves, 0) + count
    return tuple((count, moves) for moves, count in grouped.items())
