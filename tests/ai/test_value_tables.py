"""The hand-made value's tables written out as constants are the engine's."""

from __future__ import annotations

from cantstop_tui.ai.value import HIT_CHANCE, HITS, hit_counts
from cantstop_tui.engine import ALL_ROLLS


def test_the_hit_counts_are_the_engines() -> None:
    assert hit_counts() == HITS
    assert HIT_CHANCE[7] == 834 / len(ALL_ROLLS)
