"""The server's heap keeper: collector passes stay small, and frozen garbage is swept."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from cantstop_tui.server import heap
from cantstop_tui.server.heap import HeapKeeper


class Node:
    """Something that refers to itself: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def keeper() -> Iterator[HeapKeeper]:
    thresholds = gc.get_threshold()
    keeper = HeapKeeper(freeze_seconds=3600)
    yield keeper
    keeper.stop()
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.collect()


async def test_start_freezes_what_lives_and_sets_a_large_young_generation(
    keeper: HeapKeeper,
) -> None:
    keeper.start()
    assert gc.get_threshold() == heap.THRESHOLDS
    assert gc.get_freeze_count() == keeper.swept_size > 0


async def test_each_tick_freezes_what_was_made_since(keeper: HeapKeeper) -> None:
    keeper.start()
    before = gc.get_freeze_count()
    kept = [Node() for _ in range(1000)]
    keeper.tick()
    assert gc.get_freeze_count() >= before + len(kept)


async def test_frozen_garbage_lives_until_a_sweep(keeper: HeapKeeper) -> None:
    keeper.start()
    node = Node()
    alive = weakref.ref(node)
    keeper.tick()
    del node
    gc.collect()
    assert alive() is not None  # frozen: the collector does not look at it
    keeper.sweep()
    assert alive() is None
    assert keeper.sweeps == 1
    assert gc.get_freeze_count() == keeper.swept_size


async def test_a_sweep_comes_when_the_frozen_heap_has_doubled(
    keeper: HeapKeeper, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heap, "MIN_SWEEP_OBJECTS", 0)
    keeper.start()
    for _ in range(heap.SWEEP_CHECK_TICKS):
        keeper.tick()
    assert keeper.sweeps == 0  # nothing new lives
    node = Node()
    alive = weakref.ref(node)
    grown = [Node() for _ in range(keeper.swept_size + 1000)]
    del node
    for _ in range(heap.SWEEP_CHECK_TICKS):
        keeper.tick()
    assert keeper.sweeps == 1
    assert alive() is None
    assert len(grown) > 0


async def test_a_sweep_comes_once_a_quarter_of_the_running_apps_have_ended(
    keeper: HeapKeeper,
) -> None:
    keeper.start()
    for _ in range(8):
        keeper.app_started()
    node = Node()
    alive = weakref.ref(node)
    keeper.tick()
    del node
    keeper.app_ended()
    keeper.tick()
    assert keeper.sweeps == 0  # one of seven still running is too little garbage to walk for
    keeper.app_ended()
    keeper.tick()
    assert keeper.sweeps == 1
    assert alive() is None
    assert (keeper.running_apps, keeper.ended_apps) == (6, 0)
