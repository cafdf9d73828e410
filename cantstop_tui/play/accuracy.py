"""Accuracy as Lichess computes it (lila's ``AccuracyPercent.scala`` and ``Maths.scala``).

A decision's accuracy follows Lichess's curve of the win percentage it gave away (with its
one-point "uncertainty bonus", clipped to 0-100). A player's accuracy over a game is the
average of two means of their decisions' accuracies:

- the *volatility-weighted* mean: each decision weighs the population standard deviation of
  the player's win percentages over a window of positions ending just after it (the window
  ``decisions / 10`` positions wide, between 2 and 8; the first decisions share the first
  window), the weight kept between 0.5 and 12, so decisions in a swinging game count more;
- the *harmonic* mean (each accuracy taken as at least 1), which one bad decision pulls
  down more than a plain mean does.

Lichess has one series per game, both colours alternating; with two to four players, each
player's own series is used: their win percentage before each of their decisions (the best
choice's), then after their last (what they played). docs/ai.md works an example through.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

CURVE: Final = (103.1668100711649, 0.04354415386753951, -3.166924740191411)
"""``a exp(-k x) + b``: Lichess's fit of a move's accuracy to the win percentage it lost."""
BONUS: Final = 1.0
"""Lichess's "uncertainty bonus (due to imperfect analysis)", added before clipping."""
WINDOW: Final = (2, 8)
"""Narrowest and widest window of positions for a decision's volatility."""
WEIGHT: Final = (0.5, 12.0)
"""Least and most a decision weighs (a standard deviation in percentage points)."""


def _clip(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


def move_accuracy(cost: float) -> float:
    """0-100 for one decision that gave away ``cost`` points (100 for none or a gain)."""
    if cost <= 0:
        return 100.0
    a, k, b = CURVE
    return _clip(a * math.exp(-k * cost) + b + BONUS, 0.0, 100.0)


def _pstdev(values: Sequence[float]) -> float:
    """The population standard deviation (Lichess's ``Maths.standardDeviation``) in floats:
    ``statistics.pstdev``'s to a few units in the last place, where its exact fractions
    cost a millisecond a game and its import (``fractions``, ``decimal``) more."""
    mean = math.fsum(values) / len(values)
    return math.sqrt(math.fsum((x - mean) ** 2 for x in values) / len(values))


def volatility_weights(chances: Sequence[float]) -> list[float]:
    """One weight per decision from the win percentages around it (``len(chances) - 1``
    decisions: a position before each, and one after the last)."""
    decisions = len(chances) - 1
    size = int(_clip(decisions // 10, *WINDOW))
    first = list(chances[:size])
    windows = [first] * (min(size, len(chances)) - 2)
    windows += [list(chances[i : i + size]) for i in range(max(len(chances) - size + 1, 1))]
    return [_clip(_pstdev(window), *WEIGHT) for window in windows[:decisions]]


def game_accuracy(costs: Sequence[float], chances: Sequence[float]) -> float | None:
    """A player's accuracy over a game (None with no decision): ``costs`` in points, one a
    decision, and ``chances`` their win percentages, one before each decision and one after
    the last."""
    if not costs:
        return None
    if len(chances) != len(costs) + 1:
        raise ValueError("one win percentage before each decision and one after the last")
    accuracies = [move_accuracy(cost) for cost in costs]
    weights = volatility_weights(chances)
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)
    return (weighted + harmonic) / 2
