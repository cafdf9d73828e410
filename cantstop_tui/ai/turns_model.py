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
    turn's-end solver encodes about 140,000 rows a game)."""
    heights = np.atleast_2d(heights)
    rows = heights.shape[0]
    n = len(COLUMNS)
    out = np.empty((rows, FEATURES), dtype=dtype)
    level = heights.astype(np.float64)
    won_mask = won_columns(heights, closed)
    needed = win_columns - won_mask.sum(axis=1)
    progress = level / _TOPS
    if closed.ndim == 2:
        progress[closed] = 0.0
    elif closed.any():
        progress[:, closed] = 0.0
    out[:, :n] = progress
    out[:, n:2 * n] = won_mask
    out[:, 2 * n:3 * n] = closed
    effort = (_TOPS - level) * _PER_STEP
    effort[won_mask | closed] = _NO_COLUMN
    effort.sort(axis=1)
    at = 3 * n
    np.equal(np.clip(needed, 1, MAX_NEEDED)[:, None], _NEEDED, out=out[:, at:at + MAX_NEEDED])
    at += MAX_NEEDED
    out[:, at:at + len(_CONSTANT[0])] = _constant(win_columns, variant)
    at += len(_CONSTANT[0])
    out[:, at:at + SORTED_EFFORTS] = effort[:, :SORTED_EFFORTS]
    # The efforts of the columns still needed: the smallest ``needed`` of the sorted row,
    # added one after another (a running sum's order) only as far as some row needs.
    needs = np.clip(needed, 1, n)
    running = effort[:, 0].copy()
    main = running.copy()
    for k in range(1, int(needs.max(initial=1))):
        running += effort[:, k]
        np.copyto(main, running, where=needs == k + 1)
    main[needed <= 0] = 0.0
    out[:, -1] = main
    return out


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

    def distribution(self, features: NDArray[np.floating[Any]]) -> Floats:
        """(B, HORIZON): the chance of winning on each of the next turns, per row.

        Worked in the weights' precision (single for the shipped ones: four times as
        fast as double, and the chances need no more), ``CHUNK`` rows at a time: a row's
        cost grew over twofold from batches of 256 rows to 8,192, whose layers no longer
        fit the processor's cache."""
        *hidden, (last, last_bias) = (self._first, *self.layers[1:])
        dtype = last.dtype
        out = np.empty((len(features), HORIZON), dtype=dtype)
        for start in range(0, len(features), CHUNK):
            x = features[start:start + CHUNK].astype(dtype, copy=False)
            for weights, bias in hidden:
                x = np.maximum(x @ weights + bias, 0.0)
            out[start:start + CHUNK] = x @ last + last_bias
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
