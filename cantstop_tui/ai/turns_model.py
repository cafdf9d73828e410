"""The learned model: how many turns a player still needs to win, as a distribution.

A player's prospects depend mostly on their own squares, the columns they have
won, the columns others have closed to them, and how many columns they need. The
model reads those (``encode``) and gives the chance of winning on each of their
next ``HORIZON`` turns (a small neural network, numpy only). ``ai/race.py`` turns
the players' distributions into win chances; alone, its mean is the turns left.

The weights are trained by ``make train`` (``cantstop_tui/arena/train.py``,
docs/ai.md) and ship as ``ai/data/turns_model.npz``, loaded on first use.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Final, cast

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from ..engine import COLUMNS, TOPS, VARIANTS, Variant
from .value import HIT_CHANCE

HORIZON: Final = 40
"""Turns the distribution covers; its last entry holds that many or more."""
MAX_NEEDED: Final = 5
WIN_COLUMNS: Final = (3, 4, 5)
SORTED_EFFORTS: Final = 6
WEIGHTS_FILE: Final = "turns_model.npz"
CHUNK: Final = 256
"""Rows the network works at once (``TurnsModel.distribution``)."""
ENCODE_ROWS: Final = 16 * CHUNK
"""Rows encoded at once (``TurnsModel.prospects``): a whole number of ``CHUNK``s."""

_COLS: Final = np.array(COLUMNS)
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
Weights = NDArray[np.floating[Any]]
"""Single precision as loaded (``TurnsModel.load``), double as fitted (``arena/train_fit.py``)."""

_BLAS_LOCK: Final = threading.Lock()
_blas_limited = False


def one_blas_thread() -> None:
    """Keep numpy's matrix products on one thread, for the whole process (once).

    The network's products are small: split over threads they are no faster, and
    several processes (the arena's, a server's computer seats) that each start a
    thread per core slow one another down about threefold (docs/ai.md, "Speed")."""
    global _blas_limited
    with _BLAS_LOCK:
        if not _blas_limited:
            threadpool_limits(limits=1, user_api="blas")
            _blas_limited = True


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


@dataclass(frozen=True)
class TurnsModel:
    """A small network: features -> ReLU layers -> softmax over 1..HORIZON turns."""

    layers: tuple[tuple[Weights, Weights], ...]
    mean: Floats
    scale: Floats
    meta: dict[str, object]

    @cached_property
    def _first(self) -> tuple[Weights, Weights]:
        """The first layer with the features' normalisation folded in: ``x @ w + b`` on the
        raw features is the first layer's on the normalised ones (one pass less per row)."""
        weights, bias = self.layers[0]
        wide = weights.astype(np.float64) / self.scale[:, None]
        shift = bias - (self.mean / self.scale) @ weights.astype(np.float64)
        return wide.astype(weights.dtype), shift.astype(bias.dtype)

    @cached_property
    def _zeros(self) -> tuple[Weights, ...]:
        """Zeros the shape of a chunk's output of each hidden layer: the ReLU taken against
        an array, not the scalar 0 (numpy's maximum with a scalar goes element by element,
        three times the cost). Shared and only ever read."""
        return tuple(
            np.zeros((CHUNK, weights.shape[1]), dtype=weights.dtype)
            for weights, _ in self.layers[:-1]
        )

    def logits(self, features: NDArray[np.floating[Any]]) -> Weights:
        """(B, HORIZON): the network's last layer, before the softmax, per row.

        Worked in the weights' precision (single for the shipped ones: four times as
        fast as double, and the chances need no more), ``CHUNK`` rows at a time: a row's
        cost grew over twofold from batches of 256 rows to 8,192, whose layers no longer
        fit the processor's cache. Each layer's products, bias and ReLU are written into
        one array per layer for the call (the same values as a new array each step)."""
        *hidden, (last, last_bias) = (self._first, *self.layers[1:])
        dtype = last.dtype
        out = np.empty((len(features), HORIZON), dtype=dtype)
        work = [np.empty((CHUNK, weights.shape[1]), dtype=dtype) for weights, _ in hidden]
        for start in range(0, len(features), CHUNK):
            x = features[start:start + CHUNK].astype(dtype, copy=False)
            rows = len(x)
            for (weights, bias), buffer, zeros in zip(hidden, work, self._zeros, strict=True):
                y = buffer[:rows]
                np.matmul(x, weights, out=y)
                y += bias
                np.maximum(y, zeros[:rows], out=y)
                x = y
            part = out[start:start + rows]
            np.matmul(x, last, out=part)
            part += last_bias
        return out

    def distribution(self, features: NDArray[np.floating[Any]]) -> Floats:
        """(B, HORIZON): the chance of winning on each of the next turns, per row
        (``logits``' softmax, in the weights' precision)."""
        out = self.logits(features)
        out -= out.max(axis=1, keepdims=True)
        np.exp(out, out=out)
        out /= out.sum(axis=1, keepdims=True)
        return cast(Floats, out)  # in the weights' precision, as before

    def prospects(
        self,
        heights: NDArray[np.int64],
        closed: NDArray[np.bool_],
        win_columns: int,
        variant: Variant,
    ) -> Floats:
        """``distribution`` of ``encode``'s rows; a player with too few columns still open
        to them has all their chance on the last turn counted (they cannot win alone).

        ``ENCODE_ROWS`` rows at a time: a turn's-end pass gives up to about 34,000 (a
        2-player review's largest), whose inputs and their temporaries at once raised a
        review's peak memory by about 9 MB (95 MB to 86 MB); the network sees the same
        chunks of ``CHUNK`` rows either way, so the same values to the last bit."""
        heights = np.atleast_2d(heights)
        dtype = self.layers[-1][0].dtype
        if len(heights) <= ENCODE_ROWS:
            dists = self.distribution(encode(heights, closed, win_columns, variant, dtype))
        else:
            dists = np.empty((len(heights), HORIZON), dtype=dtype)
            for start in range(0, len(heights), ENCODE_ROWS):
                part = slice(start, start + ENCODE_ROWS)
                dists[part] = self.distribution(
                    encode(heights[part], closed[part] if closed.ndim == 2 else closed,
                           win_columns, variant, dtype)
                )
        # Won and still open, the columns not closed to them: too few, and they are stuck.
        stuck = np.broadcast_to((~closed).sum(axis=-1) < win_columns, len(dists))
        if stuck.any():
            dists[stuck] = 0.0
            dists[stuck, -1] = 1.0
        return dists

    def save(self, path: Path) -> None:
        arrays: dict[str, Floats] = {"mean": self.mean, "scale": self.scale}
        for k, (weights, bias) in enumerate(self.layers):
            arrays[f"w{k}"] = weights.astype(np.float32)
            arrays[f"b{k}"] = bias.astype(np.float32)
        meta = np.frombuffer(json.dumps(self.meta).encode(), dtype=np.uint8)
        with path.open("wb") as out:
            # numpy's stub types every keyword as ``allow_pickle``'s bool, not as an array.
            np.savez_compressed(out, meta=meta, **cast(dict[str, Any], arrays))

    @classmethod
    def load(cls, path: Path) -> TurnsModel:
        """The model saved at ``path``, its weights kept in the single precision they
        are saved in."""
        one_blas_thread()
        with np.load(path) as data:
            count = sum(1 for name in data.files if name.startswith("w"))
            layers = tuple(
                (data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32))
                for k in range(count)
            )
            meta = json.loads(bytes(data["meta"]).decode())
            return cls(layers, data["mean"], data["scale"], meta)


TURNS: Final = np.arange(1, HORIZON + 1, dtype=np.float64)


@cache
def shipped() -> TurnsModel:
    """The trained model in the package, read on first use."""
    with resources.as_file(resources.files(__package__) / "data" / WEIGHTS_FILE) as path:
        return TurnsModel.load(path)
