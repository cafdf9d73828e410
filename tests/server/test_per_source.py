"""What the server keeps per source (``per_source.PerSource``): the sources seen last, at
most ``most``; the one seen longest ago forgotten first, and told to ``forgotten``."""

from __future__ import annotations

from cantstop_tui.server.per_source import PerSource


def test_the_sources_seen_last_are_kept_and_the_oldest_forgotten_is_told() -> None:
    told: list[tuple[str, int]] = []
    kept: PerSource[str, int] = PerSource(2, lambda: 0.0, lambda s, v: told.append((s, v)))
    assert kept.seen("a", 1) == 1
    kept.seen("b", 2)
    kept.seen("a", 3)  # seen again: now the newest
    kept.seen("c", 4)  # one too many: b, seen longest ago, goes
    assert told == [("b", 2)]
    assert kept.items() == [("a", 3), ("c", 4)]
    assert "b" not in kept and len(kept) == 2
    assert kept.get("b") is None and kept.get("a") == 3


def test_keep_changes_a_value_without_making_it_the_newest() -> None:
    kept: PerSource[str, int] = PerSource(2)
    kept.seen("a", 1)
    kept.seen("b", 2)
    kept.keep("a", 5)  # a line held back: not seen
    kept.seen("c", 3)
    assert kept.items() == [("b", 2), ("c", 3)]  # a was still the oldest


def test_pop_forgets_a_source_without_telling() -> None:
    told: list[str] = []
    kept: PerSource[str, int] = PerSource(1, forgotten=lambda s, _v: told.append(s))
    kept.seen("a", 1)
    assert kept.pop("a") == 1
    assert kept.pop("a") is None
    kept.seen("b", 2)
    assert told == [] and kept.items() == [("b", 2)]
    assert kept.clock() > 0  # the monotonic clock by default


def test_the_clock_is_the_one_given() -> None:
    now = [5.0]
    kept: PerSource[str, int] = PerSource(3, lambda: now[0])
    now[0] = 7.5
    assert kept.clock() == 7.5
