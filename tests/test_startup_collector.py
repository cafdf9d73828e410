"""cantstop_tui/startup_collector.py: ``cantstop`` starts without the garbage collector's
passes and starts it again once the first frame is drawn (issue 31); nothing changes for a
process that never held it."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cantstop_tui import startup_collector as collector


@pytest.fixture
def freezes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[None]]:
    """``gc.freeze`` calls, counted, not made (it would freeze the whole test session);
    the collector left as it was found."""
    calls: list[None] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append(None))
    was = gc.isenabled()
    try:
        yield calls
    finally:
        collector.release()
        (gc.enable if was else gc.disable)()


def test_held_until_released_then_startup_is_kept_out_of_later_passes(
    freezes: list[None],
) -> None:
    gc.enable()
    collector.hold()
    assert not gc.isenabled()
    collector.release()
    assert gc.isenabled() and len(freezes) == 1
    collector.release()  # once only
    assert gc.isenabled() and len(freezes) == 1


def test_a_collector_already_stopped_is_left_to_whoever_stopped_it(freezes: list[None]) -> None:
    gc.disable()
    collector.hold()
    collector.release()
    assert not gc.isenabled() and not freezes


def test_a_caller_passing_arguments_keeps_its_collector(freezes: list[None]) -> None:
    from cantstop_tui.cli import main

    gc.enable()
    with pytest.raises(SystemExit):
        main(["--version"])
    assert gc.isenabled() and not freezes


PLAYED = """
import gc, sys
from cantstop_tui.ui import app_base
seen = []
release = app_base.collector.release

def released():
    seen.append(gc.isenabled())  # still held when the app releases it
    release()
    seen.append(gc.isenabled())

app_base.collector.release = released
run = app_base.AppBase.run

def headless(self, **kwargs):
    async def first_frame(pilot):
        await pilot.pause()
        assert seen == [False, True], seen  # once drawn, by the app
        self.exit()
    return run(self, headless=True, size=(80, 24), auto_pilot=first_frame)

app_base.AppBase.run = headless
sys.argv = ["cantstop", "--players", "Ana:human,Bo:human", "--seed", "6"]
from cantstop_tui.cli import main
code = main()
print(code, seen[:2], gc.isenabled())
"""


@pytest.mark.parametrize("command", [["records"], ["--version"], ["--seed", "x"]])
def test_a_command_that_draws_no_frame_ends_with_the_collector_running(
    command: list[str], tmp_path: Path
) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    script = (
        "import gc, sys\nsys.argv = ['cantstop', *sys.argv[1:]]\n"
        "from cantstop_tui.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('collector', gc.isenabled())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *command],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.stdout.splitlines()[-1] == "collector True", done.stderr


def test_a_game_starts_held_and_the_app_releases_it_after_its_first_frame(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", PLAYED], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.stdout.splitlines()[-1] == "0 [False, True] True", done.stderr
