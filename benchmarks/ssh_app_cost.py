"""The server's CPU per table change for each session following the table, without SSH or a
client: apps of the game (or of a minimal one-line baseline) draw into terminals that only
count, while the table steps."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import sys
import time
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Static


class Sink:
    """A terminal that only counts: the apps' output is produced, then dropped."""

    def __init__(self) -> None:
        self.size = (80, 24)
        self.written = 0
        self.driver: Any = None

    def write(self, data: str) -> None:
        self.written += len(data)

    def attach(self, driver: Any) -> None:
        self.driver = driver


class Minimal(App[None]):
    """The baseline: one line of text following the same table."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static(id="line")

    def on_mount(self) -> None:
        self.table.subscribe(lambda match, events: self.call_later(self._show, match))

    def _show(self, match: Any) -> None:
        self.query_one(Static).update(
            f"{len(match.history)} steps, turn of {match.current_seat.name}"
        )


async def cpu_per_change(make_app: Any, apps: int = 4, changes: int = 120) -> float:
    """Server CPU seconds per table change per app following it (no SSH, no client)."""
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.play.match import Match, Seat
    from cantstop_tui.server.driver import ChannelDriver
    from cantstop_tui.server.shared_table import SharedTable
    from cantstop_tui.ui.demo import step_at

    table = SharedTable(Match.start((Seat("ana"), Seat("bob")), GameConfig(), 3), bot_delay=0)
    sinks = [Sink() for _ in range(apps)]
    running = []
    for sink in sinks:
        app = make_app(table)
        app.driver_class = functools.partial(ChannelDriver, terminal=sink)
        running.append((app, asyncio.create_task(app.run_async(), context=contextvars.Context())))
    await asyncio.sleep(3.0)  # started and idle
    for sink in sinks:
        if sink.driver is not None:
            sink.driver.feed("\r")  # past the roll-off
    await asyncio.sleep(1.0)
    start = time.process_time()
    made = 0
    while made < changes and not table.match.state.is_over:
        step_at(table)
        made += 1
        await asyncio.sleep(0.05)  # each change drawn before the next
    cpu = time.process_time() - start
    for app, task in running:
        app.exit()
        await task
    # Apps redirect sys.stdout while they run; ended out of order they can leave it redirected.
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    return cpu / (made * apps)
