"""Start-up loads only what the first screen needs (issue 31): the computer players, numpy,
the review, SQLite, asyncssh and openskill load when first used, the game screen while the
players read who starts, and ``cantstop --help`` / ``--version`` load no Textual at all.

Checked on ``sys.modules`` of a fresh interpreter (not timed: ``make bench`` times it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cantstop_tui import __version__
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table

HEAVY = (
    "numpy",
    "asyncssh",
    "openskill",
    "sqlite3",
    "textual_serve",
    "confusable_homoglyphs",
    "cantstop_tui.ai.expert",
    "cantstop_tui.play.review",
    "importlib.metadata",  # the Textual version check reads the dist-info folder's name
    "textual.widgets._log",  # the game log's, with the game screen
    "textual.widgets._footer",
    "cantstop_tui.storage.record",  # a game is first written after its first move
    "cantstop_tui.storage.records",  # and counted when it ends
    "cantstop_tui.storage.finished",
    "cantstop_tui.play.thinking",  # when a computer player first plays
)
"""Never loaded before the first frame."""

FIRST_FRAME = """
import asyncio, sys, threading
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.cli import build_parser, settings_from

args = build_parser().parse_args(["--players", "Ana:human,Bot:expert", "--seed", "6"])
app = CantStopApp(settings=settings_from(args))
before, prepared, prepare = [], threading.Event(), CantStopApp._prepare_game

def watched(table):  # starts once the roll-off is drawn
    before.extend(sys.modules)
    prepare(table)
    prepared.set()

CantStopApp._prepare_game = staticmethod(watched)

async def first_frame(pilot):
    await pilot.pause()
    print(type(app.screen).__name__)
    assert await asyncio.to_thread(prepared.wait, 60)
    print(" ".join(before))
    print(" ".join(sys.modules))
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""


def modules_after(code: str, tmp_path: Path) -> list[str]:
    """The modules a fresh interpreter holds after ``code``; the last lines it prints."""
    env = dict(
        os.environ, XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d")
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_entry_points_import_nothing_heavy(tmp_path: Path) -> None:
    code = (
        "import sys, cantstop_tui.cli, cantstop_tui.ui.cli, cantstop_tui.ui.app\n"
        "print('\\n'.join(sys.modules))"
    )
    loaded = set(modules_after(code, tmp_path))
    assert "cantstop_tui.ui.app" in loaded
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))
    assert "cantstop_tui.ui.screens.game" not in loaded


def test_the_first_frame_loads_no_computer_player_yet(tmp_path: Path) -> None:
    """Against expert: the roll-off is drawn before the expert, numpy or the game screen
    load; they load on a worker thread once it is drawn."""
    screen, before, after = modules_after(FIRST_FRAME, tmp_path)[-3:]
    assert screen == "RolloffScreen"
    loaded = set(before.split())
    assert "cantstop_tui.ui.screens.rolloff" in loaded
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))
    assert "cantstop_tui.ui.screens.game" not in loaded
    assert {"cantstop_tui.ai.expert", "numpy", "cantstop_tui.ui.screens.game"} <= set(
        after.split()
    )


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_load_no_textual(flag: str, tmp_path: Path) -> None:
    code = (
        "import sys\nfrom cantstop_tui.cli import main\n"
        f"try:\n    main([{flag!r}])\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sys.modules))"
    )
    lines = modules_after(code, tmp_path)
    loaded = set(lines)
    assert not {m for m in loaded if m == "textual" or m.startswith(("textual.", "rich"))}
    assert loaded.isdisjoint(HEAVY)
    if flag == "--version":
        assert lines[0] == f"cantstop {__version__}"
    else:
        assert lines[0].startswith("usage: cantstop")


def test_preparing_the_bots_loads_the_experts_model_once() -> None:
    from cantstop_tui.ai.turns_model import shipped

    shipped.cache_clear()
    two = GameConfig(num_players=2)
    Table(Match.start((Seat("Ana"), Seat("Bot", "expert")), two, 3)).prepare_bots()
    assert shipped.cache_info().currsize == 1
    shipped.cache_clear()
    Table(Match.start((Seat("Ana"), Seat("Bo")), two, 3)).prepare_bots()  # people: nothing
    assert shipped.cache_info().currsize == 0


def test_a_text_review_loads_neither_textual_nor_the_table(tmp_path: Path) -> None:
    """``cantstop review FILE --text`` prints and ends: the screens (Textual) and the live
    table (asyncio) are start-up it would only pay for."""
    from cantstop_tui.storage.record import write_game

    path = tmp_path / "game.json"
    match = Match.start((Seat("Ana", "human"), Seat("Bo", "human")), GameConfig(), 6)
    write_game(path, match.roll()[0])
    code = (
        "import sys\nfrom cantstop_tui.cli import main\n"
        f"main(['review', {str(path)!r}, '--text'])\n"
        "print(' '.join(sys.modules))"
    )
    loaded = set(modules_after(code, tmp_path)[-1].split())
    assert "cantstop_tui.play.review" in loaded
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}
    assert not {"asyncio", "cantstop_tui.play.table"} & loaded
    assert "_hashlib" not in loaded  # the game's id: CPython's SHA-256, not OpenSSL's


@pytest.mark.parametrize(("given", "kept"), [(None, "1"), ("2", "2")])
def test_the_program_keeps_openblas_to_one_thread_unless_told(
    given: str | None, kept: str, tmp_path: Path
) -> None:
    """Run as the program, ``cantstop`` says before numpy loads that OpenBLAS starts one
    thread (it would start one per core, then be limited); a value the user set stays."""
    code = (
        "import os, sys\nfrom cantstop_tui.cli import main\n"
        + ("os.environ.pop('OPENBLAS_NUM_THREADS', None)\n" if given is None
           else f"os.environ['OPENBLAS_NUM_THREADS'] = {given!r}\n")
        + "sys.argv = ['cantstop', '--version']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(os.environ.get('OPENBLAS_NUM_THREADS'))"
    )
    assert modules_after(code, tmp_path)[-1] == kept
