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

from ..engine import Variant
from .turns_features import (
    COLUMN_TOPS,
    FEATURES,
    MAX_NEEDED,
    SORTED_EFFORTS,
    WIN_COLUMNS,
    encode,
    won_columns,
)

HORIZON: Final = 40
"""Turns the distribution covers; its last entry holds that many or more."""
WEIGHTS_FILE: Final = "turns_model.npz"
__all__ = [
    "CHUNK", "COLUMN_TOPS", "ENCODE_ROWS", "FEATURES", "HORIZON", "MAX_NEEDED",
    "SORTED_EFFORTS", "TURNS", "WEIGHTS_FILE", "WIN_COLUMNS", "TurnsModel", "encode",
    "one_blas_thread", "shipped", "won_columns",
]
CHUNK: Final = 256
"""Rows the network works at once (``TurnsModel.distribution``)."""
ENCODE_ROWS: Final = 16 * CHUNK
"""Rows encoded at once (``TurnsModel.prospects``): a whole number of ``CHUNK``s."""

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


def _turn_sums(chances: Weights) -> Weights:
    """Each row's sum of an array laid out turn by turn, (HORIZON, B): to the bit what numpy's
    sum of the row laid out as a row gives (its pairwise sum of a run of 8 to 128 numbers:
    eight running sums, of every eighth number in order, added as a tree), with every row's
    turns added at once."""
    running = chances[:8].copy()
    for start in range(8, HORIZON, 8):
        running += chances[start:start + 8]
    first = running[0] + running[1]
    first += running[2] + running[3]
    second = running[4] + running[5]
    second += running[6] + running[7]
    first += second
    return cast(Weights, first)


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

    def prospects_by_turn(
        self,
        heights: NDArray[np.int64],
        closed: NDArray[np.bool_],
        win_columns: int,
        variant: Variant,
    ) -> Weights:
        """``prospects`` laid out turn by turn, (HORIZON, B), the same numbers to the bit: the
        softmax's steps (the largest, its exponentials' sum) each done on a turn of every row
        at once, where a row at a time costs a call's overhead per row (``value_array``'s
        reading of them, four times the work)."""
        heights = np.atleast_2d(heights)
        dtype = self.layers[-1][0].dtype
        out = np.empty((HORIZON, len(heights)), dtype=dtype)
        for start in range(0, len(heights), ENCODE_ROWS):
            part = slice(start, start + ENCODE_ROWS)
            chances = out[:, part]
            chances[...] = self.logits(
                encode(heights[part], closed[part] if closed.ndim == 2 else closed,
                       win_columns, variant, dtype)
            ).T
            chances -= chances.max(axis=0)
            np.exp(chances, out=chances)
            chances /= _turn_sums(chances)
        stuck = np.broadcast_to((~closed).sum(axis=-1) < win_columns, len(heights))
        if stuck.any():
            out[:, stuck] = 0.0
            out[-1, stuck] = 1.0
        return out

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
