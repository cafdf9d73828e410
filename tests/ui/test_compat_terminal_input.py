"""ui/textual_compat/terminal_input.py and the driver that uses it (ui/compact_driver.py):
the terminal's input loop ends at the input's end, where Textual's own spins."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from waiting import wait_until

from cantstop_tui.ui.compact_driver import TerminalEnded, compact
from cantstop_tui.ui.textual_compat.terminal_input import read_terminal

LIMIT = 30.0


class Stub:
    """What the input loop reads of a driver: its input, debug flag, exit event; the
    events it posts are kept."""

    def __init__(self, fileno: int) -> None:
        self.fileno = fileno
        self._debug = False
        self.exit_event = threading.Event()
        self.posted: list[Any] = []

    def process_message(self, message: Any) -> None:
        self.posted.append(message)


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read_end, write_end = os.pipe()
    yield read_end, write_end
    for fd in (read_end, write_end):
        with contextlib.suppress(OSError):
            os.close(fd)


def test_textuals_own_loop_reads_the_end_of_its_input_again_and_again(
    pipe: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fault ``read_terminal`` is there for (Textual 8.2.8): when this fails, an upgrade
    fixed it, and the override in ``compact_driver`` can go."""
    read_end, write_end = pipe
    os.close(write_end)
    reads = []
    real_read = os.read

    def counting_read(fd: int, size: int) -> bytes:
        reads.append(fd)
        return real_read(fd, size)

    monkeypatch.setattr(os, "read", counting_read)
    stub = Stub(read_end)
    loop = threading.Thread(target=LinuxDriver.run_input_thread, args=(stub,), daemon=True)
    loop.start()
    # a hundred empty reads: it would never stop
    wait_until(lambda: len(reads) >= 100, "a hundred reads", LIMIT)
    stub.exit_event.set()
    loop.join(LIMIT)
    assert not loop.is_alive()


def test_the_input_end_ends_the_loop_after_the_keys_before_it(pipe: tuple[int, int]) -> None:
    read_end, write_end = pipe
    os.write(write_end, "ré".encode())
    os.close(write_end)
    stub = Stub(read_end)
    assert read_terminal(stub) is True  # type: ignore[arg-type]
    keys = [event.character for event in stub.posted if isinstance(event, events.Key)]
    assert keys == ["r", "é"]


def test_a_hung_up_terminals_read_error_ends_the_loop(
    pipe: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    read_end, write_end = pipe
    os.write(write_end, b"x")  # ready to read; the read fails as a hung-up tty's does

    def eio(fd: int, size: int) -> bytes:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "read", eio)
    assert read_terminal(Stub(read_end)) is True  # type: ignore[arg-type]


def test_the_drivers_exit_event_stops_the_loop_with_the_input_open(
    pipe: tuple[int, int],
) -> None:
    read_end, _ = pipe
    stub = Stub(read_end)
    result: list[bool] = []
    loop = threading.Thread(target=lambda: result.append(read_terminal(stub)))  # type: ignore[arg-type]
    loop.start()
    stub.exit_event.set()
    loop.join(LIMIT)
    assert result == [False]


def ended_driver(read_end: int, input_tty: bool) -> tuple[Any, list[Any]]:
    """Our driver (``compact(LinuxDriver)``) run on ``read_end``, a pipe at its end; what
    it posted to the app."""
    saved = {s: signal.getsignal(s) for s in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        driver: Any = compact(LinuxDriver)(App())
    finally:  # Textual's driver takes SIGTSTP and SIGCONT on creation
        for signum, handler in saved.items():
            signal.signal(signum, handler)
    posted: list[Any] = []
    driver.process_message = posted.append
    driver.fileno, driver.input_tty = read_end, input_tty
    driver.run_input_thread()
    return driver, posted


async def test_the_driver_tells_the_app_and_writes_no_more_to_a_terminal_gone(
    pipe: tuple[int, int],
) -> None:
    read_end, write_end = pipe
    os.close(write_end)
    driver, posted = ended_driver(read_end, input_tty=True)
    assert [type(message) for message in posted] == [TerminalEnded]
    assert driver.terminal_gone
    driver.write("\x1b[?1049l")  # dropped: no writer thread is asked (there is none here)


async def test_input_that_is_not_a_terminal_leaves_the_terminal_written_to(
    pipe: tuple[int, int],
) -> None:
    """``cantstop < /dev/null``: the input ended, the screen is still there to restore."""
    read_end, write_end = pipe
    os.close(write_end)
    driver, posted = ended_driver(read_end, input_tty=False)
    assert [type(message) for message in posted] == [TerminalEnded]
    assert not driver.terminal_gone
    with pytest.raises(AssertionError, match="application mode"):
        driver.write("x")  # passed on to Textual's writer (not started in this test)


async def test_the_app_ends_as_after_a_hang_up_when_told() -> None:
    from cantstop_tui.storage.signals import HANG_UP
    from cantstop_tui.ui.app import CantStopApp

    app = CantStopApp(remember=False, autosave=False)
    async with app.run_test() as pilot:
        app.post_message(TerminalEnded())
        await pilot.pause()
    assert app.return_code == HANG_UP == 129
