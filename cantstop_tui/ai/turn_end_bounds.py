"""Where the turn's-end pass (``turn_end``) need not work a roll out: a stop no roll can beat.

Within a column triple every roll leads to another situation of the triple or busts, and
the turn ends in a stop or a bust, so no situation is worth more than the best stop of its
triple (or the bust's worth, if higher). A roll is then worth at most its busts at the
bust's worth and its other rolls at that best. A situation whose stop reaches that bound
is worth its stop whatever the rest: taking its stop is what the pass would find to the
last bit (there ``max(roll, stop)`` is the stop). Over a review about a fifth of the
situations (wins aside), as many as with the best stop strictly above each situation
instead of the triple's, which cost more to find than the pass saved (docs/ai.md, "Speed").
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from .outcomes import ROLLS

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]

MARGIN: Final = 1e-9
"""How far (relative to 1) a stop must clear the bound on rolling to be taken without
working the roll out: far above the rounding of a sum of a few dozen terms (about 1e-14)."""


def surely_stopped(
    stops: Floats, busts: Floats, firsts: Ints, bust_value: float, best_stop: float
) -> NDArray[np.bool_]:
    """Each situation whose worth is its stop without working its roll out: a win (a stop
    worth ``best_stop``), or a stop at or above the bound on rolling.

    ``stops``: the situations of one or more triples, each triple's one after another,
    from ``firsts`` (where each triple's situations begin); -inf where the rules refuse a
    stop; ``busts``: each one's rolls that bust, of the 1,296."""
    if not len(stops):
        return np.zeros(0, dtype=np.bool_)
    sizes = np.diff(np.append(firsts, len(stops)))
    best = np.repeat(np.maximum(np.maximum.reduceat(stops, firsts), bust_value), sizes)
    bound = (busts * bust_value + (ROLLS - busts) * best) / ROLLS
    sure: NDArray[np.bool_] = (stops >= best_stop) | (
        stops >= bound + MARGIN * np.maximum(1.0, np.abs(bound))
    )
    return sure
