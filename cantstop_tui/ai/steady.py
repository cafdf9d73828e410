"""``steady``: a player who thinks one roll ahead and would rather keep what they have.

It judges a banked position as ``strong`` does (the hand-made value, ``value.py``) but looks
only one roll ahead: a pair choice is the move whose runners would be best to bank now, and
it rolls again only when rolling looks better than stopping by more than ``CAUTION`` (in
points of win chance). So it stops where a bolder player would push on, busts less often
than ``strong`` and falls behind a strong player it cannot catch by taking risks.
"""

from __future__ import annotations

from typing import Final

from ..engine import GameState
from .expert import ClassicExpertBot

LOOKS_AHEAD: Final = 1
"""Rolls it looks ahead before deciding (``strong`` looks two, ``expert`` three)."""
CAUTION: Final = 0.015
"""How much better (in win chance, 0 to 1) rolling must look before it rolls again."""


class SteadyBot(ClassicExpertBot):
    name = "steady"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, depth=LOOKS_AHEAD)

    def keep_rolling(self, state: GameState) -> bool:
        planner = self.planner(state)
        runners = state.runners
        if not planner.may_stop(runners):
            return True
        stop = planner.stop_value(runners)
        if stop >= planner.best_stop:  # stopping wins
            return False
        return planner.rolling_value(runners) > stop + CAUTION
