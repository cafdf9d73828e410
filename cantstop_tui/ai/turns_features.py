"""The turns-left model's inputs (``encode``): a player's position as numbers.

A player's prospects depend mostly on their own squares, the columns they have won, the
columns others have closed to them, and how many columns they need; ``turns_model.py``'s
network reads these features.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ..engine import COLUMNS, TOPS, VARIANTS, Variant
from .value import HIT_CHANCE

MAX_NEEDED: Final = 5
WIN_COLUMNS: Final = (3, 4, 5)
SORTED_EFFORTS: Final = 6

COLUMN_TOPS: Final = np.array([TOPS[c] for c in COLUMNS], dtype=np.int64)
"""``TOPS`` of columns 2..12, for arrays of heights."""
_TOPS: Final = COLUMN_TOPS.astype(np.float64)
_EFFORT_SCALE: Final = 20.0
_PER_STEP: Final = 1.0 / (np.array([HIT_CHANCE[c] for c in COLUMNS]) * _EFFORT_SCALE)
_NO_COLUMN: Final = 3.0
"""The effort written for a missing column (well above any real one, about 1.6)."""

_NEEDED: Final = np.arange(1, MAX_NEEDED + 1)
_CONSTANT: Final = [np.zeros(len(WIN_COLUMNS) + len(VARIANTS))]
"""The features every row of a batch shares (the columns to win, the variant): one row,
written to every row at once."""


def _constant(win_columns: int, variant: Variant) -> Floats:
    row = np.zeros(len(_CONSTANT[0]))
    row[WIN_COLUMNS.index(win_columns)] = 1.0
    row[len(WIN_COLUMNS) + VARIANTS.index(variant)] = 1.0
    return row


FEATURES: Final = 3 * len(COLUMNS) + MAX_NEEDED + len(WIN_COLUMNS) + len(VARIANTS) + (
    SORTED_EFFORTS + 1
)

Floats = NDArray[np.float64]


def won_columns(heights: NDArray[np.int64], closed: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Columns at their top and not closed by another player: the ones the player won."""
    return (heights >= COLUMN_TOPS) & ~closed


_SMALLEST: Final = (
    (0, 9), (1, 6), (2, 4), (3, 7), (5, 8), (0, 1), (3, 5), (4, 10), (6, 9), (7, 8), (1, 3),
    (2, 5), (4, 7), (8, 10), (0, 4), (1, 2), (3, 7), (5, 9), (6, 8), (0, 1), (2, 6), (4, 5),
    (7, 8), (2, 4), (3, 6), (5, 7), (1, 2), (3, 4), (5, 6), (2, 3), (4, 5),
)
"""A network of 31 compare-exchanges (lower place, higher place) that leaves the smallest
``SORTED_EFFORTS`` of 11 values in its first places, in order: the 35 of a known 11-input
sorting network less those that only order the five largest (checked on every input of
0s and 1s: tests/ai/test_win_model.py)."""


def _smallest(rows: list[Floats]) -> list[Floats]:
    """``_SMALLEST`` over ``rows`` (11 arrays, one value of each row per array, which it
    overwrites): a row's smallest values first, in order, each array a whole place at
    once (numpy's sort of 11 values a row went row by row, at four times the cost)."""
    rows = list(rows)
    spare = np.empty_like(rows[0])
    for low, high in _SMALLEST:
        np.minimum(rows[low], rows[high], out=spare)
        np.maximum(rows[low], rows[high], out=rows[high])
        rows[low], spare = spare, rows[low]
    return rows


def encode(
    heights: NDArray[np.int64],
    closed: NDArray[np.bool_],
    win_columns: int,
    variant: Variant,
    dtype: type[np.floating[Any]] | np.dtype[Any] = np.float64,
) -> NDArray[np.floating[Any]]:
    """Features of B positions of one player: ``heights`` (B, 11) their squares in columns
    2..12 (a won column at its top), ``closed`` (B, 11) or (11,) the columns another player
    won. Rows must still need at least one column.

    Each part is worked out in double precision on its own and written once into one
    array of ``dtype`` (the network's single precision for ``prospects``: the same values
    as double features rounded once, with half the memory to write; the review's
    turn's-end solver encodes about 140,000 rows a game). Worked feature by feature (the
    array is laid out a feature after another, returned as its (B, FEATURES) transpose):
    every step is then one long run of numbers, where a row's 11 columns at a time cost
    a call's overhead per row (two thirds of the work)."""
    heights = np.atleast_2d(heights)
    rows = heights.shape[0]
    n = len(COLUMNS)
    out = np.empty((FEATURES, rows), dtype=dtype)
    # Column-major copies: numpy's ufuncs would otherwise keep a transpose's layout.
    squares = np.ascontiguousarray(heights.T)
    level = squares.astype(np.float64)
    shut = closed[:, None] if closed.ndim == 1 else np.ascontiguousarray(closed.T)
    won_mask = (squares >= COLUMN_TOPS[:, None]) & ~shut
    needed = win_columns - np.add.reduce(won_mask, axis=0, dtype=np.int64)
    progress = level / _TOPS[:, None]
    np.copyto(progress, 0.0, where=shut)
    out[:n] = progress
    out[n:2 * n] = won_mask
    out[2 * n:3 * n] = shut
    effort = (_TOPS[:, None] - level) * _PER_STEP[:, None]
    np.copyto(effort, _NO_COLUMN, where=won_mask | shut)
    efforts = _smallest(list(effort))
    at = 3 * n
    np.equal(np.clip(needed, 1, MAX_NEEDED), _NEEDED[:, None], out=out[at:at + MAX_NEEDED])
    at += MAX_NEEDED
    out[at:at + len(_CONSTANT[0])] = _constant(win_columns, variant)[:, None]
    at += len(_CONSTANT[0])
    for k in range(SORTED_EFFORTS):
        out[at + k] = efforts[k]
    # The efforts of the columns still needed: the smallest ``needed`` of the sorted row,
    # added one after another (a running sum's order) only as far as some row needs
    # (at most ``MAX_NEEDED``, within the sorted ones).
    needs = np.clip(needed, 1, n)
    running = efforts[0].copy()
    main = running.copy()
    for k in range(1, int(needs.max(initial=1))):
        running += efforts[k]
        np.copyto(main, running, where=needs == k + 1)
    main[needed <= 0] = 0.0
    out[-1] = main
    return out.T
