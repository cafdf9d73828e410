"""The server's heap keeper: a large young generation, nothing frozen, and the garbage of
ended apps collected once enough of them have ended."""

from __future__ import annotations

import asyncio
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
    keeper = HeapKeeper()
    yield keeper
    keeper.stop()
    assert gc.get_threshold() == thresholds  # stop puts Python's back
    gc.collect()


async def test_start_sets_a_large_young_generation_and_freezes_nothing(
    keeper: HeapKeeper,
) -> None:
    frozen = gc.get_freeze_count()
    keeper.start()
    assert gc.get_threshold() == heap.THRESHOLDS
    assert gc.get_freeze_count() == frozen


async def test_a_collection_comes_once_a_quarter_of_the_running_apps_have_ended(
    keeper: HeapKeeper,
) -> None:
    keeper.start()
    gc.disable()  # only the keeper collects here
    try:
        for _ in range(8):
            keeper.app_started()
        node = Node()
        alive = weakref.ref(node)
        del node
        keeper.app_ended()
        await asyncio.sleep(0)
        # one of seven still running is too little garbage to walk every object for
        assert keeper.collections == 0 and alive() is not None
        keeper.app_ended()
        keeper.app_ended()  # ended together: one collection
        await asyncio.sleep(0)
        assert keeper.collections == 1 and alive() is None
        assert (keeper.running_apps, keeper.ended_apps) == (5, 0)
    finally:
        gc.enable()
