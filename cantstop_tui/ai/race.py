"""Win chances from each player's turns still needed: a race in turn order.

Each player is given a distribution of how many of their own turns they still
need to win (``dist[t - 1]``: on their t-th turn from now; the last entry holds
that many or more). Taking the players as independent, the first to finish wins,
and in a round the player who moves earlier finishes first: the player ``o``-th
in turn order (0 moves next) wins on their t-th turn if every player after them
in the round needs at least t turns and every player before them more than t.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]


def _more(dist: Floats) -> Floats:
    """P(T > t) for t = 1..K."""
    return np.clip(1.0 - np.cumsum(dist, axis=-1), 0.0, 1.0)


def _survival(dist: Floats) -> tuple[Floats, Floats]:
    """(P(T >= t), P(T > t)) for t = 1..K."""
    more = _more(dist)
    at_least = np.concatenate([np.ones((*dist.shape[:-1], 1)), more[..., :-1]], axis=-1)
    return at_least, more


def race(dists: Sequence[Floats]) -> Floats:
    """Each player's chance to win, the players listed in turn order (the first moves next)."""
    survivals = [_survival(np.asarray(d, dtype=np.float64)) for d in dists]
    wins = []
    for o, dist in enumerate(dists):
        others = np.ones(len(dist))
        for j, (at_least, more) in enumerate(survivals):
            if j > o:
                others = others * at_least
            elif j < o:
                others = others * more
        wins.append(float(np.dot(dist, others)))
    total = sum(wins)
    return np.asarray(wins) / total if total > 0 else np.full(len(wins), 1.0 / len(wins))


def last_mover_weights(others: Sequence[Floats]) -> Floats:
    """Weights ``w`` such that ``dist @ w`` is the chance to win of a player who moves after
    all of ``others`` in the round (a player who has just stopped): P(every other needs more
    than t turns) for each t. ``others`` may each hold many distributions, one a row: then
    each row's weights, each the same to the bit as that row's alone."""
    weights = np.ones(np.shape(others[0]) if others else 1)
    for dist in others:
        weights = weights * _more(np.asarray(dist, dtype=np.float64))
    return weights
