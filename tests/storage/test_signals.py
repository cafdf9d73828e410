"""SIGHUP, SIGTERM and Ctrl+C: the game is saved and the terminal restored."""

from __future__ import annotations

import asyncio
import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from storage_games import bot_table

from cantstop_tui.storage import find_resumable
from cantstop_tui.storage.signals import SIGNALS, install_exit_handlers


@pytest.mark.parametrize("signum", SIGNALS)
async def test_a_signal_saves_then_exits(signum):
    calls: list[str] = []
    done = asyncio.Event()

    def leave(code: int) -> None:
        calls.append(f"exit {code}")
        done.set()

    uninstall = install_exit_handlers(lambda: calls.append("save"), leave, grace=3600)
    try:
        os.kill(os.getpid(), signum)
        await asyncio.wait_for(done.wait(), 10)
    finally:
        uninstall()
    assert calls == ["save", f"exit {128 + signum}"]  # as a shell reports the signal


async def test_a_failing_save_still_exits():
    done = asyncio.Event()

    def broken_save() -> None:
        raise OSError("disk gone")

    uninstall = install_exit_handlers(broken_save, lambda code: done.set(), grace=3600)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(done.wait(), 10)
    finally:
        uninstall()


APP = """
import sys
sys.path.insert(0, {tests!r})
from textual.app import App
from textual.widgets import Static
from storage_games import bot_table
from cantstop_tui.storage import Autosaver
from cantstop_tui.storage.signals import install_exit_handlers


class Game(App):
    def compose(self):
        yield Static("starting", id="steps")

    def on_mount(self):
        self.table = bot_table({seed})
        self.table.bot_delay = 0.03
        self.saver = Autosaver.for_session()
        self.saver.attach(self.table)
        self.table.subscribe(self.show)
        install_exit_handlers(
            save=self.saver.save_now, exit=lambda code: self.exit(return_code=code)
        )
        self.table.start()

    def show(self, match, events):
        self.query_one("#steps", Static).update(f"steps={{len(match.history)}}")


app = Game()
app.run()
app.saver.close()
sys.exit(app.return_code)
"""


def run_on_pty(seed: int) -> tuple[int, int]:
    script = APP.format(tests=str(Path(__file__).parent), seed=seed)
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execv(sys.executable, [sys.executable, "-c", script])
    return pid, fd


def read_until(fd: int, wanted: bytes, limit: float = 30.0) -> bytes:
    output = b""
    deadline = time.monotonic() + limit
    while wanted not in output and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
    return output


def read_to_end(fd: int, limit: float = 30.0) -> bytes:
    return read_until(fd, b"\0never\0", limit)


def wait_for_exit(pid: int, limit: float = 30.0) -> int:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError("the app did not exit after the signal")


def check_saved_prefix(seed: int, at_least: int) -> None:
    [game] = find_resumable()
    assert game.match is not None
    table = bot_table(seed)
    while len(table.match.history) < len(game.match.history):
        table.step_bot()
    assert game.match == table.match
    assert len(game.match.history) >= at_least


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_a_signal_restores_the_terminal_and_saves_the_game(signum):
    pid, fd = run_on_pty(seed=3)
    try:
        before = read_until(fd, b"steps=5")
        assert b"\x1b[?1049h" in before and b"steps=5" in before
        os.kill(pid, signum)
        after = read_to_end(fd)
        status = wait_for_exit(pid)
    finally:
        os.close(fd)
    assert b"\x1b[?1049l" in after  # the main screen is back
    assert b"\x1b[?25h" in after  # and the cursor shown
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 128 + signum
    check_saved_prefix(seed=3, at_least=5)


def test_a_dropped_terminal_ends_the_app_with_the_game_saved():
    pid, fd = run_on_pty(seed=4)
    read_until(fd, b"steps=5")
    os.close(fd)  # the SSH connection is gone: the kernel hangs up the terminal
    status = wait_for_exit(pid)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 128 + signal.SIGHUP
    check_saved_prefix(seed=4, at_least=5)


# --- the real app -----------------------------------------------------------------

SEATS = "Ada:easy,Ben:easy"


def run_cantstop_on_pty(seed: int) -> tuple[int, int]:
    """``cantstop`` itself, two computer players at a brisk pace."""
    argv = [sys.executable, "-m", "cantstop_tui", "--players", SEATS, "--seed", str(seed)]
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execv(sys.executable, [*argv, "--ai-delay", "0.02"])
    return pid, fd


def autosaved_steps() -> int:
    from cantstop_tui.storage import autosave_dir, load_game

    for path in autosave_dir().glob("*.json"):
        try:
            return len(load_game(path).match.history)
        except Exception:  # being replaced right now: look again
            return 0
    return 0


def uninterrupted(seed: int):
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.play.match import Match
    from cantstop_tui.play.table import Table
    from cantstop_tui.ui.settings import parse_players

    table = Table(Match.start(parse_players(SEATS), GameConfig(), seed), bot_delay=0)
    while table.bot_to_move:
        table.step_bot()
    return table.match


def play_five_steps(fd: int) -> None:
    before = read_until(fd, b"\x1b[?1049h")
    assert b"\x1b[?1049h" in before
    deadline = time.monotonic() + 30
    while autosaved_steps() < 5 and time.monotonic() < deadline:
        os.write(fd, b"\r")  # past the who-starts screen; then any key hurries the computer
        read_until(fd, b"\0never\0", limit=0.2)


def check_resumable_prefix(seed: int) -> None:
    [game] = find_resumable()
    assert game.match is not None and len(game.match.history) >= 5
    whole = uninterrupted(seed)
    assert whole.history[: len(game.match.history)] == game.match.history


@pytest.fixture
def private_terminal(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("TERM", "xterm-256color")


@pytest.mark.usefixtures("private_terminal")
@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_the_real_app_saves_and_restores_the_terminal_on_a_signal(signum):
    pid, fd = run_cantstop_on_pty(seed=3)
    try:
        play_five_steps(fd)
        os.kill(pid, signum)
        after = read_to_end(fd)
        status = wait_for_exit(pid)
    finally:
        os.close(fd)
    assert b"\x1b[?1049l" in after  # the main screen is back
    assert b"\x1b[?25h" in after  # and the cursor shown
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 128 + signum
    check_resumable_prefix(seed=3)


@pytest.mark.usefixtures("private_terminal")
def test_the_real_app_saves_when_its_terminal_is_dropped():
    pid, fd = run_cantstop_on_pty(seed=4)
    play_five_steps(fd)
    os.close(fd)  # the SSH connection is gone: the kernel hangs up the terminal
    status = wait_for_exit(pid)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 128 + signal.SIGHUP
    check_resumable_prefix(seed=4)
