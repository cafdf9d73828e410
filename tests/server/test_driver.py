"""The channel driver and the many-apps-in-one-loop design it relies on.

The private Textual pieces it uses (through ui.textual_compat) are guarded in
tests/ui/test_compat_driver.py.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import re
import weakref
from functools import partial

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from cantstop_tui.server.driver import ChannelDriver
from cantstop_tui.server.shared_table import SharedTable
from cantstop_tui.server.terminal_fit import clamp_size

from .conftest import until


class FakeTerminal:
    def __init__(self, size: tuple[int, int] = (40, 12)) -> None:
        self.size = size
        self.output: list[str] = []
        self.driver: ChannelDriver | None = None

    def write(self, data: str) -> None:
        self.output.append(data)

    def attach(self, driver: ChannelDriver | None) -> None:
        self.driver = driver

    def text(self) -> str:
        return "".join(self.output)


class Echo(App[None]):
    """Shows its label and the last key; a table change shows the active app's label."""

    def __init__(self, label: str, table: SharedTable | None = None) -> None:
        super().__init__()
        self.label = label
        self.table = table
        self.events: list[events.Event] = []
        self.seen_by: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(self.label, id="label")

    def on_mount(self) -> None:
        if self.table is not None:
            self.table.subscribe(lambda match, events: self.seen_by.append(self._active_label()))

    def _active_label(self) -> str:
        return self.query_one("#label", Static).app.label  # type: ignore[attr-defined, no-any-return]

    def on_key(self, event: events.Key) -> None:
        self.events.append(event)
        self.query_one("#label", Static).update(f"{self.label} got {event.key}")

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.events.append(event)


def start(app: App[None], terminal: FakeTerminal) -> asyncio.Task[None]:
    app.driver_class = partial(ChannelDriver, terminal=terminal)  # type: ignore[assignment]
    return asyncio.get_running_loop().create_task(app.run_async(), context=contextvars.Context())


async def test_two_apps_run_at_once_in_one_loop_each_with_its_own_input_and_output() -> None:
    terminals = [FakeTerminal(), FakeTerminal()]
    apps = [Echo("one"), Echo("two")]
    tasks = [start(app, terminal) for app, terminal in zip(apps, terminals, strict=True)]
    await until(
        lambda: all(
            t.driver is not None and "one" in "".join(terminals[0].output) for t in terminals
        ),
        "both apps to draw",
    )
    await until(lambda: "two" in terminals[1].text(), "the second app to draw")
    assert terminals[0].driver is not None and terminals[1].driver is not None
    terminals[0].driver.feed("x")
    terminals[1].driver.feed("\x1b[A")  # up arrow
    await until(lambda: "one got x" in terminals[0].text(), "app one to show its key")
    await until(lambda: "two got up" in terminals[1].text(), "app two to show its key")
    assert "two" not in terminals[0].text() and "one" not in terminals[1].text()
    for app in apps:
        app.exit()
    await asyncio.gather(*tasks)


async def test_the_parser_turns_keys_mouse_and_a_lone_escape_into_events() -> None:
    terminal, label = FakeTerminal(), "keys"
    app = Echo(label)
    task = start(app, terminal)
    # Input may only be fed once the app has drawn: before that it has no screen to get it.
    await until(lambda: label in terminal.text(), "the app to draw")
    assert terminal.driver is not None
    terminal.driver.feed("r\r\x1b[<0;5;3M")
    terminal.driver.feed("\x1b")  # a lone Escape is only known once the tick passes
    await until(lambda: len(app.events) >= 4, "four events")
    keys = [e.key for e in app.events if isinstance(e, events.Key)]
    assert keys[:2] == ["r", "enter"] and "escape" in keys
    mouse = [e for e in app.events if isinstance(e, events.MouseDown)]
    assert mouse and (mouse[0].screen_x, mouse[0].screen_y) == (4, 2)
    app.exit()
    await task


async def test_a_resize_reaches_the_app_and_output_leaves_application_mode() -> None:
    terminal = FakeTerminal((30, 10))
    app = Echo("size")
    task = start(app, terminal)
    await until(lambda: terminal.driver is not None and app.size == (30, 10), "the first size")
    assert terminal.driver is not None
    terminal.driver.resize(50, 20)
    await until(lambda: app.size == (50, 20), "the new size")
    app.exit()
    await task
    assert terminal.text().startswith("\x1b[?1049h") and "\x1b[?1049l" in terminal.text()


async def test_output_sends_a_style_where_it_changes_not_after_every_reset() -> None:
    terminal = FakeTerminal((30, 10))
    app = Echo("[b]bold[/b] [i]italic[/i] [u]underlined[/u] [b]bold[/b]")
    task = start(app, terminal)
    await until(lambda: "underlined" in terminal.text(), "the app to draw")
    app.exit()
    await task
    # Textual writes a reset and the whole style again between any two runs of text; once
    # the terminal's style is known (after the first reset), only changes are sent.
    assert len(re.findall(r"\x1b\[0m\x1b\[[0-9;]*m", terminal.text())) <= 1


async def test_table_listeners_run_as_their_own_app_whoever_acts(seeded_table: SharedTable) -> None:
    terminals = [FakeTerminal(), FakeTerminal()]
    apps = [Echo("one", seeded_table), Echo("two", seeded_table)]
    tasks = [start(app, terminal) for app, terminal in zip(apps, terminals, strict=True)]
    await until(lambda: seeded_table.listener_count == 2, "both apps to subscribe")
    seeded_table.roll(seeded_table.match.state.current_player)  # acting from outside any app
    assert apps[0].seen_by == ["one"] and apps[1].seen_by == ["two"]
    apps[0].exit()
    await tasks[0]
    seeded_table.forget(apps[0])
    assert seeded_table.listener_count == 1
    apps[1].exit()
    await tasks[1]


def test_terminal_sizes_are_clamped() -> None:
    assert clamp_size(0, 0) == (80, 24)
    assert clamp_size(1, 1) == (20, 10)
    assert clamp_size(10**6, 10**6) == (300, 100)
    assert clamp_size(100, 30) == (100, 30)


async def _run_and_type(terminal: FakeTerminal) -> weakref.ref[Echo]:
    """Run an app on ``terminal``, type three keys, end it; a weak reference to it."""
    label = "gone"
    app = Echo(label)
    task = start(app, terminal)
    # Input may only be fed once the app has drawn: before that it has no screen to get it.
    await until(lambda: label in terminal.text(), "the app to draw")
    assert terminal.driver is not None
    terminal.driver.feed("abc")
    await until(lambda: len(app.events) == 3, "three keys")
    app.exit()
    await task
    return weakref.ref(app)


async def test_an_ended_app_is_not_kept_alive_by_the_key_parser() -> None:
    # Textual's XTermParser caches parsed keys in one class-wide lru_cache keyed by
    # (parser, keys): each entry would keep the parser, its Key events and their app.
    terminal = FakeTerminal()
    alive = await _run_and_type(terminal)
    terminal.driver = None
    gc.collect()
    assert alive() is None


async def test_an_escape_right_after_another_key_still_arrives_without_more_input() -> None:
    """A key, then Escape 60 ms later, then nothing: the Escape key must not wait for the
    next key (the tick scheduled by the first key came too soon for the ESC)."""
    terminal, label = FakeTerminal(), "esc"
    app = Echo(label)
    task = start(app, terminal)
    await until(lambda: label in terminal.text(), "the app to draw")
    assert terminal.driver is not None
    terminal.driver.feed("x")
    asyncio.get_running_loop().call_later(0.06, terminal.driver.feed, "\x1b")  # ESC 60 ms on
    await until(
        lambda: [e.key for e in app.events if isinstance(e, events.Key)] == ["x", "escape"],
        "the Escape key, with no more input",
    )
    app.exit()
    await task
