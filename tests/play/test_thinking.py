"""While a server runs, the computer players think in a worker process (``play.thinking``):
the server's own process makes no bot and keeps no search, and the game is the same as one
decided in-process."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable

from cantstop_tui.engine import GameConfig, GameState, Move
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.play.thinking import bots_in_processes, bots_kept
from cantstop_tui.play.worker import WorkerLimits

STEPS = 30
LIMITS = WorkerLimits(workers=1, waiting=4, jobs_per_worker=1_000, idle_seconds=5, niceness=0)


async def until(condition: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"waited for {what}"
        await asyncio.sleep(0.01)


def computer_game() -> Table:
    seats = (Seat("a", "expert"), Seat("b", "easy"))
    return Table(Match.start(seats, GameConfig(), seed=3), bot_delay=0)


async def played(table: Table) -> Match:
    """The table after ``STEPS`` of its computer players' steps."""
    steps: list[Match] = []
    table.subscribe(lambda match, events: steps.append(match))
    table.start()
    await until(lambda: len(steps) >= STEPS or table.match.state.is_over, "the steps")
    table.close()
    return steps[min(STEPS, len(steps)) - 1]


async def test_the_computer_players_think_in_a_worker_and_decide_as_in_process() -> None:
    here = await played(computer_game())
    with bots_in_processes(LIMITS):
        table = computer_game()
        there = await played(table)
        assert multiprocessing.active_children()  # the worker decided
        assert table._made == {}, "a bot was made in the server's own process"
        assert bots_kept() == 0
    assert not multiprocessing.active_children()  # the workers end with the server
    assert there.history == here.history


class FirstMoveBot:
    name = "first"

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        return moves[0]

    def keep_rolling(self, state: GameState) -> bool:
        return False


async def test_a_bot_handed_in_still_thinks_in_process() -> None:
    """A ``module:Class`` bot is trusted by whoever handed it in, not sent to a worker."""
    with bots_in_processes(LIMITS):
        seats = (Seat("a", "pkg:First"), Seat("b", "pkg:First"))
        bots = {0: FirstMoveBot(), 1: FirstMoveBot()}
        table = Table(Match.start(seats, GameConfig(), seed=3), bots, bot_delay=0)
        match = await played(table)
        assert len(match.history) >= STEPS
        assert not multiprocessing.active_children()  # no worker was needed
