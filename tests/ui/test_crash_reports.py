"""An unexpected error: the terminal is restored, a crash report is written to the state
directory, the user reads one sentence with its path (no traceback), and the exit code
says it failed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.app import App

from cantstop_tui import cli
from cantstop_tui.storage import crash
from cantstop_tui.storage.paths import crash_dir

BROKEN_APP = """
import sys
from cantstop_tui.ui.app import CantStopApp

class Broken(CantStopApp):
    def on_mount(self):
        raise RuntimeError("boom in on_mount")

app = Broken(ai_delay=0)
app.run(headless=True)
sys.exit(app.return_code or 0)
"""


def test_an_error_inside_the_app_is_a_crash_report_and_one_sentence(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run(
        [sys.executable, "-c", BROKEN_APP], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and "boom in on_mount" not in done.stderr
    assert "cantstop stopped on an unexpected error (RuntimeError)." in done.stderr
    [report] = (tmp_path / "state" / "cantstop" / "crashes").glob("crash-*.txt")
    assert str(report) in done.stderr.replace("\n", "")
    text = report.read_text()
    assert "RuntimeError: boom in on_mount" in text and "Traceback" in text
    assert "textual 8.2.8" in text


BROKEN_SCREEN_APP = """
import sys
from textual.screen import Screen
from cantstop_tui.ui.screen_app import ScreenApp

class Broken(Screen):
    def on_mount(self):
        raise KeyError(0)

app = ScreenApp("broken", lambda glyphs: Broken())
app.run(headless=True)
sys.exit(app.return_code or 0)
"""


def test_an_error_in_a_single_screen_app_is_a_crash_report_too(tmp_path: Path) -> None:
    """``cantstop review`` and ``cantstop replay`` (``ScreenApp``) printed Textual's
    traceback (a KeyError of the review's page keys)."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run(
        [sys.executable, "-c", BROKEN_SCREEN_APP],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and "on_mount" not in done.stderr
    assert "cantstop stopped on an unexpected error (KeyError)." in done.stderr
    [report] = (tmp_path / "state" / "cantstop" / "crashes").glob("crash-*.txt")
    assert "KeyError: 0" in report.read_text()


@pytest.mark.parametrize("command", ["review", "replay"])
def test_a_single_screen_command_that_ends_on_an_error_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """The app's error used to end ``cantstop review`` with exit code 0."""
    from cantstop_tui.storage.record import write_game
    from cantstop_tui.ui.demo import finished
    from cantstop_tui.ui.screen_app import ScreenApp

    def broken(self: ScreenApp[object]) -> None:
        raise KeyError(0)

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(ScreenApp, "on_mount", broken)
    monkeypatch.setattr(ScreenApp, "run", lambda self: App.run(self, headless=True))
    path = tmp_path / "game.json"
    write_game(path, finished(2, seed=3))
    code = cli.main([command, str(path)])
    assert code != 0
    assert list((tmp_path / "state" / "cantstop" / "crashes").glob("crash-*.txt"))


def test_an_error_in_a_subcommand_is_a_crash_report_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cantstop_tui.storage import records_cli

    def broken(argv: list[str]) -> int:
        raise ValueError("a bug")

    monkeypatch.setattr(records_cli, "main", broken)
    assert cli.main(["records"]) == crash.EXIT_CODE
    err = capsys.readouterr().err
    assert "unexpected error (ValueError)" in err and "Traceback" not in err
    [report] = crash_dir().glob("crash-*.txt")
    assert str(report) in err and "ValueError: a bug" in report.read_text()


def test_a_report_that_cannot_be_written_is_said_so(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder should be")
    path = crash.write_report(RuntimeError("x"), blocked / "crashes")
    assert path is None
    assert "could not be written" in crash.sentence(RuntimeError("x"), path)


def test_the_private_textual_parts_the_crash_report_uses_exist() -> None:
    """ui/textual_compat/app_parts.report_fatal_errors: App._fatal_error, App._exception,
    App._exit_renderables and App._close_messages_no_wait (Textual 8.2.8)."""
    assert callable(App._fatal_error) and callable(App._close_messages_no_wait)
    app = App()
    assert app._exception is None and app._exit_renderables == []
