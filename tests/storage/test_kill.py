"""SIGKILL a game at random instants: the autosave is always exactly a completed transition."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from storage_games import bot_table

from cantstop_tui.storage import find_resumable, load_game

CHILD = """
import sys
sys.path.insert(0, {tests!r})
from storage_games import bot_table
from cantstop_tui.storage import Autosaver
table = bot_table({seed})
saver = Autosaver.for_session()
saver.attach(table)
while table.bot_to_move and sys.stdin.readline():  # one step per line from the test
    table.step_bot()
    print(len(table.match.history), flush=True)
"""


def positions(seed: int) -> list:
    table = bot_table(seed)
    matches = [table.match]
    while table.bot_to_move:
        table.step_bot()
        matches.append(table.match)
    return matches


@pytest.mark.parametrize("seed", range(12))
def test_a_killed_game_resumes_at_its_last_completed_transition(seed):
    game = positions(seed)
    chance = random.Random(seed)
    kill_after = chance.randrange(1, len(game) - 10)
    script = CHILD.format(tests=str(Path(__file__).parent), seed=seed)
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write("\n" * kill_after)
    child.stdin.flush()
    seen = 0
    while seen < kill_after:
        seen = int(child.stdout.readline())
    # A few more steps, killed a random moment later: mid-write included.
    child.stdin.write("\n" * chance.randrange(1, 6))
    child.stdin.flush()
    for _ in range(chance.randrange(0, 200_000)):
        pass
    child.send_signal(signal.SIGKILL)
    child.stdin.close()
    printed = [int(line) for line in child.stdout.read().split()]
    child.wait()
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    last_done = printed[-1] if printed else seen

    [resumable] = find_resumable()
    loaded = load_game(resumable.path).match
    steps = len(loaded.history)
    # Saved before it could print, or saved and printed: nothing else.
    assert steps in (last_done, last_done + 1)
    assert loaded == game[steps]
    assert resumable.match == loaded
    leftovers = [p.name for p in resumable.path.parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []
