"""The server's garbage-collector thresholds: a large young generation while serving."""

from __future__ import annotations

import gc

from cantstop_tui.server.collector import THRESHOLDS, hosting_many_apps

from .conftest import until


def test_serving_uses_a_large_young_generation_and_restores_the_thresholds() -> None:
    before = gc.get_threshold()
    with hosting_many_apps():
        assert gc.get_threshold() == THRESHOLDS
        assert THRESHOLDS[0] > 10 * before[0]
    assert gc.get_threshold() == before


class _Cycle:
    def __init__(self) -> None:
        self.me = self


async def test_leaving_a_table_collects_its_cycles_once_soon_after(monkeypatch) -> None:
    import weakref

    from cantstop_tui.server import collector

    monkeypatch.setattr(collector, "COLLECT_AFTER", 0.05)
    gc.disable()  # only the scheduled collection may free the cycle
    try:
        cycle = _Cycle()
        gone = weakref.ref(cycle)
        del cycle
        collector.collect_soon()
        collector.collect_soon()  # a second leave before it runs: still one collection
        assert len(collector._pending) == 1
        assert gone() is not None
        await until(lambda: not collector._pending, "the scheduled collection")
        assert gone() is None
        assert not collector._pending
    finally:
        gc.enable()


def test_a_collection_left_due_by_an_ended_loop_does_not_hold_up_the_next(monkeypatch) -> None:
    import asyncio

    from cantstop_tui.server import collector

    monkeypatch.setattr(collector, "COLLECT_AFTER", 60.0)

    async def leave_a_table() -> None:
        collector.collect_soon()

    asyncio.run(leave_a_table())  # that loop (a server's) ends with its collection due

    async def next_server() -> None:
        collector.collect_soon()
        [(loop, handle)] = collector._pending
        assert loop is asyncio.get_running_loop()
        handle.cancel()
        collector._pending.clear()

    asyncio.run(next_server())


async def test_a_collection_timed_for_later_keeps_nothing_of_the_app_that_asked() -> None:
    """A timer runs in a copy of the context it was set in, and an app's context holds
    Textual's ``active_app``: a collection timed for when a notice's time is up kept the
    whole app of a visitor who had left alive until then."""
    import contextvars
    import weakref

    from cantstop_tui.server import collector

    class App:
        pass

    active: contextvars.ContextVar[App] = contextvars.ContextVar("active")
    app = App()
    gone = weakref.ref(app)

    def ask(asking: App) -> None:
        active.set(asking)
        collector.collect_after(3600)
        collector.collect_soon()

    contextvars.copy_context().run(ask, app)
    del app
    gc.collect()
    assert gone() is None
    collector._pending.clear()


async def test_a_cancelled_timer_keeps_nothing_of_its_context_once_dropped() -> None:
    """A notice's timer, cancelled when its app ends, stays on the loop with its context
    (Textual's ``active_app``) until it was due: ``drop_cancelled_timers`` takes it off."""
    import asyncio
    import contextvars
    import weakref

    from cantstop_tui.server import collector

    class App:
        pass

    active: contextvars.ContextVar[App] = contextvars.ContextVar("active")
    app = App()
    gone = weakref.ref(app)
    loop = asyncio.get_running_loop()

    def notice(asking: App) -> asyncio.TimerHandle:
        active.set(asking)
        return loop.call_later(3600, lambda: None)  # a notice's time

    timer = contextvars.copy_context().run(notice, app)
    due = asyncio.Event()
    loop.call_later(0.01, due.set)  # another timer, not cancelled: kept, and it fires
    del app
    timer.cancel()
    del timer
    gc.collect()
    assert gone() is not None  # held by the loop until the hour is up
    assert collector.drop_cancelled_timers() >= 1
    gc.collect()
    assert gone() is None
    assert collector.drop_cancelled_timers() == 0
    await asyncio.wait_for(due.wait(), 30)
