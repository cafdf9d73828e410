"""What the next roll can bring, grouped: the engine's legal moves for each of the 126 dice sets.

A roll's moves depend only on which four faces show, not their order, so the
1,296 ordered rolls collapse to 126 weighted dice sets. Rolls allowing the same
moves are grouped again, which leaves a few dozen groups for most positions.
The moves themselves always come from the engine (``moves_for_dice``).
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import replace
from importlib.resources import files
from typing import Final

from ..engine import (
    ALL_ROLLS,
    COLUMNS,
    GameState,
    Move,
    Phase,
    Roll,
    column_steps,
    free_runners,
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
"""Positions with every runner out: at most 165 column triples times 27 capacities, kept
(filled from the shipped table, ``outcome_table``, on the first one asked for)."""
_shipped: list[bool] = []
"""Not empty once the shipped table was loaded."""
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
    if cache is _cache and not _shipped:
        _shipped.append(True)
        _cache.update(load_table().items())
        found = _cache.get(key)
        if found is not None:
            return found
    result = compute(state, runners)
    if len(_passing) >= _PASSING_LIMIT:
        _passing.clear()
    cache[key] = result
    return result


TABLE_FILE: Final = "outcomes_all_out.json.gz"
"""The shipped outcomes with every runner out, in ``ai/data`` (``outcome_table`` writes it)."""


def load_table() -> dict[tuple[tuple[int, ...], int], tuple[Outcome, ...]]:
    """The shipped table, keyed as ``_key`` keys it (empty if missing: each is then worked
    out when asked)."""
    try:
        raw = files("cantstop_tui.ai").joinpath("data", TABLE_FILE).read_bytes()
    except OSError:
        return {}
    table: dict[tuple[tuple[int, ...], int], tuple[Outcome, ...]] = {}
    for key, found in json.loads(gzip.decompress(raw)):
        table[(tuple(key[:-1]), key[-1])] = tuple(
            (count, tuple(tuple(m) for m in moves)) for count, moves in found
        )
    return table


def compute(state: GameState, runners: tuple[int, ...]) -> tuple[Outcome, ...]:
    """The outcomes worked out from the engine's moves for each of the 126 dice sets."""
    at = with_runners(state, runners)
    grouped: dict[tuple[Move, ...], int] = {}
    for dice, count in DICE_SETS:
        moves = moves_for_dice(at, dice)
        grouped[moves] = grouped.get(moves, 0) + count
    return tuple((count, moves) for moves, count in grouped.items())
