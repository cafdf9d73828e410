"""Fitting the turns-left network to samples: softmax cross-entropy, Adam, numpy only."""

from __future__ import annotations

import itertools

import numpy as np
from numpy.typing import NDArray

from ..ai.turns_model import FEATURES, HORIZON, TurnsModel, encode
from ..engine import VARIANTS
from .train_data import Samples

Floats = NDArray[np.float64]
HIDDEN = (96, 96)


def features(samples: Samples) -> Floats:
    """The model's features of every sample (encoded per rules variant and columns to win)."""
    out = np.empty((len(samples), FEATURES))
    keys = samples.win_columns.astype(np.int64) * 10 + samples.variant
    for key in np.unique(keys):
        rows = np.flatnonzero(keys == key)
        out[rows] = encode(
            samples.heights[rows].astype(np.int64), samples.closed[rows],
            int(key // 10), VARIANTS[int(key % 10)],
        )
    return out


def _init(rng: np.random.Generator, sizes: list[int]) -> list[list[Floats]]:
    return [
        [rng.normal(0.0, np.sqrt(2.0 / a), (a, b)), np.zeros(b)]
        for a, b in itertools.pairwise(sizes)
    ]


def _forward(params: list[list[Floats]], x: Floats) -> tuple[list[Floats], Floats]:
    activations = [x]
    for weights, bias in params[:-1]:
        x = np.maximum(x @ weights + bias, 0.0)
        activations.append(x)
    logits = x @ params[-1][0] + params[-1][1]
    logits -= logits.max(axis=1, keepdims=True)
    odds = np.exp(logits)
    return activations, odds / odds.sum(axis=1, keepdims=True)


def log_loss(params: list[list[Floats]], x: Floats, target: NDArray[np.int64]) -> float:
    _, probs = _forward(params, x)
    return float(-np.log(probs[np.arange(len(target)), target] + 1e-12).mean())


def fit(
    samples: Samples,
    seed: int,
    epochs: int = 40,
    batch: int = 512,
    rate: float = 2e-3,
    meta: dict[str, object] | None = None,
    log: bool = False,
) -> TurnsModel:
    """Train on 90% of the samples, keeping the weights that did best on the other 10%."""
    rng = np.random.default_rng(seed)
    x = features(samples)
    target = np.clip(samples.turns.astype(np.int64), 1, HORIZON) - 1
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    x = (x - mean) / scale
    order = rng.permutation(len(x))
    held = order[: max(1, len(x) // 10)]
    train = order[len(held):]
    params = _init(rng, [FEATURES, *HIDDEN, HORIZON])
    moments = [[np.zeros_like(p) for p in layer] for layer in params]
    squares = [[np.zeros_like(p) for p in layer] for layer in params]
    best = (log_loss(params, x[held], target[held]), [[p.copy() for p in la] for la in params])
    step = 0
    for epoch in range(epochs):
        rng.shuffle(train)
        for start in range(0, len(train), batch):
            rows = train[start:start + batch]
            activations, probs = _forward(params, x[rows])
            grad = probs
            grad[np.arange(len(rows)), target[rows]] -= 1.0
            grad /= len(rows)
            step += 1
            for k in range(len(params) - 1, -1, -1):
                weights, _ = params[k]
                grads = (activations[k].T @ grad, grad.sum(axis=0))
                if k:
                    grad = (grad @ weights.T) * (activations[k] > 0)
                for j, g in enumerate(grads):
                    moments[k][j] = 0.9 * moments[k][j] + 0.1 * g
                    squares[k][j] = 0.999 * squares[k][j] + 0.001 * g * g
                    m = moments[k][j] / (1 - 0.9**step)
                    v = squares[k][j] / (1 - 0.999**step)
                    params[k][j] -= rate * m / (np.sqrt(v) + 1e-8)
        loss = log_loss(params, x[held], target[held])
        if log:
            print(f"  epoch {epoch + 1}: held-out log loss {loss:.4f}", flush=True)
        if loss < best[0]:
            best = (loss, [[p.copy() for p in la] for la in params])
        if epoch % 10 == 9:
            rate *= 0.5
    info = dict(meta or {})
    info.update(samples=len(samples), held_out_log_loss=round(best[0], 5))
    layers = tuple((w, b) for w, b in best[1])
    return TurnsModel(layers, mean, scale, info)
