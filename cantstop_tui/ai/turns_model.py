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
from functools import cache
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

_COLS: Final = np.array(COLUMNS)
COLUMN_TOPS: Final = np.array([TOPS[c] for c in COLUMNS], dtype=np.int64)
"""``TOPS`` of columns 2..12, for arrays of heights."""
_TOPS: Final = COLUMN_TOPS.astype(np.float64)
_EFFORT_SCALE: Final = 20.0
_PER_STEP: Final = 1.0 / (np.array([HIT_CHANCE[c] for c in COLUMNS]) * _EFFORT_SCALE)
_NO_COLUMN: Final = 3.0
"""The effort written for a missing column (well above any real one, about 1.6)."""

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
) -> Floats:
    """Features of B positions of one player: ``heights`` (B, 11) their squares in columns
    2..12 (a won column at its top), ``closed`` (B, 11) or (11,) the columns another player
    won. Rows must still need at least one column."""
    heights = np.atleast_2d(heights)
    rows = heights.shape[0]
    closed = np.broadcast_to(closed, heights.shape)
    progress = np.where(closed, 0.0, heights / _TOPS)
    won = won_columns(heights, closed).astype(np.float64)
    needed = win_columns - won.sum(axis=1).astype(np.int64)
    effort = np.where(closed | (won > 0), _NO_COLUMN, (_TOPS - heights) * _PER_STEP)
    efforts = np.sort(effort, axis=1)
    main = np.where(
        np.arange(len(COLUMNS)) < needed[:, None], efforts, 0.0
    ).sum(axis=1, keepdims=True)
    one_hot_needed = np.zeros((rows, MAX_NEEDED))
    one_hot_needed[np.arange(rows), np.clip(needed, 1, MAX_NEEDED) - 1] = 1.0
    constant = np.zeros(len(WIN_COLUMNS) + len(VARIANTS))
    constant[WIN_COLUMNS.index(win_columns)] = 1.0
    constant[len(WIN_COLUMNS) + VARIANTS.index(variant)] = 1.0
    return np.hstack([
        progress,
        won,
        closed.astype(np.float64),
        one_hot_needed,
        np.broadcast_to(constant, (rows, len(constant))),
        efforts[:, :SORTED_EFFORTS],
        main,
    ])


@dataclass(frozen=True)
class TurnsModel:
    """A small network: features -> ReLU layers -> softmax over 1..HORIZON turns."""

    layers: tuple[tuple[Weights, Weights], ...]
    mean: Floats
    scale: Floats
    meta: dict[str, object]

    def distribution(self, features: Floats) -> Floats:
        """(B, HORIZON): the chance of winning on each of the next turns, per row.

        Worked in the weights' precision (single for the shipped ones: four times as
        fast as double, and the chances need no more)."""
        x = ((features - self.mean) / self.scale).astype(self.layers[0][0].dtype)
        for weights, bias in self.layers[:-1]:
            x = np.maximum(x @ weights + bias, 0.0)
        weights, bias = self.layers[-1]
        logits = x @ weights + bias
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        chances: Floats = odds / odds.sum(axis=1, keepdims=True)
        return chances

    def prospects(
        self,
        heights: NDArray[np.int64],
        closed: NDArray[np.bool_],
        win_columns: int,
        variant: Variant,
    ) -> Floats:
        """``distribution`` of ``encode``'s rows; a player with too few columns still open
        to them has all their chance on the last turn counted (they cannot win alone)."""
        dists = self.distribution(encode(heights, closed, win_columns, variant))
        heights = np.atleast_2d(heights)
        closed = np.broadcast_to(closed, heights.shape)
        won = won_columns(heights, closed).sum(axis=1)
        still_open = ((heights < COLUMN_TOPS) & ~closed).sum(axis=1)
        stuck = won + still_open < win_columns
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
