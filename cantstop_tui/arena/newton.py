"""Least of a smooth loss of a few numbers: damped Newton steps on finite differences."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

STEPS: Final = 40
"""At most this many Newton steps (the fit stops once no number moves by 1e-6)."""
_H: Final = 1e-4
"""The finite difference of the Newton steps' derivatives."""


def newton(loss: Callable[[np.ndarray], float], x: np.ndarray) -> np.ndarray:
    """Where ``loss`` is least near ``x``: Newton steps on finite-difference derivatives,
    damped (Levenberg-Marquardt) until the loss falls: nearly Newton's where the loss curves
    as a bowl, a short step downhill where it does not."""
    unit = np.eye(len(x)) * _H
    damping = 1e-3
    for _ in range(STEPS):
        here = loss(x)
        grad = np.array([(loss(x + e) - loss(x - e)) / (2 * _H) for e in unit])
        hess = np.array([[(loss(x + a + b) - loss(x + a - b) - loss(x - a + b)
                           + loss(x - a - b)) / (4 * _H * _H) for b in unit] for a in unit])
        while True:
            step = np.linalg.solve(hess + damping * np.eye(len(x)), grad)
            if loss(x - step) < here:
                break
            damping *= 10
            if damping > 1e8:
                return x
        x, damping = x - step, damping / 10
        if np.abs(step).max() < 1e-6:
            break
    return x
