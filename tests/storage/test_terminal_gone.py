"""A terminal that goes away without a SIGHUP is a hang-up: ``cantstop`` saves and ends
(exit code 129) instead of spinning a core on its input's end for ever (issue 31: an
orphan whose benchmark's pty was closed did so for 50 minutes).

The game runs in a session of its own, on a pty that is not its controlling terminal (as
``ptyprobe`` and the UI benchmark start it): closing the master sends no signal."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time

import pytest
from test_signals import autosaved_steps, read_to_end
from waiting import wait_until

from cantstop_tui.storage import find_resumable

SEATS = "Ada:easy,Ben:easy"
HANG_UP = 128 + 1
LIMIT = 60.0
"""Seconds for a step that takes well under one (a loaded machine's slack)."""


@pytest.fixture(autouse=True)
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")


def start(seed: int, stdin: int | None = None) -> tuple[subprocess.Popen[bytes], int]:
    """``cantstop`` (two computer players, brisk) on a new pty in a session of its own."""
    master, slave = pty.openpty()
    argv = [sys.executable, "-m", "cantstop_tui", "--players", SEATS, "--seed", str(seed)]
    process = subprocess.Popen(
        [*argv, "--ai-delay", "0.02"],
        stdin=slave if stdin is None else stdin,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    return process, master


def read_for(fd: int, seconds: float) -> bytes:
    """What ``fd`` gives within ``seconds`` (less if it ends)."""
    return read_to_end(fd, seconds)


def play_five_steps(fd: int) -> None:
    deadline = time.monotonic() + LIMIT
    while autosaved_steps() < 5:
        assert time.monotonic() < deadline, "the game never saved five steps"
        os.write(fd, b"\r")  # past the who-starts screen; then any key hurries the computer
        read_for(fd, 0.2)


def cpu_of(pid: int) -> float:
    """User + system CPU seconds of a running process, from /proc."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_end(process: subprocess.Popen[bytes]) -> tuple[int, float]:
    """The exit status and the CPU seconds the whole process took, once it ends (killed
    after ``LIMIT`` seconds: the test then fails)."""
    ended: list[tuple[int, int, os.struct_rusage]] = []

    def reaped() -> bool:
        found = os.wait4(process.pid, os.WNOHANG)
        if found[0]:
            ended.append(found)
        return bool(ended)

    try:
        wait_until(reaped, "the game to end", LIMIT)
    except AssertionError:
        cpu = cpu_of(process.pid)
        process.kill()
        process.wait()
        raise AssertionError(f"still running {LIMIT:.0f} s on, {cpu:.1f} s of CPU spent") from None
    _pid, status, usage = ended[0]
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_utime + usage.ru_stime


def test_a_closed_terminal_without_a_sighup_saves_and_ends_the_game() -> None:
    process, master = start(seed=4)
    try:
        play_five_steps(master)
        before = cpu_of(process.pid)
    finally:
        os.close(master)  # the terminal is gone; no SIGHUP: not the game's controlling tty
    code, cpu = wait_for_end(process)
    assert code == HANG_UP
    assert cpu - before < 5.0  # a spinning input loop would burn until LIMIT
    [game] = find_resumable()
    assert game.match is not None and len(game.match.history) >= 5


def test_input_at_its_end_ends_the_game_as_a_hang_up() -> None:
    """``cantstop < /dev/null`` on a terminal: no key can ever come."""
    with open(os.devnull, "rb") as nothing:
        process, master = start(seed=5, stdin=nothing.fileno())
    try:
        code = None
        deadline = time.monotonic() + LIMIT
        shown = b""
        while code is None and time.monotonic() < deadline:
            shown += read_for(master, 0.1)
            code = process.poll()
        shown += read_for(master, 1.0)  # what it wrote as it ended
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert code == HANG_UP
    assert b"\x1b[?1049l" in shown  # the terminal is still there: restored

