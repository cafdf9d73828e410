"""``bold``: a player who thinks one roll ahead and likes to push their luck.

It judges a banked position as ``strong`` does (the hand-made value, ``value.py``) but looks
only one roll ahead: a pair choice is the move whose runners would be best to bank now, and
it rolls again unless stopping looks better than rolling by more than ``BOLDNESS`` (in
points of win chance). So it rolls on through risks a careful player would not take, and
busts about half again as often as ``strong`` does.
"""

from __future__ import annotations

from typing import Final

from ..engine import GameState
from .expert import ClassicExpertBot

LOOKS_AHEAD: Final = 1
"""Rolls it looks ahead before deciding (``strong`` looks two, ``expert`` three)."""
BOLDNESS: Final = 0.035
"""How much better (in win chance, 0 to 1) stopping must look before it stops."""


class BoldBot(ClassicExpertBot):
    name = "bold"

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
        return planner.rolling_value(runners) > stop - BOLDNESS
